"""The simulated dice rates against their exact counts of 216: the pooled share the tables use is
unbiased although a session's number of throws depends on its throws; the mean of the sessions'
own shares, which a cabriolet (it ends the round) pushes up, is not (docs/cabriolet.md)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from spadille.analyses.cabriolet.dice import DICE_RATE_NOTE, dice_case_values, ratio_interval
from spadille.kernel.cabriolet import layout as L
from spadille.kernel.cabriolet.dice import OUTCOMES, exact_throws
from spadille.kernel.cabriolet.ruleset import load_cabriolet_ruleset
from spadille.kernel.cabriolet.simulate import DiceSessionConfig, run_dice_sessions

Z_999 = 3.2905


@pytest.fixture(scope="module")
def short_sessions():
    # Short sessions (3 rounds) make the outcome-dependent throw counts matter most.
    rules = load_cabriolet_ruleset()
    return rules, run_dice_sessions(DiceSessionConfig(rules, 4, 0, 300_000, 3, ("all",)))


def test_the_pooled_cabriolet_rate_holds_the_exact_one_in_216(short_sessions):
    rules, result = short_sessions
    exact = float(exact_throws(rules)["cabriolet"])
    assert exact == pytest.approx(1 / 216)
    out = result.out[:, 0]
    throws = out[:, L.DICE_THROWS:L.DICE_THROWS + L.N_OUTCOMES].sum(axis=1)
    hits = out[:, L.DICE_THROWS + OUTCOMES.index("cabriolet")]
    rate, low, high = ratio_interval(hits, throws, confidence=0.999)
    assert low <= exact <= high
    assert (high - low) / 2 < 0.03 * exact        # tight enough to see a bias of a few per cent
    # the table's figure is this same pooled share
    table = dice_case_values(result).set_index("key")
    assert table.loc["cabriolet", "p_simulated"] == pytest.approx(rate)


def test_the_mean_of_session_shares_is_biased_and_not_what_the_tables_use(short_sessions):
    rules, result = short_sessions
    out = result.out[:, 0]
    throws = out[:, L.DICE_THROWS:L.DICE_THROWS + L.N_OUTCOMES].sum(axis=1)
    shares = out[:, L.DICE_THROWS + OUTCOMES.index("cabriolet")] / throws
    stderr = shares.std(ddof=1) / math.sqrt(shares.size)
    assert shares.mean() - 1 / 216 > Z_999 * stderr     # a session with a cabriolet loses the rest of its round
    assert "Wald" in DICE_RATE_NOTE and "1/216" in DICE_RATE_NOTE


def test_every_case_rate_holds_its_exact_count(short_sessions):
    rules, result = short_sessions
    out = result.out[:, 0]
    throws = out[:, L.DICE_THROWS:L.DICE_THROWS + L.N_OUTCOMES].sum(axis=1)
    exact = exact_throws(rules)
    for index, key in enumerate(OUTCOMES):
        _, low, high = ratio_interval(out[:, L.DICE_THROWS + index], throws, confidence=0.9999)
        assert low <= float(exact[key]) <= high, key
    assert np.isclose(sum(float(v) for v in exact.values()), 1.0)

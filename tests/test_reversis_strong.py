"""The strong policy: its weights file, its respect of the heuristic's parameters, and its fit
(the training rows and the fit that recovers a known ranking)."""

from __future__ import annotations

import numpy as np
import pytest

from spadille.analyses.reversis.strong_fit import decision_rows, fit_weights, regret, split
from spadille.kernel.reversis import layout as L
from spadille.kernel.reversis._features import FEATURE_NAMES, KIND_NAMES
from spadille.kernel.reversis.policies import ReversisPolicyError, seat_policies
from spadille.kernel.reversis.reference import play_deal
from spadille.kernel.reversis.ruleset import load_reversis_ruleset
from spadille.kernel.reversis.strong import read_weights, shipped, write_weights


def test_the_shipped_weights_name_every_feature_and_say_how_they_were_fitted():
    weights, fit = shipped()
    assert weights.shape == (len(KIND_NAMES), len(FEATURE_NAMES)) == (L.N_KINDS, L.N_FEATURES)
    assert np.isfinite(weights).all() and np.abs(weights).max() > 0
    for key in ("seed", "deals", "worlds", "command", "held_out_strong_regret", "held_out_heuristic_regret"):
        assert key in fit, key
    assert fit["held_out_strong_regret"] < fit["held_out_heuristic_regret"]


def test_a_bad_weights_file_is_one_sentence(tmp_path):
    weights, fit = shipped()
    path = tmp_path / "w.toml"
    write_weights(path, weights, {"seed": 1})
    text = path.read_text(encoding="utf-8")
    assert np.allclose(read_weights(text, "w.toml")[0], weights, atol=1e-4)
    for broken, message in ((text.replace("ace = ", "aces = ", 1), "'ace' is missing"),
                            (text.replace("[weights.follow]", "[weights.folow]"), "need the tables"),
                            (text.replace("points = ", "points = 'x' #", 1), "must be a number")):
        with pytest.raises(ReversisPolicyError, match=message) as error:
            read_weights(broken, "w.toml")
        assert "\n" not in str(error.value)


def test_the_strong_policy_keeps_the_heuristics_parameters():
    """espagnolette=0 never renounces by privilege; reversis_from hands the play to the
    heuristic's reversis: the experiments that vary them mean the same under both policies."""
    rules = load_reversis_ruleset()
    waived, going, plain = seat_policies("strong:espagnolette=0"), seat_policies("strong:reversis_from=1"), \
        seat_policies("strong")
    used = 0
    for k in range(400):
        assert not play_deal(rules, waived, 5, k).espagnolette_used
        used += play_deal(rules, plain, 5, k).espagnolette_used
    assert used > 0
    # going for the reversis once a seat has taken trick 1: the taker of trick 1 takes 2 and 3 far more often

    def runs(policies):
        return sum(len({t.taker for t in play_deal(rules, policies, 6, k).tricks[:3]}) == 1 for k in range(60))

    assert runs(going) > 10 + runs(plain)


def test_the_fit_recovers_a_ranking_it_is_shown():
    """Rows whose values are a known weighted sum of their features: the fitted weights pick the
    same card in (nearly) every held-out decision, the heuristic feature alone does not."""
    rng = np.random.default_rng(3)
    truth = rng.normal(size=(L.N_KINDS, L.N_FEATURES))
    decisions = 3000
    sizes = rng.integers(2, 8, size=decisions)
    features = rng.random((sizes.sum(), L.N_FEATURES)).astype(np.float32)
    decision = np.repeat(np.arange(decisions) * 1000, sizes)         # one decision a deal, as 'split' counts
    kind = (decision % L.N_KINDS).astype(np.int8)
    features[:, 0] = 0
    features[np.r_[0, np.cumsum(sizes)[:-1]], 0] = 1                   # one "heuristic" card a decision
    value = (features * truth[kind]).sum(axis=1)
    rows = {"features": features, "value": value, "decision": decision, "kind": kind}
    fitting, held_out = split(rows)
    measured = regret(held_out, fit_weights(fitting))
    assert measured["strong_regret"] < 0.02 * measured["heuristic_regret"]


def test_the_training_rows_are_the_searchs_values_of_every_legal_card():
    rows = decision_rows(load_reversis_ruleset(), seed=9, deals=6, worlds=2)
    starts = np.flatnonzero(np.r_[True, rows["decision"][1:] != rows["decision"][:-1]])
    sizes = np.diff(np.r_[starts, len(rows["decision"])])
    assert (sizes >= 2).all() and len(starts) > 6 * 20            # every choice among two cards or more
    assert set(np.unique(rows["kind"])) <= {0, 1, 2}
    heuristic = np.add.reduceat(rows["features"][:, 0], starts)
    assert (heuristic == 1).all()                                   # the heuristic's card is one of them
    assert np.isfinite(rows["value"]).all()
    again = decision_rows(load_reversis_ruleset(), seed=9, deals=6, worlds=2, threads=1)
    assert all(np.array_equal(rows[key], again[key]) for key in rows)

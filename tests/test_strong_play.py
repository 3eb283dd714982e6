"""The searching policies in the kernel: dd (open hands) and pimc (sampled hands).

Both are shared plug-ins, like the heuristic: the reference engine consults the same jitted
functions with the state it tracks itself, so whole rows must agree. Their choices are exact
functions of the deal and the seed, so threads and chunks change nothing.
"""

import math

import numpy as np

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.reference import play_deals
from spadille.kernel.quadrille.simulate import RunConfig, simulate

HEURISTIC = make_seat_policy("heuristic")
DD = make_seat_policy("dd")
PIMC = make_seat_policy("pimc", {"samples": 6})


def kernel_rows(ruleset, policies, deals, seed=2, threads=None):
    return simulate(RunConfig(ruleset, policies, seed=seed, deals=deals, threads=threads, record=True)).rows


def test_dd_and_pimc_rows_agree_with_the_reference(ruleset):
    for policies in [(DD, HEURISTIC, DD, make_seat_policy("random")), (PIMC, HEURISTIC, HEURISTIC, DD)]:
        rows = kernel_rows(ruleset, policies, 12)
        reference = play_deals(ruleset, policies, 2, 0, 12)
        differing = np.nonzero((rows != reference).any(axis=1))[0]
        assert differing.size == 0, f"{[p.name for p in policies]}: deals {differing.tolist()} differ"


def test_pimc_is_the_same_on_one_or_two_threads(ruleset):
    policies = (PIMC, HEURISTIC, PIMC, HEURISTIC)
    assert np.array_equal(kernel_rows(ruleset, policies, 8, threads=1), kernel_rows(ruleset, policies, 8, threads=2))


def test_a_sampling_seed_changes_pimc_play(ruleset):
    other = make_seat_policy("pimc", {"samples": 6, "sampling_seed": 99})
    one = kernel_rows(ruleset, (PIMC, PIMC, PIMC, PIMC), 10)
    two = kernel_rows(ruleset, (other, other, other, other), 10)
    cards = slice(L.COL_CARDS, L.COL_CARDS + 40)
    assert not np.array_equal(one[:, cards], two[:, cards])


def test_open_hands_play_beats_the_heuristic_on_the_same_deals(ruleset):
    """Paired: seats 0 and 2 play dd, then heuristic, on the same 300 deals (same bids, as dd
    bids like the heuristic); the dd pair must gain beyond its 95% CI."""
    deals = 300
    as_dd = kernel_rows(ruleset, (DD, HEURISTIC, DD, HEURISTIC), deals, seed=4)
    as_heuristic = kernel_rows(ruleset, (HEURISTIC,) * 4, deals, seed=4)
    assert np.array_equal(as_dd[:, L.COL_CONTRACT], as_heuristic[:, L.COL_CONTRACT])
    pay = slice(L.COL_PAY, L.COL_PAY + 4)
    gain = (as_dd[:, pay][:, [0, 2]].sum(axis=1) - as_heuristic[:, pay][:, [0, 2]].sum(axis=1)).astype(float)
    half_width = 1.96 * gain.std(ddof=1) / math.sqrt(deals)
    assert gain.mean() - half_width > 0, f"dd minus heuristic: {gain.mean():.2f} ± {half_width:.2f}"

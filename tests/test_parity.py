"""The numba kernel and the pure-Python reference engine play the same deals identically.

Whole rows must agree: the hands, the auction, the contract, every trick's cards and winner,
every payment and the change of the table. Both engines consult the same policy functions
(kernel/quadrille/_policies.py), so a difference in any rule shows up as a different row or a shifted
random stream. Each switch case also checks that the switch changed some deal's row, so the
comparison really went through the switched rule.
"""

from __future__ import annotations


import numpy as np
import pytest

from spadille.kernel.common.rule_entries import parse_override
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.reference import play_deals
from spadille.kernel.quadrille.ruleset import with_overrides
from spadille.kernel.quadrille.simulate import RunConfig, simulate

BIG = 10_000     # deals per whole-table policy
SMALL = 1_000    # deals per mixed, session or switch case


def column_name(column: int) -> str:
    """'COL_CARDS[trick 3, card 1]', 'COL_PAY[seat 2]', 'COL_OUTCOME' for a row column."""
    starts = sorted((value, name) for name, value in vars(L).items()
                    if name.startswith("COL_") and isinstance(value, int))
    start, name = max((value, name) for value, name in starts if value <= column)
    offset = column - start
    if name == "COL_CARDS":
        return f"{name}[trick {offset // L.MAX_SEATS}, card {offset % L.MAX_SEATS}]"
    if name in ("COL_HANDS", "COL_BIDS", "COL_TRICKS", "COL_PAY"):
        return f"{name}[seat {offset}]"
    if name in ("COL_LEADERS", "COL_WINNERS"):
        return f"{name}[trick {offset}]"
    return name


def assert_same_rows(kernel_rows: np.ndarray, reference_rows: np.ndarray, case: str) -> None:
    assert kernel_rows.shape == reference_rows.shape, f"{case}: shapes {kernel_rows.shape} != {reference_rows.shape}"
    differing = np.nonzero((kernel_rows != reference_rows).any(axis=1))[0]
    if len(differing):
        index = differing[0]
        column = int(np.nonzero(kernel_rows[index] != reference_rows[index])[0][0])
        raise AssertionError(
            f"{case}: {len(differing)} of {len(kernel_rows)} deals differ; first deal {kernel_rows[index, L.COL_DEAL]}, "
            f"first differing column {column_name(column)}: kernel {kernel_rows[index, column]}, "
            f"reference {reference_rows[index, column]}")


def kernel_rows(ruleset, policies, seed, first_deal, deals, session_length=1):
    config = RunConfig(ruleset, tuple(policies), seed, deals, first_deal=first_deal,
                       session_length=session_length, chunk_size=64 * session_length, record=True)
    return simulate(config).rows


def compare(ruleset, policies, seed, first_deal, deals, session_length=1, case=""):
    """Play the deals in both engines, assert whole rows agree, and return the kernel's rows."""
    rows = kernel_rows(ruleset, policies, seed, first_deal, deals, session_length)
    reference = play_deals(ruleset, tuple(policies), seed, first_deal, deals, session_length=session_length)
    assert_same_rows(rows, reference, case)
    return rows


def edited(ruleset, changes: dict[str, str]):
    """The ruleset with each ``key`` given a new TOML ``value`` (e.g. {"vole.failed": '"encyclopedie-literal"'})."""
    return with_overrides(ruleset, dict(parse_override(f"{key}={value}") for key, value in changes.items()))


HEURISTIC = make_seat_policy("heuristic")
RANDOM = make_seat_policy("random")
VOLE_HUNGRY = make_seat_policy("heuristic", {"vole_losers": 10.0})  # undertakes every vole it may
STRONG = make_seat_policy("strong")  # the heuristic at the tuned values of strong.toml


@pytest.mark.parametrize("policy", [RANDOM, HEURISTIC, STRONG], ids=["random", "heuristic", "strong"])
def test_whole_table_policy(ruleset, policy):
    rows = compare(ruleset, [policy] * 4, seed=20240, first_deal=0, deals=BIG, case=f"{policy.name} x4")
    assert len(np.unique(rows[:, L.COL_CONTRACT])) >= 3  # called, sans prendre and forced games all played
    check_vole_points(rows, ruleset)


def _popcount(masks: np.ndarray) -> np.ndarray:
    return np.array([bin(int(m)).count("1") for m in masks], dtype=np.int64)


def check_vole_points(rows: np.ndarray, ruleset) -> None:
    """The vole point's record (COL_VOLE_*), which both engines agree on, is the decider's state there:
    a side member on lead with the cards left of his dealt hand, the cards of the tricks played gone,
    and the called king seen (plain quadrille waits for it); nothing where the point was not reached."""
    reached = rows[:, L.COL_VOLE_DECIDER] >= 0
    assert reached.sum() >= 5, "too few vole points to check their record"
    point = rows[reached]
    decider = point[:, L.COL_VOLE_DECIDER]
    assert ((decider == point[:, L.COL_OMBRE]) | (decider == point[:, L.COL_FRIEND])).all()
    after = ruleset["vole.after_straight_tricks"]
    hand, gone = point[:, L.COL_VOLE_HAND], point[:, L.COL_VOLE_GONE]
    assert (_popcount(hand) == ruleset["pack.hand_size"] - after).all()
    assert (_popcount(gone) == ruleset["pack.seats"] * after).all()
    assert ((hand & gone) == 0).all()
    dealt = point[np.arange(len(point)), L.COL_HANDS + decider]
    assert ((hand & ~dealt) == 0).all()
    assert (point[:, L.COL_VOLE_SEEN] == 1).all()
    rest = rows[~reached]
    assert (rest[:, L.COL_VOLE_HAND] == 0).all() and (rest[:, L.COL_VOLE_GONE] == 0).all()
    assert (rest[:, L.COL_VOLE_SEEN] == -1).all()


def test_mixed_seats(ruleset):
    compare(ruleset, [HEURISTIC, RANDOM, VOLE_HUNGRY, RANDOM], seed=31, first_deal=7_000, deals=SMALL,
            case="mixed seats")


def test_sessions_of_ten(ruleset):
    """Tables carried across sessions: bêtes ride on and grow along their chain, odd counters wait."""
    rows = compare(ruleset, [RANDOM, HEURISTIC, RANDOM, HEURISTIC], seed=47, first_deal=500, deals=SMALL,
                   session_length=10, case="sessions of ten")
    assert (rows[:, L.COL_BETE] > ruleset["bete.first"]).any()


SWITCHES = {
    "lone_payment_threshold=4": ({"payments.lone_payment_threshold": "4"}, [HEURISTIC] * 4, 1),
    "lone_payment_threshold=0": ({"payments.lone_payment_threshold": "0"}, [HEURISTIC] * 4, 1),
    "odd_counters=highest-trump-defender": ({"payments.odd_counters": '"highest-trump-defender"'}, [RANDOM] * 4, 10),
    "vole.failed=encyclopedie-literal": ({"vole.failed": '"encyclopedie-literal"'}, [VOLE_HUNGRY] * 4, 10),
    "all_pass=redeal": ({"auction.all_pass": '"redeal"'}, [RANDOM] * 4, 10),
    "bete.growth=doubling": ({"bete.growth": '"doubling"'}, [RANDOM, HEURISTIC] * 2, 10),
    "matador_privilege=none": ({"play.matador_privilege": '"none"'}, [HEURISTIC, RANDOM] * 2, 1),
    "matadors_require_top3=false": ({"payments.matadors_require_top3": "false"}, [HEURISTIC] * 4, 1),
    "devole_enabled=true": ({"vole.devole_enabled": "true"}, [RANDOM] * 4, 1),
    "must_trump+must_overtrump": ({"play.must_trump": "true", "play.must_overtrump": "true"}, [RANDOM] * 4, 1),
    # beyond the defaults' reach: odd stakes make the side's odd jeton appear (every default flow
    # of a called side is even), and the remaining switches and rule flags
    "devant=11 (odd stakes)": ({"payments.devant": "11"}, [HEURISTIC, RANDOM] * 2, 10),
    "matadors_counted_for=ombre": ({"payments.matadors_counted_for": '"ombre"'}, [HEURISTIC] * 4, 1),
    "forced spadille: vole allowed, no lone exemption": (
        {"auction.forced_spadille_vole": "true", "auction.forced_spadille_lone_payment_exempt": "false"},
        [RANDOM, VOLE_HUNGRY] * 2, 1),
    "self_call=false, call_king_of_trumps=true": (
        {"contract.self_call": "false", "contract.call_king_of_trumps": "true"}, [RANDOM] * 4, 1),
    "asker_preference=false, self-call premium": (
        {"auction.asker_preference": "false", "contract.self_call_sans_prendre_premium": "true"}, [RANDOM] * 4, 1),
}


@pytest.mark.parametrize("name", list(SWITCHES))
def test_switch(ruleset, name):
    changes, policies, session_length = SWITCHES[name]
    switched = edited(ruleset, changes)
    rows = compare(switched, policies, seed=97, first_deal=1_000, deals=SMALL, session_length=session_length, case=name)
    unswitched = kernel_rows(ruleset, policies, 97, 1_000, SMALL, session_length)
    assert (rows != unswitched).any(), f"{name}: no deal was affected by the switch, so it was never compared"

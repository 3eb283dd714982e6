"""Summaries from hand-made aggregates (exact values) and from a small real run (invariants)."""

from __future__ import annotations

import numpy as np
import pytest

from spadille.analyses.quadrille.summary import ESTIMATE_COLUMNS, contract_summary, outcome_summary, seat_summary
from spadille.analyses.stats import mean_interval, wilson_interval
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.simulate import RunConfig, RunResult, simulate


@pytest.fixture()
def made_up(ruleset, heuristic4):
    """100 deals: 60 called (40 by eldest, 20 by dealer), 30 sans-prendre by second, 10 forced by third."""
    result = RunResult(RunConfig(ruleset, heuristic4, seed=1, deals=100), deals_done=100)
    c = result.by_contract
    c[L.CALLED, 0, [L.S_N, L.S_WIN, L.S_REMISE, L.S_CODILLE]] = [40, 30, 6, 4]
    c[L.CALLED, 0, [L.S_VOLE_UNDERTAKEN, L.S_VOLE_MADE]] = [2, 1]
    c[L.CALLED, 0, [L.S_OMBRE_PAY, L.S_OMBRE_PAY_SQ, L.S_SIDE_PAY, L.S_SIDE_PAY_SQ]] = [200, 4000, 300, 9000]
    c[L.CALLED, 3, [L.S_N, L.S_WIN, L.S_REMISE, L.S_CODILLE]] = [20, 10, 5, 5]
    c[L.CALLED, 3, [L.S_OMBRE_PAY, L.S_OMBRE_PAY_SQ, L.S_SIDE_PAY, L.S_SIDE_PAY_SQ]] = [-40, 800, 20, 600]
    c[L.SANS_PRENDRE, 1, [L.S_N, L.S_WIN, L.S_REMISE, L.S_CODILLE]] = [30, 27, 3, 0]
    c[L.SANS_PRENDRE, 1, [L.S_OMBRE_PAY, L.S_OMBRE_PAY_SQ, L.S_SIDE_PAY, L.S_SIDE_PAY_SQ]] = [900, 30000, 900, 30000]
    c[L.FORCED, 2, [L.S_N, L.S_WIN, L.S_REMISE, L.S_CODILLE]] = [10, 5, 3, 2]
    c[L.FORCED, 2, [L.S_OMBRE_PAY, L.S_OMBRE_PAY_SQ, L.S_SIDE_PAY, L.S_SIDE_PAY_SQ]] = [-10, 500, -10, 500]
    result.by_seat[:, L.SEAT_PAY] = [150, 700, -300, -550]
    result.by_seat[:, L.SEAT_PAY_SQ] = [9000, 40000, 8000, 12000]
    result.by_seat[:, L.SEAT_OMBRE] = [40, 30, 10, 20]
    return result


def test_contract_summary_counts_and_wilson_shares(made_up):
    frame = contract_summary(made_up).set_index("contract")
    assert list(frame.index) == list(L.CONTRACT_NAMES)
    assert frame["count"].to_dict() == {"called": 60, "self-called": 0, "sans-prendre": 30, "forced-spadille": 10,
                                        "none": 0, "demanded-king": 0, "casco": 0}
    assert (frame["n"] == 100).all() and (frame["kind"] == "rate").all()
    share, low, high = wilson_interval(60, 100)
    assert tuple(frame.loc["called", ["estimate", "ci_low", "ci_high"]]) == pytest.approx((share, low, high))
    assert frame.loc["self-called", "estimate"] == 0.0


def test_outcome_summary_per_seat_and_all(made_up):
    frame = outcome_summary(made_up).set_index(["contract", "ombre", "measure"])
    assert set(frame.index.get_level_values("contract")) == {"called", "sans-prendre", "forced-spadille"}
    assert set(frame.loc["called"].index.get_level_values("ombre")) == {"eldest", "dealer", "all"}
    win = frame.loc[("called", "eldest", "win")]
    assert (win["n"], win["estimate"], win["kind"]) == (40, 0.75, "rate")
    assert frame.loc[("called", "eldest", "vole_made"), "estimate"] == 1 / 40
    assert frame.loc[("called", "eldest", "vole_undertaken"), "estimate"] == 2 / 40
    everyone = frame.loc[("called", "all", "codille")]
    assert (everyone["n"], everyone["estimate"]) == (60, 9 / 60)
    pay = frame.loc[("called", "all", "ombre_payment")]
    assert pay["kind"] == "mean"
    assert tuple(pay[["estimate", "stderr", "ci_low", "ci_high"]]) == pytest.approx(mean_interval(60, 160, 4800))
    assert frame.loc[("called", "dealer", "side_payment"), "estimate"] == 1.0


def test_seat_summary(made_up):
    frame = seat_summary(made_up).set_index(["seat", "measure"])
    assert frame.loc[("second", "ombre"), "estimate"] == 0.30
    row = frame.loc[("dealer", "net_payment")]
    assert (row["n"], row["estimate"]) == (100, -5.5)
    assert row["stderr"] == pytest.approx(mean_interval(100, -550, 12000)[1])


def test_summaries_are_tidy_with_the_same_estimate_columns(made_up):
    for frame, keys in ((contract_summary(made_up), ["contract"]), (outcome_summary(made_up), ["contract", "ombre"]),
                        (seat_summary(made_up), ["seat"])):
        assert list(frame.columns[-len(ESTIMATE_COLUMNS):]) == ESTIMATE_COLUMNS
        assert not frame.duplicated(keys + ["measure"]).any()
        assert frame["n"].dtype == np.int64


def test_real_run_invariants(ruleset, heuristic4):
    result = simulate(RunConfig(ruleset, heuristic4, seed=11, deals=3000))
    contracts = contract_summary(result)
    assert contracts["count"].sum() == 3000
    outcomes = outcome_summary(result).set_index(["contract", "ombre", "measure"])["estimate"]
    for contract in ("called", "sans-prendre"):
        total = sum(outcomes[(contract, "all", m)] for m in ("win", "remise", "codille"))
        assert total == pytest.approx(1.0)
    seats = seat_summary(result).set_index(["seat", "measure"])["estimate"]
    ombre_shares = [seats[(seat, "ombre")] for seat in ("eldest", "second", "third", "dealer")]
    # Every deal with an ombre counts once in his seat's share: the shares add up to the played contracts'.
    played = contracts.set_index("contract").drop("none")["estimate"].sum()
    assert sum(ombre_shares) == pytest.approx(played)

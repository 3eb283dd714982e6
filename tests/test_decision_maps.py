"""Decision maps: tidy tables, reproducibility, the sums against per-deal replays, and the
obvious strategy that any sound map must show."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from spadille.analyses.paired import mean_ci, paired_difference
from spadille.analyses.quadrille import decision_maps as dm
from spadille.analyses.quadrille.map_sensitivity import sensitivity
from spadille.analyses.quadrille.focal import focal_view
from spadille.kernel.common.errors import SimulationError
from spadille.kernel.quadrille.variants import deals_of_seed, play_variants

SEED = 11
DEALS = 20_000


@pytest.fixture(scope="module")
def dmap(ruleset, heuristic4):
    return dm.decision_map(ruleset, heuristic4, DEALS, SEED, batch_size=8192)


def _estimates_ok(frame: pd.DataFrame, mean: str, low: str, high: str) -> None:
    enough = frame[frame["n"] >= 2]
    assert not enough[[mean, low, high]].isna().any().any()
    assert (enough[low] <= enough[mean] + 1e-9).all()
    assert (enough[mean] <= enough[high] + 1e-9).all()


def test_tables_are_tidy_with_intervals_and_metadata(dmap):
    tables = dmap.tables()
    assert list(tables["ev_by_class"].columns) == dm.EV_COLUMNS
    assert list(tables["differences"].columns) == dm.DIFF_COLUMNS
    assert list(tables["best_by_class"].columns) == dm.BEST_COLUMNS
    assert list(tables["thresholds"].columns) == dm.THRESHOLD_COLUMNS
    ev = tables["ev_by_class"]
    assert set(ev["scheme"]) == set(dm.SCHEMES)
    assert set(ev["seat"]) == {"eldest", "second", "third", "dealer", "all"}
    assert set(ev["action"]) == set(dm.PLAIN.actions)
    assert all(str(ev[f].dtype) == "Int64" for f in dm.FEATURE_COLUMNS)
    _estimates_ok(ev, "mean_pay", "ci_low", "ci_high")
    _estimates_ok(tables["differences"], "mean", "ci_low", "ci_high")
    vole = tables["vole"]
    assert ((vole["reached"] <= vole["declared"]) & (vole["declared"] <= vole["n"])).all()
    _estimates_ok(vole[vole["reached"] >= 2].assign(n=vole["reached"]), "go_minus_stop", "ci_low", "ci_high")
    overall = ev[(ev["scheme"] == "overall") & (ev["action"] == "pass")].set_index("seat")["n"]
    assert overall.to_dict() == {"eldest": DEALS, "second": DEALS, "third": DEALS, "dealer": DEALS, "all": 4 * DEALS}
    for name, frame in tables.items():
        assert frame.attrs == dmap.metadata, name
    meta = dmap.metadata
    assert meta["seed"] == SEED and meta["deals_done"] == DEALS and meta["ruleset"] == "encyclopedie-1765"
    assert meta["policies"][0].startswith("heuristic(") and not meta["interrupted"]
    assert dmap.deals_done == DEALS


def test_tables_write_to_csv_and_parquet(dmap, tmp_path):
    for name, frame in dmap.tables().items():
        frame.to_csv(tmp_path / f"{name}.csv", index=False)
        frame.to_parquet(tmp_path / f"{name}.parquet")
        back = pd.read_parquet(tmp_path / f"{name}.parquet")
        pd.testing.assert_frame_equal(back, frame, check_dtype=False)


def test_same_seed_same_tables_whatever_the_batches_and_threads(dmap, ruleset, heuristic4):
    again = dm.decision_map(ruleset, heuristic4, DEALS, SEED, batch_size=5_000, threads=1)
    for name, frame in dmap.tables().items():
        pd.testing.assert_frame_equal(again.tables()[name], frame, obj=name)
    assert np.array_equal(again.stats, dmap.stats)
    other = dm.decision_map(ruleset, heuristic4, 2_000, SEED + 1)
    first = dm.decision_map(ruleset, heuristic4, 2_000, SEED)
    assert not np.array_equal(other.stats, first.stats)


def test_a_strong_hand_never_passes_and_a_weak_one_never_goes_alone(dmap):
    best = dmap.best_by_class
    cells = best[(best["scheme"] == "matadors_trumps") & ~best["too_few"]]
    strong = cells[(cells["matadors"] == 3) & (cells["trumps"] >= 6)]
    assert len(strong) >= 5  # every seat and all seats: not vacuous
    assert (strong["best_action"] != "pass").all()
    # No hand has fewer than three trumps in its best suit, so "weak" is no matador, at most four.
    diff = dmap.differences
    weak = diff[(diff["scheme"] == "matadors_trumps") & (diff["matadors"] == 0) & (diff["trumps"] <= 4)
                & (diff["n"] >= dm.MIN_N) & (diff["action"] == "sans-prendre") & diff["baseline"].isin(["pass", "ask"])]
    assert len(weak) >= 10
    assert (weak["ci_high"] < 0).all()  # sans prendre is confidently worse than both other bids
    weak_best = cells[(cells["matadors"] == 0) & (cells["trumps"] <= 4)]
    assert len(weak_best) >= 5 and (weak_best["best_action"] != "sans-prendre").all()


def _popcount(masks: np.ndarray) -> np.ndarray:
    return np.unpackbits(masks.astype(np.uint64).view(np.uint8).reshape(-1, 8), axis=1).sum(axis=1).astype(np.int64)


def _independent_classes(hands: np.ndarray) -> dict[str, np.ndarray]:
    """The class features straight from the card bits (card = suit * 10 + rank, rank 0 the
    ace, 1 the two, 6 the seven, 9 the king), not through kernel.features."""
    hands = hands.astype(np.uint64)
    spadille, basto = np.uint64(1 << 0), np.uint64(1 << 10)
    per_suit_trumps, per_suit_matadors = [], []
    for suit in range(4):
        suit_mask = np.uint64(((1 << 10) - 1) << (10 * suit))
        trump_mask = suit_mask | spadille | basto
        manille = np.uint64(1 << (10 * suit + (1 if suit < 2 else 6)))
        per_suit_trumps.append(_popcount(hands & trump_mask))
        per_suit_matadors.append(sum(((hands & m) != 0).astype(np.int64) for m in (spadille, basto, manille)))
    trumps, matadors = np.stack(per_suit_trumps, axis=1), np.stack(per_suit_matadors, axis=1)
    key = trumps * 10 + matadors  # most trumps, then most matadors; argmax keeps the lowest suit on ties
    best = np.argmax(key, axis=1)
    rows = np.arange(hands.shape[0])
    king_mask = np.uint64(sum(1 << (10 * s + 9) for s in range(4)))
    lengths = np.stack([_popcount(hands & np.uint64(((1 << 10) - 1) << (10 * s))) for s in range(4)], axis=1)
    side_king_mask = king_mask & ~(np.uint64(1) << (np.uint64(10) * best.astype(np.uint64) + np.uint64(9)))
    return {"matadors": matadors[rows, best], "trumps": np.minimum(trumps[rows, best], dm.TRUMPS_TOP),
            "kings": _popcount(hands & side_king_mask), "voids": (lengths == 0).sum(axis=1)}


def test_class_counts_agree_with_an_independent_count(dmap, ruleset):
    hands, _ = deals_of_seed(ruleset, SEED, 0, DEALS)
    ev = dmap.ev_by_class
    ev = ev[ev["action"] == "pass"]
    for seat, name in enumerate(("eldest", "second", "third", "dealer")):
        classes = _independent_classes(hands[:, seat])
        for scheme, features in (("matadors_trumps", ("matadors", "trumps")), ("kings_voids", ("kings", "voids")),
                                 ("matadors_trumps_kings", ("matadors", "trumps", "kings"))):
            expected = pd.DataFrame({f: classes[f] for f in features}).value_counts().sort_index()
            got = ev[(ev["scheme"] == scheme) & (ev["seat"] == name)].set_index(list(features))["n"]
            got.index = got.index.set_levels([level.astype("int64") for level in got.index.levels])
            assert got.sort_index().to_dict() == expected.to_dict(), (scheme, name)


def test_paired_margin_is_the_difference_of_the_means(dmap):
    best = dmap.best_by_class.dropna(subset=["best_action"])
    assert len(best) > 50
    for row in best.itertuples(index=False):
        ev = {b: getattr(row, f"ev_{b.replace('-', '_')}") for b in dm.PLAIN.bids}
        assert row.best_mean == ev[row.best_action] == max(ev.values())
        assert math.isclose(row.margin, ev[row.best_action] - ev[row.runner_up], rel_tol=1e-9, abs_tol=1e-9)
        assert row.confident == (row.margin_ci_low > 0)
    ev = dmap.ev_by_class.set_index(["scheme", "seat", *dm.FEATURE_COLUMNS, "action"])["mean_pay"]
    for row in dmap.differences.itertuples(index=False):
        key = (row.scheme, row.seat, *(getattr(row, f) for f in dm.FEATURE_COLUMNS))
        assert math.isclose(row.mean, ev[key + (row.action,)] - ev[key + (row.baseline,)], abs_tol=1e-9)


def test_sums_match_a_replay_of_every_deal(ruleset, heuristic4):
    """The per-class sums give the same estimates as the deals' own payments, for one seat."""
    seat, n = 1, 3_000
    data = dm.decision_map(ruleset, heuristic4, n, SEED, focal_seats=(seat,), batch_size=1_000)
    hands, ids = deals_of_seed(ruleset, SEED, 0, n)
    view = focal_view(play_variants(ruleset, heuristic4, dm._variants(seat), hands, ids, SEED), seat)
    classes = dm.hand_classes(hands[:, seat], ruleset)
    ev = data.ev_by_class
    ev = ev[(ev["scheme"] == "matadors_trumps") & (ev["seat"] == "second")]
    diff = data.differences
    vole = data.vole
    for (m, t), rows in ev.groupby(["matadors", "trumps"]):
        mask = (classes["matadors"] == m) & (classes["trumps"] == t)
        for row in rows.itertuples(index=False):
            a = dm.PLAIN.actions.index(row.action)
            count, mean, low, high = mean_ci(view.pay[mask, a], outcome_range=dm.map_layout(ruleset).pay_range)
            assert row.n == count and math.isclose(row.mean_pay, mean, abs_tol=1e-12)
            if row.n >= 2:
                assert math.isclose(row.ci_low, low, rel_tol=1e-9) and math.isclose(row.ci_high, high, rel_tol=1e-9)
        got = diff[(diff["scheme"] == "matadors_trumps") & (diff["seat"] == "second") & (diff["matadors"] == m)
                   & (diff["trumps"] == t) & (diff["action"] == "sans-prendre") & (diff["baseline"] == "ask")].iloc[0]
        _, mean, low, _ = paired_difference(view.pay[mask, 3], view.pay[mask, 1])
        assert math.isclose(got["mean"], mean, abs_tol=1e-12)
        for contract, stop, go in (("ask", 1, 2), ("sans-prendre", 3, 4)):
            reached = mask & view.vole_point[:, stop]
            row = vole[(vole["scheme"] == "matadors_trumps") & (vole["seat"] == "second") & (vole["matadors"] == m)
                       & (vole["trumps"] == t) & (vole["contract"] == contract)].iloc[0]
            assert row["declared"] == (mask & view.declared[:, stop]).sum() and row["reached"] == reached.sum()
            assert np.array_equal(view.vole_point[:, stop], view.vole_point[:, go])
            if reached.sum():
                assert math.isclose(row["go_minus_stop"], (view.pay[reached, go] - view.pay[reached, stop]).mean())
                assert row["p_made_going"] == view.vole_made[reached, go].mean()


def test_thresholds_are_bracketed_and_fall_with_matadors(dmap):
    th = dmap.thresholds
    present = th.dropna(subset=["threshold"])
    for low, point, high in present[["threshold_low", "threshold", "threshold_high"]].itertuples(index=False):
        assert (pd.isna(low) or low <= point) and (pd.isna(high) or point <= high)
    ask = th[(th["seat"] == "all") & (th["action"] == "ask") & (th["baseline"] == "pass")].set_index("matadors")
    assert list(ask.index) == [0, 1, 2, 3] and ask["threshold"].notna().all()
    assert ask.loc[0, "threshold"] >= ask.loc[1, "threshold"] >= ask.loc[2, "threshold"]
    alone = th[(th["seat"] == "all") & (th["action"] == "sans-prendre") & (th["baseline"] == "ask")]
    alone = alone.set_index("matadors")["threshold"]
    assert pd.isna(alone[0]) and alone[3] <= 7  # never alone without a matador; with three, from 7 trumps at most


def test_vole_summary_adds_up(dmap):
    summary = dmap.vole_summary.set_index(["seat", "contract"])
    for contract in ("ask", "sans-prendre"):
        seats = summary.xs(contract, level="contract").drop(index="all")
        for column in ("n", "declared", "reached"):
            assert seats[column].sum() == summary.loc[("all", contract), column]
    assert 0 < summary.loc[("all", "ask"), "p_reached"] < 0.2


def test_interrupted_between_batches_keeps_the_finished_deals(ruleset, heuristic4):
    calls = []

    def progress(n):
        calls.append(n)
        if len(calls) == 2:
            raise KeyboardInterrupt

    data = dm.decision_map(ruleset, heuristic4, 5_000, SEED, batch_size=1_000, progress=progress)
    assert data.interrupted and data.deals_done == 2_000 and calls == [1_000, 1_000]
    whole = dm.decision_map(ruleset, heuristic4, 2_000, SEED)
    assert np.array_equal(data.stats, whole.stats)
    assert data.metadata["interrupted"] and data.metadata["deals_done"] == 2_000


def test_rotating_seats_counts_each_deal_once(ruleset, heuristic4):
    data = dm.decision_map(ruleset, heuristic4, 4_000, SEED, rotate=True)
    ev = data.ev_by_class
    overall = ev[(ev["scheme"] == "overall") & (ev["action"] == "pass")].set_index("seat")["n"]
    assert overall["all"] == 4_000 and overall.drop("all").tolist() == [1_000] * 4
    # the dealer is focal on deals 3, 7, 11, ..., replayed as play_variants replays them
    hands, ids = deals_of_seed(ruleset, SEED, 0, 4_000)
    mine = ids % 4 == 3
    view = focal_view(play_variants(ruleset, heuristic4, dm._variants(3), hands[mine], ids[mine], SEED), 3)
    dealer = ev[(ev["scheme"] == "overall") & (ev["seat"] == "dealer")].set_index("action")["mean_pay"]
    for a, action in enumerate(dm.PLAIN.actions):
        assert math.isclose(dealer[action], view.pay[:, a].mean(), abs_tol=1e-12)


def test_sensitivity_compares_policies_on_the_same_deals(ruleset, random4):
    result = sensitivity(ruleset, SEED, {"heuristic": 2_000, "random": 1_000})
    assert list(dict.fromkeys(result.thresholds["policy"])) == ["heuristic", "random"]
    assert set(result.best["deals"]) == {2_000, 1_000}
    alone = dm.decision_map(ruleset, random4, 1_000, SEED)
    pd.testing.assert_frame_equal(
        result.best[result.best["policy"] == "random"].drop(columns=["policy", "deals"]).reset_index(drop=True),
        alone.best_by_class, check_dtype=False)
    agreement = result.agreement
    assert {"best_heuristic", "best_random", "agree", "agree_confident"} <= set(agreement.columns)
    # one row per class found in either map (the auction a seat meets depends on the others' bidding)
    classes = pd.concat([m.best_by_class[dm.KEY_COLUMNS] for m in result.maps.values()]).astype(str).drop_duplicates()
    assert agreement["agree"].dtype == bool and len(agreement) == len(classes)
    assert result.metadata["deals"] == {"heuristic": 2_000, "random": 1_000}


@pytest.mark.parametrize("kwargs, message", [
    ({"deals": 0}, "deals must be"),
    ({"focal_seats": (4,)}, "focal seats"),
    ({"focal_seats": ()}, "focal seats"),
    ({"min_n": 1}, "minimum hands"),
])
def test_bad_requests_are_one_sentence(ruleset, heuristic4, kwargs, message):
    args = {"deals": 10, "seed": 1} | kwargs
    with pytest.raises(SimulationError, match=message):
        dm.decision_map(ruleset, heuristic4, **args)


def test_the_other_vole_value_is_exactly_a_map_played_under_it(ruleset, heuristic4, dmap):
    """vole.value has two cited readings (10 and 20). The map's estimate under the other one,
    moved deal by deal, equals a map actually played under it on the same deals, CI and all."""
    from spadille.kernel.quadrille.ruleset import with_overrides

    assert dmap.vole_values == (10, 20)
    other = dm.decision_map(with_overrides(ruleset, {"vole.value": 20}), heuristic4, DEALS, SEED, batch_size=8192)
    assert other.vole_values == (20, 10)
    mine, theirs = dmap.vole, other.vole
    assert (mine["reached"] == theirs["reached"]).all() and mine["reached"].sum() > 0
    for ours, played in (("other_go_minus_stop", "go_minus_stop"), ("other_ci_low", "ci_low"),
                         ("other_ci_high", "ci_high"), ("other_go_pays", "go_pays")):
        assert np.allclose(mine[ours].to_numpy(float), theirs[played].to_numpy(float), equal_nan=True), ours
    # and back again
    assert np.allclose(theirs["other_go_minus_stop"].to_numpy(float), mine["go_minus_stop"].to_numpy(float),
                       equal_nan=True)


def _auction_counts(data, seat: int) -> list[int]:
    table = dm.scheme_stats(data.stats, "auction_matadors_trumps")      # [auction, matadors, trumps, seats, n_k]
    return [int(table[level, :, :, seat, 0].sum()) for level in range(3)]


def test_the_auction_a_seat_meets_is_what_the_seats_before_it_bid(dmap, ruleset, heuristic4):
    """Checked against a plain simulation of the same deals: second hand meets an open auction
    exactly when eldest passed, a standing ask when eldest asked, and a closed one after his sans
    prendre (every seat plays the heuristic, so eldest's bid is the same in both runs)."""
    from spadille.kernel.quadrille import layout as L
    from spadille.kernel.quadrille.simulate import RunConfig, simulate

    rows = simulate(RunConfig(ruleset, heuristic4, SEED, DEALS, record=True)).rows
    eldest = rows[:, L.COL_BIDS]
    expected = [int((eldest == L.PASS).sum()), int((eldest == L.ASK).sum()), int((eldest == L.ALONE).sum())]
    assert _auction_counts(dmap, 1) == expected
    assert _auction_counts(dmap, 0) == [DEALS, 0, 0]      # nobody speaks before eldest
    assert sum(_auction_counts(dmap, 3)) == DEALS


def test_a_seat_that_meets_the_highest_bid_made_has_no_decision(dmap):
    """After a sans prendre the seat is never asked: every fixed bid plays the same deal."""
    closed = dmap.differences[(dmap.differences["scheme"] == "auction_matadors_trumps")
                              & (dmap.differences["auction"] == dm.AUCTION_CLOSED)]
    assert len(closed) > 0
    assert (closed["mean"] == 0).all() and (closed["stderr"].fillna(0) == 0).all()

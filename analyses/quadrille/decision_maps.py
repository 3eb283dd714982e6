"""Decision maps: which hands justify asking (calling a king), sans prendre, or passing.

Every deal is replayed with one *focal* seat's bid fixed: pass and each bid the ruleset
offers (plain quadrille: ask and sans prendre; the médiateur adds the demand, the Italian
ladder the demand and casco), each declaring bid once stopping at the game and once going on
for the vole when its side has won the first six tricks (``MapLayout.actions``; plain
quadrille's five are ``map_actions.PLAIN.actions``). The focal seat's trump, called king
and every other decision, and all the other seats, follow their policies, so an ask can
still be overcalled and a sans prendre still outbid by an earlier one. All five actions
replay the deal from the same random stream: the differences between them are paired.

Each focal hand is classified by features of its *best suit* (``features.best_suit``, the
suit with most trumps): true matadors (0-3) by trumps (top-coded at ``TRUMPS_TOP``), the
trumps alone, and kings by voids (``SCHEMES``), each per seat and over all seats.

Nothing per deal is kept. Each batch adds, per (class, seat), the count, the sum of every
action's payment and the sums of all products of two actions' payments (int64, exact), and
counts of declaring, winning, reaching the vole point and making the vole. Those sums give
every mean and every paired difference with its 95% interval, whatever the number of deals;
batches of any size give the same sums. A KeyboardInterrupt between batches ends the run
early with the tables of the deals finished.

The plain bid actions stop at the game; which bid is best compares those (``MapLayout.bids``). The "+vole" actions go on whenever the point is reached: ``vole.py`` turns the
pair into how often the point is reached and what going on is worth there.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Sequence

import numpy as np
import pandas as pd

from spadille.kernel.common.errors import SimulationError
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import features as F
from spadille.kernel.quadrille.cards import KING, N_RANKS, SEAT_NAMES
from spadille.kernel.quadrille.policies import SeatPolicy
from spadille.kernel.quadrille.ruleset import Ruleset
from spadille.kernel.quadrille.simulate import provenance
from spadille.kernel.quadrille.variants import Variant, deals_of_seed, play_variants

from spadille.analyses.quadrille.focal import focal_view

from . import vole as vole_tables
from . import vole_point as VP
from .map_actions import BID_CODES, K_N, K_SUM, PLAIN, MapLayout, map_layout
from .map_cells import cell_difference, cell_mean, difference_sums
from .vole_point import point_context

ALL_SEATS = "all"
MIN_N = 30
TRUMPS_TOP = 8          # trumps in the best suit, 8 meaning 8 or more
FEATURE_COLUMNS = ("auction", "matadors", "trumps", "kings", "voids")
FEATURE_SIZES = {"auction": 3, "matadors": 4, "trumps": TRUMPS_TOP + 1, "kings": 4, "voids": 4}  # kings: side kings
# What the focal seat finds when it first speaks (``auction_levels``): the decision it faces there.
AUCTION_OPEN, AUCTION_BID, AUCTION_CLOSED = 0, 1, 2
AUCTION_WORDS = ("nobody has bid yet", "someone has bid", "the highest bid is made")
FINE_SHAPE = tuple(FEATURE_SIZES[f] for f in FEATURE_COLUMNS)  # the finest classes: every feature crossed
# scheme name -> the features it crosses (the empty scheme is every hand in one class)
SCHEMES: dict[str, tuple[str, ...]] = {
    "overall": (),
    "trumps": ("trumps",),
    "matadors_trumps": ("matadors", "trumps"),
    # the same decision where it is taken: an ask is open only while nobody has bid
    "auction_matadors_trumps": ("auction", "matadors", "trumps"),
    # a player's question is "1 matador, 4 trumps, 2 side kings: ask?", so kings are also crossed with
    # the trump holding; kings by voids alone average over trump length (most hands with 3 side kings are short)
    "matadors_trumps_kings": ("matadors", "trumps", "kings"),
    "kings_voids": ("kings", "voids"),
}
DEFAULT_BATCH = 16384   # deals per batch with quick policies
SEARCH_BATCH_PER_THREAD = 4

def _variants(seat: int, layout: MapLayout = PLAIN) -> list[Variant]:
    return layout.variants(seat)


def hand_classes(hands: np.ndarray, ruleset: Ruleset) -> dict[str, np.ndarray]:
    """The class features of each hand (uint64[n] natural masks), int64[n] each: true
    matadors and trumps (top-coded at TRUMPS_TOP) in the hand's best suit, side kings (the
    kings of the other suits: the best suit's king is one of its trumps), voids."""
    hands = np.ascontiguousarray(hands, dtype=np.uint64)
    rows = np.arange(hands.shape[0])
    best = F.best_suit(hands, ruleset)
    trump_king = ((hands >> (best * N_RANKS + KING).astype(np.uint64)) & np.uint64(1)).astype(np.int64)
    return {
        "matadors": F.true_matadors(hands, None, ruleset)[rows, best],
        "trumps": np.minimum(F.trumps(hands, None, ruleset)[rows, best], TRUMPS_TOP),
        "kings": F.kings(hands, ruleset) - trump_king,
        "voids": np.minimum(F.voids(hands, ruleset), FEATURE_SIZES["voids"] - 1),
    }


def auction_levels(out: np.ndarray, seat: int, ruleset: Ruleset) -> np.ndarray:
    """int64[n]: what ``seat`` finds when it first speaks, from the seats before it (their bids
    do not depend on its own, so any variant's record serves): AUCTION_OPEN if nobody has bid,
    AUCTION_CLOSED if the highest bid of the ladder is already made (the seat is never asked),
    else AUCTION_BID (some bid stands that the seat may only outbid)."""
    contracts = list(ruleset["auction.contracts"])
    rank = np.zeros(L.N_BIDS + 1, dtype=np.int64)           # by bid code; index -1 (not consulted) stays 0
    for position, name in enumerate(contracts, start=1):
        rank[BID_CODES[name]] = position
    rank[L.PASS] = 0
    earlier = out[:, 0, L.OUT_BIDS:L.OUT_BIDS + seat]
    highest = rank[earlier].max(axis=1) if seat else np.zeros(out.shape[0], dtype=np.int64)
    return np.where(highest == 0, AUCTION_OPEN, np.where(highest == len(contracts), AUCTION_CLOSED, AUCTION_BID))


def _vole_shift(out: np.ndarray, go: int, reached: np.ndarray, n_seats: int) -> np.ndarray:
    """int64[n]: how much the focal ombre's net moves per jeton of vole.value on the go twin.
    Each defender pays the vole on a made one and receives it on a failed one; alone the ombre
    bears all of it, with a friend half (two defenders: an even sum, so the halves are exact)."""
    alone = out[:, go, L.OUT_FRIEND] < 0
    defenders = np.where(alone, n_seats - 1, n_seats - 2)
    share = np.where(alone, defenders, defenders // 2)
    sign = np.where(out[:, go, L.OUT_VOLE] == L.VOLE_MADE, 1, -1)
    return np.where(reached, share * sign, 0).astype(np.int64)


def _deal_values(out: np.ndarray, seat: int, layout: MapLayout, n_seats: int = 4) -> np.ndarray:
    """int64[n, n_k]: what one deal adds to its cell (see K_*)."""
    view = focal_view(out, seat)
    pay = view.pay.astype(np.int64)
    n = pay.shape[0]
    a = layout.n_act
    values = np.empty((n, layout.n_k), dtype=np.int64)
    values[:, K_N] = 1
    values[:, K_SUM:K_SUM + a] = pay
    values[:, layout.k_gram:layout.k_gram + a * a] = (pay[:, :, None] * pay[:, None, :]).reshape(n, -1)
    values[:, layout.k_declared:layout.k_declared + a] = view.declared
    values[:, layout.k_win:layout.k_win + a] = view.win
    values[:, layout.k_point:layout.k_point + a] = view.vole_point
    values[:, layout.k_made:layout.k_made + a] = view.vole_made
    for pair, (stop_name, go_name) in enumerate(layout.vole_pairs):
        stop, go = layout.index(stop_name), layout.index(go_name)
        shift = _vole_shift(out, go, view.vole_point[:, go], n_seats)
        base = layout.k_vole_shift + 3 * pair
        values[:, base] = shift
        values[:, base + 1] = (pay[:, go] - pay[:, stop]) * shift
        values[:, base + 2] = shift * shift
    left = out[:, :, L.OUT_POOL].astype(np.int64)   # a fresh table starts empty: its change is what is left
    values[:, layout.k_table:layout.k_table + a] = left
    values[:, layout.k_pay_table:layout.k_pay_table + a * a] = (pay[:, :, None] * left[:, None, :]).reshape(n, -1)
    values[:, layout.k_table_gram:layout.k_table_gram + a * a] = (left[:, :, None] * left[:, None, :]).reshape(n, -1)
    return values


def empty_stats(n_seats: int, layout: MapLayout = PLAIN) -> np.ndarray:
    """int64[4 matadors, TRUMPS_TOP + 1 trumps, 5 kings, 4 voids, n_seats, n_k] of zeros: the
    finest classes, from which every scheme's classes are sums."""
    return np.zeros((*FINE_SHAPE, n_seats, layout.n_k), dtype=np.int64)


def accumulate(stats: np.ndarray, out: np.ndarray, seat: int, hands: np.ndarray, ruleset: Ruleset,
               layout: MapLayout = PLAIN) -> None:
    """Add the deals of ``out`` (int64[n, n_act, N_OUT], the focal seat's actions) to
    ``stats`` (see empty_stats); ``hands`` uint64[n] are the focal seat's hands."""
    values = _deal_values(out, seat, layout, ruleset["pack.seats"])
    classes = {**hand_classes(hands, ruleset), "auction": auction_levels(out, seat, ruleset)}
    index = np.ravel_multi_index(tuple(classes[f] for f in FEATURE_COLUMNS), FINE_SHAPE).astype(np.int64)
    fine = stats.reshape(-1, stats.shape[-2], layout.n_k)  # a view: the classes flattened
    fine[:, seat, :] += _sum_by_class(index, values, fine.shape[0])


def _sum_by_class(index: np.ndarray, values: np.ndarray, n_classes: int) -> np.ndarray:
    """int64[n_classes, K]: the rows of ``values`` summed by class, exactly."""
    sums = np.zeros((n_classes, values.shape[1]), dtype=np.int64)
    if index.shape[0] == 0:
        return sums
    order = np.argsort(index, kind="stable")
    ordered = index[order]
    starts = np.concatenate(([0], np.flatnonzero(np.diff(ordered)) + 1))
    sums[ordered[starts]] = np.add.reduceat(values[order], starts, axis=0)
    return sums


def scheme_stats(stats: np.ndarray, scheme: str) -> np.ndarray:
    """int64[*sizes of the scheme's features, n_seats, n_k]: the fine sums added up over the
    features the scheme leaves out."""
    kept = SCHEMES[scheme]
    dropped = tuple(axis for axis, f in enumerate(FEATURE_COLUMNS) if f not in kept)
    return stats.sum(axis=dropped) if dropped else stats


def _cells(stats: np.ndarray, seat_labels: Sequence[str]) -> Iterable[tuple[dict, np.ndarray]]:
    """(keys, cell sums) for every populated (scheme, class, seat) and over all seats."""
    for scheme, names in SCHEMES.items():
        table = scheme_stats(stats, scheme)
        for values in np.ndindex(*table.shape[:-2]):
            keys = {f: pd.NA for f in FEATURE_COLUMNS}
            keys.update({f: int(v) for f, v in zip(names, values)})
            per_seat = [(label, table[values + (seat,)]) for seat, label in enumerate(seat_labels)]
            per_seat.append((ALL_SEATS, table[values].sum(axis=0)))
            for label, cell in per_seat:
                if cell[K_N] > 0:
                    yield {"scheme": scheme, "seat": label, **keys}, cell


def _frame(records: list[dict], columns: Sequence[str], metadata: Mapping) -> pd.DataFrame:
    frame = pd.DataFrame.from_records(records, columns=list(columns))
    frame = frame.astype({f: "Int64" for f in FEATURE_COLUMNS if f in frame.columns})
    if "n" in frame.columns:
        frame = frame.astype({"n": "int64"})
    frame.attrs = dict(metadata)
    return frame


KEY_COLUMNS = ["scheme", "seat", *FEATURE_COLUMNS]
EV_COLUMNS = KEY_COLUMNS + ["action", "n", "mean_pay", "stderr", "ci_low", "ci_high", "p_declared", "p_win"]
DIFF_COLUMNS = KEY_COLUMNS + ["action", "baseline", "n", "mean", "stderr", "ci_low", "ci_high", "confident"]


def best_columns(layout: MapLayout = PLAIN) -> list[str]:
    return KEY_COLUMNS + ["n", "too_few", "best_action", "best_mean", "runner_up", "margin", "margin_ci_low",
                          "margin_ci_high", "confident"] + [f"ev_{b.replace('-', '_')}" for b in layout.bids]


BEST_COLUMNS = best_columns(PLAIN)
THRESHOLD_COLUMNS = ["seat", "matadors", "action", "baseline", "threshold", "threshold_low", "threshold_high",
                     "n", "margin", "ci_low", "ci_high", "confident", "trumps_min", "trumps_max"]
VOLE_COUNT_COLUMNS = KEY_COLUMNS + ["contract", "n", "declared", "reached", "made_going", "sum_go_minus_stop",
                                    "sum_sq_go_minus_stop", "sum_shift", "sum_go_minus_stop_x_shift", "sum_sq_shift"]


def ev_table(cells: list[tuple[dict, np.ndarray]], metadata: Mapping, layout: MapLayout = PLAIN) -> pd.DataFrame:
    records = []
    for keys, cell in cells:
        n = int(cell[K_N])
        for a, action in enumerate(layout.actions):
            mean, stderr, low, high = cell_mean(cell, a, layout)
            records.append({**keys, "action": action, "n": n, "mean_pay": mean, "stderr": stderr, "ci_low": low,
                            "ci_high": high, "p_declared": cell[layout.k_declared + a] / n,
                            "p_win": cell[layout.k_win + a] / n})
    return _frame(records, EV_COLUMNS, metadata)


def difference_table(cells: list[tuple[dict, np.ndarray]], metadata: Mapping, layout: MapLayout = PLAIN) -> pd.DataFrame:
    records = []
    for keys, cell in cells:
        for action, baseline in layout.comparisons:
            mean, stderr, low, high = cell_difference(cell, layout.index(action), layout.index(baseline), layout)
            records.append({**keys, "action": action, "baseline": baseline, "n": int(cell[K_N]), "mean": mean,
                            "stderr": stderr, "ci_low": low, "ci_high": high, "confident": _confident(low, high)})
    return _frame(records, DIFF_COLUMNS, metadata)


def _confident(low: float, high: float) -> bool:
    return bool(low > 0.0 or high < 0.0)  # False for NaN


def best_table(cells: list[tuple[dict, np.ndarray]], min_n: int, metadata: Mapping,
               layout: MapLayout = PLAIN) -> pd.DataFrame:
    """Per class, the bid (stopping at the game) with the highest mean payment and its paired
    margin over the runner-up; cells with fewer than ``min_n`` deals are marked too few."""
    records = []
    bids = layout.bids
    for keys, cell in cells:
        n = int(cell[K_N])
        means = {b: cell_mean(cell, layout.index(b), layout)[0] for b in bids}
        record = {**keys, "n": n, "too_few": n < min_n, "best_action": None, "best_mean": math.nan,
                  "runner_up": None, "margin": math.nan, "margin_ci_low": math.nan, "margin_ci_high": math.nan,
                  "confident": False}
        record.update({f"ev_{b.replace('-', '_')}": means[b] for b in bids})
        if n >= min_n:
            ranked = sorted(bids, key=lambda b: -means[b])  # stable: ties keep the bids' order
            best, runner = ranked[0], ranked[1]
            margin, _, low, high = cell_difference(cell, layout.index(best), layout.index(runner), layout)
            record.update({"best_action": best, "best_mean": means[best], "runner_up": runner, "margin": margin,
                           "margin_ci_low": low, "margin_ci_high": high, "confident": bool(low > 0.0)})
        records.append(record)
    return _frame(records, best_columns(layout), metadata)


def _first_from_which(trumps: list[int], flags: list[bool]) -> object:
    """The smallest trump count from which every populated count has the flag set; NA if the
    largest one does not."""
    found: object = pd.NA
    for t, flag in sorted(zip(trumps, flags), reverse=True):
        if not flag:
            break
        found = t
    return found


def threshold_table(differences: pd.DataFrame, min_n: int, metadata: Mapping,
                    layout: MapLayout = PLAIN) -> pd.DataFrame:
    """Per seat, matador count and comparison: the trump count from which the action beats
    its baseline (``threshold``: the paired mean is positive there and at every larger count
    with at least ``min_n`` hands), and the range around it that the 95% intervals leave
    open: ``threshold_low`` from which the action is not confidently worse, ``threshold_high``
    from which it is confidently better. ``n``, ``margin`` and its CI are at ``threshold``;
    ``trumps_min``/``trumps_max`` the populated range (a threshold at ``trumps_min`` may lie
    lower, and TRUMPS_TOP means that many or more)."""
    cells = differences[(differences["scheme"] == "matadors_trumps") & (differences["n"] >= min_n)]
    records = []
    for action, baseline in layout.threshold_comparisons:
        rows = cells[(cells["action"] == action) & (cells["baseline"] == baseline)]
        for (seat, matadors), group in rows.groupby(["seat", "matadors"], sort=False):
            trumps = [int(t) for t in group["trumps"]]
            point = _first_from_which(trumps, list(group["mean"] > 0))
            record = {"seat": seat, "matadors": int(matadors), "action": action, "baseline": baseline,
                      "threshold": point,
                      "threshold_low": _first_from_which(trumps, list(group["ci_high"] > 0)),
                      "threshold_high": _first_from_which(trumps, list(group["ci_low"] > 0)),
                      "n": 0, "margin": math.nan, "ci_low": math.nan, "ci_high": math.nan, "confident": False,
                      "trumps_min": min(trumps), "trumps_max": max(trumps)}
            if point is not pd.NA:
                at = group[group["trumps"] == point].iloc[0]
                record.update({"n": int(at["n"]), "margin": at["mean"], "ci_low": at["ci_low"],
                               "ci_high": at["ci_high"], "confident": bool(at["ci_low"] > 0)})
            records.append(record)
    frame = _frame(records, THRESHOLD_COLUMNS, metadata)
    frame = frame.astype({c: "Int64" for c in ("threshold", "threshold_low", "threshold_high")})
    order = {seat: i for i, seat in enumerate([*SEAT_NAMES[4], ALL_SEATS])}
    frame["_order"] = frame["seat"].map(order)
    frame = frame.sort_values(["action", "baseline", "_order", "matadors"], kind="stable").drop(columns="_order")
    frame = frame.reset_index(drop=True)
    frame.attrs = dict(metadata)
    return frame


def vole_counts(cells: list[tuple[dict, np.ndarray]], metadata: Mapping, layout: MapLayout = PLAIN) -> pd.DataFrame:
    """Per class and declaring bid, the integer counts behind the vole estimates. Where the
    point is not reached the vole choice is never read and both twins play identically, so
    the sums of go - stop over all deals are the sums over the deals that reached it."""
    records = []
    for keys, cell in cells:
        for pair, (stop_name, go_name) in enumerate(layout.vole_pairs):
            stop, go = layout.index(stop_name), layout.index(go_name)
            total, squares = difference_sums(cell, go, stop, layout)
            base = layout.k_vole_shift + 3 * pair
            records.append({**keys, "contract": stop_name, "n": int(cell[K_N]),
                            "declared": int(cell[layout.k_declared + stop]), "reached": int(cell[layout.k_point + stop]),
                            "made_going": int(cell[layout.k_made + go]), "sum_go_minus_stop": total,
                            "sum_sq_go_minus_stop": squares, "sum_shift": int(cell[base]),
                            "sum_go_minus_stop_x_shift": int(cell[base + 1]), "sum_sq_shift": int(cell[base + 2])})
    return _frame(records, VOLE_COUNT_COLUMNS, metadata)


# ---------------------------------------------------------------- the run
@dataclass(eq=False)
class DecisionMapData:
    """A decision map's sums and the tables drawn from them. Every table is tidy, with the
    keys ``scheme`` (SCHEMES), ``seat`` (a seat name or "all") and the class features
    ``matadors``, ``trumps``, ``kings``, ``voids`` (nullable Int64, <NA> where the scheme
    does not use them), and carries ``metadata`` in ``attrs``:

    * ``ev_by_class``: per class and action (``layout.actions``), ``n`` hands, ``mean_pay`` (the focal
      seat's net jetons), ``stderr``, ``ci_low``/``ci_high``, ``p_declared`` (share of the
      deals the focal seat played the contract itself) and ``p_win`` (declared and won);
    * ``differences``: per class, the paired ``mean`` of ``action`` - ``baseline``
      (COMPARISONS) with ``stderr``, CI and ``confident`` (the CI excludes 0);
    * ``best_by_class``: per class the best bid (``layout.bids``, stopping at the game) and its paired
      ``margin`` over the ``runner_up`` with CI and ``confident``; ``too_few`` under
      ``min_n`` hands (then no best); ``ev_pass``, ``ev_ask``, ``ev_sans_prendre``;
    * ``thresholds``: see ``threshold_table``;
    * ``vole`` and ``vole_summary``: see ``vole.vole_table`` and ``vole.vole_summary``.
    """

    stats: np.ndarray                # int64[*FINE_SHAPE, n_seats, n_k] (empty_stats)
    metadata: dict
    deals_done: int
    interrupted: bool = False
    seconds: float = 0.0
    min_n: int = MIN_N
    layout: MapLayout = PLAIN
    vole_values: tuple[int, int] | None = None  # (this ruleset's vole.value, its other reading's)
    point_stats: np.ndarray | None = None      # the vole point's sums (vole_point.empty_point_stats)
    point: "VP.PointContext | None" = None      # what the point tables need of the ruleset
    ev_by_class: pd.DataFrame = field(init=False)
    differences: pd.DataFrame = field(init=False)
    best_by_class: pd.DataFrame = field(init=False)
    thresholds: pd.DataFrame = field(init=False)
    vole: pd.DataFrame = field(init=False)
    vole_summary: pd.DataFrame = field(init=False)
    vole_point: pd.DataFrame = field(init=False)
    vole_point_rules: pd.DataFrame = field(init=False)

    def __post_init__(self) -> None:
        meta = self.metadata
        cells = list(_cells(self.stats, SEAT_NAMES[self.stats.shape[-2]]))
        layout = self.layout
        self.ev_by_class = ev_table(cells, meta, layout)
        self.differences = difference_table(cells, meta, layout)
        self.best_by_class = best_table(cells, self.min_n, meta, layout)
        self.thresholds = threshold_table(self.differences, self.min_n, meta, layout)
        counts = vole_counts(cells, meta, layout)
        self.vole = vole_tables.vole_table(counts, self.min_n, meta, self.vole_values, layout.pay_range)
        self.vole_summary = vole_tables.vole_summary(self.vole, self.min_n, meta)
        self.vole_point, self.vole_point_rules = _point_tables(self, meta)

    def tables(self) -> dict[str, pd.DataFrame]:
        """Every table by name, ready for CSV or Parquet."""
        return {name: getattr(self, name) for name in
                ("ev_by_class", "differences", "best_by_class", "thresholds", "vole", "vole_summary", "vole_point",
                 "vole_point_rules")}


def _point_tables(data: "DecisionMapData", metadata: Mapping) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The vole by the decider's state at the point (vole_point_tables) and its rule (vole_rule)."""
    from .vole_point_tables import POINT_COLUMNS, point_table
    from .vole_rule import RULE_COLUMNS, rule_table

    if data.point_stats is None or data.point is None:
        empty = pd.DataFrame(columns=POINT_COLUMNS), pd.DataFrame(columns=RULE_COLUMNS)
        for frame in empty:
            frame.attrs = dict(metadata)
        return empty
    context = data.point
    contracts = [stop for stop, _ in data.layout.vole_pairs]
    seats = SEAT_NAMES[data.stats.shape[-2]]
    table = point_table(data.point_stats, context.readings, contracts, seats, data.min_n, metadata,
                        context.difference_ranges, context.values, context.cards_left)
    rules = rule_table(table, data.point_stats, context.readings, contracts, data.min_n, context.difference_ranges,
                       metadata, context.after)
    return table, rules


def _metadata(ruleset: Ruleset, policies: Sequence[SeatPolicy], seed: int, first_deal: int, deals: int,
              focal_seats: Sequence[int], rotate: bool, min_n: int) -> dict:
    return provenance(
        ruleset, policies, seed, "decision_map",
        first_deal=first_deal,
        deals_requested=deals,
        focal_seats=[SEAT_NAMES[len(policies)][s] for s in focal_seats],
        rotate_seats=rotate,
        actions=list(map_layout(ruleset).actions),
        classes="true matadors and trumps (top-coded at 8) of the hand's best suit, side kings (of the other "
                "suits), voids; auction: 0 nobody had bid before the focal seat, 1 a bid stood, 2 the highest "
                "bid was made",
        min_n=min_n,
    )


def _check(ruleset: Ruleset, policies: Sequence[SeatPolicy], deals: int, seed: int, first_deal: int,
           focal_seats: Sequence[int], min_n: int) -> None:
    seats = ruleset["pack.seats"]
    if len(policies) != seats:
        raise SimulationError(f"ruleset {ruleset.name!r} has {seats} seats but {len(policies)} policies were given")
    if not isinstance(deals, (int, np.integer)) or deals < 1:
        raise SimulationError(f"deals must be a positive whole number, not {deals!r}")
    if not 0 <= seed < 2**63 or first_deal < 0:
        raise SimulationError(f"seed {seed} or first deal {first_deal} is out of range")
    if not focal_seats or len(set(focal_seats)) != len(focal_seats) or any(not 0 <= s < seats for s in focal_seats):
        raise SimulationError(f"focal seats must be distinct seats 0-{seats - 1}, not {list(focal_seats)!r}")
    if min_n < 2:
        raise SimulationError(f"the minimum hands per class must be at least 2, not {min_n}")


def _default_batch(policies: Sequence[SeatPolicy], focal_seats: Sequence[int] = (0,), rotate: bool = False) -> int:
    """Deals a batch. A searching policy's deals take a second or more each, and every seat's
    replay is one parallel call: each call must get several deals a thread, or a core idles
    while the other finishes (with ``rotate`` a seat gets one deal in len(focal_seats))."""
    if any(p.searches for p in policies):
        import numba

        return SEARCH_BATCH_PER_THREAD * numba.get_num_threads() * (len(focal_seats) if rotate else 1)
    return DEFAULT_BATCH


def map_sums(ruleset: Ruleset, policies: tuple[SeatPolicy, ...], focal_seats: tuple[int, ...], rotate: bool,
             seed: int, first_deal: int, deals: int, threads: int | None = None,
             progress: Callable[[int], None] | None = None,
             batch_size: int | None = None) -> tuple["MapSums", int, bool]:
    """The map's sums over deals ``first_deal .. first_deal + deals - 1``, batch by batch in this
    process: (stats, deals done, interrupted). A KeyboardInterrupt ends it at the last finished
    batch. The sums depend on the deals only, not on ``threads`` or ``batch_size``."""
    size = int(batch_size or _default_batch(policies, focal_seats, rotate))
    if size < 1:
        raise SimulationError(f"batch size must be positive, not {size}")
    layout = map_layout(ruleset)
    seats = ruleset["pack.seats"]
    stats = empty_stats(seats, layout)
    readings = VP.readings_of(ruleset)
    reading_rulesets = tuple(r.ruleset(ruleset) for r in readings)
    point = VP.empty_point_stats(seats, len(layout.vole_pairs), len(readings))
    variants = {seat: layout.variants(seat) for seat in focal_seats}
    done = 0
    try:
        while done < deals:
            n = min(size, deals - done)
            hands, deal_ids = deals_of_seed(ruleset, seed, first_deal + done, n)
            batch = empty_stats(seats, layout)
            batch_point = np.zeros_like(point)
            for position, seat in enumerate(focal_seats):
                chosen = (deal_ids % len(focal_seats) == position) if rotate else np.ones(n, dtype=bool)
                if not chosen.any():
                    continue
                out = play_variants(ruleset, policies, variants[seat], hands[chosen], deal_ids[chosen], seed,
                                    threads=threads, batch_size=int(chosen.sum()))
                accumulate(batch, out, seat, hands[chosen, seat], ruleset, layout)
                VP.accumulate_points(batch_point, out, seat, hands[chosen], deal_ids[chosen], ruleset, policies, seed,
                                     layout, readings, reading_rulesets, threads)
            stats += batch
            point += batch_point
            done += n
            if progress is not None:
                progress(n)
    except KeyboardInterrupt:
        return MapSums(stats, point), done, True
    return MapSums(stats, point), done, False


@dataclass(eq=False)
class MapSums:
    """A map's integer sums: by starting hand (empty_stats) and by the vole point's state
    (vole_point.empty_point_stats). Sums of disjoint deal ranges add up to the sums of their union."""

    stats: np.ndarray
    point: np.ndarray

    def __iadd__(self, other: "MapSums") -> "MapSums":
        self.stats += other.stats
        self.point += other.point
        return self


def decision_map(ruleset: Ruleset, policies: Sequence[SeatPolicy], deals: int, seed: int,
                 focal_seats: Sequence[int] | None = None, threads: int | None = None,
                 progress: Callable[[int], None] | None = None, first_deal: int = 0, rotate: bool = False,
                 batch_size: int | None = None, min_n: int = MIN_N) -> DecisionMapData:
    """Play deals ``first_deal .. first_deal + deals - 1`` of ``seed`` (as ``simulate`` deals
    them) with each focal seat's bid fixed to each action, and tabulate by hand class.

    ``focal_seats`` defaults to every seat. ``rotate`` gives each deal one focal seat, ``focal_seats[deal % len(focal_seats)]``: a
    quarter of the plays for searching policies, every seat still represented.
    ``progress(n)`` gets each batch's deal count; a KeyboardInterrupt ends the run at the
    last finished batch (``interrupted``). The tables depend on the seed and the deals only,
    not on ``threads`` or ``batch_size``. Under a command's ``--scheduler`` the deals go to the
    cluster in fixed blocks (``analyses/quadrille/map_blocks.py``), with the same sums."""
    from spadille.analyses.distributed.runner import active_runner

    policies = tuple(policies)
    if focal_seats is None:
        focal_seats = range(ruleset["pack.seats"])  # every seat of the table
    focal_seats = tuple(int(s) for s in focal_seats)
    _check(ruleset, policies, deals, seed, first_deal, focal_seats, min_n)
    metadata = _metadata(ruleset, policies, seed, first_deal, deals, focal_seats, rotate, min_n)
    layout = map_layout(ruleset)
    started = time.perf_counter()
    runner = active_runner()
    if runner is None:
        sums, done, interrupted = map_sums(ruleset, policies, focal_seats, rotate, seed, first_deal, deals,
                                           threads, progress, batch_size)
    else:
        from spadille.analyses.quadrille.map_blocks import map_stats_on

        seats = ruleset["pack.seats"]
        sums = MapSums(empty_stats(seats, layout),
                       VP.empty_point_stats(seats, len(layout.vole_pairs), len(VP.readings_of(ruleset))))
        done, interrupted, ranges = map_stats_on(runner, sums, ruleset, policies, focal_seats, rotate, seed,
                                                 first_deal, deals, progress)
        if interrupted and len(ranges) > 1:
            metadata["deal_ranges"] = ranges   # a later block finished before an earlier one
    metadata["deals_done"] = done
    metadata["interrupted"] = interrupted
    return DecisionMapData(sums.stats, metadata, done, interrupted, time.perf_counter() - started, min_n, layout,
                           other_vole_reading(ruleset), point_stats=sums.point, point=point_context(ruleset))


def combined(first: DecisionMapData, second: DecisionMapData) -> DecisionMapData:
    """The map of both maps' deals, when ``second`` starts where ``first`` ended (the same seed,
    players and focal seats): their sums added, which is exactly the map of the whole range. A
    report plays its map in two halves so the rule card can be fitted on one and scored on the
    other at no extra cost."""
    a, b = first.metadata, second.metadata
    keys = ("seed", "ruleset", "policies", "focal_seats", "rotate_seats", "min_n")
    if any(a.get(k) != b.get(k) for k in keys) or a["first_deal"] + first.deals_done != b["first_deal"]:
        raise SimulationError("only consecutive maps of the same seed, players and focal seats can be combined")
    metadata = {**a, "deals_requested": a["deals_requested"] + b["deals_requested"],
                "deals_done": first.deals_done + second.deals_done,
                "interrupted": first.interrupted or second.interrupted}
    return DecisionMapData(first.stats + second.stats, metadata, first.deals_done + second.deals_done,
                           first.interrupted or second.interrupted, first.seconds + second.seconds, first.min_n,
                           first.layout, first.vole_values, point_stats=first.point_stats + second.point_stats,
                           point=first.point)


def other_vole_reading(ruleset: Ruleset) -> tuple[int, int] | None:
    """(vole.value, the value of its other cited reading), when the ruleset cites two."""
    rule = ruleset.rules["vole.value"]
    others = [r.value for r in rule.readings if r.value != rule.value]
    return (int(rule.value), int(others[0])) if others else None

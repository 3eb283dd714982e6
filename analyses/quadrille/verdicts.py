"""The decision map's bidding verdicts as rules of thumb: per seat, from how many trumps each bid
is the best one, for each count of true matadors, and what following the rule gains, in
sentences a player can use.

A cell of the map (seat, true matadors, trumps of the best suit) recommends its ``best_action``
(the bid with the highest mean payment, ``decision_maps.best_table``). For each bid ``b`` and
matador count, the rule's threshold is the smallest trump count from which every cell with at
least ``min_n`` hands recommends ``b`` or a higher bid (``_first_from_which``); the hands at or
above ``b``'s threshold and below the next bid's are the hands on which the rule says "bid
``b``". What that gains is the paired difference of ``b`` over the bid below it (pass for the
lowest), pooled over exactly those hands from the map's exact integer sums, with its 95%
interval and n, and the share of them on which the seat actually played ``b`` (a later seat's
fixed ask becomes a pass when someone has asked before it: ``p_played``).

The verdicts hold for the card play of the map's policies (named in every sentence) and the
ruleset the map was played under; they average over the auction before the seat speaks.
"""

from __future__ import annotations

import math
from typing import Mapping, Sequence

import numpy as np
import pandas as pd

from spadille.analyses.stats import mean_interval
from spadille.kernel.quadrille.cards import SEAT_NAMES

from .decision_maps import (ALL_SEATS, AUCTION_BID, AUCTION_CLOSED, AUCTION_OPEN, TRUMPS_TOP, DecisionMapData,
                            _first_from_which, scheme_stats)
from .map_actions import K_N
from .map_cells import difference_range, difference_sums

RULE_COLUMNS = ["seat", "auction", "bid", "over", "matadors", "from_trumps", "below_next"]
GAIN_COLUMNS = ["seat", "auction", "bid", "over", "n", "gain", "ci_low", "ci_high", "clear", "p_played"]
AUCTION_KEYS = {None: "any", AUCTION_OPEN: "nobody has bid", AUCTION_BID: "a bid stands", AUCTION_CLOSED: "closed"}
BID_PHRASES = {"ask": "an ask", "demand": "a demanded king", "casco": "a casco", "sans-prendre": "a sans prendre"}
BID_WORDS = {"ask": "ask (call a king)", "sans-prendre": "go sans prendre", "demand": "demand (ask for the king "
             "of trumps too)", "casco": "go casco"}


def bid_thresholds(data: DecisionMapData, seat: str, auction: int | None = None) -> pd.DataFrame:
    """Per declaring bid and matador count: ``from_trumps``, the trump count from which the map
    recommends this bid or a higher one (NA: never), and ``below_next``, the next higher bid's
    threshold (NA: none), so the bid itself is recommended from ``from_trumps`` up to below
    ``below_next``. ``auction``: only the hands whose seat met that auction (AUCTION_*), else all."""
    best = data.best_by_class
    if auction is None:
        cells = best[(best["scheme"] == "matadors_trumps") & (best["seat"] == seat) & ~best["too_few"]]
    else:
        cells = best[(best["scheme"] == "auction_matadors_trumps") & (best["seat"] == seat) & ~best["too_few"]
                     & (best["auction"] == auction)]
    bids = data.layout.bids
    records = []
    for matadors, group in cells.groupby("matadors", sort=True):
        trumps = [int(t) for t in group["trumps"]]
        rank = [bids.index(action) for action in group["best_action"]]
        starts = [_first_from_which(trumps, [r >= level for r in rank]) for level in range(1, len(bids))]
        for level, bid in enumerate(bids[1:]):
            following = starts[level + 1] if level + 1 < len(starts) else pd.NA
            records.append({"seat": seat, "auction": AUCTION_KEYS[auction], "bid": bid, "over": bids[level],
                            "matadors": int(matadors), "from_trumps": starts[level], "below_next": following})
    frame = pd.DataFrame.from_records(records, columns=RULE_COLUMNS)
    return frame.astype({"from_trumps": "Int64", "below_next": "Int64"})


def _band(row) -> range:
    """The trump counts on which the rule says to play ``row.bid``."""
    if row.from_trumps is pd.NA:
        return range(0)
    stop = TRUMPS_TOP + 1 if row.below_next is pd.NA else int(row.below_next)
    return range(int(row.from_trumps), max(int(row.from_trumps), stop))


def rule_gains(data: DecisionMapData, seat: str, thresholds: pd.DataFrame, auction: int | None = None) -> pd.DataFrame:
    """Per bid, the paired gain of playing it over the bid below it on the hands the rule gives
    it, pooled exactly from the map's sums (of the hands that met ``auction``, else all)."""
    layout = data.layout
    if auction is None:
        table = scheme_stats(data.stats, "matadors_trumps")      # [matadors, trumps, seats, n_k]
    else:
        table = scheme_stats(data.stats, "auction_matadors_trumps")[auction]
    seats = SEAT_NAMES[table.shape[2]]
    per_seat = table.sum(axis=2) if seat == ALL_SEATS else table[:, :, seats.index(seat)]
    records = []
    for bid, rows in thresholds.groupby("bid", sort=False):
        over = rows["over"].iloc[0]
        pooled = np.zeros(layout.n_k, dtype=np.int64)
        for row in rows.itertuples(index=False):
            for trumps in _band(row):
                pooled += per_seat[row.matadors, trumps]
        n = int(pooled[K_N])
        total, squares = difference_sums(pooled, layout.index(bid), layout.index(over), layout)
        bounds = difference_range(layout.pay_range)
        gain, _, low, high = mean_interval(n, total, squares, outcome_range=bounds) if n else (math.nan,) * 4
        played = pooled[layout.k_declared + layout.index(bid)] / n if n else math.nan
        records.append({"seat": seat, "auction": AUCTION_KEYS[auction], "bid": bid, "over": over, "n": n,
                        "gain": gain, "ci_low": low,
                        "ci_high": high, "clear": bool(n and (low > 0 or high < 0)), "p_played": played})
    return pd.DataFrame.from_records(records, columns=GAIN_COLUMNS)


def _ranges(values: Sequence[int]) -> str:
    """0, 1, 3 -> "0–1 and 3"."""
    values = sorted(values)
    spans, start = [], values[0]
    for previous, value in zip(values, values[1:] + [None]):
        if value != previous + 1:
            spans.append(f"{start}" if start == previous else f"{start}–{previous}")
            start = value
    return spans[0] if len(spans) == 1 else ", ".join(spans[:-1]) + " and " + spans[-1]


def _trumps(count: int) -> str:
    return f"{count} or more trumps" if count >= TRUMPS_TOP else f"{count} trumps"


def threshold_phrase(rows: pd.DataFrame) -> str:
    """"from 5 trumps with 0–1 true matadors, from 4 with 2–3" (the matador counts that share a
    threshold together, lowest threshold last)."""
    by_threshold: dict[int, list[int]] = {}
    for row in rows.itertuples(index=False):
        if row.from_trumps is not pd.NA:
            by_threshold.setdefault(int(row.from_trumps), []).append(int(row.matadors))
    parts = []
    for position, (trumps, matadors) in enumerate(sorted(by_threshold.items(), key=lambda kv: -kv[0])):
        noun = "true matador" if matadors == [1] else "true matadors"
        what = _trumps(trumps) if position == 0 else (f"{trumps} or more" if trumps >= TRUMPS_TOP else f"{trumps}")
        parts.append(f"from {what} with {_ranges(matadors)} {noun}")
    return ", ".join(parts)


def _signed(value: float) -> str:
    return f"{value:+.2f}".replace("-", "−")


def _interval(low: float, high: float) -> str:
    return f"[{_signed(low)}, {_signed(high)}]"


SITUATIONS = {None: "", AUCTION_OPEN: "nobody has bid yet", AUCTION_BID: "someone has bid before you"}


def seat_sentence(seat: str, thresholds: pd.DataFrame, gains: pd.DataFrame, card_play: str,
                  table_link: str = "", auction: int | None = None,
                  marks: Mapping[tuple[str, str], str] | None = None) -> str:
    """One rule of thumb for a seat in one situation: when to bid what, with what it gains, n and
    the 95% CI. Bids the map never finds best there (an ask once someone has bid) are left out.
    ``marks``: (seat, bid) -> what a searching player's check said of that bid's rule, nobody having
    bid (reports/quadrille/rule_check.rule_marks), added to its clause."""
    who = "All seats together" if seat == ALL_SEATS else f"{seat.capitalize()} hand"
    if auction is not None and not (seat == "eldest" and auction == AUCTION_OPEN):
        who += f", {SITUATIONS[auction]}"
    clauses = []
    for bid, rows in thresholds.groupby("bid", sort=False):
        gain = gains[gains["bid"] == bid].iloc[0]
        phrase = threshold_phrase(rows)
        if not phrase or gain["n"] == 0:
            continue
        verdict = "" if gain["clear"] else ", not clear at 95%"
        played = "" if gain["p_played"] >= 0.995 else f"; the bid was actually played on {gain['p_played']:.0%} of them"
        over = "passing" if gain["over"] == "pass" else "asking" if gain["over"] == "ask" else gain["over"]
        if auction == AUCTION_BID and gain["over"] == "ask":
            over = "passing (an ask is no longer open)"   # the map's fixed ask is then a pass
        mark = (marks or {}).get((seat, bid)) if auction == AUCTION_OPEN else None
        clauses.append(f"{BID_WORDS.get(bid, bid)} {phrase} (on those hands {_signed(gain['gain'])} jetons a deal "
                       f"{_interval(gain['ci_low'], gain['ci_high'])} over {over}, n = {int(gain['n']):,}{verdict}"
                       f"{played}{'; ' + mark if mark else ''})")
    link = f" ({table_link})" if table_link else ""
    if not clauses:
        return f"**{who}**, with {card_play}: pass; no class of hands with enough deals finds a bid paying." + link
    return f"**{who}**, with {card_play}: " + "; ".join(clauses) + "; otherwise pass." + link


def bidding_verdicts(data: DecisionMapData, card_play: str, seats: Sequence[str] | None = None,
                     table_link: str = "", marks: Mapping[tuple[str, str], str] | None = None
                     ) -> tuple[list[str], pd.DataFrame, pd.DataFrame]:
    """(sentences, thresholds, gains) for each seat of the map (default: all of them) in each
    situation it meets with a decision to take: nobody has bid yet (eldest always), and someone
    has bid before it (the later seats; the ask is then closed to them, a higher bid open)."""
    if seats is None:
        seats = list(SEAT_NAMES[data.stats.shape[-2]])
    sentences, all_thresholds, all_gains = [], [], []
    for seat in seats:
        for auction in ((AUCTION_OPEN,) if seat == "eldest" else (AUCTION_OPEN, AUCTION_BID)):
            thresholds = bid_thresholds(data, seat, auction)
            if thresholds.empty:
                continue
            gains = rule_gains(data, seat, thresholds, auction)
            sentences.append(seat_sentence(seat, thresholds, gains, card_play, table_link, auction, marks))
            all_thresholds.append(thresholds)
            all_gains.append(gains)
    metadata: Mapping = data.metadata
    thresholds = pd.concat(all_thresholds, ignore_index=True) if all_thresholds else pd.DataFrame(columns=RULE_COLUMNS)
    gains = pd.concat(all_gains, ignore_index=True) if all_gains else pd.DataFrame(columns=GAIN_COLUMNS)
    thresholds.attrs = dict(metadata)
    gains.attrs = dict(metadata)
    return sentences, thresholds, gains


def vole_sentences(data: DecisionMapData, card_play: str, seat: str = ALL_SEATS) -> list[str]:
    """Per declaring bid: how often its side reaches the vole point, what going on is worth there
    against stopping (paired, 95% CI, n), under this ruleset's vole value and its other cited
    reading, and the classes of hands where going on clearly pays."""
    summary = data.vole_summary[data.vole_summary["seat"] == seat]
    table = data.vole
    sentences = []
    for row in summary.itertuples(index=False):
        if not row.reached:
            continue
        paying = table[(table["scheme"] == "matadors_trumps") & (table["seat"] == seat)
                       & (table["contract"] == row.contract) & table["go_pays"].fillna(False).astype(bool)]
        classes = _class_list(paying)
        verdict = "pays" if row.ci_low > 0 else ("costs" if row.ci_high < 0 else "is not clearly better or worse")
        other = ""
        if row.other_vole_value is not None and not (isinstance(row.other_vole_value, float)
                                                     and math.isnan(row.other_vole_value)):
            other = (f"; were the vole worth {int(row.other_vole_value)} jetons a head instead of "
                     f"{int(row.vole_value)}, {_signed(row.other_go_minus_stop)} "
                     f"{_interval(row.other_ci_low, row.other_ci_high)}")
        where = (f" It clearly pays only with {classes}." if classes else
                 " No class of hands with enough deals shows going on clearly paying.")
        sentences.append(
            f"**The vole after {BID_PHRASES.get(row.contract, row.contract)}**, with {card_play}: the side reaches the "
            f"point (the first six tricks won) on {significant_share(row.p_reached)} of the deals declared "
            f"[{significant_share(row.p_reached_ci_low)}, {significant_share(row.p_reached_ci_high)}]; there, going on {verdict}: "
            f"{_signed(row.go_minus_stop)} jetons a deal {_interval(row.ci_low, row.ci_high)} against stopping, "
            f"n = {int(row.reached):,} deals that reached it, voles made {row.p_made_going:.0%} of the time going on"
            f"{other}.{where}")
    return sentences


def significant_share(p: float, max_decimals: int = 6) -> str:
    """A share as a percentage to three significant figures (at least one decimal), so that a
    small one's interval does not collapse onto its estimate: 50.0%, 2.95%, 0.187%. A share short
    of certain never rounds to 100.0%: 0.9997 is ">99.9%"."""
    if not p > 0:
        return "0.0%"
    decimals = min(max_decimals, max(1, 2 - math.floor(math.log10(p * 100))))
    text = f"{p * 100:.{decimals}f}"
    if p < 1 and float(text) >= 100:
        return f">99.{'9' * decimals}%"
    return f"{text}%"


def _class_list(classes: pd.DataFrame) -> str:
    """"1 true matador and 7 trumps; 2 and 6 or more trumps" from (matadors, trumps) rows."""
    parts = []
    for position, (matadors, group) in enumerate(classes.groupby("matadors", sort=True)):
        trumps = sorted(int(t) for t in group["trumps"])
        run = trumps == list(range(trumps[0], TRUMPS_TOP + 1)) and len(trumps) > 1
        counts = f"{trumps[0]} or more trumps" if run else " or ".join(
            [", ".join(str(t) for t in trumps[:-1]), _trumps(trumps[-1])] if len(trumps) > 1 else [_trumps(trumps[0])])
        noun = ("true matador" if int(matadors) == 1 else "true matadors") if position == 0 else ""
        parts.append(f"{int(matadors)}{' ' + noun if noun else ''} and {counts}")
    return "; ".join(parts)


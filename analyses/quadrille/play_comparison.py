"""Where two decision maps' verdicts differ: the verdicts' card play against the play they rested on
before (the heuristic's before strong, strong's before learned).

Both maps are played on deals of the same seed (a smaller one is a prefix of the larger), so a class
is the same hands in both. A class's verdicts *differ clearly* when the two maps name different best
bids and each is clear at 95% (its margin's interval over its runner-up above 0).
"""

from __future__ import annotations

import pandas as pd

from .decision_maps import ALL_SEATS, KEY_COLUMNS, DecisionMapData

SCHEMES = ("matadors_trumps", "auction_matadors_trumps")
VALUES = ("n", "best_action", "margin", "margin_ci_low", "margin_ci_high", "confident")
COLUMNS = KEY_COLUMNS + [f"{value}_{side}" for side in ("main", "other") for value in VALUES] + ["differ",
                                                                                               "differ_clearly"]


def compare_maps(main: DecisionMapData, other: DecisionMapData) -> pd.DataFrame:
    """Per class of matadors × trumps (all seats, and per seat by auction) with a best bid in both:
    each map's best bid with its margin, whether they differ, and whether clearly."""
    def chosen(data: DecisionMapData) -> pd.DataFrame:
        best = data.best_by_class
        rows = best[best["scheme"].isin(SCHEMES) & ~best["too_few"].astype(bool) & best["best_action"].notna()]
        return rows[KEY_COLUMNS + list(VALUES)]

    merged = chosen(main).merge(chosen(other), on=KEY_COLUMNS, suffixes=("_main", "_other"))
    merged["differ"] = merged["best_action_main"] != merged["best_action_other"]
    merged["differ_clearly"] = (merged["differ"] & merged["confident_main"].astype(bool)
                                & merged["confident_other"].astype(bool))
    merged = merged[COLUMNS].reset_index(drop=True)
    merged.attrs = {**main.metadata, "analysis": "map_comparison", "other_policies": other.metadata.get("policies"),
                    "other_deals": other.deals_done}
    return merged


def comparison_sentence(table: pd.DataFrame, main_play: str, other_play: str, other_deals: int,
                        other_policy: str = "heuristic") -> str:
    """Where the verdicts under ``main_play`` and ``other_play`` (``other_policy``'s) differ, in one paragraph."""
    from .verdicts import AUCTION_KEYS, BID_WORDS, _interval, _signed, _trumps

    overall = table[(table["seat"] == ALL_SEATS) & (table["scheme"] == "matadors_trumps")]
    clear = overall[overall["differ_clearly"]]
    whose = "the heuristic's" if other_policy == "heuristic" else f"`{other_policy}`'s"
    text = (f"**Against {whose} own verdicts.** The same classes from {other_deals:,} of the same deals under "
            f"{other_play}: all seats together, the best bid is the same in {int((~overall['differ']).sum())} of "
            f"the {len(overall)} classes of matadors × trumps")
    if clear.empty:
        text += ", and no class differs clearly (both best bids clear at 95%)."
    else:
        listed = "; ".join(
            f"{int(row.matadors)} true matador{'s' if int(row.matadors) != 1 else ''} and {_trumps(int(row.trumps))}: "
            f"{BID_WORDS.get(row.best_action_main, row.best_action_main)} under {main_play} "
            f"({_signed(row.margin_main)} {_interval(row.margin_ci_low_main, row.margin_ci_high_main)} over the "
            f"runner-up, n = {int(row.n_main):,}), {BID_WORDS.get(row.best_action_other, row.best_action_other)} "
            f"under {other_play} ({_signed(row.margin_other)} "
            f"{_interval(row.margin_ci_low_other, row.margin_ci_high_other)}, n = {int(row.n_other):,})"
            for row in clear.itertuples(index=False))
        text += f"; it differs clearly in {len(clear)}: {listed}."
    by_seat = table[(table["seat"] != ALL_SEATS) & (table["scheme"] == "auction_matadors_trumps")]
    if not by_seat.empty:
        seat_clear = by_seat[by_seat["differ_clearly"]]
        text += (f" Per seat and auction situation, {int(by_seat['differ'].sum())} of {len(by_seat)} classes name "
                 f"another best bid, {len(seat_clear)} of them clearly")
        situations = sorted({AUCTION_KEYS.get(int(a), str(a)) for a in seat_clear["auction"].dropna()})
        text += f" (where {' and where '.join(situations)})." if situations else "."
    text += " The table play-comparison lists every class that differs; its CSV has them all."
    return text

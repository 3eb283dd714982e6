"""The first page's summary a player can keep beside the table, and how the rules moved between two plays.

``at_a_glance``: per seat and situation, from how many trumps (by true matadors) each declaring bid is
the map's best, and at the vole point when to go on. ``threshold_moves``: the same thresholds under
two card plays side by side (the report's play and the one its verdicts rested on before), with the
bids where one play is the bolder, which ``bolder_bids`` lists for the sentence on artefacts.
"""

from __future__ import annotations

import pandas as pd

SITUATIONS = {"nobody has bid": "first to speak", "a bid stands": "after a bid", "any": "any"}
MOVE_COLUMNS = ["seat", "auction", "bid", "matadors", "from_before", "from_now", "moved"]


def trumps_text(value) -> str:
    """A threshold in words: its trump count, or "never" where no count makes the bid best."""
    return "never" if value is pd.NA or pd.isna(value) else str(int(value))


def at_a_glance(thresholds: pd.DataFrame, bids: list[str], vole_rules: dict[str, str]) -> pd.DataFrame:
    """One row per seat and situation: for each declaring bid in ``bids`` the trumps from which it
    (or a higher bid) is best, by true matadors ("0: 6 · 1: 5 ..."); then one row per declaring bid
    with a vole rule (``vole_rules``: bid -> the rule in words)."""
    rows = []
    for (seat, auction), group in thresholds.groupby(["seat", "auction"], sort=False):
        row = {"seat": seat, "situation": SITUATIONS.get(auction, auction)}
        for bid in bids:
            cells = group[group["bid"] == bid].sort_values("matadors")
            row[bid] = " · ".join(f"{int(r.matadors)}: {trumps_text(r.from_trumps)}" for r in cells.itertuples(index=False))
        rows.append(row)
    for bid, rule in vole_rules.items():
        rows.append({"seat": "the side on lead", "situation": f"at the vole point of {bid}",
                     **{b: "" for b in bids}, "vole": rule})
    frame = pd.DataFrame(rows, columns=["seat", "situation", *bids, "vole"]).fillna("")
    frame.attrs = dict(thresholds.attrs)
    return frame


def threshold_moves(now: pd.DataFrame, before: pd.DataFrame) -> pd.DataFrame:
    """The thresholds (``bid_thresholds`` frames) of two plays on the same keys: ``moved`` is the
    trumps the bid needs now less before (negative: bolder now; NA where either never bids it)."""
    keys = ["seat", "auction", "bid", "matadors"]
    merged = before[keys + ["from_trumps"]].merge(now[keys + ["from_trumps"]], on=keys, how="inner",
                                                 suffixes=("_before", "_now"))
    merged = merged.rename(columns={"from_trumps_before": "from_before", "from_trumps_now": "from_now"})
    merged["moved"] = (merged["from_now"] - merged["from_before"]).astype("Int64")
    return merged[MOVE_COLUMNS].reset_index(drop=True)


def bolder_bids(moves: pd.DataFrame, bolder: str) -> pd.DataFrame:
    """The rows where the ``bolder`` side ("now" or "before") asks fewer trumps for the bid, or bids
    it where the other never does."""
    other = "before" if bolder == "now" else "now"
    mine, theirs = moves[f"from_{bolder}"], moves[f"from_{other}"]
    fewer = mine.notna() & theirs.notna() & (mine < theirs)
    only = mine.notna() & theirs.isna()
    return moves[(fewer | only).fillna(False).astype(bool)].reset_index(drop=True)

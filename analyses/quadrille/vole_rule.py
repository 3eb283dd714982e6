"""The vole rule at the point, in a sentence: go on when at most so many of your cards can lose.

From the point classes (vole_point_tables) of all seats together, per declaring bid and reading
of the vole rules: the rule's threshold is the fewest sure winners (``masters``: cards no card
still out can beat) from which going on has a positive paired mean in every class of sure winners
with at least ``min_n`` positions (decision_maps' threshold logic, on sure winners instead of
trumps). Its figures are pooled exactly from the integer sums: on the positions the rule says go,
how often the vole is made and what going on gains over stopping; on the others, what going on
would have cost. Each figure has n and a 95% interval.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import pandas as pd

from .decision_maps import _first_from_which
from .verdicts import significant_share
from .vole_point import TRUMPS_OUT_TOP
from .vole_point_tables import cell_figures, pooled

RULE_COLUMNS = ["seat", "contract", "reading", "vole_value", "vole_failed", "after_tricks", "cards_left",
                "from_masters", "classes_tested", "too_few", "also_pays", "n_go", "made_go", "p_made_go", "p_made_go_ci_low",
                "p_made_go_ci_high", "gain_go", "gain_go_ci_low", "gain_go_ci_high", "clear_go", "n_stop", "made_stop",
                "p_made_stop", "p_made_stop_ci_low", "p_made_stop_ci_high", "gain_stop", "gain_stop_ci_low", "gain_stop_ci_high",
                "clear_stop"]


def rule_table(table: pd.DataFrame, stats, readings: Sequence, contracts: Sequence[str], min_n: int,
               difference_ranges: Sequence, metadata: Mapping, after: int = 6) -> pd.DataFrame:
    """Per declaring bid and reading (all seats together): ``from_masters`` (NA: going on pays in
    no class with enough positions), ``after_tricks`` the tricks won at the point, and the pooled
    figures where the rule goes on (``*_go``) and where it stops (``*_stop``: what going on would
    have given there); ``too_few``: the counts of sure winners left out of the threshold;
    ``also_pays``: the classes of sure winners and trumps still out where the rule stops but going on
    clearly pays (95% CI above 0, at least ``min_n`` positions), with their figures."""
    records = []
    masters = table[(table["scheme"] == "masters") & (table["seat"] == "all") & ~table["too_few"]]
    for pair, contract in enumerate(contracts):
        for index, reading in enumerate(readings):
            rows = masters[(masters["contract"] == contract) & (masters["reading"] == reading.label)]
            every = table[(table["scheme"] == "masters") & (table["seat"] == "all") & (table["contract"] == contract)
                          & (table["reading"] == reading.label)]
            if every.empty:
                continue
            counts = [int(m) for m in rows["masters"]]
            start = _first_from_which(counts, list(rows["go_minus_stop"] > 0)) if counts else pd.NA
            populated = [int(m) for m in every["masters"]]
            go = [(m,) for m in populated if start is not pd.NA and m >= start]
            stop = [(m,) for m in populated if start is pd.NA or m < start]
            first = every.iloc[0]
            record = {"seat": "all", "contract": contract, "reading": reading.label, "vole_value": first["vole_value"],
                      "vole_failed": first["vole_failed"], "after_tricks": after, "cards_left": first["cards_left"],
                      "from_masters": start,
                      "classes_tested": len(rows),
                      "too_few": "; ".join(f"{int(r.masters)} sure winner{'' if r.masters == 1 else 's'} "
                                           f"(n = {int(r.n):,})" for r in every.itertuples() if r.too_few),
                      "also_pays": _exceptions(table, contract, reading.label, start)}
            for side, classes in (("go", go), ("stop", stop)):
                figures = cell_figures(pooled(stats, "masters", None, pair, classes), index,
                                       difference_ranges[index])
                record.update({f"n_{side}": figures["n"], f"made_{side}": figures["made"],
                               f"p_made_{side}": figures["p_made"], f"p_made_{side}_ci_low": figures["p_made_ci_low"],
                               f"p_made_{side}_ci_high": figures["p_made_ci_high"],
                               f"gain_{side}": figures["go_minus_stop"], f"gain_{side}_ci_low": figures["ci_low"],
                               f"gain_{side}_ci_high": figures["ci_high"],
                               f"clear_{side}": _clear(figures)})
            records.append(record)
    frame = pd.DataFrame.from_records(records, columns=RULE_COLUMNS)
    frame = frame.astype({"from_masters": "Int64", "n_go": "int64", "n_stop": "int64", "made_go": "int64",
                          "made_stop": "int64"})
    frame.attrs = dict(metadata)
    return frame


def _exceptions(table: pd.DataFrame, contract: str, reading: str, start) -> str:
    """"2 sure winners and 1 trump still out (+2.75 jetons a deal [+0.47, +5.04], the vole made 63.8%,
    n = 69)" for each class of sure winners and trumps still out below the rule where going on pays."""
    cells = table[(table["scheme"] == "masters_trumps_out") & (table["seat"] == "all")
                  & (table["contract"] == contract) & (table["reading"] == reading) & table["go_pays"]]
    parts = []
    for row in cells.itertuples(index=False):
        if start is not pd.NA and int(row.masters) >= int(start):
            continue
        trumps = f"{int(row.trumps_out)} or more trumps" if int(row.trumps_out) >= TRUMPS_OUT_TOP else \
            f"{int(row.trumps_out)} trump{'' if int(row.trumps_out) == 1 else 's'}"
        parts.append(f"{int(row.masters)} sure winner{'' if int(row.masters) == 1 else 's'} and {trumps} still out "
                     f"({_signed(row.go_minus_stop)} jetons a deal [{_signed(row.ci_low)}, {_signed(row.ci_high)}], "
                     f"the vole made {_share(row.p_made)}, n = {int(row.n):,})")
    return "; ".join(parts)


def _clear(figures: dict) -> bool:
    return bool(figures["n"] and (figures["ci_low"] > 0 or figures["ci_high"] < 0))


NUMBERS = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count_word(k: int) -> str:
    return NUMBERS[k] if 0 <= k < len(NUMBERS) else str(k)


def rule_words(from_masters, cards_left: int, min_n: int) -> str:
    """"go on when none of your 4 cards can lose to the cards still out" and the like."""
    if from_masters is None or pd.isna(from_masters):
        return f"stop at the game: no count of sure winners with at least {min_n} positions finds going on paying"
    losers = cards_left - int(from_masters)
    if int(from_masters) <= 0:
        return "go on whatever your cards"
    if losers <= 0:
        return f"go on when none of your {cards_left} cards can lose to the cards still out"
    return f"go on when at most {_count_word(losers)} of your {cards_left} cards can lose to the cards still out"


def _signed(value: float) -> str:
    return f"{value:+.2f}".replace("-", "−")


def _share(value: float) -> str:
    if not value > 0:
        return "0%"
    if value >= 1:
        return "100%"
    return significant_share(value, max_decimals=4)


def _gain(row, side: str) -> str:
    clear = "" if row[f"clear_{side}"] else ", not clear at 95%"
    return (f"{_signed(row[f'gain_{side}'])} jetons a deal [{_signed(row[f'gain_{side}_ci_low'])}, "
            f"{_signed(row[f'gain_{side}_ci_high'])}] (n = {int(row[f'n_{side}']):,}{clear})")


def _made(row, side: str) -> str:
    return (f"the vole is made {_share(row[f'p_made_{side}'])} of the time [{_share(row[f'p_made_{side}_ci_low'])}, "
            f"{_share(row[f'p_made_{side}_ci_high'])}]")


def rule_clause(row, min_n: int, shares: bool = True) -> str:
    """One reading's rule with its figures for one bid: where it goes on, what going on gains over
    stopping; on the other positions, what going on would give; ``shares``: with P(vole)."""
    parts = [rule_words(row["from_masters"], int(row["cards_left"]), min_n)]
    if row["n_go"]:
        made = f"{_made(row, 'go')} and " if shares else ""
        parts.append(f"there {made}going on gains {_gain(row, 'go')} over stopping")
    if row["n_stop"]:
        where = "on the other positions" if row["n_go"] else "over all of them"
        made = f"{_made(row, 'stop')} and " if shares else ""
        parts.append(f"{where} {made}going on gives {_gain(row, 'stop')}")
    if row["also_pays"]:
        parts.append(f"below the rule going on also clearly pays with {row['also_pays']}")
    if row["too_few"] and shares:
        parts.append(f"too few positions to judge {row['too_few']}")
    return "; ".join(parts)


def rule_sentences(rules: pd.DataFrame, card_play: str, bid_phrases: Mapping[str, str], min_n: int) -> list[str]:
    """Per declaring bid: the rule under this ruleset's vole rules, then under each other reading
    (the same positions replayed under it)."""
    sentences = []
    for contract, group in rules.groupby("contract", sort=False):
        if group["n_go"].sum() + group["n_stop"].sum() == 0:
            continue
        first, others = group.iloc[0], group.iloc[1:]
        after = int(first["after_tricks"])
        who = ("the ombre, announcing it before the first trick" if after == 0 else
               f"the player on lead once his side has won the first {after} tricks")
        text = (f"**The vole at the point, after {bid_phrases.get(contract, contract)}**, with {card_play}. "
                f"Under {first['reading']}, to {who}: {rule_clause(first, min_n)}.")
        for _, row in others.iterrows():
            text += f" Under {row['reading']}: {rule_clause(row, min_n, shares=False)}."
        sentences.append(text)
    return sentences

"""The asker's choice when a later seat forces him with a higher bid: take it himself, or cede.

Under ``auction.asker_preference`` an asker overbid by a later seat may take the higher bid himself
(the Encyclopédie's sans prendre over an ask). The decision maps fix the focal seat's bid. The answer
to the force stays the policy's, so the maps never compare taking with ceding. Here the asker's
answer is fixed both ways, on the same deals.

1. Every deal of the seed is played once for each focal seat, with its bid fixed to an ask. This
   finds the deals where its ask stood and a later seat went over it.
2. Those deals are replayed twice from the same random stream. In one the asker always takes
   (``take_forced_threshold`` 0, below any hand's estimate). In the other he always cedes (10, above
   any hand's ten tricks). Nothing else changes, so the difference is paired deal by deal.

Hands are classed like the maps' (``decision_maps.hand_classes``: true matadors × trumps of the best
suit). Each class gets the paired take − cede with its 95% CI, and the share of its hands the
policy's own answer takes. The rule that results: take from so many trumps, for each matador count.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable, Sequence

import numpy as np
import pandas as pd

from spadille.analyses.paired import paired_difference
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.cards import SEAT_NAMES
from spadille.kernel.quadrille.policies import SeatPolicy
from spadille.kernel.quadrille.ruleset import Ruleset
from spadille.kernel.quadrille.simulate import provenance
from spadille.kernel.quadrille.variants import Force, Variant, deals_of_seed, play_variants

from .decision_maps import ALL_SEATS, MIN_N, TRUMPS_TOP, _first_from_which, hand_classes
from .map_cells import difference_range
from .payment_range import payment_range

ALWAYS_TAKE, ALWAYS_CEDE = 0.0, 10.0   # take_forced_threshold: estimated tricks never below 0, never above 10
COLUMNS = ["seat", "matadors", "trumps", "n", "take_minus_cede", "ci_low", "ci_high", "clear", "p_policy_takes"]
RULE_COLUMNS = ["seat", "matadors", "take_from_trumps", "n", "gain", "ci_low", "ci_high"]
BATCH = 65536


@dataclass(eq=False)
class TakeOrCede:
    table: pd.DataFrame      # per seat (and all) and class: the paired take - cede
    rule: pd.DataFrame       # per seat and matador count: from how many trumps taking pays
    forced: int              # deals where an ask was forced, over all focal seats
    deals: int
    metadata: dict
    offered: bool            # the ruleset gives the asker the choice at all


def _answer_policies(policies: Sequence[SeatPolicy], seat: int, threshold: float) -> tuple[SeatPolicy, ...]:
    chosen = list(policies)
    chosen[seat] = replace(chosen[seat], params={**chosen[seat].params, "take_forced_threshold": threshold})
    return tuple(chosen)


def take_or_cede(ruleset: Ruleset, policies: Sequence[SeatPolicy], deals: int, seed: int,
                 threads: int | None = None, progress: Callable[[int], None] | None = None,
                 min_n: int = MIN_N) -> TakeOrCede:
    """``progress(n)`` hears the deals scanned, batch by batch (each batch once per focal seat)."""
    policies = tuple(policies)
    seats = ruleset["pack.seats"]
    metadata = provenance(ruleset, policies, seed, "take_or_cede", deals_requested=deals,
                          answers={"take": f"take_forced_threshold={ALWAYS_TAKE:g}",
                                   "cede": f"take_forced_threshold={ALWAYS_CEDE:g}"})
    offered = bool(ruleset["auction.asker_preference"])
    focal = range(seats - 1)            # the dealer speaks last: nobody can force his ask
    pays, classes, policy_took, seat_of = [], [], [], []
    done = 0
    if offered:
        asks = {seat: [Variant("ask", Force(seat=seat, bid=L.ASK))] for seat in focal}
        answers = {seat: [Variant("take", Force(seat=seat, bid=L.ASK), _answer_policies(policies, seat, ALWAYS_TAKE)),
                          Variant("cede", Force(seat=seat, bid=L.ASK), _answer_policies(policies, seat, ALWAYS_CEDE))]
                   for seat in focal}
        try:  # a Ctrl-C keeps the batches finished
            while done < deals:
                n = min(BATCH, deals - done)
                hands, ids = deals_of_seed(ruleset, seed, done, n)
                batch = []        # the batch counts only once every focal seat has played it
                for seat in focal:
                    out = play_variants(ruleset, policies, asks[seat], hands, ids, seed, threads=threads)
                    bids = out[:, 0, L.OUT_BIDS:L.OUT_BIDS + seats]
                    forced = (bids[:, seat] == L.ASK) & (bids[:, seat + 1:] > L.ASK).any(axis=1)
                    if not forced.any():
                        continue
                    replay = play_variants(ruleset, policies, answers[seat], hands[forced], ids[forced], seed,
                                           threads=threads)
                    features = hand_classes(hands[forced, seat], ruleset)
                    batch.append((replay[:, :, L.OUT_PAY + seat],
                                  np.stack([features["matadors"], features["trumps"]], axis=1),
                                  out[forced, 0, L.OUT_OMBRE] == seat, np.full(int(forced.sum()), seat)))
                for pay, cls, took, who in batch:
                    pays.append(pay)
                    classes.append(cls)
                    policy_took.append(took)
                    seat_of.append(who)
                done += n
                if progress is not None:
                    progress(n)
        except KeyboardInterrupt:
            metadata["interrupted"] = True
    metadata["deals_done"] = done
    if pays:
        pay, cls, took, who = (np.concatenate(a) for a in (pays, classes, policy_took, seat_of))
    else:
        pay, cls, took, who = (np.zeros((0, 2), dtype=np.int64), np.zeros((0, 2), dtype=np.int64),
                               np.zeros(0, dtype=bool), np.zeros(0, dtype=np.int64))
    bounds = difference_range(payment_range(ruleset))
    table = _class_table(pay, cls, took, who, SEAT_NAMES[seats], bounds, metadata)
    rule = _rule_table(table, pay, cls, who, list(SEAT_NAMES[seats]), bounds, min_n, metadata)
    return TakeOrCede(table, rule, int(pay.shape[0]), done, metadata, offered)


def _class_table(pay, cls, took, who, seat_names, bounds, metadata) -> pd.DataFrame:
    records = []
    groups = [(seat_names[s], who == s) for s in sorted(set(who.tolist()))] + [(ALL_SEATS, np.ones(len(who), bool))]
    for label, mask in groups:
        for matadors in range(4):
            for trumps in range(TRUMPS_TOP + 1):
                rows = mask & (cls[:, 0] == matadors) & (cls[:, 1] == trumps)
                if not rows.any():
                    continue
                n, mean, low, high = paired_difference(pay[rows, 0], pay[rows, 1], outcome_range=bounds)
                records.append({"seat": label, "matadors": matadors, "trumps": trumps, "n": n,
                                "take_minus_cede": mean, "ci_low": low, "ci_high": high,
                                "clear": bool(low > 0 or high < 0), "p_policy_takes": float(took[rows].mean())})
    frame = pd.DataFrame.from_records(records, columns=COLUMNS)
    frame.attrs = dict(metadata)
    return frame


def _rule_table(table: pd.DataFrame, pay, cls, who, seat_names, bounds, min_n: int, metadata) -> pd.DataFrame:
    """Per seat and matador count: the trump count from which taking has the higher mean at that
    count and every larger one with enough hands (NA: never), and the paired gain of taking over
    ceding pooled over the hands from there up."""
    records = []
    for (seat, matadors), group in table[table["n"] >= min_n].groupby(["seat", "matadors"], sort=False):
        trumps = [int(t) for t in group["trumps"]]
        start = _first_from_which(trumps, list(group["take_minus_cede"] > 0))
        record = {"seat": seat, "matadors": int(matadors), "take_from_trumps": start, "n": 0, "gain": math.nan,
                  "ci_low": math.nan, "ci_high": math.nan}
        if start is not pd.NA:
            rows = (cls[:, 0] == matadors) & (cls[:, 1] >= start)
            if seat != ALL_SEATS:
                rows &= who == seat_names.index(seat)
            n, gain, low, high = paired_difference(pay[rows, 0], pay[rows, 1], outcome_range=bounds)
            record.update({"n": n, "gain": gain, "ci_low": low, "ci_high": high})
        records.append(record)
    frame = pd.DataFrame.from_records(records, columns=RULE_COLUMNS).astype({"take_from_trumps": "Int64"})
    frame.attrs = dict(metadata)
    return frame


def take_sentence(result: TakeOrCede, card_play: str, min_n: int = MIN_N) -> str:
    """The asker's rule in one sentence, all seats together, with its figures."""
    if not result.offered:
        return ("**Asked, then forced**: this ruleset gives the asker no preference (auction.asker_preference is "
                "off), so a higher bid simply overbids his ask and there is nothing for him to decide.")
    rule = result.rule[result.rule["seat"] == ALL_SEATS]
    table = result.table[(result.table["seat"] == ALL_SEATS) & (result.table["n"] >= min_n)]
    takes, cedes, thin = [], [], []
    for row in rule.itertuples(index=False):
        noun = "true matador" if row.matadors == 1 else "true matadors"
        if row.take_from_trumps is pd.NA:
            cedes.append(str(row.matadors))
            continue
        from_trumps = int(row.take_from_trumps)
        what = f"{from_trumps} or more trumps" if from_trumps < TRUMPS_TOP else f"{TRUMPS_TOP} or more trumps"
        clear = "" if row.ci_low > 0 else ", not clear at 95%"
        takes.append(f"with {row.matadors} {noun} and {what} ({row.gain:+.2f} jetons a deal "
                     f"[{row.ci_low:+.2f}, {row.ci_high:+.2f}] over ceding, n = {row.n:,}{clear})".replace("-", "−"))
    for matadors in range(4):
        if matadors not in set(rule["matadors"]):
            thin.append(str(matadors))
    below = table[table["take_minus_cede"] < 0]
    others = "on the other hands " if takes else ""
    worst = (f" Taking {others}loses between {below['take_minus_cede'].max():+.1f} and "
             f"{below['take_minus_cede'].min():+.1f} jetons a deal by class.").replace("-", "−") if len(below) else ""
    taken = "take it " + " and ".join(takes) + "; otherwise cede." if takes else "cede it whatever the hand."
    cede_text = f" With {_either(cedes)} true matadors taking never pays on the classes seen." if cedes and takes else ""
    thin_text = (f" Hands with {_either(thin)} true matadors were forced too seldom (under {min_n} hands a class) "
                 "to say.") if thin else ""
    return (f"**Asked, then forced by a higher bid** (the asker may take it himself), with {card_play}: {taken}"
            f"{cede_text}{worst}{thin_text} Paired on the same {result.forced:,} forced deals of {result.deals:,} "
            "scanned, the asker's answer fixed both ways (table: take-or-cede.csv).")


def _either(counts: list[str]) -> str:
    return counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " or " + counts[-1]

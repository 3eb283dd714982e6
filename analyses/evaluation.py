"""The hand evaluator: every action open to one hand, estimated on the same random deals.

For a hand at a seat the actions are: pass; ask in each trump calling each card the rules
let it call; sans prendre in each trump; and, for every contract, stop at the game or go on
for the vole when the side has won the first six tricks (a "stop" and a "vole" version of
each). The other 30 cards are dealt uniformly (optionally under a condition on the other
hands), every deal is replayed under every action from the same random stream, and the
other seats follow their policies, bidding included: an ask can be overcalled by a sans
prendre, and an eldest who passes may still end up forced to play spadille.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import pandas as pd

from spadille.kernel import _layout as L
from spadille.kernel import cards
from spadille.kernel.policies import SeatPolicy
from spadille.kernel.reference.contract import legal_calls
from spadille.kernel.reference.rules import read_rules
from spadille.kernel.ruleset import Ruleset
from spadille.kernel.variants import Force, Variant, play_variants

from .paired import FocalView, focal_view, ranked, variant_table

STOP, GO = 0, 1


def contract_label(bid: int, trump: int, call: int | None = None) -> str:
    suit = cards.SUIT_SYMBOLS[trump]
    if bid == L.ALONE:
        return f"sans prendre {suit}"
    return f"ask {suit} calling {cards.format_card(call)}"


def hand_actions(ruleset: Ruleset, hand: int, focal_seat: int, vole: bool = True) -> list[Variant]:
    """Every action of ``hand`` (natural mask) as a variant fixing the focal seat's decisions.

    The vole versions come right after their "stop" version, so the kernel can copy the deals
    where the vole point is never reached instead of replaying them."""
    rules = read_rules(ruleset)
    held = {card for card in range(cards.N_CARDS) if hand >> card & 1}
    actions = [Variant("pass", Force(seat=focal_seat, bid=L.PASS))]

    def add(label: str, force: Force) -> None:
        if not vole:
            actions.append(Variant(label, force))
            return
        actions.append(Variant(f"{label} · stop", Force(**{**force.__dict__, "vole": STOP})))
        actions.append(Variant(f"{label} · vole", Force(**{**force.__dict__, "vole": GO})))

    for trump in rules.allowed_trumps:
        for call in legal_calls(held, trump, rules):
            add(contract_label(L.ASK, trump, call), Force(seat=focal_seat, bid=L.ASK, trump=trump, call=call))
    for trump in rules.allowed_trumps:
        add(contract_label(L.ALONE, trump), Force(seat=focal_seat, bid=L.ALONE, trump=trump))
    return actions


@dataclass
class Evaluation:
    hand: int
    focal_seat: int
    table: pd.DataFrame               # ranked, one row per action
    view: FocalView
    labels: list[str]
    deals: int
    tried: int                        # deals drawn to find ``deals`` meeting the condition
    metadata: dict = field(default_factory=dict)

    @property
    def best(self) -> pd.Series:
        return self.table.iloc[0]


def evaluate_hand(ruleset: Ruleset, policies: Sequence[SeatPolicy], hand: int, focal_seat: int, deals: int, seed: int,
                  condition: str | None = None, vole: bool = True, threads: int | None = None,
                  progress: Callable[[int], None] | None = None, metadata: dict | None = None) -> Evaluation:
    """Estimate every action of ``hand`` at ``focal_seat`` over ``deals`` deals of the other cards."""
    from spadille.kernel.conditions import deal_conditioned

    dealt = deal_conditioned(ruleset, seed, deals, condition=condition, fixed={focal_seat: hand},
                             focal_seat=focal_seat)
    variants = hand_actions(ruleset, hand, focal_seat, vole=vole)
    out = play_variants(ruleset, policies, variants, dealt.hands, dealt.attempts, seed, threads=threads,
                        batch_size=_batch_size(policies, len(variants)), progress=progress)
    labels = [v.label for v in variants]
    view = focal_view(out, focal_seat)
    table = ranked(variant_table(view, labels), view)
    table["p_vole_point"] = [view.vole_point[:, labels.index(label)].mean() for label in table["action"]]
    return Evaluation(hand, focal_seat, table, view, labels, int(dealt.accepted), int(dealt.tried),
                      dict(metadata or {}))


def _batch_size(policies: Sequence[SeatPolicy], n_variants: int) -> int:
    """Small batches for searching players, so the progress bar moves every few seconds."""
    from spadille.kernel.simulate import SEARCHING_POLICIES

    if any(p.name in SEARCHING_POLICIES for p in policies):
        return 2
    return max(64, 65536 // max(1, n_variants))


def parse_hand_text(text: str) -> int:
    """A ten-card hand from user text (see kernel.cards.Hand.parse), as a natural mask."""
    hand = cards.Hand.parse(text)
    return int(hand.mask)


def vole_decisions(evaluation: Evaluation) -> pd.DataFrame:
    """For each contract: how often the vole point is reached and what going on is worth there
    (paired, on the deals where the point was reached)."""
    from .paired import paired_difference

    labels = evaluation.labels
    view = evaluation.view
    records = []
    for index, label in enumerate(labels):
        if not label.endswith(" · stop"):
            continue
        contract = label[: -len(" · stop")]
        go = labels.index(f"{contract} · vole")
        reached = view.vole_point[:, index]
        n, mean, low, high = paired_difference(view.pay[reached, go], view.pay[reached, index])
        records.append({"contract": contract, "deals": len(reached), "vole_point_reached": int(reached.sum()),
                        "go_minus_stop": mean, "ci_low": low, "ci_high": high})
    return pd.DataFrame(records)

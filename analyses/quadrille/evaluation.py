"""The hand evaluator: every action open to one hand, estimated on the same random deals.

For a hand at a seat the actions are: pass; each bid the ruleset offers (ask, the demand of
a king, casco, sans prendre) in each trump with each card the rules let it call or demand; and, for every contract, stop at the game or go on
for the vole when the side has won the first six tricks (a "stop" and a "vole" version of
each). The other 30 cards are dealt uniformly (optionally under a condition on the other
hands), every deal is replayed under every action from the same random stream, and the
other seats follow their policies, bidding included: an ask can be overcalled by a sans
prendre, and an eldest who passes may still end up forced to play spadille.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np
import pandas as pd

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.policies import SeatPolicy
from spadille.kernel.quadrille.reference.contract import casco_calls, legal_calls, legal_demands
from spadille.kernel.quadrille.reference.rules import read_rules
from spadille.kernel.quadrille.ruleset import Ruleset
from spadille.kernel.quadrille.variants import Force, Variant, play_variants

from spadille.analyses.quadrille.focal import FocalView, focal_view, ranked, variant_table

STOP, GO = 0, 1
MAX_EVALUATED_DEALS = 100_000  # every deal's result under every action is kept in memory (~0.5 GB at most)


def contract_label(bid: int, trump: int, call: int | None = None, own: bool = False, demands: bool = False) -> str:
    """'sans prendre ♥', 'ask ♥ call ♣K', '(own)' when the called king is the hand's own (a
    self-call: the ombre plays alone without the sans-prendre premium), 'ask ♥ demand ♣K'
    when the ask ``demands`` a king (quadrille à trois), 'demand ♥ ♣K' for the bid DEMAND, and
    'casco call ♣K' (the partner names trumps, so ``trump`` is ignored)."""
    if bid == L.CASCO:
        return f"casco call {cards.format_card(call)}" + (" (own)" if own else "")
    suit = cards.SUIT_SYMBOLS[trump]
    if bid == L.ALONE:
        return f"sans prendre {suit}"
    if bid == L.DEMAND:
        return f"demand {suit} " + (cards.format_card(call) if call is not None else "(no king to demand)")
    if demands:
        return f"ask {suit} demand " + (cards.format_card(call) if call is not None else "(no king to demand)")
    return f"ask {suit} call {cards.format_card(call)}" + (" (own)" if own else "")


def hand_actions(ruleset: Ruleset, hand: int, focal_seat: int, vole: bool = True) -> list[Variant]:
    """Every action of ``hand`` (natural mask) as a variant fixing the focal seat's decisions:
    every bid the ruleset offers (auction.contracts) in every trump with every call or demand.

    The vole versions come right after their "stop" version, so the kernel can copy the deals
    where the vole point is never reached instead of replaying them."""
    rules = read_rules(ruleset)
    held = {card for card in range(cards.N_CARDS) if hand >> card & 1}
    actions = [Variant("pass", Force(seat=focal_seat, bid=L.PASS))]
    ladder = ruleset["auction.contracts"]

    def add(label: str, force: Force) -> None:
        if not vole:
            actions.append(Variant(label, force))
            return
        actions.append(Variant(f"{label} · stop", Force(**{**force.__dict__, "vole": STOP})))
        actions.append(Variant(f"{label} · vole", Force(**{**force.__dict__, "vole": GO})))

    def add_demands(bid: int, trump: int) -> None:
        kings = legal_demands(held, trump, rules)
        for king in kings:
            add(contract_label(bid, trump, king, demands=True), Force(seat=focal_seat, bid=bid, trump=trump, call=king))
        if not kings:
            add(contract_label(bid, trump, None, demands=True), Force(seat=focal_seat, bid=bid, trump=trump))

    if "ask" in ladder:
        for trump in rules.allowed_trumps:
            if ruleset["contract.ask_demands_king"]:
                add_demands(L.ASK, trump)
                continue
            for call in legal_calls(held, trump, rules):
                add(contract_label(L.ASK, trump, call, own=call in held),
                    Force(seat=focal_seat, bid=L.ASK, trump=trump, call=call))
    if "demand" in ladder:
        for trump in rules.allowed_trumps:
            add_demands(L.DEMAND, trump)
    if "casco" in ladder and cards.SPADILLE in held and cards.BASTO in held:
        for call in casco_calls(held, rules):
            add(contract_label(L.CASCO, -1, call, own=call in held), Force(seat=focal_seat, bid=L.CASCO, call=call))
    if "sans-prendre" in ladder:
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
    deals: int                        # deals evaluated (fewer than asked if interrupted)
    tried: int                        # deals drawn to find those meeting the condition
    interrupted: bool = False
    metadata: dict = field(default_factory=dict)

    @property
    def best(self) -> pd.Series:
        return self.table.iloc[0]


def evaluate_hand(ruleset: Ruleset, policies: Sequence[SeatPolicy], hand: int, focal_seat: int, deals: int, seed: int,
                  condition: str | None = None, vole: bool = True, threads: int | None = None,
                  progress: Callable[[int], None] | None = None, metadata: dict | None = None,
                  fixed: dict[int, int] | None = None) -> Evaluation:
    """Estimate every action of ``hand`` at ``focal_seat`` over ``deals`` deals of the other cards
    (with the cards of ``fixed``, {seat: natural mask}, where it puts them).

    Works batch by batch; a KeyboardInterrupt raised by ``progress`` ends it early with the
    batches that finished (``interrupted``)."""
    from spadille.kernel.quadrille.conditions import deal_conditioned
    from spadille.kernel.quadrille.simulate import MAX_SEED
    from spadille.kernel.common.errors import SimulationError

    if not isinstance(deals, int) or not 1 <= deals <= MAX_EVALUATED_DEALS:
        raise SimulationError(f"--deals must be between 1 and {MAX_EVALUATED_DEALS:,}, not {deals!r}")
    if not 0 <= seed <= MAX_SEED:
        raise SimulationError(f"--seed must be between 0 and {MAX_SEED}, not {seed}")
    others = dict(fixed or {})
    if focal_seat in others:
        raise SimulationError("the evaluated hand's own seat cannot have other fixed cards")
    dealt = deal_conditioned(ruleset, seed, deals, condition=condition, fixed={focal_seat: hand, **others},
                             focal_seat=focal_seat)
    variants = hand_actions(ruleset, hand, focal_seat, vole=vole)
    size = _batch_size(policies, len(variants))
    parts = []
    interrupted = False
    try:
        for begin in range(0, deals, size):
            end = min(deals, begin + size)
            parts.append(play_variants(ruleset, policies, variants, dealt.hands[begin:end], dealt.attempts[begin:end],
                                       seed, threads=threads, batch_size=size))
            if progress is not None:
                progress(end - begin)
    except KeyboardInterrupt:
        interrupted = True
    out = np.concatenate(parts) if parts else np.zeros((0, len(variants), L.N_OUT), dtype=np.int64)
    labels = [v.label for v in variants]
    view = focal_view(out, focal_seat)
    from spadille.analyses.quadrille.payment_range import payment_range

    pay_range = payment_range(ruleset)   # an action that always paid the same still gets a true CI
    table = ranked(variant_table(view, labels, pay_range), view, pay_range)
    table["p_vole_point"] = [view.vole_point[:, labels.index(label)].mean() if len(out) else float("nan")
                             for label in table["action"]]
    done = len(out)
    tried = int(dealt.attempts[done - 1]) + 1 - int(dealt.attempts[0]) if done else 0
    info = {**(metadata or {}), "deals_done": done, "deals_tried": tried, "interrupted": interrupted}
    return Evaluation(hand, focal_seat, table, view, labels, done, tried, interrupted, info)


def _batch_size(policies: Sequence[SeatPolicy], n_variants: int) -> int:
    """Small batches for searching players, so the progress bar moves every few seconds; for the
    others about a quarter of a second on two cores (65,536 plays), so that Ctrl-C, which stops
    between batches, is answered at once."""
    if any(p.searches for p in policies):
        return 2
    return max(256, 65536 // max(1, n_variants))


def parse_hand(ruleset: Ruleset, text: str, seat: str) -> tuple[int, int]:
    """(focal seat index, natural mask) of a user's hand and seat name, checked against the
    ruleset: a full hand of cards that are in the pack."""
    from spadille.kernel.quadrille.cards import SEAT_NAMES, CardError
    from spadille.kernel.quadrille.tables import build_tables

    seats = SEAT_NAMES[ruleset["pack.seats"]]
    if seat not in seats:
        raise CardError(f"unknown seat {seat!r}; seats: {', '.join(seats)}")
    hand = cards.Hand.parse(text)
    pack = int(build_tables(ruleset).rules[L.R_PACK_MASK])
    if hand.mask & ~pack:
        outside = cards.cards_of(hand.mask & ~pack)[0]
        raise CardError(f"card {cards.format_card(outside)} is not in the pack of ruleset {ruleset.name!r}")
    size = ruleset["pack.hand_size"]
    if len(hand) != size:
        raise CardError(f"the hand has {len(hand)} cards ({hand.format()}); a hand has {size}")
    return seats.index(seat), hand.mask


def hand_metadata(ruleset: Ruleset, play: str, focal_seat: int, hand: int, deals: int, seed: int,
                  condition: str | None) -> tuple[tuple[SeatPolicy, ...], dict]:
    """The seats' policies for card play ``play`` (bidding as the heuristic), and the
    metadata an evaluation carries so it can be reproduced."""
    from spadille.kernel.quadrille.cards import SEAT_NAMES
    from spadille.kernel.quadrille.policies import make_seat_policy
    from spadille.kernel.quadrille.simulate import provenance

    policies = tuple(make_seat_policy(play) for _ in range(ruleset["pack.seats"]))
    metadata = provenance(
        ruleset, policies, seed, "evaluate",
        hand=cards.Hand(hand).format(),
        seat=SEAT_NAMES[ruleset["pack.seats"]][focal_seat],
        deals_requested=deals,
        condition=condition,
        payments="the hand's net jetons for the deal at a fresh table, antes included",
    )
    return policies, metadata


def vole_decisions(evaluation: Evaluation) -> pd.DataFrame:
    """For each contract: how often the vole point is reached and what going on is worth there
    (paired, on the deals where the point was reached)."""
    from spadille.analyses.paired import paired_difference

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

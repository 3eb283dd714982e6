"""The auction: each seat speaks once, eldest first (RULES.md §1.5, docs/engine.md step 2).

The rules here say which bids a seat may make; what it bids is asked of a callback, so the
same state machine serves any policy. A callback is called only when the seat has a real
choice (two or more bids), as docs/engine.md requires.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .. import _layout as L
from .rules import Rules

NOBODY = -1
NOTHING = -1  # the best bid before anyone has asked


@dataclass
class AuctionResult:
    bids: list[int]                 # per seat: PASS / ASK / ALONE, -1 for a seat not consulted
    force_answer: int = L.NO_FORCE  # CEDE / TAKE when an asker was forced
    declarer: int = NOBODY          # the seat that plays, or NOBODY when all passed
    kind: int = NOTHING             # ASK or ALONE


def bids_open_to(best_kind: int) -> tuple[int, ...]:
    """What a seat may bid over the best bid so far.

    Nothing yet: pass, ask or go sans prendre. Over an ask: pass or sans prendre ("Celui qui
    veut jouer sans appeller, a la préférence ... sur celui qui demande"); an ask cannot be
    over-asked. Over a sans prendre: nothing outranks it, so only a pass.
    """
    if best_kind == NOTHING:
        return (L.PASS, L.ASK, L.ALONE)
    if best_kind == L.ASK:
        return (L.PASS, L.ALONE)
    return (L.PASS,)


def run_auction(rules: Rules, choose_bid: Callable[[int, int], int],
                choose_force_answer: Callable[[int], int]) -> AuctionResult:
    """Play the auction. ``choose_bid(seat, best_kind)`` returns the seat's bid;
    ``choose_force_answer(asker)`` returns CEDE or TAKE.

    A sans prendre over an ask forces the asker: "si celui qui a demandé veut jouer sans
    appeller, il est préféré à l'autre" (ENC), so with ``auction.asker_preference`` the asker
    answers TAKE (he plays sans prendre) or CEDE (the forcing seat does).
    """
    result = AuctionResult(bids=[-1] * L.MAX_SEATS)
    for seat in range(rules.seats):
        options = bids_open_to(result.kind)
        if len(options) < 2:
            continue  # a sans prendre stands: the seat has nothing to decide and is not consulted
        bid = choose_bid(seat, result.kind)
        result.bids[seat] = bid
        if bid == L.ASK:
            result.declarer, result.kind = seat, L.ASK
        elif bid == L.ALONE:
            result.declarer = _sans_prendre_player(result, seat, rules, choose_force_answer)
            result.kind = L.ALONE
    return result


def _sans_prendre_player(result: AuctionResult, seat: int, rules: Rules,
                         choose_force_answer: Callable[[int], int]) -> int:
    """Who plays sans prendre when ``seat`` bids it: the asker if he was asked and takes it."""
    if result.kind != L.ASK or not rules.asker_preference:
        return seat
    asker = result.declarer
    result.force_answer = choose_force_answer(asker)
    return asker if result.force_answer == L.TAKE else seat

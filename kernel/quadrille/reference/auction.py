"""The auction: each seat speaks once, eldest first (RULES.md §1.5, docs/engine.md step 2,
docs/variants.md "The auction").

The rules here say which bids a seat may make; what it bids is asked of a callback, so the
same state machine serves any policy. A callback is called only when the seat has a real
choice (a pass and at least one bid), as docs/engine.md requires.

The bids on offer and their precedence are the ruleset's ``auction.contracts``, lowest first:
plain quadrille offers the ask and sans prendre ("Celui qui veut jouer sans appeller, a la
préférence dans le jeu sur celui qui demande à jouer en appellant", ENC); the variants add the
demanded king (the médiateur) and casco (the Italian page's contract for the holder of both
black aces, RULES.md §1.11 (i), §1.13).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Set

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards

from .rules import Rules

NOBODY = -1
NOTHING = -1  # the best bid before anyone has bid


@dataclass
class AuctionResult:
    bids: list[int]                 # per seat: its bid code (PASS, ASK, ALONE, DEMAND, CASCO), -1 if not consulted
    force_answer: int = L.NO_FORCE  # CEDE / TAKE when an asker was overbid
    declarer: int = NOBODY          # the seat that plays, or NOBODY when all passed
    kind: int = NOTHING             # the winning bid code


def may_bid_casco(hand: Set[int]) -> bool:
    """Casco is "the holder of both black Aces" contract (PAR p28 via RULES.md §1.11 (i)):
    open only to a hand holding spadille and basto."""
    return cards.SPADILLE in hand and cards.BASTO in hand


def bids_open_to(best_kind: int, rules: Rules, hand: Set[int]) -> tuple[int, ...]:
    """What a seat holding ``hand`` may bid over the best bid so far, in ascending precedence,
    PASS first.

    A seat may always pass, or make any bid of ``auction.contracts`` ranked strictly above the
    best bid so far (so an ask cannot be over-asked, and nothing outranks the top of the
    ladder); casco only with both black aces in hand. In plain quadrille: nothing yet gives
    pass, ask, sans prendre; over an ask, pass or sans prendre; over a sans prendre, a pass.
    """
    best_rank = rules.bid_precedence(best_kind) if best_kind != NOTHING else 0
    above = tuple(bid for bid in rules.bid_ladder if rules.bid_precedence(bid) > best_rank)
    return (L.PASS,) + tuple(bid for bid in above if bid != L.CASCO or may_bid_casco(hand))


def run_auction(rules: Rules, hands: list[set[int]],
                choose_bid: Callable[[int, tuple[int, ...]], int],
                choose_force_answer: Callable[[int, int], int]) -> AuctionResult:
    """Play the auction. ``choose_bid(seat, open_bids)`` returns the seat's bid among
    ``open_bids`` (PASS first, then the open bids by ascending precedence);
    ``choose_force_answer(asker, overbid)`` returns CEDE or TAKE.

    A seat with nothing open but a pass is not consulted (its bid stays -1): "Celui qui a une
    fois passé, ne peut plus être reçu à jouer" and a sans prendre stands. An ask overbid by
    any higher bid forces the asker: "si celui qui a demandé veut jouer sans appeller, il est
    préféré à l'autre" (ENC), so with ``auction.asker_preference`` the asker answers TAKE (he
    plays the higher contract himself) or CEDE (the overbidding seat does). docs/variants.md
    extends the preference to every bid above the ask; no other bid is forced this way.
    """
    result = AuctionResult(bids=[-1] * L.MAX_SEATS)
    for seat in range(rules.seats):
        options = bids_open_to(result.kind, rules, hands[seat])
        if len(options) < 2:
            continue  # nothing to outbid with: the seat has nothing to decide and is not consulted
        bid = choose_bid(seat, options)
        result.bids[seat] = bid
        if bid == L.PASS:
            continue
        result.declarer = _overbid_player(result, seat, bid, rules, hands, choose_force_answer)
        result.kind = bid
    return result


def _overbid_player(result: AuctionResult, seat: int, bid: int, rules: Rules, hands: list[set[int]],
                    choose_force_answer: Callable[[int, int], int]) -> int:
    """Who plays ``bid`` when ``seat`` makes it: the asker if the best bid was his ask and he
    takes the higher contract himself (``auction.asker_preference``), else ``seat``. A casco
    is no asker's to take unless he holds both black aces."""
    if result.kind != L.ASK or not rules.asker_preference:
        return seat
    asker = result.declarer
    if bid == L.CASCO and not may_bid_casco(hands[asker]):
        return seat
    result.force_answer = choose_force_answer(asker, bid)
    return asker if result.force_answer == L.TAKE else seat

"""``resample_from_infostate``: a deal the player cannot tell from the true one, drawn by our sampler.

The hidden cards are drawn by the kernel's constrained world sampler (kernel/quadrille/search/
worlds.py, exactly uniform among the deals meeting per-seat counts and exclusions) with what the
table knows: the cards played and who played them, the voids and the called king's duty (the
reference PlayState's ``cannot_hold``, which also holds what an exchange or a casco showed), the
contract's own facts (knowledge.py's ``note_contract``: forced spadille is in the ombre's hand, a
called king is not, ...) and the auction's (a casco bidder holds both black aces). The drawn deal is
then replayed with every decision of the history; a deal in which the history could not have
happened (a seat consulted that would not have been, a call no longer legal) or that shows the
player anything else is drawn again. What survives is uniform among the deals consistent with the
player's information state: rejection from a uniform superset.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.search.knowledge import derive_knowledge
from spadille.kernel.common.worlds import sample_hands
from spadille.kernel.quadrille.tables import build_tables

from ..common import sampler_key
from .observer import contract_seen
from .replay import BID, DEMAND, GIFT

MAX_TRIES = 2000


def _mask(held) -> int:
    return sum(1 << card for card in held)


def _exclusions(state, player: int) -> tuple[int, np.ndarray, np.ndarray]:
    """(unseen natural mask, counts per seat, natural exclusions per seat) as ``player`` knows them."""
    ctx, seats = state.ctx, state.ctx.seats
    own = state.hand(player)
    gone = {card for _, card in state.plays}
    unseen = _mask(set(ctx.pack) - own - gone)
    counts = np.array([len(state.hand(seat)) for seat in range(seats)], dtype=np.int64)
    excluded = np.zeros(seats, dtype=np.uint64)
    for seat, kind, answer, _ in state.log:
        if kind == BID and answer == L.CASCO:      # only a hand with both black aces may bid casco
            for other in range(seats):
                if other != seat:
                    excluded[other] |= np.uint64(_mask({cards.SPADILLE, cards.BASTO}))
    play = state.play
    if play is not None:
        for seat in range(seats):
            excluded[seat] |= np.uint64(_mask(play.cannot_hold[seat]))
        trump = play.ranking.trump
        tables = _tables(ctx)
        knowledge = derive_knowledge(tables, trump, player, _mask(own), state.plays, play.ombre,
                                     contract_seen(state, player), play.called)
        for seat in range(seats):
            if seat != player:
                excluded[seat] |= np.uint64(_natural(int(knowledge.excluded[seat]), trump, tables))
    return unseen, counts, excluded


def _tables(ctx):
    if not hasattr(ctx, "tables"):
        ctx.tables = build_tables(ctx.ruleset)
    return ctx.tables


def _natural(ordered: int, trump: int, tables) -> int:
    mask = 0
    while ordered:
        low = ordered & -ordered
        mask |= 1 << int(tables.card_of_pos[trump, low.bit_length() - 1])
        ordered ^= low
    return mask


def _dealt_from(state, now: list[set[int]]) -> list[set[int]]:
    """The hands as dealt, from the hands held now: the cards played back, a demanded king's
    exchange undone."""
    dealt = [set(hand) for hand in now]
    for seat, card in state.plays:
        dealt[seat].add(card)
    demanded = [(seat, answer) for seat, kind, answer, _ in state.log if kind == DEMAND]
    given = [answer for _, kind, answer, _ in state.log if kind == GIFT]
    if demanded and given:
        ombre, king = demanded[0]
        holder = next(seat for seat, hand in enumerate(dealt) if given[0] in hand and seat != ombre)
        dealt[ombre].discard(king)
        dealt[ombre].add(given[0])
        dealt[holder].discard(given[0])
        dealt[holder].add(king)
    return dealt


def _replayed(state, dealt: list[set[int]]):
    """The same history on another deal, or None where it could not have happened."""
    new = state.get_game().new_initial_state()
    for hand in dealt:
        for card in sorted(hand):
            new.apply_action(card)
    try:
        for action in state.history()[len(state.dealt):]:
            if new.is_terminal() or action not in new.legal_actions():
                return None
            new.apply_action(action)
    except (KeyError, ValueError, IndexError):   # the engine met a question the script had no answer for
        return None
    return new


def resample(state, player: int, probability_sampler):
    """A state with the same history and the same information state for ``player``, the other
    hands drawn afresh among those consistent with it."""
    ctx = state.ctx
    if len(state.dealt) < ctx.n_dealt:
        return state.clone()   # the deal is still being dealt: nothing hidden has been decided
    stream = np.array([sampler_key(probability_sampler), 0], dtype=np.uint64)
    unseen, counts, excluded = _exclusions(state, player)
    own = _mask(state.hand(player))
    target = state.information_state_string(player)
    for _ in range(MAX_TRIES):
        drawn = sample_hands(player, own, unseen, counts, excluded, 1, stream)[0]
        now = [set(cards.cards_of(int(drawn[seat]))) for seat in range(ctx.seats)]
        new = _replayed(state, _dealt_from(state, now))
        if new is not None and new.information_state_string(player) == target:
            return new
    raise pyspiel.SpielError(f"no deal consistent with seat {player}'s information found in {MAX_TRIES} draws")

"""What one seat knows of the hands it cannot see, derived from what it saw.

The observer sees: his own hand, every card played and who played it, the ombre, whether the
game is an ask (a card is called), a sans prendre or a forced spadille, and the called card.
He does not see the auction's reasons nor whether the ombre called his own king (CALLED and
SELF_CALLED are treated alike here, although the engine's ``obs`` shows the difference).

From that, and the rules, he knows for each other seat how many cards it still holds and a set
of cards it **cannot** hold. Every inference below excludes single cards from single seats, so
the consistent deals are exactly the assignments of the unseen cards that meet the counts and
avoid the exclusions: ``_worlds.py`` samples them uniformly. The inferences:

* A play that did not follow (RULES.md §1.3-1.4), judged by ``_rules.legal_plays``, whose
  legality is monotone in the hand: the play of p was legal with hand H iff it was legal with
  {p, c} for every c in H. So the cards it rules out are exactly the c for which p would have
  been illegal beside c:
  - plain suit led, not followed: the seat holds none of that suit (the black aces are trumps,
    so a spade renege says nothing about spadille);
  - if ``play.must_trump``: and not trumped either, no trump at all; trumped under a trump
    already in the trick while ``play.must_overtrump``: no trump above that one;
  - trumps led, not followed: no trump, except (matador privilege) spadille, manille or basto
    ranking above the LED card. So after an ordinary trump lead he may still hold all three;
    after manille, spadille; after spadille, none.
  - a card of the led suit (an exempt matador included) reveals nothing.
* The contract and the call (RULES.md §1.5-1.6):
  - forced spadille: the ombre holds spadille (he must show it);
  - a called card not yet played, with ``contract.self_call`` off: not in the ombre's hand;
  - a queen called: the ombre was dealt every king, so the kings still out are his;
  - an ask with nothing called (self-calling off, no call legal): the ombre was dealt every
    callable king, and, holding all kings, every callable queen. When the king of trumps is
    not callable and nothing seen yet tells whether the ombre was dealt it, this "if" cannot
    be written as exclusions; the knowledge then keeps only the kings and says so
    (``exact`` False): its consistent deals are a superset of the true ones.
* Cards already played are gone, the observer's own hand is known, and a seat that holds no
  more cards holds none of the unseen ones.

Once the called card has been played it is gone and its holder, the friend, is known from who
played it; the friend always knows he holds it (it is in his hand). The exclusions only grow
during a deal, so the engine can keep them up to date with ``note_play`` after every card.

Masks here are in the ordered encoding for the trump (tables.py), as the kernel plays; the
Python wrapper takes natural cards and converts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np
from numba import njit

from spadille.kernel.common._bits import ZERO, bit
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille._rules import beats, revealed_absent, to_ordered


class KnowledgeError(ValueError):
    """A play history or hand that cannot have happened; one sentence naming the fault."""


# ---------------------------------------------------------------- jitted inferences
@njit(cache=True)
def note_play(excluded, seat, card, led_pos, best_pos, trump, rules, block_of_pos, block_mask, top_pos):
    """Add to excluded[seat] what the play of ``card`` by ``seat`` shows he did not hold.

    excluded: uint64[n_seats], ordered masks, updated in place. card, led_pos, best_pos: ordered
    positions (int64); led_pos is the trick's first card, -1 when this play leads; best_pos the
    card winning the trick before this play. trump: int64. rules, block_of_pos, block_mask,
    top_pos: the tables of tables.py. The inference itself is ``_rules.revealed_absent``, the
    mirror of ``legal_plays`` that the engine uses too.
    """
    if led_pos < 0 or block_of_pos[trump, card] == block_of_pos[trump, led_pos]:
        return  # a lead, or a card that follows: legal whatever else he holds
    excluded[seat] |= revealed_absent(card, led_pos, best_pos, trump, rules, block_of_pos, block_mask, top_pos)


@njit(cache=True)
def note_plays(excluded, played, seats, plays, n_plays, trump, rules, block_of_pos, block_mask, top_pos):
    """Walk the first n_plays plays of a deal through ``note_play``.

    excluded, played: uint64[n_seats], updated in place (played[s] gains the cards s played).
    seats, plays: int64[>= n_plays], who played and which card (ordered position), in play
    order; each trick is n_seats consecutive plays, its first play the lead.
    """
    n_seats = excluded.shape[0]
    led_pos = -1
    best_pos = -1
    for k in range(n_plays):
        seat = seats[k]
        card = plays[k]
        if k % n_seats == 0:
            led_pos = -1
            best_pos = -1
        note_play(excluded, seat, card, led_pos, best_pos, trump, rules, block_of_pos, block_mask, top_pos)
        played[seat] |= bit(card)
        if led_pos < 0:
            led_pos = card
            best_pos = card
        elif beats(card, best_pos, trump, block_of_pos):
            best_pos = card


@njit(cache=True)
def _must_hold(excluded, holder, held):
    """The cards ``held`` lie with ``holder``: no other seat can hold them."""
    for seat in range(excluded.shape[0]):
        if seat != holder:
            excluded[seat] |= held


@njit(cache=True)
def _ordered_rank(rank, trump, rules, pos_of_card, skip_trump):
    """Ordered mask of the cards of ``rank`` in the pack's suits (the trump suit's skipped if asked)."""
    pack = np.uint64(rules[L.R_PACK_MASK])
    out = ZERO
    for suit in range(4):
        card = suit * 10 + rank
        if pack & bit(card) != ZERO and not (skip_trump and suit == trump):
            out |= bit(pos_of_card[trump, card])
    return out


@njit(cache=True)
def note_contract(excluded, played, unseen, ombre, contract, called, trump, rules, pos_of_card):
    """Add what the contract and the called card tell about the ombre's hand.

    Call after every play has gone through ``note_play``. excluded, played: uint64[n_seats]
    ordered masks (excluded updated in place). unseen: uint64, the cards the observer cannot
    see. ombre: seat, -1 if none. contract: CALLED, SELF_CALLED (treated as CALLED),
    SANS_PRENDRE, FORCED or NO_CONTRACT. called: natural card, -1 if none. Returns True when
    the knowledge is exactly the truth, False in the one case the module docstring names.
    """
    if ombre < 0 or contract == L.SANS_PRENDRE or contract == L.NO_CONTRACT:
        return True
    pack = np.uint64(rules[L.R_PACK_MASK])
    if contract == L.FORCED and pack & bit(cards.SPADILLE) != ZERO:
        _must_hold(excluded, ombre, bit(pos_of_card[trump, cards.SPADILLE]) & unseen)
    if contract == L.DEMANDED or (contract == L.FORCED and rules[L.R_ASK_DEMANDS] != 0):
        return True  # a demanded king changed hands in public: the engine notes it (O_CANNOT_HOLD)
    if contract == L.CASCO_GAME:
        if called >= 0 and rules[L.R_SELF_CALL] == 0:
            excluded[ombre] |= bit(pos_of_card[trump, called]) & unseen
        return True
    if called >= 0:
        if rules[L.R_SELF_CALL] == 0:
            excluded[ombre] |= bit(pos_of_card[trump, called]) & unseen
        if called % 10 == cards.QUEEN:  # queens are callable only by a hand dealt every king
            _must_hold(excluded, ombre, _ordered_rank(cards.KING, trump, rules, pos_of_card, False) & unseen)
        return True
    # An ask (or forced game) with nothing called: every callable card was the ombre's own.
    trump_king_callable = rules[L.R_CALL_TRUMP_KING] != 0
    kings = _ordered_rank(cards.KING, trump, rules, pos_of_card, not trump_king_callable)
    _must_hold(excluded, ombre, kings & unseen)
    if rules[L.R_QUEEN_CALL] == 0:
        return True
    queens = _ordered_rank(cards.QUEEN, trump, rules, pos_of_card, True)
    if trump_king_callable:  # he held every king, so the queens became callable, and were his too
        _must_hold(excluded, ombre, queens & unseen)
        return True
    trump_king = bit(pos_of_card[trump, trump * 10 + cards.KING])
    if trump_king & played[ombre] != ZERO:
        _must_hold(excluded, ombre, queens & unseen)
        return True
    if trump_king & unseen == ZERO or trump_king & excluded[ombre] != ZERO:
        return True  # he was not dealt the king of trumps: no queen was callable
    queens_not_his = (queens & ~unseen & ~played[ombre]) | (queens & unseen & excluded[ombre])
    if queens_not_his != ZERO:
        excluded[ombre] |= trump_king  # had he held it, those queens would have been his
        return True
    return False


# ---------------------------------------------------------------- the Python view
@dataclass(frozen=True)
class Knowledge:
    """What ``observer`` knows, in the ordered encoding for ``trump`` (tables.py).

    own_hand, unseen: Python ints (uint64 masks); unseen is every card of the pack neither
    played nor in the observer's hand. counts: int64[n_seats], the cards each seat still holds
    (the observer's included). excluded: uint64[n_seats], the cards each seat cannot hold
    (the observer's entry is ``unseen``). exact: False only when a rule's "if" could not be
    written as exclusions (see the module docstring); the consistent set then over-covers.
    """

    observer: int
    trump: int
    own_hand: int
    unseen: int
    counts: np.ndarray
    excluded: np.ndarray
    exact: bool

    @property
    def n_seats(self) -> int:
        return len(self.counts)


def _name(card: int) -> str:
    return cards.format_card(card)


def derive_knowledge(tables, trump: int, observer: int, own_hand: int, plays: Sequence[tuple[int, int]],
                     ombre: int, contract: int, called: int) -> Knowledge:
    """Everything ``observer`` knows after ``plays``, checked and converted to the ordered encoding.

    tables: KernelTables (tables.build_tables). own_hand: natural mask of the observer's cards
    now. plays: (seat, natural card) pairs in play order from the first lead; each trick is
    n_seats consecutive plays going round from its leader (eldest, seat 0, leads the first, the
    winner of each trick the next). ombre: seat (-1 if none); contract:
    an layout contract code; called: natural card or -1. Raises KnowledgeError when the
    history cannot have happened (a card twice, a seat out of turn, a wrong hand size); whether
    each play was legal is not checked (it is what the inferences read).
    """
    rules = tables.rules
    n_seats = int(rules[L.R_SEATS])
    hand_size = int(rules[L.R_HAND])
    pack = int(rules[L.R_PACK_MASK])
    if not 0 <= trump < 4 or not (pack >> (trump * 10)) & 1:
        raise KnowledgeError(f"trump {trump} is not a suit of this pack")
    if not 0 <= observer < n_seats:
        raise KnowledgeError(f"observer seat {observer} is not one of the {n_seats} seats")
    if own_hand & ~pack:
        raise KnowledgeError(f"the observer's hand holds {_name(cards.cards_of(own_hand & ~pack)[0])}, which is not in the pack")
    if len(plays) > n_seats * hand_size:
        raise KnowledgeError(f"{len(plays)} plays are more than a deal of {n_seats * hand_size} cards")
    seats = np.zeros(max(len(plays), 1), dtype=np.int64)
    positions = np.zeros(max(len(plays), 1), dtype=np.int64)
    gone = 0
    leader = 0       # eldest leads the first trick, the winner of each trick the next
    best_pos = -1
    for k, (seat, card) in enumerate(plays):
        if not 0 <= seat < n_seats:
            raise KnowledgeError(f"play {k + 1}: seat {seat} is not one of the {n_seats} seats")
        if not 0 <= card < cards.N_CARDS or not (pack >> card) & 1:
            raise KnowledgeError(f"play {k + 1}: card {card} is not in the pack")
        if (gone | own_hand) >> card & 1:
            raise KnowledgeError(f"play {k + 1}: {_name(card)} was already played or is in the observer's hand")
        position = int(tables.pos_of_card[trump, card])
        if seat != (leader + k % n_seats) % n_seats:
            raise KnowledgeError(f"play {k + 1}: seat {seat} plays out of turn (seat {(leader + k % n_seats) % n_seats} was to play)")
        if k % n_seats == 0 or beats(np.int64(position), np.int64(best_pos), np.int64(trump), tables.block_of_pos):
            best_pos, best_seat = position, seat
        if k % n_seats == n_seats - 1:
            leader = best_seat
        gone |= 1 << card
        seats[k] = seat
        positions[k] = position
    counts = np.full(n_seats, hand_size, dtype=np.int64)
    for seat, _ in plays:
        counts[seat] -= 1
    held = bin(own_hand).count("1")
    if held != counts[observer]:
        raise KnowledgeError(f"the observer holds {held} cards but should hold {counts[observer]} after these plays")
    if called >= 0 and not (pack >> called) & 1:
        raise KnowledgeError(f"the called card {called} is not in the pack")
    if not -1 <= ombre < n_seats:
        raise KnowledgeError(f"ombre seat {ombre} is not one of the {n_seats} seats")

    own_ordered = int(to_ordered(np.uint64(own_hand), np.int64(trump), tables.pos_of_card))
    unseen = int(to_ordered(np.uint64(pack & ~gone & ~own_hand), np.int64(trump), tables.pos_of_card))
    excluded = np.zeros(n_seats, dtype=np.uint64)
    played = np.zeros(n_seats, dtype=np.uint64)
    note_plays(excluded, played, seats, positions, len(plays), np.int64(trump), rules,
               tables.block_of_pos, tables.block_mask, tables.top_pos)
    exact = note_contract(excluded, played, np.uint64(unseen), np.int64(ombre), np.int64(contract),
                          np.int64(called), np.int64(trump), rules, tables.pos_of_card)
    excluded[observer] = np.uint64(unseen)
    return Knowledge(observer, trump, own_ordered, unseen, counts, excluded, bool(exact))


def plays_of_row(row: np.ndarray, n_seats: int, n_played: int) -> list[tuple[int, int]]:
    """The first n_played (seat, natural card) plays of a recorded row (simulate(record=True))."""
    out = []
    for k in range(n_played):
        trick, i = divmod(k, n_seats)
        seat = (int(row[L.COL_LEADERS + trick]) + i) % n_seats
        out.append((seat, int(row[L.COL_CARDS + 4 * trick + i])))
    return out


def knowledge_from_row(tables, row: np.ndarray, observer: int, n_played: int) -> Knowledge:
    """What ``observer`` knows after the first n_played cards of a recorded deal (int64[N_ROW_COLS])."""
    n_seats = int(tables.rules[L.R_SEATS])
    plays = plays_of_row(row, n_seats, n_played)
    own = int(row[L.COL_HANDS + observer])
    for seat, card in plays:
        if seat == observer:
            own &= ~(1 << card)
    return derive_knowledge(tables, int(row[L.COL_TRUMP]), observer, own, plays, int(row[L.COL_OMBRE]),
                            int(row[L.COL_CONTRACT]), int(row[L.COL_CALLED]))

"""The state of the card play, as the reference engine tracks it (natural card ids throughout)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .contract import NO_CARD
from .play import cards_shown_absent, duty_shows_absent
from .ranking import Ranking
from .rules import Rules


@dataclass
class PlayState:
    seats: int
    ranking: Ranking
    rules: Rules
    contract: int
    ombre: int
    friend: int                       # NOBODY when the ombre plays alone
    called: int                       # the called card, NO_CARD if none (a demanded king is no called card)
    hands: list[set[int]]             # what each seat still holds (after a demanded king's exchange)
    trick_index: int = 0
    leader: int = 0
    trick: list[int] = field(default_factory=list)        # this trick's cards, in play order
    trick_seats: list[int] = field(default_factory=list)  # who played them
    gone: set[int] = field(default_factory=set)           # every card played so far, this trick's included
    showed_out: list[set[int]] = field(default_factory=list)  # per seat: effective suits he failed to follow
    cannot_hold: list[set[int]] = field(default_factory=list)  # per seat: cards the table knows he lacks
    played: list[set[int]] = field(default_factory=list)       # per seat: the cards he has played
    tricks_won: list[int] = field(default_factory=list)
    leads: list[tuple[int, int]] = field(default_factory=list)  # (seat, card) that led each trick so far
    called_seen: bool = False         # the called card has been played (CASCO_GAME: true from the start)

    def __post_init__(self) -> None:
        self.showed_out = [set() for _ in range(self.seats)]
        self.cannot_hold = [set() for _ in range(self.seats)]
        self.played = [set() for _ in range(self.seats)]
        self.tricks_won = [0] * self.seats

    @property
    def side(self) -> tuple[int, ...]:
        return (self.ombre,) if self.friend < 0 else (self.ombre, self.friend)

    def side_tricks(self) -> int:
        return sum(self.tricks_won[seat] for seat in self.side)

    def friend_known_to(self, seat: int) -> int:
        """The friend's seat if ``seat`` knows it: he is the friend, or the called card has
        appeared ("le roi appellé ... a paru"), or (CASCO_GAME) he named trumps; else -1."""
        if self.friend >= 0 and (seat == self.friend or self.called_seen):
            return self.friend
        return -1

    def note_exchange(self, king: int, holder: int, given: int) -> None:
        """What the table knows after a demanded king changed hands (docs/variants.md): the king
        is in the ombre's hand, so no other seat holds it; with ``exchange.card_shown`` ("telle
        fausse qu'il lui plaît de lui donner, & que le tiers est en droit de voir", ENC) the
        card given for it is in the holder's hand, so no seat but the holder holds it."""
        for seat in range(self.seats):
            if seat != self.ombre:
                self.cannot_hold[seat].add(king)
            if self.rules.gift_shown and seat != holder:
                self.cannot_hold[seat].add(given)

    def note_casco(self, king: int, holder: int) -> None:
        """In a casco the called king's holder named trumps (the ombre himself if he called his
        own king), so the whole table knows where the king is: no other seat holds it."""
        for seat in range(self.seats):
            if seat != holder:
                self.cannot_hold[seat].add(king)

    def play(self, seat: int, card: int) -> None:
        """``seat`` plays ``card`` to the current trick."""
        if not self.trick:
            self.leads.append((seat, card))
        if self.trick:
            led_suit = self.ranking.effective_suit[self.trick[0]]
            if self.ranking.effective_suit[card] != led_suit:
                self.showed_out[seat].add(led_suit)
                self.cannot_hold[seat] |= cards_shown_absent(card, self.trick, self.ranking, self.rules)
            if self.rules.called_king_duty and duty_shows_absent(card, self.trick, self.called, self.ranking):
                self.cannot_hold[seat].add(self.called)  # he would have had to play it
        self.hands[seat].discard(card)
        self.played[seat].add(card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        self.gone.add(card)
        if card == self.called and self.called != NO_CARD:
            self.called_seen = True

    def finish_trick(self, winner: int) -> None:
        """The trick goes to ``winner``, who leads the next."""
        self.tricks_won[winner] += 1
        self.leader = winner
        self.trick = []
        self.trick_seats = []
        self.trick_index += 1

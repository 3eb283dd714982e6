"""The state of the card play, as the reference engine tracks it (natural card ids throughout)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .contract import NO_CARD
from .play import cards_shown_absent
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
    called: int                       # the called card, NO_CARD if none
    hands: list[set[int]]             # what each seat still holds
    trick_index: int = 0
    leader: int = 0
    trick: list[int] = field(default_factory=list)        # this trick's cards, in play order
    trick_seats: list[int] = field(default_factory=list)  # who played them
    gone: set[int] = field(default_factory=set)           # every card played so far, this trick's included
    showed_out: list[set[int]] = field(default_factory=list)  # per seat: effective suits he failed to follow
    cannot_hold: list[set[int]] = field(default_factory=list)  # per seat: cards the table knows he lacks
    played: list[set[int]] = field(default_factory=list)       # per seat: the cards he has played
    tricks_won: list[int] = field(default_factory=list)
    called_seen: bool = False         # the called card has been played

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
        appeared ("le roi appellé ... a paru"); else -1."""
        if self.friend >= 0 and (seat == self.friend or self.called_seen):
            return self.friend
        return -1

    def play(self, seat: int, card: int) -> None:
        """``seat`` plays ``card`` to the current trick."""
        if self.trick:
            led_suit = self.ranking.effective_suit[self.trick[0]]
            if self.ranking.effective_suit[card] != led_suit:
                self.showed_out[seat].add(led_suit)
                self.cannot_hold[seat] |= cards_shown_absent(card, self.trick, self.ranking, self.rules)
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

"""One deal, and sessions of deals with the pool carried over (docs/reversis.md §2-§7).

``play_deal`` follows the contract step by step: the dealer's stake to the pool, the exchange,
the espagnolette, eleven tricks with the payments made "tout de suite", then ``settle``. Its
``record()`` is laid out as the kernel's rows (``layout.D_*``), so the two engines compare
column by column.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

import numpy as np

from spadille.kernel.common._rng import PythonStream

from .. import layout as L
from ..cards import ACE, DIAMOND_ACE, QUINOLA, points_of, rank_of, suit_of
from ..policies import SeatPolicy
from ..ruleset import ReversisRuleset
from .deal import deal_hands
from .decisions import SharedPolicies, mask_of
from .espagnolette import privilege_lost, privileged_position
from .ledger import Ledger, multiplier
from .play import FORCED, GIVEN, PLAYED, card_kind, legal_cards, trick_taker
from .settle import settle


@dataclass
class Trick:
    number: int
    leader: int
    cards: list[int]
    taker: int


@dataclass
class PlayedDeal:
    """Everything that happened in one deal, and its record in the kernel's layout."""

    dealt: list[set[int]]
    talon: list[int]
    discards: list[int]
    ecart: set[int]
    hands_at_play: list[set[int]]
    tricks: list[Trick] = field(default_factory=list)
    ledger: Ledger = field(default_factory=Ledger)
    deferred: list[tuple[int, int, int, int]] = field(default_factory=list)   # (category, holder, base, trick)
    gifts: list = field(default_factory=list)                                 # payments of aces/quinola given
    privileged: int = L.NOBODY
    espagnolette_used: bool = False
    espagnolette_trick: int = 0            # the first trick the privileged position took, 0 none
    quinola_holder: int = L.NOBODY
    quinola_fate: int = L.Q_NONE
    quinola_trick: int = 0
    aces: dict = field(default_factory=lambda: {GIVEN: 0, FORCED: 0, PLAYED: 0})
    pool_start: int = 0
    p0: int = 0
    # filled by settle
    reversis: int = L.REV_NONE
    undertaker: int = L.NOBODY
    breaker: int = L.NOBODY
    all_costs: bool = False
    partie_winner: int = L.NOBODY
    partie_value: int = 0
    remise_taker: int = L.NOBODY
    remise_maker: int = L.NOBODY

    def tricks_taken(self) -> list[int]:
        return [sum(1 for t in self.tricks if t.taker == p) for p in range(L.N_POS)]

    def points(self) -> list[int]:
        return [sum(points_of(c) for t in self.tricks if t.taker == p for c in t.cards) for p in range(L.N_POS)]

    def record(self) -> np.ndarray:
        r = np.zeros(L.N_RECORD, dtype=np.int64)
        for p in range(L.N_POS):
            r[L.D_HAND + p] = int(mask_of(self.dealt[p]))
            r[L.D_DISCARD + p] = self.discards[p]
            r[L.D_TRICKS + p] = self.tricks_taken()[p]
            r[L.D_POINTS + p] = self.points()[p]
        r[L.D_TALON] = int(mask_of(self.talon))
        r[L.D_ECART] = int(mask_of(self.ecart))
        for t in self.tricks:
            for i, c in enumerate(t.cards):
                r[L.D_PLAY + 4 * (t.number - 1) + i] = c
            r[L.D_TAKER + t.number - 1] = t.taker
        r[L.D_ECART_POINTS] = sum(points_of(c) for c in self.ecart)
        r[L.D_QUINOLA_HOLDER], r[L.D_QUINOLA_FATE], r[L.D_QUINOLA_TRICK] = (self.quinola_holder, self.quinola_fate,
                                                                         self.quinola_trick)
        r[L.D_ACES_GIVEN], r[L.D_ACES_FORCED], r[L.D_ACES_PLAYED] = (self.aces[GIVEN], self.aces[FORCED],
                                                                  self.aces[PLAYED])
        r[L.D_REVERSIS], r[L.D_UNDERTAKER], r[L.D_BREAKER] = self.reversis, self.undertaker, self.breaker
        r[L.D_ESP_POS], r[L.D_ESP_USED], r[L.D_ESP_ALL_COSTS] = (self.privileged, self.espagnolette_used,
                                                              self.all_costs)
        r[L.D_ESP_TRICK] = self.espagnolette_trick
        r[L.D_PARTIE_WINNER], r[L.D_PARTIE_VALUE] = self.partie_winner, self.partie_value
        r[L.D_REMISE_TAKER], r[L.D_REMISE_MAKER] = self.remise_taker, self.remise_maker
        table = self.ledger.by_category()
        for cat in range(L.N_CATEGORIES):
            for a in range(L.N_ACCOUNTS):
                r[L.D_PAY + cat * L.N_ACCOUNTS + a] = table[cat][a]
        net = self.ledger.net()
        for a in range(L.N_ACCOUNTS):
            r[L.D_NET + a] = net[a]
        r[L.D_POOL_START] = self.pool_start
        r[L.D_POOL_END] = self.pool_start + net[L.POOL]
        return r


def _observation(seat: int, trick: int, leader: int, cards: list[int], played: set[int], takers: list[int],
                 privileged: bool, own_discard: int) -> np.ndarray:
    obs = np.zeros(L.N_OBS, dtype=np.int64)
    obs[L.O_SEAT], obs[L.O_TRICK], obs[L.O_LEADER], obs[L.O_IN_TRICK] = seat, trick, leader, len(cards)
    obs[L.O_LED_SUIT] = suit_of(cards[0]) if cards else -1
    if cards:
        led = suit_of(cards[0])
        best = min((c for c in cards if suit_of(c) == led), key=rank_of)
        obs[L.O_WIN_CARD], obs[L.O_WIN_POS] = best, (leader + cards.index(best)) % 4
    else:
        obs[L.O_WIN_CARD], obs[L.O_WIN_POS] = -1, -1
    obs[L.O_PLAYED] = int(mask_of(played))
    obs[L.O_RUN] = takers[0] if takers and all(t == takers[0] for t in takers) else -1
    obs[L.O_PRIVILEGED] = privileged
    for p in range(L.N_POS):
        obs[L.O_TRICKS + p] = takers.count(p)
    obs[L.O_ECART] = (1 << own_discard) if own_discard >= 0 else 0
    obs[L.O_TRICK_POINTS] = sum(points_of(c) for c in cards)
    return obs


def may_keep(ruleset: ReversisRuleset, position: int) -> bool:
    """Whether ``position`` may keep his hand instead of discarding (docs §3; never the dealer)."""
    return ruleset["exchange.mode"] == "optional" and position != L.N_POS - 1


def exchange(ruleset: ReversisRuleset, deal: PlayedDeal, hands: list[set[int]], position: int, card: int) -> None:
    """docs §3: ``position`` discards ``card`` and, but the dealer, takes his talon card; ``L.NO_CARD``:
    he keeps his hand and his talon card goes to the écart. A card he cannot discard raises ValueError."""
    if card == L.NO_CARD and not may_keep(ruleset, position) or card != L.NO_CARD and card not in hands[position]:
        raise ValueError(f"position {position} cannot discard {card}")
    deal.discards[position] = card
    if card == L.NO_CARD:
        deal.ecart.add(deal.talon[position])      # kept his hand: the talon card goes to the écart
        return
    hands[position].remove(card)
    deal.ecart.add(card)
    if position < L.N_POS - 1:
        hands[position].add(deal.talon[position])


def _exchange(ruleset: ReversisRuleset, deal: PlayedDeal, hands: list[set[int]], choose: SharedPolicies) -> None:
    """docs §3: positions 0, 1, 2 discard then take their talon card; the dealer discards one."""
    for pos in range(L.N_POS):
        exchange(ruleset, deal, hands, pos, choose.discard(pos, hands[pos], may_keep(ruleset, pos)))


def _pay_trick(ruleset: ReversisRuleset, deal: PlayedDeal, number: int, leader: int, taker: int,
               kinds: list[tuple[int, int, str]]) -> None:
    """The aces and the quinola of one trick: given and forced are paid "tout de suite", played at the end."""
    bonne = ruleset["payments.bonne_tricks"]
    for holder, card, kind in kinds:
        if rank_of(card) == ACE:
            base = ruleset["aces.diamond_payment"] if card == DIAMOND_ACE else ruleset["aces.payment"]
            deal.aces[kind] += 1
            if kind == GIVEN:
                before = len(deal.ledger.payments)
                deal.ledger.pay(L.C_ACES, taker, holder, base * multiplier(taker, holder, number, bonne), number,
                                "ace given")
                deal.gifts.extend(deal.ledger.payments[before:])
            elif kind == FORCED:
                # Hoyle: "The person who forces an ace receives the same payments from all the players"
                payers = range(L.N_POS) if ruleset["aces.forced_payer"] == "each-player" else (holder,)
                for payer in payers:
                    deal.ledger.pay(L.C_ACES, payer, leader, base * multiplier(payer, leader, number, bonne),
                                    number, "ace forced")
            else:
                deal.deferred.append((L.C_ACES, holder, base, number))
        if card == QUINOLA:
            deal.quinola_trick = number
            # forced "par as, roi ou dame de cœur": under the higher-heart reading the forcer is the
            # player whose heart took the trick, and a lone quinola taking its own trick was played
            forcer = taker if ruleset["quinola.forced_by"] == "higher-heart" else leader
            if kind == FORCED and forcer == holder:
                kind = PLAYED
            if kind == GIVEN:
                deal.quinola_fate = L.Q_PLACED
                before = len(deal.ledger.payments)
                deal.ledger.pay(L.C_QUINOLA, taker, holder,
                                ruleset["quinola.placed_from_taker"] * multiplier(taker, holder, number, bonne),
                                number, "quinola placed")
                for other in range(L.N_POS):
                    if other not in (holder, taker):
                        deal.ledger.pay(L.C_QUINOLA, other, holder, ruleset["quinola.placed_from_others"]
                                        * multiplier(other, holder, number, bonne), number, "quinola placed")
                deal.gifts.extend(deal.ledger.payments[before:])
            elif kind == FORCED:
                deal.quinola_fate = L.Q_FORCED
                deal.ledger.pay(L.C_QUINOLA, holder, forcer,
                                ruleset["quinola.forced_from_holder"] * multiplier(holder, forcer, number, bonne),
                                number, "quinola forced")
                for other in range(L.N_POS):
                    if other not in (holder, forcer):
                        deal.ledger.pay(L.C_QUINOLA, other, forcer, ruleset["quinola.forced_from_others"]
                                        * multiplier(other, forcer, number, bonne), number, "quinola forced")
            else:
                deal.quinola_fate = L.Q_PLAYED
                deal.deferred.append((L.C_QUINOLA, holder, ruleset["quinola.forced_from_holder"], number))


def open_deal(ruleset: ReversisRuleset, dealt: Sequence[set[int]], talon: Sequence[int],
              pool_start: int | None = None) -> PlayedDeal:
    """A deal as dealt, the dealer's stake paid to the pool (docs §2, §7); ``pool_start`` is what the
    pool holds before the dealer adds (None: a fresh table, the opening pool)."""
    if pool_start is None:
        pool_start = 4 * ruleset["pool.opening_per_player"]
    deal = PlayedDeal(dealt=[set(h) for h in dealt], talon=list(talon), discards=[L.NO_CARD] * 4, ecart=set(),
                      hands_at_play=[], pool_start=pool_start)
    deal.ledger.pay(L.C_DEALER, L.N_POS - 1, L.POOL, ruleset["pool.dealer_adds"], 0, "the dealer adds to the pool")
    deal.p0 = pool_start + ruleset["pool.dealer_adds"]
    return deal


def play_deal(ruleset: ReversisRuleset, by_position: Sequence[SeatPolicy], seed: int, deal_index: int,
              pool_start: int | None = None) -> PlayedDeal:
    """Deal ``deal_index`` of ``seed``; ``pool_start`` is what the pool holds before the dealer adds
    (None: a fresh table, the opening pool)."""
    stream = PythonStream(seed, deal_index)
    dealt, talon = deal_hands(stream)
    hands = [set(h) for h in dealt]
    deal = open_deal(ruleset, dealt, talon, pool_start)
    choose = SharedPolicies(by_position, stream)
    _exchange(ruleset, deal, hands, choose)
    _play(ruleset, deal, hands, choose)
    return deal


def play_position(ruleset: ReversisRuleset, hands_at_play: Sequence[set[int]], ecart: set[int],
                  scripts: Mapping[int, Sequence[int]], then: Sequence[SeatPolicy],
                  pool_start: int | None = None, seed: int = 0) -> PlayedDeal:
    """A hand-built position, for rule tests: the hands as play begins and the écart; each
    position in ``scripts`` plays its listed cards first, in order (each checked legal), then
    ``then`` (one policy per position) plays the rest."""
    hands = [set(h) for h in hands_at_play]
    every = [c for h in hands for c in h] + list(ecart)
    if sorted(every) != list(range(48)) or any(len(h) != L.N_TRICKS for h in hands):
        raise ValueError("a position needs 11 cards a hand and four in the écart, the 48 once each")
    deal = open_deal(ruleset, hands, [], pool_start)
    deal.ecart = set(ecart)
    _play(ruleset, deal, hands, Scripted(scripts, SharedPolicies(then, PythonStream(seed, 0))))
    return deal


class Scripted:
    """Each position plays its scripted cards first (an illegal one is refused), then asks the policies."""

    def __init__(self, scripts: Mapping[int, Sequence[int]], then: SharedPolicies) -> None:
        self.scripts, self.then = {p: list(cards) for p, cards in scripts.items()}, then

    def card(self, position: int, hand: set[int], legal: set[int], follow: set[int], obs: np.ndarray) -> int:
        script = self.scripts.get(position)
        if not script:
            return self.then.card(position, hand, legal, follow, obs)
        card = script.pop(0)
        if card not in legal:
            raise ValueError(f"scripted card {card} is not legal for position {position}")
        return card


class TrickPlay:
    """The play of one deal a card at a time (docs §4-§6): whose turn it is, his legal cards and his
    observation, then ``play(card)``; the trick's last card takes it and makes its payments, and the
    eleventh trick's settles the deal. ``_play`` asks the policies through it; a caller that takes the
    decisions itself (the OpenSpiel game) steps it the same way. ``hands`` are the positions' hands
    as play begins, and are played from."""

    def __init__(self, ruleset: ReversisRuleset, deal: PlayedDeal, hands: list[set[int]]) -> None:
        self.ruleset, self.deal, self.hands = ruleset, deal, hands
        deal.hands_at_play = [set(h) for h in hands]
        deal.privileged = privileged_position(hands, ruleset["espagnolette.definition"])
        deal.quinola_holder = next((p for p in range(L.N_POS) if QUINOLA in hands[p]), L.NOBODY)
        self.number, self.leader, self.cards, self.kinds = 1, 0, [], []
        self.played, self.takers = set(), []
        self._options: tuple[set[int], set[int]] | None = None

    @property
    def finished(self) -> bool:
        return self.number > L.N_TRICKS

    @property
    def position(self) -> int:
        """The position to play now."""
        return (self.leader + len(self.cards)) % L.N_POS

    def privileged(self) -> bool:
        """Whether the position to play may renounce at will (the espagnolette inside his window,
        his privilege not lost to a trick he kept: ``privilege_lost``)."""
        return (self.position == self.deal.privileged and self.number <= self.ruleset["espagnolette.renounce_tricks"]
                and not privilege_lost(self.ruleset, self.deal))

    def options(self) -> tuple[set[int], set[int]]:
        """(legal cards, the cards he could play without the espagnolette's privilege)."""
        if self._options is None:
            hand, led = self.hands[self.position], self._led()
            first = dict(first_lead=self.number == 1 and not self.cards,
                         eldest_leads_heart=self.ruleset["play.eldest_leads_heart"])
            self._options = (legal_cards(hand, led, privileged=self.privileged(), **first),
                             legal_cards(hand, led, privileged=False, **first))
        return self._options

    def observation(self) -> np.ndarray:
        """What the position to play sees, laid out as the policies take it (layout.O_*)."""
        pos = self.position
        return _observation(pos, self.number, self.leader, self.cards, self.played, self.takers, self.privileged(),
                            self.deal.discards[pos])

    def play(self, card: int) -> None:
        """The position to play plays ``card`` (a card not legal raises ValueError)."""
        if card not in self.options()[0]:
            raise ValueError(f"card {card} is not legal for position {self.position}")
        deal, pos, led, hand = self.deal, self.position, self._led(), self.hands[self.position]
        if self.privileged() and led is not None and suit_of(card) != led and any(suit_of(c) == led for c in hand):
            deal.espagnolette_used = True   # "renoncé en vertu de son droit": no waiving after this
        self.kinds.append((pos, card, card_kind(card, hand, led)))
        hand.remove(card)
        self.cards.append(card)
        self.played.add(card)
        self._options = None
        if len(self.cards) < L.N_POS:
            return
        taker = trick_taker(self.cards, self.leader)
        deal.tricks.append(Trick(self.number, self.leader, self.cards, taker))
        if taker == deal.privileged and not deal.espagnolette_trick:
            deal.espagnolette_trick = self.number    # "il faudrait pour cela que la levée lui restât"
        self.takers.append(taker)
        _pay_trick(self.ruleset, deal, self.number, self.leader, taker, self.kinds)
        self.number, self.leader, self.cards, self.kinds = self.number + 1, taker, [], []
        if self.finished:
            settle(self.ruleset, deal)

    def _led(self) -> int | None:
        return suit_of(self.cards[0]) if self.cards else None


def _play(ruleset: ReversisRuleset, deal: PlayedDeal, hands: list[set[int]], choose) -> None:
    """docs §4-§6: the espagnolette, eleven tricks, the settlement."""
    play = TrickPlay(ruleset, deal, hands)
    while not play.finished:
        legal, follow = play.options()
        position = play.position
        play.play(choose.card(position, hands[position], legal, follow, play.observation()))


def play_session(ruleset: ReversisRuleset, by_player: Sequence[SeatPolicy], seed: int, session: int,
                 length: int) -> list[PlayedDeal]:
    """Deals session*length .. +length-1 at one table; in deal j, position p is player (p + j) % 4."""
    pool, deals = None, []
    for j in range(length):
        by_position = [by_player[(p + j) % L.N_POS] for p in range(L.N_POS)]
        deal = play_deal(ruleset, by_position, seed, session * length + j, pool)
        pool = int(deal.record()[L.D_POOL_END])
        deals.append(deal)
    return deals

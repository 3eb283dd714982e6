"""The reference engine's variant rules (docs/variants.md) on hand-built deals and positions:
the bid ladder and casco's eligibility, the demanded king's exchange, casco's trumps named by
the friend, the called king's duty and the vole before the first trick. Matadors and settlement
are in test_reference_variant_settlement.py.

The rulesets are built from ``encyclopedie-1765`` with the variant keys overridden
(variant_rulesets.py), so the tests do not depend on the variant TOML files. Decisions the test needs fixed are scripted
(``Scripted`` wraps the shared policies, records every consultation and answers from a script);
the rest are left to the deterministic heuristic policy.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pytest

from spadille.kernel.common._rng import PythonStream
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.reference import ReferenceEngine, Table, play_deals, ranking, read_rules
from spadille.kernel.quadrille.reference.auction import bids_open_to, run_auction
from spadille.kernel.quadrille.reference.contract import casco_calls, contract_of_auction, legal_demands
from spadille.kernel.quadrille.reference.deal import Forced
from spadille.kernel.quadrille.reference.play import called_king_duty, legal_cards
from spadille.kernel.quadrille.reference.state import PlayState

from variant_rulesets import (A_TROIS, CLUBS, DIAMONDS, HEARTS, ITALIAN, MEDIATEUR, NOTHING, SPADES, card, hand,
                              rules_of, variant)

PASSING = make_seat_policy("heuristic", {"ask_threshold": 10, "alone_threshold": 10, "demand_threshold": 10,
                                         "casco_threshold": 10})


class Scripted:
    """The engine's shared policies, with some decisions scripted and every consultation logged.

    ``script[name](*arguments)`` answers decision ``name`` (bid, force_answer, trump, call,
    demand, gift, vole, card); None leaves it to the real policy. The log keeps (name,
    arguments), the arguments as the engine offered them; a card decision also logs the
    observation the player was given."""

    def __init__(self, inner: Any, **script: Callable[..., Any]) -> None:
        self.inner = inner
        self.script = script
        self.log: list[tuple[str, tuple]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def _decide(self, name: str, arguments: tuple, real: Callable[[], Any]) -> Any:
        self.log.append((name, arguments))
        rule = self.script.get(name)
        answer = rule(*arguments) if rule else None
        return real() if answer is None else answer

    def asked(self, name: str) -> list[tuple]:
        return [arguments for logged, arguments in self.log if logged == name]

    def bid(self, seat, held, open_bids, stream):
        return self._decide("bid", (seat, tuple(open_bids)), lambda: self.inner.bid(seat, held, open_bids, stream))

    def force_answer(self, asker, held, overbid, stream):
        return self._decide("force_answer", (asker, overbid),
                            lambda: self.inner.force_answer(asker, held, overbid, stream))

    def trump(self, namer, held, allowed, alone, stream):
        return self._decide("trump", (namer, tuple(allowed), alone),
                            lambda: self.inner.trump(namer, held, allowed, alone, stream))

    def call(self, ombre, held, trump, calls, stream):
        return self._decide("call", (ombre, trump, tuple(calls)),
                            lambda: self.inner.call(ombre, held, trump, calls, stream))

    def demand(self, ombre, held, trump, demands, stream):
        return self._decide("demand", (ombre, trump, tuple(demands)),
                            lambda: self.inner.demand(ombre, held, trump, demands, stream))

    def gift(self, ombre, held, king, trump, stream):
        return self._decide("gift", (ombre, frozenset(held), king, trump),
                            lambda: self.inner.gift(ombre, held, king, trump, stream))

    def vole(self, state, seat, stream, *how):
        """``how``: the policy and the card-play rules the engine chose (a situation, a role's policy)."""
        return self._decide("vole", (seat, state.trick_index, len(state.trick)),
                            lambda: self.inner.vole(state, seat, stream, *how))

    def card(self, state, seat, legal, stream, *how):
        observation = self.inner.observation(state, seat)
        return self._decide("card", (seat, state.trick_index, tuple(legal), observation),
                            lambda: self.inner.card(state, seat, legal, stream, *how))


def engine_for(ruleset, policies=None, **script: Callable[..., Any]) -> tuple[ReferenceEngine, Scripted]:
    seats = ruleset["pack.seats"]
    engine = ReferenceEngine(ruleset, policies or (PASSING,) * seats)
    engine.policies = Scripted(engine.policies, **script)
    return engine, engine.policies


def play(engine: ReferenceEngine, deal_hands: list[str], table: Table | None = None, forced: Forced = Forced(),
         seed: int = 5):
    table = table if table is not None else Table()
    before = table.total()
    played = engine.play_hands(0, [hand(text) for text in deal_hands], PythonStream(seed, 0), table, forced)
    row = played.row
    seats = engine.rules.seats
    assert row[L.COL_PAY:L.COL_PAY + seats].sum() + row[L.COL_POOL] == 0  # money balances
    assert row[L.COL_POOL] == table.total() - before
    return played


def cards_played_by(row: np.ndarray, seat: int, seats: int) -> set[int]:
    """Every card ``seat`` played in the row (its trick's leader tells the play order)."""
    out = set()
    for trick in range(L.MAX_TRICKS):
        leader = row[L.COL_LEADERS + trick]
        if leader < 0:
            continue
        offset = (seat - leader) % seats
        out.add(int(row[L.COL_CARDS + L.MAX_SEATS * trick + offset]))
    return out


def seat_holding(row: np.ndarray, natural: int, seats: int) -> int:
    return next(s for s in range(seats) if row[L.COL_HANDS + s] >> natural & 1)


# A 40-card deal: seat 0 strong in hearts with every king but diamonds', seat 2 the king of diamonds.
MEDIATEUR_DEAL = [
    "spadille basto ♥7 ♥A ♥K ♥Q ♠K ♠Q ♣K ♣Q",
    "♥J ♥2 ♥3 ♠J ♠7 ♠6 ♣J ♣7 ♣6 ♦A",
    "♦K ♦Q ♦J ♦2 ♦3 ♥4 ♠5 ♠4 ♣5 ♣4",
    "♥5 ♥6 ♠2 ♠3 ♣2 ♣3 ♦4 ♦5 ♦6 ♦7",
]
# Seat 1 holds both black aces; seat 2 the king of diamonds, seat 3 the king of hearts.
CASCO_DEAL = [
    "♠K ♠Q ♠J ♣K ♣Q ♣J ♦A ♦2 ♦3 ♦4",
    "spadille basto ♠2 ♠3 ♠4 ♣2 ♣3 ♣4 ♥2 ♥3",
    "♦K ♦Q ♦J ♦5 ♦6 ♦7 ♠5 ♠6 ♣5 ♣6",
    "♥K ♥Q ♥J ♥A ♥4 ♥5 ♥6 ♥7 ♠7 ♣7",
]
# Quadrille à trois (no diamonds): seat 0 has spadille and no king.
A_TROIS_DEAL = [
    "spadille ♠2 ♠3 ♠4 ♣2 ♣3 ♣4 ♥2 ♥3 ♥4",
    "basto ♠K ♠Q ♠J ♣K ♣Q ♣J ♥K ♥Q ♥J",
    "♠5 ♠6 ♠7 ♣5 ♣6 ♣7 ♥A ♥5 ♥6 ♥7",
]


# ---------------------------------------------------------------- the auction
def test_plain_ladder_is_the_old_auction():
    """Plain quadrille (auction.contracts = ask, sans-prendre): nothing yet opens pass, ask and
    sans prendre; an ask cannot be over-asked; nothing outranks a sans prendre."""
    rules = rules_of()
    anyone = hand("♥2")
    assert bids_open_to(NOTHING, rules, anyone) == (L.PASS, L.ASK, L.ALONE)
    assert bids_open_to(L.ASK, rules, anyone) == (L.PASS, L.ALONE)
    assert bids_open_to(L.ALONE, rules, anyone) == (L.PASS,)


def test_ladder_precedence_and_casco_eligibility():
    """auction.contracts is the precedence, lowest first; a seat may bid only strictly above the
    best bid; casco only with both spadille and basto in hand."""
    rules = rules_of(**ITALIAN)
    aces = hand("spadille basto ♥2")
    spadille_only = hand("spadille ♣2 ♥2")
    assert bids_open_to(NOTHING, rules, aces) == (L.PASS, L.ASK, L.DEMAND, L.CASCO, L.ALONE)
    assert bids_open_to(NOTHING, rules, spadille_only) == (L.PASS, L.ASK, L.DEMAND, L.ALONE)
    assert bids_open_to(L.ASK, rules, aces) == (L.PASS, L.DEMAND, L.CASCO, L.ALONE)
    assert bids_open_to(L.DEMAND, rules, aces) == (L.PASS, L.CASCO, L.ALONE)
    assert bids_open_to(L.DEMAND, rules, spadille_only) == (L.PASS, L.ALONE)
    assert bids_open_to(L.CASCO, rules, aces) == (L.PASS, L.ALONE)
    # the médiateur's ladder has no casco, whatever the hand
    assert bids_open_to(NOTHING, rules_of(**MEDIATEUR), aces) == (L.PASS, L.ASK, L.DEMAND, L.ALONE)


def test_overbid_ask_forces_the_asker_once():
    """An ask overbid by a demand asks the asker TAKE/CEDE with the demand's code; a later
    overbid of the demand forces nobody; after the top of the ladder no seat is consulted."""
    rules = rules_of(**ITALIAN)
    hands = [hand("♥2"), hand("spadille basto"), hand("♥3"), hand("♥4")]
    script = {0: L.ASK, 1: L.DEMAND, 2: L.ALONE, 3: L.PASS}
    offered, forced = {}, []

    def bid(seat, open_bids):
        offered[seat] = open_bids
        return script[seat]

    def force(asker, overbid):
        forced.append((asker, overbid))
        return L.CEDE

    result = run_auction(rules, hands, bid, force)
    assert offered == {0: (L.PASS, L.ASK, L.DEMAND, L.ALONE), 1: (L.PASS, L.DEMAND, L.CASCO, L.ALONE),
                       2: (L.PASS, L.ALONE)}
    assert forced == [(0, L.DEMAND)]
    assert result.bids == [L.ASK, L.DEMAND, L.ALONE, -1]
    assert (result.declarer, result.kind, result.force_answer) == (2, L.ALONE, L.CEDE)


def test_asker_may_take_the_higher_contract():
    """auction.asker_preference: the asker who answers TAKE plays the overbid contract himself."""
    rules = rules_of(**MEDIATEUR)
    hands = [hand("♥2")] * 4
    bids = {0: L.PASS, 1: L.ASK, 2: L.DEMAND, 3: L.PASS}
    result = run_auction(rules, hands, lambda seat, _: bids[seat], lambda asker, overbid: L.TAKE)
    assert (result.declarer, result.kind, result.force_answer) == (1, L.DEMAND, L.TAKE)
    off = rules_of(**MEDIATEUR, **{"auction.asker_preference": False})
    result = run_auction(off, hands, lambda seat, _: bids[seat], lambda asker, overbid: L.TAKE)
    assert (result.declarer, result.kind, result.force_answer) == (2, L.DEMAND, L.NO_FORCE)


def test_seat_with_only_a_pass_open_is_not_consulted():
    """A seat with nothing open besides passing is not consulted: with a ladder of ask and casco,
    after an ask a seat without both black aces has nothing to say."""
    rules = rules_of(**{"auction.contracts": ["ask", "casco"]})
    hands = [hand("♥2"), hand("♥3"), hand("spadille basto"), hand("♥4")]
    consulted = []

    def bid(seat, open_bids):
        consulted.append(seat)
        return L.ASK if seat == 0 else L.PASS

    result = run_auction(rules, hands, bid, lambda *_: L.CEDE)
    assert consulted == [0, 2]
    assert result.bids == [L.ASK, -1, L.PASS, -1]


def test_contract_of_each_bid():
    """ASK -> CALLED (DEMANDED with contract.ask_demands_king), DEMAND -> DEMANDED, CASCO -> the
    casco game, ALONE -> SANS_PRENDRE, nobody -> FORCED."""
    plain, trois = rules_of(), rules_of(**A_TROIS)
    assert contract_of_auction(1, L.ASK, plain) == L.CALLED
    assert contract_of_auction(1, L.ASK, trois) == L.DEMANDED
    assert contract_of_auction(1, L.DEMAND, plain) == L.DEMANDED
    assert contract_of_auction(1, L.CASCO, plain) == L.CASCO_GAME
    assert contract_of_auction(1, L.ALONE, trois) == L.SANS_PRENDRE
    assert contract_of_auction(-1, -1, trois) == L.FORCED


def test_bids_in_a_played_deal_see_the_open_bids():
    """In a played deal each consulted seat is offered PASS and the bids above the best so far;
    the bit mask the policy gets is built from them."""
    engine, log = engine_for(variant(**ITALIAN))
    played = play(engine, CASCO_DEAL)
    offered = dict(log.asked("bid"))
    assert offered[0] == (L.PASS, L.ASK, L.DEMAND, L.ALONE)
    assert offered[1] == (L.PASS, L.ASK, L.DEMAND, L.CASCO, L.ALONE)
    assert played.row[L.COL_BIDS:L.COL_BIDS + 4].tolist() == [L.PASS] * 4
    assert (played.row[L.COL_CONTRACT], played.row[L.COL_OMBRE]) == (L.FORCED, 1)  # spadille's holder


def test_fixed_bid_not_open_is_a_pass():
    """The focal seat's fixed casco without both black aces is a pass."""
    engine, _ = engine_for(variant(**ITALIAN))
    played = play(engine, CASCO_DEAL, forced=Forced(seat=0, bid=L.CASCO))
    assert played.row[L.COL_BIDS] == L.PASS


# ---------------------------------------------------------------- the demanded king
def test_legal_demands():
    """The kings of the pack the ombre does not hold; the king of trumps only with
    exchange.demand_king_of_trumps."""
    held = hand("♠K ♥2")
    assert legal_demands(held, HEARTS, rules_of()) == sorted(hand("♣K ♥K ♦K"))
    no_trump_king = rules_of(**{"exchange.demand_king_of_trumps": False})
    assert legal_demands(held, HEARTS, no_trump_king) == sorted(hand("♣K ♦K"))
    assert legal_demands(held, SPADES, rules_of(**A_TROIS)) == sorted(hand("♣K ♥K"))


def test_demand_exchanges_the_king_for_a_gift():
    """DEMAND: the ombre names trumps, demands the king of diamonds (his only option: he is not
    asked), its holder gives it up for the card the ombre chooses; the row keeps the hands as
    dealt, COL_CALLED the king, COL_GIVEN the gift, and no friend."""
    engine, log = engine_for(variant(**MEDIATEUR), gift=lambda *_: card("♣Q"))
    played = play(engine, MEDIATEUR_DEAL, forced=Forced(seat=0, bid=L.DEMAND, trump=HEARTS))
    row = played.row
    king, gift = card("♦K"), card("♣Q")
    assert row[L.COL_CONTRACT] == L.DEMANDED
    assert (row[L.COL_OMBRE], row[L.COL_TRUMP], row[L.COL_FRIEND]) == (0, HEARTS, -1)
    assert (row[L.COL_CALLED], row[L.COL_GIVEN]) == (king, gift)
    assert log.asked("demand") == []  # one legal demand: taken without asking
    [(ombre, offered, asked_king, trump)] = log.asked("gift")
    assert (ombre, asked_king, trump) == (0, king, HEARTS)
    assert offered == frozenset(hand(MEDIATEUR_DEAL[0]) | {king})  # the hand already holds the king
    assert [row[L.COL_HANDS + s] for s in range(4)] == [cards.Hand.parse(h).mask for h in MEDIATEUR_DEAL]
    assert king in cards_played_by(row, 0, 4) and gift not in cards_played_by(row, 0, 4)
    assert gift in cards_played_by(row, 2, 4) and king not in cards_played_by(row, 2, 4)


def test_demand_information_and_no_hidden_partner():
    """The table knows where the king went: O_CANNOT_HOLD of every seat but the ombre holds the
    king; with exchange.card_shown every seat but the holder gets the gift; O_CALLED_POS is -1."""
    for shown in (True, False):
        ruleset = variant(**MEDIATEUR, **{"exchange.card_shown": shown})
        engine, log = engine_for(ruleset, gift=lambda *_: card("♣Q"))
        play(engine, MEDIATEUR_DEAL, forced=Forced(seat=0, bid=L.DEMAND, trump=HEARTS))
        position = engine.policies.pos_of_card[HEARTS]
        king_bit, gift_bit = 1 << int(position[card("♦K")]), 1 << int(position[card("♣Q")])
        seat, trick, _, observation = log.asked("card")[0]
        assert trick == 0
        assert observation[L.O_CALLED_POS] == -1
        cannot_hold = [int(observation[L.O_CANNOT_HOLD + s]) for s in range(4)]
        assert [bool(c & king_bit) for c in cannot_hold] == [False, True, True, True]
        assert [bool(c & gift_bit) for c in cannot_hold] == ([True, True, False, True] if shown else [False] * 4)


@pytest.mark.parametrize(("king", "fee"), [("♦K", 10), ("♣K", 20)])
def test_demand_fee(king, fee):
    """The ombre pays the king's holder exchange.fee jetons, exchange.fee_favourite for a king of
    exchange.favourite_suit (HOY: "giving in return some other card, and a fish: but if the king
    be of the favourite suit, then two fish")."""
    fees = {"exchange.fee": 10, "exchange.fee_favourite": 20, "exchange.favourite_suit": "clubs"}
    deal = list(MEDIATEUR_DEAL)
    if king == "♣K":  # seat 2 holds the king of clubs instead of diamonds
        deal[0] = deal[0].replace("♣K", "♦K")
        deal[2] = deal[2].replace("♦K", "♣K")
    rows = []
    for extra in ({}, fees):
        engine, _ = engine_for(variant(**MEDIATEUR, **extra), gift=lambda *_: card("♣Q"))
        rows.append(play(engine, deal, forced=Forced(seat=0, bid=L.DEMAND, trump=HEARTS)).row)
    without, with_fee = (row[L.COL_PAY:L.COL_PAY + 4] for row in rows)
    assert rows[1][L.COL_CALLED] == card(king)
    assert (with_fee - without).tolist() == [-fee, 0, fee, 0]


def test_fixed_call_is_the_demanded_king():
    """F_CALL is the focal ombre's demanded king; the policy is not asked."""
    engine, log = engine_for(variant(**MEDIATEUR), gift=lambda *_: card("♣Q"))
    deal = list(MEDIATEUR_DEAL)
    deal[0] = deal[0].replace("♣K", "♦7")  # seat 0 now lacks the kings of clubs and diamonds
    deal[3] = deal[3].replace("♦7", "♣K")
    row = play(engine, deal, forced=Forced(seat=0, bid=L.DEMAND, trump=HEARTS, call=card("♣K"))).row
    assert row[L.COL_CALLED] == card("♣K") and log.asked("demand") == []
    engine, log = engine_for(variant(**MEDIATEUR), gift=lambda *_: card("♣Q"), demand=lambda *_: card("♦K"))
    row = play(engine, deal, forced=Forced(seat=0, bid=L.DEMAND, trump=HEARTS)).row
    assert log.asked("demand") == [(0, HEARTS, tuple(sorted(hand("♣K ♦K"))))]
    assert row[L.COL_CALLED] == card("♦K")


def test_a_trois_ask_and_forced_spadille_demand():
    """Quadrille à trois (contract.ask_demands_king): the ask is a demand; when all pass, the
    spadille holder is forced and demands instead of calling, the contract staying FORCED."""
    ruleset = variant(**A_TROIS)
    engine, log = engine_for(ruleset, trump=lambda *_: SPADES, demand=lambda *_: card("♥K"),
                             gift=lambda *_: card("♥2"))
    row = play(engine, A_TROIS_DEAL).row
    assert row[L.COL_BIDS:L.COL_BIDS + 4].tolist() == [L.PASS, L.PASS, L.PASS, -1]
    assert (row[L.COL_CONTRACT], row[L.COL_OMBRE], row[L.COL_FRIEND]) == (L.FORCED, 0, -1)
    assert (row[L.COL_CALLED], row[L.COL_GIVEN]) == (card("♥K"), card("♥2"))
    assert log.asked("trump") == [(0, (SPADES, CLUBS, HEARTS), True)]
    assert log.asked("demand") == [(0, SPADES, tuple(sorted(hand("♠K ♣K ♥K"))))]
    engine, _ = engine_for(ruleset, demand=lambda *_: card("♥K"), gift=lambda *_: card("♥2"))
    row = play(engine, A_TROIS_DEAL, forced=Forced(seat=0, bid=L.ASK, trump=CLUBS)).row
    assert (row[L.COL_CONTRACT], row[L.COL_TRUMP], row[L.COL_CALLED]) == (L.DEMANDED, CLUBS, card("♥K"))


def test_no_king_to_demand_exchanges_nothing():
    """A demanding ombre who holds every king he may demand exchanges nothing (COL_CALLED -1)."""
    ruleset = variant(**MEDIATEUR, **{"exchange.demand_king_of_trumps": False, "exchange.fee": 10})
    deal = list(MEDIATEUR_DEAL)
    deal[0] = deal[0].replace("♥Q", "♦K")
    deal[2] = deal[2].replace("♦K", "♥Q")
    engine, log = engine_for(ruleset)
    row = play(engine, deal, forced=Forced(seat=0, bid=L.DEMAND, trump=HEARTS)).row
    assert (row[L.COL_CONTRACT], row[L.COL_CALLED], row[L.COL_GIVEN], row[L.COL_FRIEND]) == (L.DEMANDED, -1, -1, -1)
    assert log.asked("gift") == []


# ---------------------------------------------------------------- casco
def test_casco_calls():
    """A casco ombre calls among the kings of the pack, trumps not yet named (any suit); his own
    only with contract.self_call; no queen even with every king."""
    every_king = hand("spadille basto ♠K ♣K ♥K ♦K")
    assert casco_calls(hand("spadille basto ♥K"), rules_of()) == sorted(hand("♠K ♣K ♥K ♦K"))
    no_self_call = rules_of(**{"contract.self_call": False})
    assert casco_calls(hand("spadille basto ♥K"), no_self_call) == sorted(hand("♠K ♣K ♦K"))
    assert casco_calls(every_king, no_self_call) == []


def test_casco_friend_names_trumps():
    """Casco: the ombre calls (asked with trump -1), then the called king's holder names trumps
    with alone = 0; the focal seat's fixed trump does not apply, its fixed call does; the friend is
    known to every seat from the first card."""
    engine, log = engine_for(variant(**ITALIAN), trump=lambda *_: CLUBS)
    forced = Forced(seat=1, bid=L.CASCO, trump=HEARTS, call=card("♦K"))
    row = play(engine, CASCO_DEAL, forced=forced).row
    assert (row[L.COL_CONTRACT], row[L.COL_OMBRE], row[L.COL_CALLED]) == (L.CASCO_GAME, 1, card("♦K"))
    assert (row[L.COL_FRIEND], row[L.COL_TRUMP]) == (2, CLUBS)
    assert log.asked("trump") == [(2, (SPADES, CLUBS, HEARTS, DIAMONDS), False)]
    assert log.asked("call") == []
    for seat, _, _, observation in log.asked("card")[:4]:
        assert observation[L.O_FRIEND_KNOWN] == 2
        assert observation[L.O_CONTRACT] == L.CASCO_GAME

    engine, log = engine_for(variant(**ITALIAN), call=lambda *_: card("♥K"))
    row = play(engine, CASCO_DEAL, forced=Forced(seat=1, bid=L.CASCO)).row
    assert log.asked("call") == [(1, -1, tuple(sorted(hand("♠K ♣K ♥K ♦K"))))]
    assert (row[L.COL_CALLED], row[L.COL_FRIEND], log.asked("trump")[0][0]) == (card("♥K"), 3, 3)


def test_casco_own_king_names_trumps_alone():
    """A casco ombre who calls his own king names trumps himself (alone = 1) and plays alone;
    the contract stays casco."""
    deal = list(CASCO_DEAL)
    deal[1] = deal[1].replace("♥3", "♥K")
    deal[3] = deal[3].replace("♥K", "♥3")
    engine, log = engine_for(variant(**ITALIAN), trump=lambda *_: HEARTS)
    row = play(engine, deal, forced=Forced(seat=1, bid=L.CASCO, call=card("♥K"))).row
    assert (row[L.COL_CONTRACT], row[L.COL_FRIEND], row[L.COL_TRUMP]) == (L.CASCO_GAME, -1, HEARTS)
    assert log.asked("trump") == [(1, (SPADES, CLUBS, HEARTS, DIAMONDS), True)]


# ---------------------------------------------------------------- the called king's duty
def test_called_king_duty_filter(ruleset):
    """play.called_king_duty: the called card's holder must play it when its suit is led and may
    not lead it while he has another card; nobody else is affected."""
    hearts = ranking(ruleset, HEARTS)
    rules = read_rules(ruleset)
    king = card("♦K")
    held = hand("♦K ♦3 ♠5")

    def duty(cards_held, trick, called=king):
        return set(called_king_duty(legal_cards(cards_held, trick, hearts, rules), cards_held, trick, called, hearts))

    assert duty(held, [card("♦7")]) == {king}
    assert duty(held, []) == hand("♦3 ♠5")
    assert duty(hand("♦K"), []) == {king}
    assert duty(held, [card("♠7")]) == hand("♠5")
    assert duty(hand("♦Q ♦3 ♠5"), [card("♦7")]) == hand("♦Q ♦3")
    assert duty(held, [card("♦7")], called=-1) == hand("♦K ♦3")


def test_called_king_duty_inference():
    """A follower who plays another card when the called card's suit is led shows he does not
    hold it; the leader shows nothing; without the duty nothing is inferred."""
    for on in (True, False):
        ruleset = variant(**{"play.called_king_duty": on})
        rules = read_rules(ruleset)
        hands = [hand("♦3 ♠2"), hand("♦4 ♠3"), hand("♦K ♠4"), hand("♦5 ♠5")]
        state = PlayState(4, ranking(ruleset, HEARTS), rules, L.CALLED, 0, 2, card("♦K"), hands)
        for seat, played in ((0, "♦3"), (1, "♦4"), (2, "♦K"), (3, "♦5")):
            state.play(seat, card(played))
        king = card("♦K")
        assert [king in state.cannot_hold[s] for s in range(4)] == [False, on, False, on]


def test_duty_holds_in_played_deals():
    """In seeded deals under the duty, the called card's holder plays it whenever its suit is led
    while he holds it, and leads it only as his last card."""
    ruleset = variant(**{"play.called_king_duty": True})
    rows = play_deals(ruleset, (make_seat_policy("heuristic"),) * 4, seed=3, first_deal=0, n=150)
    checked = 0
    for row in rows:
        called = int(row[L.COL_CALLED])
        if called < 0 or row[L.COL_CONTRACT] not in (L.CALLED, L.SELF_CALLED, L.FORCED):
            continue
        order = ranking(ruleset, int(row[L.COL_TRUMP]))
        holder = seat_holding(row, called, 4)
        for trick in range(10):
            leader = int(row[L.COL_LEADERS + trick])
            played = [int(row[L.COL_CARDS + 4 * trick + k]) for k in range(4)]
            seats = [(leader + k) % 4 for k in range(4)]
            if called not in played:
                assert order.effective_suit[played[0]] != order.effective_suit[called] or seats[0] == holder
                continue
            at = played.index(called)
            assert at > 0 or trick == 9
            checked += 1
            break
    assert checked > 50


# ---------------------------------------------------------------- the vole before the first trick
def test_vole_before_the_first_trick_is_the_ombres():
    """vole.after_straight_tricks = 0: the vole is decided before the first card, by the ombre
    (seat 2 here), not by the eldest who leads."""
    ruleset = variant(**{"vole.after_straight_tricks": 0})
    engine, log = engine_for(ruleset, vole=lambda *_: True)
    deal = MEDIATEUR_DEAL[2:] + MEDIATEUR_DEAL[:2]  # the strong hand sits at seat 2
    played = play(engine, deal, forced=Forced(seat=2, bid=L.ALONE, trump=HEARTS))
    assert log.asked("vole") == [(2, 0, 0)]  # seat 2, trick 0, no card on the table
    decisions = [name for name, _ in log.log]
    assert decisions.index("vole") < decisions.index("card")
    assert played.vole_decider == 2
    assert played.row[L.COL_VOLE] in (L.VOLE_MADE, L.VOLE_FAILED)

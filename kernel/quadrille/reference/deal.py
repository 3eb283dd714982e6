"""One deal from shuffle to settlement, written as docs/engine.md and docs/variants.md tell it,
and the row it leaves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from spadille.kernel.common._rng import PythonStream
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.policies import SeatPolicy
from spadille.kernel.quadrille.ruleset import Ruleset

from .auction import run_auction
from .contract import (NO_CARD, NOBODY, casco_calls, contract_after_call, contract_of_auction, demands_a_king,
                       friend_of, legal_calls, legal_demands, side_of, spadille_holder)
from .decisions import SharedPolicies
from .situations import SeatPlay
from .play import called_king_duty, legal_cards, trick_winner
from .ranking import ranking
from .rules import Rules, read_rules
from .scoring import count_side_matadors, highest_trump_defender, vole_may_be_undertaken, vole_result
from .settlement import Table, pay_antes, settle
from .state import PlayState


def deal_hands(rules: Rules, stream: PythonStream) -> list[set[int]]:
    """The shuffle takes the stream's first draws: the pack in ascending natural order, then
    Fisher-Yates from the top (``j = draw % (i + 1)``); seat s gets the s-th run of cards."""
    deck = list(rules.pack)
    for i in range(len(deck) - 1, 0, -1):
        j = stream.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    size = rules.hand_size
    return [set(deck[seat * size:(seat + 1) * size]) for seat in range(rules.seats)]


def empty_row(deal: int) -> np.ndarray:
    """A row with every unused entry at its documented filler: 0 for hands, tricks and pay,
    -1 for bids, leaders, cards and winners."""
    row = np.zeros(L.N_ROW_COLS, dtype=np.int64)
    row[L.COL_DEAL] = deal
    row[L.COL_BIDS:L.COL_BIDS + L.MAX_SEATS] = -1
    row[L.COL_LEADERS:L.COL_LEADERS + L.MAX_TRICKS] = -1
    row[L.COL_CARDS:L.COL_CARDS + L.MAX_SEATS * L.MAX_TRICKS] = -1
    row[L.COL_WINNERS:L.COL_WINNERS + L.MAX_TRICKS] = -1
    row[L.COL_GIVEN] = -1
    row[L.COL_SITUATION] = -1
    row[L.COL_SITUATION_SEAT] = -1
    row[L.COL_VOLE_DECIDER] = -1
    row[L.COL_VOLE_SEEN] = -1
    return row


@dataclass(frozen=True)
class Forced:
    """The focal seat's fixed decisions (FREE: its policy decides), as layout.F_* describes.

    A fixed bid that is not open to the seat when it speaks (an ask over an ask) is a pass. The
    trump, the call and the vole choice apply when the focal seat is the ombre by its own bid
    (not forced spadille); the vole choice whoever of his side leads to the seventh trick. In a
    demand the fixed call is the demanded king; in a casco game the fixed trump does not apply (the
    friend names trumps) but the fixed call does (docs/variants.md)."""

    seat: int = L.FREE
    bid: int = L.FREE
    trump: int = L.FREE
    call: int = L.FREE
    vole: int = L.FREE

    @classmethod
    def from_array(cls, force: Sequence[int]) -> "Forced":
        return cls(*(int(force[i]) for i in (L.F_SEAT, L.F_BID, L.F_TRUMP, L.F_CALL, L.F_VOLE)))


NOTHING_FORCED = Forced()


@dataclass
class PlayedDeal:
    row: np.ndarray
    vole_decider: int  # the seat that faced the vole decision, -1 if the point was not reached


class ReferenceEngine:
    """The reference rules engine for one ruleset and one set of seat policies."""

    def __init__(self, ruleset: Ruleset, seat_policies: Sequence[SeatPolicy],
                 policies: SharedPolicies | None = None) -> None:
        """``policies``: the bridge to the shared policies, if not the plain one for ``seat_policies``
        (the learned player's training scores each decision on its way through it)."""
        self.ruleset = ruleset
        self.rules = read_rules(ruleset)
        self.policies = policies if policies is not None else SharedPolicies(ruleset, seat_policies)
        self.seat_play = SeatPlay(seat_policies)

    def play_deal(self, seed: int, deal: int, table: Table, forced: Forced = NOTHING_FORCED) -> np.ndarray:
        """Play deal ``deal`` of ``seed`` at ``table`` (updated in place) and return its row.
        The play continues the deal's random stream where the shuffle left it."""
        stream = PythonStream(seed, deal)
        hands = deal_hands(self.rules, stream)
        return self.play_hands(deal, hands, stream, table, forced).row

    def play_hands(self, deal: int, hands: list[set[int]], stream: PythonStream, table: Table,
                   forced: Forced = NOTHING_FORCED) -> PlayedDeal:
        """Play the given hands at ``table`` with the random ``stream``; the row says ``deal``.

        The order of the decisions (and so of the random draws) is docs/variants.md's: the bids
        and the force answer in seat order; then trumps and the call or the demand (casco: the
        call, then the friend's trumps); then the card given for a demanded king; then the play."""
        rules = self.rules
        self.policies.start_deal()
        hands = [set(hand) for hand in hands]
        row = empty_row(deal)
        for seat, hand in enumerate(hands):
            row[L.COL_HANDS + seat] = sum(1 << card for card in hand)  # the hands as dealt
        table_before = table.total()
        nets = [0] * rules.seats
        pay_antes(table, nets, spadille_holder(hands), rules)

        auction = run_auction(
            rules, hands,
            choose_bid=lambda seat, open_bids: self._bid(seat, hands[seat], open_bids, stream, forced),
            choose_force_answer=lambda asker, overbid: self.policies.force_answer(asker, hands[asker], overbid, stream),
        )
        row[L.COL_BIDS:L.COL_BIDS + L.MAX_SEATS] = auction.bids
        row[L.COL_FORCE] = auction.force_answer
        if auction.declarer == NOBODY and rules.all_pass_redeal:
            return PlayedDeal(self._redeal_row(row, nets, table, table_before), -1)

        contract = contract_of_auction(auction.declarer, auction.kind, rules)
        ombre = auction.declarer if auction.declarer != NOBODY else spadille_holder(hands)
        focal_ombre = ombre == forced.seat and contract != L.FORCED
        fixed_call = forced.call if focal_ombre else L.FREE
        demanding = demands_a_king(contract, rules)
        called = given = NO_CARD
        friend = NOBODY
        if contract == L.CASCO_GAME:
            trump, called, friend = self._casco(ombre, hands, stream, fixed_call)
        else:
            if focal_ombre and forced.trump != L.FREE:
                trump = forced.trump
            else:
                alone = contract == L.SANS_PRENDRE or demanding
                trump = self._name_trump(ombre, hands[ombre], alone, stream)
            if demanding:
                called, given = self._demand(ombre, hands, trump, nets, stream, fixed_call)
            elif contract != L.SANS_PRENDRE:
                called = self._call(ombre, hands[ombre], trump, stream, fixed_call)
                friend = friend_of(called, ombre, hands)
                contract = contract_after_call(contract, friend)
        row[L.COL_CONTRACT] = contract
        row[L.COL_OMBRE] = ombre
        row[L.COL_TRUMP] = trump
        row[L.COL_CALLED] = called
        row[L.COL_FRIEND] = friend
        row[L.COL_GIVEN] = given

        # From here on the hands are those after a demanded king's exchange: the play, the
        # matadors and what each player sees all start from them (docs/variants.md).
        starting_hands = [set(hand) for hand in hands]
        state = PlayState(rules.seats, ranking(self.ruleset, trump), rules, contract, ombre, friend,
                          NO_CARD if demanding else called, hands,
                          called_seen=contract == L.CASCO_GAME)  # the casco friend showed himself by naming trumps
        if demanding and called != NO_CARD:
            state.note_exchange(called, _holder_of(given, hands), given)
        if contract == L.CASCO_GAME and called != NO_CARD:
            state.note_casco(called, friend if friend != NOBODY else ombre)
        undertaken, vole_decider = self._play_tricks(state, stream, row, forced.vole if focal_ombre else L.FREE)
        side_tricks = state.side_tricks()
        vole = vole_result(undertaken, side_tricks, rules)
        matadors = count_side_matadors(starting_hands, ombre, friend, state.ranking, rules)
        odd_defender = highest_trump_defender(starting_hands, side_of(ombre, friend), state.ranking)
        settlement = settle(table, contract, ombre, friend, side_tricks, state.tricks_won[ombre],
                            vole, matadors, odd_defender, rules)
        row[L.COL_TRICKS:L.COL_TRICKS + rules.seats] = state.tricks_won
        row[L.COL_SIDE_TRICKS] = side_tricks
        row[L.COL_OUTCOME] = settlement.outcome
        row[L.COL_VOLE] = vole
        row[L.COL_MATADORS] = matadors
        row[L.COL_BETE] = settlement.bete
        row[L.COL_PAY:L.COL_PAY + rules.seats] = [ante + paid for ante, paid in zip(nets, settlement.nets)]
        row[L.COL_POOL] = table.total() - table_before
        return PlayedDeal(row, vole_decider)

    def _bid(self, seat: int, hand: set[int], open_bids: tuple[int, ...], stream: PythonStream,
             forced: Forced) -> int:
        """The seat's bid among ``open_bids``: its policy's, or the focal seat's fixed bid (a
        pass if that bid is not open to it: an ask over an ask, casco without both black aces)."""
        if seat != forced.seat or forced.bid == L.FREE:
            return self.policies.bid(seat, hand, open_bids, stream)
        return forced.bid if forced.bid in open_bids else L.PASS

    def _redeal_row(self, row: np.ndarray, nets: list[int], table: Table, table_before: int) -> np.ndarray:
        """All passed under ``auction.all_pass = redeal``: no contract, the antes stay on the table."""
        row[L.COL_CONTRACT] = L.NO_CONTRACT
        row[L.COL_OMBRE] = row[L.COL_TRUMP] = row[L.COL_CALLED] = row[L.COL_FRIEND] = -1
        row[L.COL_OUTCOME] = L.NO_RESULT
        row[L.COL_VOLE] = L.VOLE_NONE
        row[L.COL_PAY:L.COL_PAY + self.rules.seats] = nets
        row[L.COL_POOL] = table.total() - table_before
        return row

    def _name_trump(self, namer: int, hand: set[int], alone: bool, stream: PythonStream) -> int:
        """``namer`` names trumps among ``contract.allowed_trumps`` (``alone``: he will have no
        partner: sans prendre, a demanded king, a casco ombre who called his own king)."""
        allowed = self.rules.allowed_trumps
        if len(allowed) == 1:
            return allowed[0]
        return self.policies.trump(namer, hand, allowed, alone, stream)

    def _call(self, ombre: int, hand: set[int], trump: int, stream: PythonStream, fixed: int = L.FREE) -> int:
        """The ombre calls a card among the legal calls (NO_CARD if there is none); a fixed
        call that is legal is taken without asking the policy."""
        return self._pick_call(ombre, hand, trump, legal_calls(hand, trump, self.rules), stream, fixed)

    def _pick_call(self, ombre: int, hand: set[int], trump: int, calls: list[int], stream: PythonStream,
                   fixed: int) -> int:
        """A fixed call that is legal, else the only call, else the policy's choice; NO_CARD when
        nothing may be called. ``trump`` is -1 for a casco call (trumps not yet named)."""
        if fixed in calls:
            return fixed
        if not calls:
            return NO_CARD
        if len(calls) == 1:
            return calls[0]
        return self.policies.call(ombre, hand, trump, calls, stream)

    def _casco(self, ombre: int, hands: list[set[int]], stream: PythonStream, fixed_call: int) -> tuple[int, int, int]:
        """Casco: "The holder of both black Aces makes an alliance by calling a King and letting
        his partner name trumps" (PAR p28 via RULES.md §1.11 (i); IT: "L'Hombre non nomina la
        briscola; è invece il possessore del Re chiamato a nominarla"). The ombre calls among
        ``casco_calls`` before any trump is named; the called king's holder (the friend) then
        names trumps with his own policy. An ombre who called his own king (or had nothing to
        call) names trumps himself and plays alone; the contract stays CASCO_GAME. Returns (trump,
        called, friend)."""
        calls = casco_calls(hands[ombre], self.rules)
        called = self._pick_call(ombre, hands[ombre], -1, calls, stream, fixed_call)
        friend = friend_of(called, ombre, hands)
        namer = friend if friend != NOBODY else ombre
        trump = self._name_trump(namer, hands[namer], friend == NOBODY, stream)
        return trump, called, friend

    def _demand(self, ombre: int, hands: list[set[int]], trump: int, nets: list[int], stream: PythonStream,
                fixed: int) -> tuple[int, int]:
        """The demanded king and its exchange (``hands`` and ``nets`` updated in place); returns
        (king, card given), NO_CARD for both when there is no king to demand.

        "Celui qui joue en appellant, après avoir nommé sa couleur, demande un roi tel qu'il le
        juge convenable à son jeu. Celui de ses deux adversaires qui l'a est obligé de le lui
        donner, & de recevoir en échange telle fausse qu'il lui plaît de lui donner" (ENC,
        quadrille à trois); the médiateur is "a king, which any person may demand, in order to
        play sans prendre, giving in return some other card, and a fish: but if the king be of
        the favourite suit, then two fish are to be paid" (HOY p281). The ombre picks among
        ``legal_demands`` (a fixed call that is legal first), takes the king, gives any other
        card of his hand, and pays the holder ``exchange.fee`` (``exchange.fee_favourite`` for
        a king of ``exchange.favourite_suit``)."""
        rules = self.rules
        demands = legal_demands(hands[ombre], trump, rules)
        if not demands:
            return NO_CARD, NO_CARD
        if fixed in demands:
            king = fixed
        elif len(demands) == 1:
            king = demands[0]
        else:
            king = self.policies.demand(ombre, hands[ombre], trump, demands, stream)
        holder = _holder_of(king, hands)
        hands[holder].remove(king)
        hands[ombre].add(king)
        options = sorted(hands[ombre] - {king})
        if len(options) == 1:
            given = options[0]
        else:
            given = self.policies.gift(ombre, hands[ombre], king, trump, stream)
        hands[ombre].remove(given)
        hands[holder].add(given)
        fee = rules.demand_fee_favourite if cards.suit_of(king) == rules.favourite_suit else rules.demand_fee
        nets[ombre] -= fee
        nets[holder] += fee
        return king, given

    def _who_plays(self, state: PlayState, seat: int, row: np.ndarray, vole: bool) -> tuple[int, int]:
        """The policy and the card-play rules of this decision (a role another policy plays, a
        situation that holds), noting in the row the first decision where a situation held."""
        pid, rules_at, held = self.seat_play.decide(state, seat, vole)
        if held:
            _note_situation(row, state, seat)
        return pid, rules_at

    def _play_tricks(self, state: PlayState, stream: PythonStream, row: np.ndarray,
                     fixed_vole: int = L.FREE) -> tuple[bool, int]:
        """Play every trick ("devant jouer jusqu'à la fin"); return whether the vole was
        undertaken and who faced that decision (-1: nobody)."""
        undertaken = False
        decider = -1
        # A friend who is not the eldest and leads a matador or the called king "pour faire
        # connoître qu'il est ami" may not undertake the vole (scoring.vole_may_be_undertaken).
        watched = (self.rules.friend_lead_bars_vole and state.friend > 0 and state.called != NO_CARD
                   and state.contract != L.CASCO_GAME)
        signals = set(state.ranking.matadors) | {state.called}
        friend_shown = False
        for trick_index in range(self.rules.hand_size):
            if vole_may_be_undertaken(trick_index, state.side_tricks(), state.contract, state.called,
                                      state.called_seen, self.rules,
                                      decider_is_shown_friend=friend_shown and state.leader == state.friend):
                # announced before the first trick (vole.after_straight_tricks = 0) it is the
                # ombre's choice, not the eldest's who leads; later, the side member on lead's
                decider = state.leader if trick_index > 0 else state.ombre
                _note_vole_point(row, state, decider)
                if fixed_vole != L.FREE:
                    undertaken = bool(fixed_vole)
                else:
                    pid, rules_at = self._who_plays(state, decider, row, vole=True)
                    undertaken = self.policies.vole(state, decider, stream, pid, rules_at)
            row[L.COL_LEADERS + trick_index] = state.leader
            for offset in range(self.rules.seats):
                seat = (state.leader + offset) % self.rules.seats
                legal = legal_cards(state.hands[seat], state.trick, state.ranking, self.rules)
                if self.rules.called_king_duty:
                    legal = called_king_duty(legal, state.hands[seat], state.trick, state.called, state.ranking)
                if len(legal) == 1:
                    card = legal[0]
                else:
                    pid, rules_at = self._who_plays(state, seat, row, vole=False)
                    card = self.policies.card(state, seat, legal, stream, pid, rules_at)
                if watched and offset == 0 and seat == state.friend and card in signals:
                    friend_shown = True
                row[L.COL_CARDS + L.MAX_SEATS * trick_index + offset] = card
                state.play(seat, card)
            winner = state.trick_seats[trick_winner(state.trick, state.ranking)]
            row[L.COL_WINNERS + trick_index] = winner
            state.finish_trick(winner)
        return undertaken, decider


def _note_situation(row: np.ndarray, state: PlayState, seat: int) -> None:
    """The first decision of the deal where a seat's situation held: its trick and seat."""
    if row[L.COL_SITUATION] < 0:
        row[L.COL_SITUATION] = state.trick_index
        row[L.COL_SITUATION_SEAT] = seat


def _note_vole_point(row: np.ndarray, state: PlayState, decider: int) -> None:
    """The vole point as ``decider`` meets it, before he chooses (COL_VOLE_*): his cards, every
    card played so far, and whether the called card has appeared ("le roi appellé ... a paru";
    nothing to wait for without a called card)."""
    row[L.COL_VOLE_DECIDER] = decider
    row[L.COL_VOLE_HAND] = sum(1 << card for card in state.hands[decider])
    row[L.COL_VOLE_GONE] = sum(1 << card for card in state.gone)
    row[L.COL_VOLE_SEEN] = int(state.called == NO_CARD or state.called_seen)


def _holder_of(card: int, hands: Sequence[set[int]]) -> int:
    """The seat holding ``card``."""
    return next(seat for seat, hand in enumerate(hands) if card in hand)


def play_deal(ruleset: Ruleset, seat_policies: Sequence[SeatPolicy], seed: int, deal: int,
              table: Table | None = None) -> np.ndarray:
    """The row (int64[N_ROW_COLS], the kernel's layout) of deal ``deal`` of ``seed``, played at
    ``table`` (an empty table if None; a given table is updated in place)."""
    engine = ReferenceEngine(ruleset, seat_policies)
    return engine.play_deal(seed, deal, table if table is not None else Table())


def play_deals(ruleset: Ruleset, seat_policies: Sequence[SeatPolicy], seed: int, first_deal: int, n: int,
               session_length: int = 1) -> np.ndarray:
    """Rows of deals ``first_deal .. first_deal + n - 1``; deals with the same
    ``deal // session_length`` share a table, which starts empty at each session."""
    engine = ReferenceEngine(ruleset, seat_policies)
    rows = np.zeros((n, L.N_ROW_COLS), dtype=np.int64)
    table = Table()
    for index, deal in enumerate(range(first_deal, first_deal + n)):
        if deal % session_length == 0:
            table = Table()
        rows[index] = engine.play_deal(seed, deal, table)
    return rows

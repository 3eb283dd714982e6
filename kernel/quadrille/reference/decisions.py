"""The bridge to the shared policies of kernel/quadrille/_policies.py and kernel/quadrille/search/_players.py (dd, pimc).

The reference engine asks the same jitted policy functions as the kernel, with arguments it
builds itself: the hand and legal cards translated from natural ids into the ordered
encoding the policies read, an observation array laid out per ``layout.O_*``, and the deal's
random stream as ``uint64[2] = (key, draws so far)``, copied back into the PythonStream after
each call so both stay in step. The kernel's lookup tables (``build_tables``: pos_of_card,
card_of_pos, block_of_pos, block_mask, nat_suit_mask, top_pos and the rule vector) are used here
and only here, because the policies take them as arguments and to translate cards to and from
ordered positions; no rule of the reference reads them.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

import numpy as np

from spadille.kernel.common._rng import PythonStream
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import _policies
from spadille.kernel.quadrille._card_play import rules_of_role
from spadille.kernel.quadrille.policies import SeatPolicy, kernel_arrays
from spadille.kernel.quadrille.ruleset import Ruleset
from spadille.kernel.quadrille.search import _players
from spadille.kernel.quadrille.search._dd_tt import BUCKET_WORDS, SHAPE_WORDS
from spadille.kernel.quadrille.tables import build_tables

from .play import trick_winner
from .situations import lead_history
from .state import PlayState


class SharedPolicies:
    """Each seat's policy, consulted by the reference engine only when a choice is real."""

    def __init__(self, ruleset: Ruleset, seat_policies: Sequence[SeatPolicy], learned_weights=None) -> None:
        self.ids, self.params = kernel_arrays(seat_policies, learned_weights)
        tables = build_tables(ruleset)
        self.policy_rules = tables.rules  # the policies read rules[R_ALLOWED_TRUMPS]
        self.top_pos = tables.top_pos
        self.card_of_pos = tables.card_of_pos      # the bidding estimate reads the natural hand through these
        self.nat_suit_mask = tables.nat_suit_mask
        self.pos_of_card = tables.pos_of_card
        self.block_mask = tables.block_mask
        # The translations as Python lists: indexing a numpy array with a Python int costs several times
        # a list's, and the reference translates every card of every observation.
        self.positions = tables.pos_of_card.tolist()
        self.pack_masks = [np.uint64(int(np.bitwise_or.reduce(row))) for row in tables.block_mask]
        self.block_of_pos = tables.block_of_pos
        self.strong = any(policy.searches for policy in seat_policies)
        if self.strong:  # the double-dummy solver's tables, as the kernel allocates them
            from spadille.kernel.quadrille.simulate import SOLVER_TABLE_BITS
            from spadille.kernel.quadrille.search.solver import compress8_table, load_search_code

            self.compress8 = compress8_table()
            load_search_code()
            self.dd_table = np.zeros((1 << SOLVER_TABLE_BITS, BUCKET_WORDS), dtype=np.uint64)
            self.dd_shapes = np.zeros((1 << (SOLVER_TABLE_BITS - 2), SHAPE_WORDS), dtype=np.uint64)
            self.values = np.zeros(40, dtype=np.int64)

    def start_deal(self) -> None:
        """Every deal starts with the solver's table empty. The kernel empties it only where pimc
        has a node budget (where what it holds can change a card); elsewhere its entries change
        only the speed, so emptying it always plays the same cards."""
        if self.strong:
            self.dd_table[:] = 0
            self.dd_shapes[:] = 0

    # ---------------------------------------------------------------- translation
    def ordered_mask(self, natural_cards: Iterable[int], trump: int) -> np.uint64:
        return np.uint64(self.ordered_bits(natural_cards, trump))

    def ordered_bits(self, natural_cards: Iterable[int], trump: int) -> int:
        position = self.positions[trump]
        mask = 0
        for card in natural_cards:
            mask |= 1 << position[card]
        return mask

    @staticmethod
    def natural_mask(natural_cards: Iterable[int]) -> np.uint64:
        mask = 0
        for card in natural_cards:
            mask |= 1 << card
        return np.uint64(mask)

    def observation(self, state: PlayState, seat: int) -> np.ndarray:
        """What ``seat`` sees as he plays (or as he decides on the vole), per ``layout.O_*``.
        Trick-card entries not yet played this trick are -1."""
        trump = state.ranking.trump
        position = self.positions[trump]
        obs = [0] * L.N_OBS   # a list, made an array at the end: a list's items are cheaper to set
        obs[L.O_SEAT] = seat
        obs[L.O_TRUMP] = trump
        obs[L.O_TRICK] = state.trick_index
        obs[L.O_N_IN_TRICK] = len(state.trick)
        obs[L.O_LEADER] = state.leader
        if state.trick:
            best = trick_winner(state.trick, state.ranking)
            obs[L.O_BEST_POS] = position[state.trick[best]]
            obs[L.O_BEST_SEAT] = state.trick_seats[best]
        else:
            obs[L.O_BEST_POS] = -1
            obs[L.O_BEST_SEAT] = -1
        obs[L.O_OMBRE] = state.ombre
        # Only the ombre knows he called his own card; to the others it is a called game.
        hidden_self_call = state.contract == L.SELF_CALLED and seat != state.ombre
        obs[L.O_CONTRACT] = L.CALLED if hidden_self_call else state.contract
        # -1 with nothing called, and for a demanded king, which makes no hidden partner (docs/variants.md)
        obs[L.O_CALLED_POS] = position[state.called] if state.called >= 0 else -1
        obs[L.O_FRIEND_KNOWN] = int(state.friend_known_to(seat))
        obs[L.O_N_SEATS] = state.seats
        obs[L.O_GONE] = self.ordered_bits(state.gone, trump)
        for other in range(state.seats):
            obs[L.O_SHOWED_OUT + other] = sum(1 << suit for suit in state.showed_out[other])
            obs[L.O_TRICKS + other] = state.tricks_won[other]
            obs[L.O_CANNOT_HOLD + other] = self.ordered_bits(state.cannot_hold[other], trump)
        for index in range(L.MAX_SEATS):
            obs[L.O_TRICK_CARDS + index] = position[state.trick[index]] if index < len(state.trick) else -1
        for other in range(L.MAX_SEATS):
            history = lead_history(state, other)
            obs[L.O_LAST_LEAD + other], obs[L.O_LAST_LEAD_TRICK + other] = history[:2]
            obs[L.O_SUIT_CHANGES + other], obs[L.O_TRUMP_LEADS + other] = history[2:]
        return np.array(obs, dtype=np.int64)

    # ---------------------------------------------------------------- decisions
    def bid(self, seat: int, hand: set[int], open_bids: Sequence[int], stream: PythonStream) -> int:
        """The seat's bid; the policy sees the open bids besides passing as a bit mask over bid
        codes (``sum(1 << code)``, docs/variants.md)."""
        open_mask = np.int64(sum(1 << bid for bid in open_bids if bid != L.PASS))
        return _consult(stream, _policies.choose_bid, self.ids[seat], self.params[seat], self.natural_mask(hand),
                        open_mask, self.policy_rules, self.card_of_pos, self.nat_suit_mask, self.top_pos)

    def force_answer(self, asker: int, hand: set[int], overbid: int, stream: PythonStream) -> int:
        """The overbid asker's TAKE or CEDE; the policy sees the code of the bid over his ask."""
        return _consult(stream, _policies.choose_force_answer, self.ids[asker], self.params[asker],
                        self.natural_mask(hand), np.int64(overbid), self.policy_rules, self.card_of_pos,
                        self.nat_suit_mask, self.top_pos)

    def trump(self, ombre: int, hand: set[int], allowed: Sequence[int], alone: bool, stream: PythonStream) -> int:
        allowed_mask = np.int64(sum(1 << suit for suit in allowed))
        return _consult(stream, _policies.choose_trump, self.ids[ombre], self.params[ombre], self.natural_mask(hand),
                        allowed_mask, np.int64(alone), self.card_of_pos, self.nat_suit_mask, self.top_pos)

    def call(self, ombre: int, hand: set[int], trump: int, calls: Sequence[int], stream: PythonStream) -> int:
        return _consult(stream, _policies.choose_call, self.ids[ombre], self.params[ombre], self.natural_mask(hand),
                        np.int64(trump), self.natural_mask(calls))

    def demand(self, ombre: int, hand: set[int], trump: int, demands: Sequence[int], stream: PythonStream) -> int:
        """The king the ombre demands (a natural card of ``demands``)."""
        return _consult(stream, _policies.choose_demand, self.ids[ombre], self.params[ombre], self.natural_mask(hand),
                        np.int64(trump), self.natural_mask(demands))

    def gift(self, ombre: int, hand: set[int], king: int, trump: int, stream: PythonStream) -> int:
        """The card the ombre gives for the demanded ``king``; ``hand`` already holds the king."""
        return _consult(stream, _policies.choose_gift, self.ids[ombre], self.params[ombre], self.natural_mask(hand),
                        np.int64(king), np.int64(trump), self.pos_of_card, self.card_of_pos, self.block_mask)

    def _open_hands(self, state: PlayState, trump: int) -> tuple[np.ndarray, np.ndarray]:
        """Every seat's hand and the cards each has played, as ordered masks (for dd and pimc;
        pimc reads only its own hand and the public play)."""
        hands = np.array([self.ordered_mask(state.hands[s], trump) for s in range(state.seats)], dtype=np.uint64)
        played = np.array([self.ordered_mask(state.played[s], trump) for s in range(state.seats)], dtype=np.uint64)
        return hands, played

    def card(self, state: PlayState, seat: int, legal: Sequence[int], stream: PythonStream,
             pid: int | None = None, rules_at: int = L.CARD_RULES) -> int:
        """The card ``seat`` plays; ``pid`` (default: the seat's policy) plays it, the heuristic by
        the card-play rules of the row's block at ``rules_at``."""
        trump = state.ranking.trump
        pid = int(self.ids[seat]) if pid is None else pid
        if pid in (L.POLICY_DD, L.POLICY_PIMC):
            hands, played = self._open_hands(state, trump)
            legal_mask = self.ordered_mask(legal, trump)
            if pid == L.POLICY_DD:
                position = _players.dd_card(self.params[seat], np.int64(seat), legal_mask, hands,
                                           self.observation(state, seat), np.int64(state.ombre),
                                           np.int64(state.friend), np.int64(trump), self.policy_rules,
                                           self.block_of_pos, self.block_mask, self.top_pos, self.compress8,
                                           self.dd_table, self.dd_shapes, self.values)
            else:
                position = _consult(stream, _players.pimc_card, self.params[seat], np.int64(seat), legal_mask, hands,
                                    played, self.observation(state, seat), np.int64(state.called),
                                    self.pack_mask(trump), self.policy_rules, self.pos_of_card, self.block_of_pos,
                                    self.block_mask, self.top_pos, self.compress8, self.dd_table, self.dd_shapes)
            return int(self.card_of_pos[trump, position])
        obs = self.observation(state, seat)
        position = _consult(stream, _policies.choose_card, np.int64(pid), self.params[seat],
                            np.int64(rules_of_role(np.int64(rules_at), obs)),
                            self.ordered_mask(state.hands[seat], trump), self.ordered_mask(legal, trump),
                            obs, self.pack_mask(trump), self.block_of_pos, self.block_mask)
        return int(self.card_of_pos[trump, position])

    def vole(self, state: PlayState, seat: int, stream: PythonStream, pid: int | None = None,
             rules_at: int = L.CARD_RULES) -> bool:
        trump = state.ranking.trump
        pid = int(self.ids[seat]) if pid is None else pid
        if pid in (L.POLICY_DD, L.POLICY_PIMC):
            hands, played = self._open_hands(state, trump)
            if pid == L.POLICY_DD:
                answer = _players.dd_vole(hands, self.observation(state, seat), np.int64(seat), np.int64(state.ombre),
                                         np.int64(state.friend), np.int64(trump), self.policy_rules, self.block_of_pos,
                                         self.block_mask, self.top_pos, self.compress8, self.dd_table, self.dd_shapes)
            else:
                answer = _consult(stream, _players.pimc_vole, self.params[seat], np.int64(seat), hands, played,
                                  self.observation(state, seat), np.int64(state.called), self.pack_mask(trump),
                                  self.policy_rules, self.pos_of_card, self.block_of_pos, self.block_mask,
                                  self.top_pos, self.compress8, self.dd_table, self.dd_shapes)
            return answer != 0
        obs = self.observation(state, seat)
        answer = _consult(stream, _policies.choose_vole, np.int64(pid), self.params[seat],
                          np.int64(rules_of_role(np.int64(rules_at), obs)),
                          self.ordered_mask(state.hands[seat], trump), obs, self.pack_mask(trump), self.block_mask)
        return answer != 0

    def pack_mask(self, trump: int) -> np.uint64:
        """The ordered mask of every card of the pack."""
        return self.pack_masks[trump]


def _consult(stream: PythonStream, choose: Callable[..., int], *arguments: object) -> int:
    """Call a policy with the stream's state as its last argument, then take back the draws it made."""
    rng = np.array([stream.key, stream.count], dtype=np.uint64)
    choice = choose(*arguments, rng)
    stream.count = int(rng[1])
    return int(choice)

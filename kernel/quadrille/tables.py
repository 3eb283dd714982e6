"""Lookup tables and the rule vector the kernel takes as arguments, derived from a Ruleset.

Ordered encoding. For each trump suit the kernel renumbers the cards of the pack by
strength: the plain suits come first, each in its own block from its weakest card up, and
the trump block comes last, from its weakest trump up to spadille. So inside a block a
higher position is a stronger card, and every trump outranks every plain card. The winner
of a trick is then the highest position among the cards of the led block and the trump
block, and "the lowest card of a suit" is the lowest set bit of ``hand & block_mask``.
Blocks are indexed by their natural suit; the trump block has the trump's index.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from . import layout as L
from . import cards
from .ruleset import Ruleset

_CHOICE_CODES = {
    "play.matador_privilege": {"none": 0, "led-card": 1},
    "auction.all_pass": {"forced-spadille": 0, "redeal": 1},
    "vole.failed": {"collect-game": 0, "encyclopedie-literal": 1},
    "payments.matadors_counted_for": {"side": 0, "ombre": 1},
    "payments.odd_counters": {"next-deal-spadille": 0, "highest-trump-defender": 1},
    "bete.growth": {"encyclopedie-chain": 0, "doubling": 1},
    "payments.scheme": {"encyclopedie": L.SCHEME_ENCYCLOPEDIE, "italian-pot": L.SCHEME_ITALIAN_POT},
    "payments.matador_count": {"sequence": L.MATADORS_SEQUENCE, "top-three-or-four-in-one-hand": L.MATADORS_BONUS},
}
# auction.contracts names -> bid codes
BID_CODES = {"ask": L.ASK, "demand": L.DEMAND, "casco": L.CASCO, "sans-prendre": L.ALONE}
# payments.multiplier_* -> the contracts each one prices
_MULTIPLIER_CONTRACTS = {
    "payments.multiplier_called": (L.CALLED, L.SELF_CALLED, L.FORCED),
    "payments.multiplier_demanded": (L.DEMANDED,),
    "payments.multiplier_casco": (L.CASCO_GAME,),
    "payments.multiplier_sans_prendre": (L.SANS_PRENDRE,),
}


class KernelTables(NamedTuple):
    """Everything rule-dependent the kernel reads, as arrays. Field dtypes and shapes:

    rules         int64[N_RULE_PARAMS]   the rule vector, indexed by the R_* constants
    bete_chain    int64[2, BETE_CHAIN_LEN]  bête sequences after a first bête by remise / codille
    pos_of_card   int64[4, 40]   trump -> natural card -> ordered position, -1 if not in the pack
    card_of_pos   int64[4, 40]   trump -> ordered position -> natural card, -1 if unused
    block_of_pos  int64[4, 40]   trump -> ordered position -> effective suit, -1 if unused
    block_mask    uint64[4, 4]   trump -> effective suit -> mask of its ordered positions
    nat_suit_mask uint64[4, 4]   trump -> effective suit -> mask of its natural cards
    top_pos       int64[4]       trump -> ordered position of spadille (the highest card)
    """

    rules: np.ndarray
    bete_chain: np.ndarray
    pos_of_card: np.ndarray
    card_of_pos: np.ndarray
    block_of_pos: np.ndarray
    block_mask: np.ndarray
    nat_suit_mask: np.ndarray
    top_pos: np.ndarray

    @property
    def cards(self) -> CardTables:
        """The card tables alone, as the deal loop takes them."""
        return CardTables(self.pos_of_card, self.card_of_pos, self.block_of_pos, self.block_mask, self.nat_suit_mask,
                          self.top_pos)


# The card tables of KernelTables (its fields from pos_of_card on, same meaning), bundled as the deal
# loop takes them: one argument for what a run fixes. The rule vector and the bête chain travel
# apart, since a paired comparison changes them from one variant to the next (_variants.play_variants).
CardTables = NamedTuple("CardTables", [(name, np.ndarray) for name in KernelTables._fields[2:]])


def _rank_index(name: str) -> int:
    return cards.RANKS.index(name)


def trump_order(rs: Ruleset, trump: int) -> list[int]:
    """Natural cards of the trump suit in the pack, strongest first (spadille first). A removed
    suit named trumps (only ever as a counterfactual) keeps just the two black aces."""
    colour = "red" if trump in cards.RED_SUITS else "black"
    order = []
    for name in rs[f"ranks.{colour}_trump"]:
        if name == "spadille":
            order.append(cards.SPADILLE)
        elif name == "basto":
            order.append(cards.BASTO)
        elif name == "manille":
            order.append(cards.card_of(trump, _rank_index(rs[f"ranks.manille_{colour}"])))
        elif name == "ponto":
            order.append(cards.card_of(trump, cards.ACE))
        else:
            order.append(cards.card_of(trump, _rank_index(name)))
    in_pack = set(suits_in_pack(rs))
    return [card for card in order if cards.suit_of(card) in in_pack]


def plain_order(rs: Ruleset, suit: int) -> list[int]:
    """Natural cards of a plain (non-trump) suit, strongest first; black aces excluded."""
    colour = "red" if suit in cards.RED_SUITS else "black"
    return [cards.card_of(suit, _rank_index(name)) for name in rs[f"ranks.{colour}_plain"]]


def suits_in_pack(rs: Ruleset) -> list[int]:
    removed = {cards.SUITS.index(s) for s in rs["pack.removed_suits"]}
    return [s for s in range(cards.N_SUITS) if s not in removed]


def rule_vector(rs: Ruleset) -> np.ndarray:
    r = np.zeros(L.N_RULE_PARAMS, dtype=np.int64)
    code = lambda key: _CHOICE_CODES[key][rs[key]]  # noqa: E731
    r[L.R_SEATS] = rs["pack.seats"]
    r[L.R_HAND] = rs["pack.hand_size"]
    r[L.R_WIN_TRICKS] = rs["result.win_tricks"]
    r[L.R_REMISE_TRICKS] = rs["result.remise_tricks"]
    r[L.R_ALLOWED_TRUMPS] = sum(1 << cards.SUITS.index(s) for s in rs["contract.allowed_trumps"])
    r[L.R_MUST_TRUMP] = rs["play.must_trump"]
    r[L.R_MUST_OVERTRUMP] = rs["play.must_overtrump"]
    r[L.R_MATADOR_PRIVILEGE] = code("play.matador_privilege")
    r[L.R_ASKER_PREFERENCE] = rs["auction.asker_preference"]
    r[L.R_ALL_PASS_REDEAL] = code("auction.all_pass")
    r[L.R_FORCED_LONE_EXEMPT] = rs["auction.forced_spadille_lone_payment_exempt"]
    r[L.R_FORCED_VOLE] = rs["auction.forced_spadille_vole"]
    r[L.R_CALL_TRUMP_KING] = rs["contract.call_king_of_trumps"]
    r[L.R_QUEEN_CALL] = rs["contract.queen_call_with_four_kings"]
    r[L.R_SELF_CALL] = rs["contract.self_call"]
    r[L.R_SELF_CALL_PREMIUM] = rs["contract.self_call_sans_prendre_premium"]
    r[L.R_VOLE_AFTER] = rs["vole.after_straight_tricks"]
    r[L.R_VOLE_NEEDS_SEEN] = rs["vole.needs_called_card_seen"]
    r[L.R_BETES_ONE_AT_A_TIME] = rs["bete.riding"] == "one-at-a-time"
    r[L.R_POT_RESTAKE] = rs["payments.pot_game"] == "into-the-pot"
    r[L.R_FRIEND_LEAD_BARS_VOLE] = rs["vole.friend_shown_by_lead_may_not_undertake"]
    r[L.R_VOLE_VALUE] = rs["vole.value"]
    r[L.R_VOLE_FAILED_LITERAL] = code("vole.failed")
    r[L.R_DEVOLE] = rs["vole.devole_enabled"]
    r[L.R_DEVOLE_VALUE] = rs["vole.devole_value"]
    r[L.R_DEVANT] = rs["payments.devant"]
    r[L.R_AU_JEU] = rs["payments.au_jeu"]
    r[L.R_JEU] = rs["payments.jeu"]
    r[L.R_CONSOLATION] = rs["payments.consolation"]
    r[L.R_SANS_PRENDRE] = rs["payments.sans_prendre"]
    r[L.R_MATADOR] = rs["payments.matador"]
    r[L.R_MATADORS_TOP3] = rs["payments.matadors_require_top3"]
    r[L.R_MATADORS_OMBRE_ONLY] = code("payments.matadors_counted_for")
    r[L.R_LONE_THRESHOLD] = rs["payments.lone_payment_threshold"]
    r[L.R_ODD_TO_DEFENDER] = code("payments.odd_counters")
    r[L.R_BETE_FIRST] = rs["bete.first"]
    r[L.R_BETE_DOUBLING] = code("bete.growth")
    r[L.R_BETE_INCREMENT] = rs["bete.increment"]
    r[L.R_PACK_MASK] = cards.mask_of(c for s in suits_in_pack(rs) for c in range(s * 10, s * 10 + 10))
    for rank, name in enumerate(rs["auction.contracts"], start=1):
        r[L.R_BID_RANK + BID_CODES[name]] = rank
    r[L.R_ASK_DEMANDS] = rs["contract.ask_demands_king"]
    r[L.R_DEMAND_TRUMP_KING] = rs["exchange.demand_king_of_trumps"]
    r[L.R_DEMAND_FEE] = rs["exchange.fee"]
    r[L.R_DEMAND_FEE_FAVOURITE] = rs["exchange.fee_favourite"]
    favourite = rs["exchange.favourite_suit"]
    r[L.R_FAVOURITE_SUIT] = -1 if favourite == "none" else cards.SUITS.index(favourite)
    r[L.R_GIFT_SHOWN] = rs["exchange.card_shown"]
    r[L.R_DEMAND_PREMIUM] = rs["payments.demand_premium"]
    for key, contracts in _MULTIPLIER_CONTRACTS.items():
        for contract in contracts:
            r[L.R_MULTIPLIER_X2 + contract] = round(2 * rs[key])
    r[L.R_PAYMENT_SCHEME] = code("payments.scheme")
    r[L.R_MATADOR_COUNT] = code("payments.matador_count")
    r[L.R_MATADORS_ON_LOSS] = rs["payments.matadors_on_loss"]
    r[L.R_CODILLE_MULTIPLIER] = rs["payments.codille_multiplier"]
    r[L.R_VOLE_MULTIPLIER] = rs["vole.multiplier"]
    r[L.R_CALLED_KING_DUTY] = rs["play.called_king_duty"]
    return r


def build_tables(rs: Ruleset) -> KernelTables:
    pos_of_card = np.full((4, cards.N_CARDS), -1, dtype=np.int64)
    card_of_pos = np.full((4, cards.N_CARDS), -1, dtype=np.int64)
    block_of_pos = np.full((4, cards.N_CARDS), -1, dtype=np.int64)
    block_mask = np.zeros((4, 4), dtype=np.uint64)
    nat_suit_mask = np.zeros((4, 4), dtype=np.uint64)
    top_pos = np.zeros(4, dtype=np.int64)
    in_pack = suits_in_pack(rs)
    for trump in range(4):
        blocks = [(s, plain_order(rs, s)) for s in in_pack if s != trump]
        blocks.append((trump, trump_order(rs, trump)))
        position = 0
        for suit, strongest_first in blocks:
            for card in reversed(strongest_first):
                pos_of_card[trump, card] = position
                card_of_pos[trump, position] = card
                block_of_pos[trump, position] = suit
                block_mask[trump, suit] |= np.uint64(1 << position)
                nat_suit_mask[trump, suit] |= np.uint64(1 << card)
                position += 1
        top_pos[trump] = position - 1
    chain = np.zeros((2, L.BETE_CHAIN_LEN), dtype=np.int64)
    for row, key in enumerate(("bete.after_remise", "bete.after_codille")):
        seq = rs[key]
        chain[row, : len(seq)] = seq
    return KernelTables(rule_vector(rs), chain, pos_of_card, card_of_pos, block_of_pos, block_mask, nat_suit_mask, top_pos)


def ordered_mask(tables: KernelTables, trump: int, natural: int) -> int:
    """A natural-encoding mask (Python int) in the ordered encoding of ``trump``, for callers
    outside the kernel (the kernel has the jitted ``_rules.to_ordered``)."""
    return sum(1 << int(tables.pos_of_card[trump, card]) for card in range(cards.N_CARDS) if natural >> card & 1)

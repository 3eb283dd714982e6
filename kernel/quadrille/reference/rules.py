"""The ruleset's values under readable names, read once per ruleset.

Everything the reference engine decides comes from these fields; nothing here is derived
from the kernel's rule vector. Each field names the TOML key it reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.ruleset import Ruleset

# auction.contracts names -> bid codes (layout.py)
BID_OF_NAME = {"ask": L.ASK, "demand": L.DEMAND, "casco": L.CASCO, "sans-prendre": L.ALONE}


@dataclass(frozen=True)
class Rules:
    seats: int                          # pack.seats
    hand_size: int                      # pack.hand_size
    suits_in_pack: tuple[int, ...]      # the four suits less pack.removed_suits
    allowed_trumps: tuple[int, ...]     # contract.allowed_trumps, ascending suit ids
    must_trump: bool                    # play.must_trump
    must_overtrump: bool                # play.must_overtrump
    matador_privilege: bool             # play.matador_privilege == "led-card"
    asker_preference: bool              # auction.asker_preference
    all_pass_redeal: bool               # auction.all_pass == "redeal"
    forced_lone_exempt: bool            # auction.forced_spadille_lone_payment_exempt
    forced_vole: bool                   # auction.forced_spadille_vole
    call_king_of_trumps: bool           # contract.call_king_of_trumps
    queen_call_with_four_kings: bool    # contract.queen_call_with_four_kings
    self_call: bool                     # contract.self_call
    self_call_premium: bool             # contract.self_call_sans_prendre_premium
    win_tricks: int                     # result.win_tricks
    remise_tricks: int                  # result.remise_tricks
    vole_after: int                     # vole.after_straight_tricks
    vole_needs_called_seen: bool        # vole.needs_called_card_seen
    friend_lead_bars_vole: bool         # vole.friend_shown_by_lead_may_not_undertake
    vole_value: int                     # vole.value
    vole_failed_literal: bool           # vole.failed == "encyclopedie-literal"
    devole_enabled: bool                # vole.devole_enabled
    devole_value: int                   # vole.devole_value
    devant: int                         # payments.devant
    au_jeu: int                         # payments.au_jeu
    jeu: int                            # payments.jeu
    consolation: int                    # payments.consolation
    sans_prendre: int                   # payments.sans_prendre
    matador: int                        # payments.matador
    matadors_require_top3: bool         # payments.matadors_require_top3
    matadors_ombre_only: bool           # payments.matadors_counted_for == "ombre"
    lone_threshold: int                 # payments.lone_payment_threshold
    odd_to_defender: bool               # payments.odd_counters == "highest-trump-defender"
    bete_first: int                     # bete.first
    bete_doubling: bool                 # bete.growth == "doubling"
    bete_after_remise: tuple[int, ...]  # bete.after_remise
    bete_after_codille: tuple[int, ...]  # bete.after_codille
    bete_increment: int                 # bete.increment
    # ---- the contracts on offer, the demanded king, and how the variants pay (docs/variants.md)
    bid_ladder: tuple[int, ...]         # auction.contracts as bid codes, lowest precedence first
    ask_demands_king: bool              # contract.ask_demands_king
    demand_king_of_trumps: bool         # exchange.demand_king_of_trumps
    demand_fee: int                     # exchange.fee
    demand_fee_favourite: int           # exchange.fee_favourite
    favourite_suit: int                 # exchange.favourite_suit as a suit id, -1 for "none"
    gift_shown: bool                    # exchange.card_shown
    called_king_duty: bool              # play.called_king_duty
    vole_multiplier: int                # vole.multiplier
    italian_pot: bool                   # payments.scheme == "italian-pot"
    betes_one_at_a_time: bool           # bete.riding == "one-at-a-time"
    pot_restake: bool                   # italian_pot and payments.pot_game == "into-the-pot"
    demand_premium: int                 # payments.demand_premium
    multiplier_called: float            # payments.multiplier_called (CALLED, SELF_CALLED, FORCED)
    multiplier_demanded: float          # payments.multiplier_demanded (DEMANDED)
    multiplier_casco: float             # payments.multiplier_casco (CASCO_GAME)
    multiplier_sans_prendre: float      # payments.multiplier_sans_prendre (SANS_PRENDRE)
    matadors_top_bonus: bool            # payments.matador_count == "top-three-or-four-in-one-hand"
    matadors_on_loss: bool              # payments.matadors_on_loss
    codille_multiplier: int             # payments.codille_multiplier

    @property
    def pack(self) -> tuple[int, ...]:
        """The natural ids of the cards in the pack, ascending (the shuffle's starting order)."""
        return tuple(card for card in range(cards.N_CARDS) if cards.suit_of(card) in self.suits_in_pack)

    def bid_precedence(self, bid: int) -> int:
        """A bid's rank in ``auction.contracts`` (1 the lowest), 0 if the ruleset does not offer it."""
        return self.bid_ladder.index(bid) + 1 if bid in self.bid_ladder else 0

    def multiplier(self, contract: int) -> float:
        """The ``payments.multiplier_*`` that prices ``contract``: called games (self-called and
        forced spadille included), the demanded king, casco, sans prendre."""
        if contract == L.DEMANDED:
            return self.multiplier_demanded
        if contract == L.CASCO_GAME:
            return self.multiplier_casco
        if contract == L.SANS_PRENDRE:
            return self.multiplier_sans_prendre
        return self.multiplier_called


def read_rules(ruleset: Ruleset) -> Rules:
    removed = {cards.SUITS.index(name) for name in ruleset["pack.removed_suits"]}
    favourite = ruleset["exchange.favourite_suit"]
    return Rules(
        seats=ruleset["pack.seats"],
        hand_size=ruleset["pack.hand_size"],
        suits_in_pack=tuple(suit for suit in range(cards.N_SUITS) if suit not in removed),
        allowed_trumps=tuple(sorted(cards.SUITS.index(name) for name in ruleset["contract.allowed_trumps"])),
        must_trump=ruleset["play.must_trump"],
        must_overtrump=ruleset["play.must_overtrump"],
        matador_privilege=ruleset["play.matador_privilege"] == "led-card",
        asker_preference=ruleset["auction.asker_preference"],
        all_pass_redeal=ruleset["auction.all_pass"] == "redeal",
        forced_lone_exempt=ruleset["auction.forced_spadille_lone_payment_exempt"],
        forced_vole=ruleset["auction.forced_spadille_vole"],
        call_king_of_trumps=ruleset["contract.call_king_of_trumps"],
        queen_call_with_four_kings=ruleset["contract.queen_call_with_four_kings"],
        self_call=ruleset["contract.self_call"],
        self_call_premium=ruleset["contract.self_call_sans_prendre_premium"],
        win_tricks=ruleset["result.win_tricks"],
        remise_tricks=ruleset["result.remise_tricks"],
        vole_after=ruleset["vole.after_straight_tricks"],
        vole_needs_called_seen=ruleset["vole.needs_called_card_seen"],
        friend_lead_bars_vole=ruleset["vole.friend_shown_by_lead_may_not_undertake"],
        vole_value=ruleset["vole.value"],
        vole_failed_literal=ruleset["vole.failed"] == "encyclopedie-literal",
        devole_enabled=ruleset["vole.devole_enabled"],
        devole_value=ruleset["vole.devole_value"],
        devant=ruleset["payments.devant"],
        au_jeu=ruleset["payments.au_jeu"],
        jeu=ruleset["payments.jeu"],
        consolation=ruleset["payments.consolation"],
        sans_prendre=ruleset["payments.sans_prendre"],
        matador=ruleset["payments.matador"],
        matadors_require_top3=ruleset["payments.matadors_require_top3"],
        matadors_ombre_only=ruleset["payments.matadors_counted_for"] == "ombre",
        lone_threshold=ruleset["payments.lone_payment_threshold"],
        odd_to_defender=ruleset["payments.odd_counters"] == "highest-trump-defender",
        bete_first=ruleset["bete.first"],
        bete_doubling=ruleset["bete.growth"] == "doubling",
        bete_after_remise=tuple(ruleset["bete.after_remise"]),
        bete_after_codille=tuple(ruleset["bete.after_codille"]),
        bete_increment=ruleset["bete.increment"],
        bid_ladder=tuple(BID_OF_NAME[name] for name in ruleset["auction.contracts"]),
        ask_demands_king=ruleset["contract.ask_demands_king"],
        demand_king_of_trumps=ruleset["exchange.demand_king_of_trumps"],
        demand_fee=ruleset["exchange.fee"],
        demand_fee_favourite=ruleset["exchange.fee_favourite"],
        favourite_suit=-1 if favourite == "none" else cards.SUITS.index(favourite),
        gift_shown=ruleset["exchange.card_shown"],
        called_king_duty=ruleset["play.called_king_duty"],
        vole_multiplier=ruleset["vole.multiplier"],
        italian_pot=ruleset["payments.scheme"] == "italian-pot",
        betes_one_at_a_time=ruleset["bete.riding"] == "one-at-a-time",
        pot_restake=ruleset["payments.scheme"] == "italian-pot" and ruleset["payments.pot_game"] == "into-the-pot",
        demand_premium=ruleset["payments.demand_premium"],
        multiplier_called=ruleset["payments.multiplier_called"],
        multiplier_demanded=ruleset["payments.multiplier_demanded"],
        multiplier_casco=ruleset["payments.multiplier_casco"],
        multiplier_sans_prendre=ruleset["payments.multiplier_sans_prendre"],
        matadors_top_bonus=ruleset["payments.matador_count"] == "top-three-or-four-in-one-hand",
        matadors_on_loss=ruleset["payments.matadors_on_loss"],
        codille_multiplier=ruleset["payments.codille_multiplier"],
    )

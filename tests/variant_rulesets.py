"""The variant rulesets and hand helpers the reference engine's variant tests share
(test_reference_variants.py, test_reference_variant_settlement.py).

The rulesets are built from ``encyclopedie-1765`` with the variant keys overridden, so the
tests do not depend on the variant TOML files."""

from __future__ import annotations

from typing import Any

from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.reference import read_rules
from spadille.kernel.quadrille.ruleset import load_ruleset, with_overrides

SPADES, CLUBS, HEARTS, DIAMONDS = range(4)
NOTHING = -1

MEDIATEUR = {"auction.contracts": ["ask", "demand", "sans-prendre"], "payments.demand_premium": 10,
             "payments.sans_prendre": 14}
A_TROIS = {"pack.seats": 3, "pack.removed_suits": ["diamonds"],
           "contract.allowed_trumps": ["spades", "clubs", "hearts"], "contract.ask_demands_king": True}
ITALIAN = {"auction.contracts": ["ask", "demand", "casco", "sans-prendre"], "play.called_king_duty": True,
           "vole.after_straight_tricks": 0, "vole.needs_called_card_seen": False, "payments.scheme": "italian-pot",
           "payments.multiplier_demanded": 1.5, "payments.multiplier_casco": 2,
           "payments.matador_count": "top-three-or-four-in-one-hand", "payments.codille_multiplier": 4,
           "vole.multiplier": 3, "vole.value": 3, "payments.matadors_on_loss": False}


def variant(**overrides: Any):
    """encyclopedie-1765 with some keys overridden: variant(**MEDIATEUR, **{"exchange.fee": 10})."""
    return with_overrides(load_ruleset("encyclopedie-1765"), overrides)


def rules_of(**overrides: Any):
    return read_rules(variant(**overrides))


def hand(text: str) -> set[int]:
    return set(cards.Hand.parse(text))


def card(text: str) -> int:
    return cards.parse_card(text)

"""The terms of a condition, read from its text: which features it calls, on which seats, with
which suit or card. The probability kind reads them to decide, from the text alone, whether a
probability can be computed exactly (placements.py, hand_counts.py) or must be estimated.

The text is the condition language of kernel/quadrille/conditions.py, already checked by it;
cards and suits written with symbols (♥, 7♥) are read with its own token rules.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.conditions import FOCAL_ALIASES


@dataclass(frozen=True)
class Term:
    feature: str          # a feature of kernel.features.FEATURES, or "has"
    seat: int | None      # None: not one seat (a term of another shape)
    argument: int | None  # the suit of a feature that takes one, the card of has(), else None


def condition_terms(text: str, n_seats: int, focal: int) -> tuple[Term, ...]:
    """Every call in a valid condition, as a Term (seats resolved, ombre / me being ``focal``)."""
    from spadille.kernel.quadrille.expressions import hide_tokens, restore

    seats = {name: seat for seat, name in enumerate(cards.SEAT_NAMES[n_seats])}
    seats.update({alias: focal for alias in FOCAL_ALIASES})
    hidden, tokens = hide_tokens(text)

    def word(node: ast.AST) -> str:
        if isinstance(node, ast.Name):
            return restore(node.id, tokens)
        return restore(node.value, tokens) if isinstance(node, ast.Constant) and isinstance(node.value, str) else ""

    found = []
    for node in ast.walk(ast.parse(hidden.strip(), mode="eval")):
        if isinstance(node, ast.Call):
            name = node.func.id
            seat = seats.get(word(node.args[0]).lower()) if node.args else None
            argument = None
            if len(node.args) == 2:
                text_arg = word(node.args[1])
                try:
                    argument = cards.parse_card(text_arg) if name == "has" else cards.parse_suit(text_arg)
                except cards.CardError:
                    argument = None   # a term of another shape: no exact method reads it
            found.append(Term(name, seat, argument))
    return tuple(found)

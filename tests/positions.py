"""Helpers for the rule tests on hand-built positions: ask the kernel which cards are legal."""

from __future__ import annotations

import numpy as np

from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille._rules import legal_plays, to_ordered


def names(text: str) -> set[str]:
    """'♠A K' -> {'♠A', '♠K'}: the cards of a hand written as a person would."""
    return {cards.format_card(c) for c in cards.Hand.parse(text)}


def legal(tables, trump: int, hand: str, led: str | None = None, best: str | None = None) -> set[str]:
    """The cards of ``hand`` that may be played on a trick led by ``led`` and won so far by ``best``."""
    ordered = to_ordered(np.uint64(cards.Hand.parse(hand).mask), np.int64(trump), tables.pos_of_card)
    led_pos = -1 if led is None else tables.pos_of_card[trump, cards.parse_card(led)]
    best_pos = led_pos if best is None else tables.pos_of_card[trump, cards.parse_card(best)]
    mask = int(legal_plays(ordered, np.int64(led_pos), np.int64(best_pos), np.int64(trump), tables.rules,
                           tables.block_of_pos, tables.block_mask, tables.top_pos))
    return {cards.format_card(int(tables.card_of_pos[trump, p])) for p in range(40) if mask >> p & 1}

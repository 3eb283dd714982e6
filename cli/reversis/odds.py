"""``spadille odds reversis``: exact odds of the hand features that matter, for the 11 cards dealt
to a player and the dealer's 12, by hypergeometric counting; ``--hand`` says which a hand has."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from spadille.cli.errors import user_errors

HandOption = Annotated[Optional[str], typer.Option(
    "--hand", help="A hand of 11 or 12 cards, e.g. \"sA s9 hJ ...\" (suit s h d c or ♠♥♦♣, then A K Q J 9 ... 2): "
                   "also say which features it has.", show_default=False)]


def odds_command(hand: HandOption = None) -> None:
    """Print the exact chance of each feature of the hand as dealt (before the exchange): the
    espagnolette under the seed's and Hoyle's definitions, a void, no hearts, the quinola alone
    among the hearts, and the number of aces, for the 11 of a player and the dealer's 12.
    With --hand, a column says which of them that hand has."""
    with user_errors():
        from rich.console import Console

        from spadille.analyses.reversis.odds import odds_frame
        from spadille.kernel.reversis.cards import ReversisCardError, cards_of, format_hand, parse_hand
        from spadille.kernel.reversis.exact import features_of_hand

        from .view import frame_table

        frame = odds_frame()
        title = "Reversis, exact odds of the hand as dealt (11 cards of 48; the dealer's 12)"
        if hand is not None:
            held = set(cards_of(parse_hand(hand)))
            if len(held) not in (11, 12):
                raise ReversisCardError(f"a Reversis hand holds 11 cards (the dealer 12), not {len(held)}")
            frame.insert(1, "this_hand", list(features_of_hand(held).values()))
            title += f"; this hand: {format_hand(sum(1 << c for c in held))}"
        Console().print(frame_table(frame, title))

"""What a finished play counts for: the vole, the result, the matadors (RULES.md §1.8-§1.10)."""

from __future__ import annotations

from typing import Iterable, Sequence

from .. import _layout as L
from .contract import NO_CARD, NOBODY
from .ranking import Ranking
from .rules import Rules


def vole_may_be_undertaken(trick_index: int, side_tricks: int, contract: int,
                           called: int, called_seen: bool, rules: Rules) -> bool:
    """May the side undertake the vole as trick ``trick_index`` (0-based) is led?

    "La vole est entreprise ... lorsque l'on a jetté la carte ayant les six premieres mains"
    (ENC): only before trick ``vole.after_straight_tricks`` + 1, and only when the side has
    won every trick so far. "Celui qui a été obligé de jouer avec spadille, ne peut point
    prétendre à la vole" (unless ``auction.forced_spadille_vole``). "La vole ne sauroit être
    entreprise que le roi appellé n'ait paru" (``vole.needs_called_card_seen``; nothing to
    wait for when no card was called).
    """
    if trick_index != rules.vole_after or side_tricks != trick_index:
        return False
    if contract == L.FORCED and not rules.forced_vole:
        return False
    return called == NO_CARD or called_seen or not rules.vole_needs_called_seen


def vole_result(undertaken: bool, side_tricks: int, rules: Rules) -> int:
    """VOLE_MADE if undertaken and the side took every trick, VOLE_FAILED if undertaken and
    not, VOLE_NONE if never undertaken."""
    if not undertaken:
        return L.VOLE_NONE
    return L.VOLE_MADE if side_tricks == rules.hand_size else L.VOLE_FAILED


def outcome_of(side_tricks: int, rules: Rules) -> int:
    """"Si celui qui fait jouer gagne six mains ... ils ont gagné ... s'ils ne font que cinq
    mains, elle est remise" (ENC); fewer is codille."""
    if side_tricks >= rules.win_tricks:
        return L.WIN
    if side_tricks >= rules.remise_tricks:
        return L.REMISE
    return L.CODILLE


def count_matadors(holdings: Iterable[int], ranking: Ranking, rules: Rules) -> int:
    """The unbroken run of trumps from spadille down in ``holdings`` (the side's starting hands,
    or the ombre's alone): true matadors and the false ones that follow them "sans
    interruption" (AUJ PA10). With ``payments.matadors_require_top3`` a run shorter than the
    three true matadors counts nothing."""
    held = set(holdings)
    run = 0
    for card in ranking.trumps:
        if card not in held:
            break
        run += 1
    if rules.matadors_require_top3 and run < len(ranking.matadors):
        return 0
    return run


def matador_holdings(starting_hands: Sequence[set[int]], ombre: int, friend: int, rules: Rules) -> set[int]:
    """The cards whose matadors count: the side's (``payments.matadors_counted_for = side``)
    or the ombre's own hand."""
    held = set(starting_hands[ombre])
    if friend != NOBODY and not rules.matadors_ombre_only:
        held |= starting_hands[friend]
    return held


def highest_trump_defender(starting_hands: Sequence[set[int]], side: Sequence[int], ranking: Ranking) -> int:
    """The defender whose starting hand holds the highest trump, NOBODY if no defender has one
    (who gets codille's odd counters under ``payments.odd_counters = highest-trump-defender``)."""
    for card in ranking.trumps:
        for seat, hand in enumerate(starting_hands):
            if seat not in side and card in hand:
                return seat
    return NOBODY

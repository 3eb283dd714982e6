"""What a finished play counts for: the vole, the result, the matadors (RULES.md §1.8-§1.10)."""

from __future__ import annotations

from typing import Iterable, Sequence

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards

from .contract import NO_CARD, NOBODY
from .ranking import Ranking
from .rules import Rules


def vole_may_be_undertaken(trick_index: int, side_tricks: int, contract: int,
                           called: int, called_seen: bool, rules: Rules,
                           decider_is_shown_friend: bool = False) -> bool:
    """May the side undertake the vole as trick ``trick_index`` (0-based) is led?

    "La vole est entreprise ... lorsque l'on a jetté la carte ayant les six premieres mains"
    (ENC): only before trick ``vole.after_straight_tricks`` + 1, and only when the side has
    won every trick so far. "Celui qui a été obligé de jouer avec spadille, ne peut point
    prétendre à la vole" (unless ``auction.forced_spadille_vole``). "La vole ne sauroit être
    entreprise que le roi appellé n'ait paru" (``vole.needs_called_card_seen``; nothing to
    wait for when no card was called). With ``vole.after_straight_tricks = 0`` the vole is
    announced before the first trick (the Italian page, RULES.md §1.13 item 6). A demanded king
    is no called card (nothing to wait for), and a casco friend is known from the start (he
    named trumps), so his king counts as seen. "Celui qui n'étant pas premier à jouer, & auroit
    le roi appellé, joueroit à tout, de spadille, manille ou baste, ou même le roi appellé, pour
    faire connoître qu'il est ami ... ne pourroit entreprendre la vole" (ENC;
    ``vole.friend_shown_by_lead_may_not_undertake``): ``decider_is_shown_friend`` says the seat
    on lead is such a friend.
    """
    if decider_is_shown_friend and trick_index > 0:
        return False
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


def trumps_in_pack(ranking: Ranking, rules: Rules) -> list[int]:
    """The trumps of the pack, strongest (spadille) first: a removed suit named trumps (only
    ever as a counterfactual) keeps just the two black aces, so a run ends where they do."""
    return [card for card in ranking.trumps if cards.suit_of(card) in rules.suits_in_pack]


def count_matadors(holdings: Iterable[int], ranking: Ranking, rules: Rules) -> int:
    """The unbroken run of trumps from spadille down in ``holdings`` (the side's hands, or the
    ombre's alone): true matadors and the false ones that follow them "sans interruption"
    (AUJ PA10), bounded to the trumps of the pack. With ``payments.matadors_require_top3`` a
    run shorter than the three true matadors counts nothing."""
    held = set(holdings)
    run = 0
    for card in trumps_in_pack(ranking, rules):
        if card not in held:
            break
        run += 1
    if rules.matadors_require_top3 and run < len(ranking.matadors):
        return 0
    return run


def matador_bonus(hand: set[int], ranking: Ranking, rules: Rules) -> int:
    """``payments.matador_count = top-three-or-four-in-one-hand``, the Italian page's bonus
    ("matador bonus only for holding all three (+Ponto)", RULES.md §1.13 item 5): 2 if ``hand``
    holds the top four trumps, 1 if it holds the top three, else 0."""
    top = trumps_in_pack(ranking, rules)
    if len(top) >= 4 and set(top[:4]) <= hand:
        return 2
    if len(top) >= 3 and set(top[:3]) <= hand:
        return 1
    return 0


def count_side_matadors(hands: Sequence[set[int]], ombre: int, friend: int, ranking: Ranking, rules: Rules) -> int:
    """The matadors the deal pays for, from the hands as they were when the play began (after a
    demanded king's exchange, docs/variants.md): the run from spadille in the side's cards
    (``sequence``), or the best bonus of one hand of the side
    (``top-three-or-four-in-one-hand``); with ``payments.matadors_counted_for = ombre`` only
    the ombre's hand counts."""
    if rules.matadors_top_bonus:
        counted = [ombre] if friend == NOBODY or rules.matadors_ombre_only else [ombre, friend]
        return max(matador_bonus(hands[seat], ranking, rules) for seat in counted)
    return count_matadors(matador_holdings(hands, ombre, friend, rules), ranking, rules)


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

"""The partie (docs/reversis.md §6): its value and its natural winner.

"Winner of the partie = fewest points in tricks" (RULES.md §2.3). Value: the écart's points
"à l'exception de l'As de Carreau qui y compte 5, & du Valet de Coeur ou Quinola, qui y compte 4.
— Aux points qui s'y trouvent, on ajoute toujours 4" (hague1785, RULES.md §2.10), or the 1765
talon "cinq pour les as, quatre pour les rois, trois pour les dames, & deux pour les valets".
"""

from __future__ import annotations

from ..cards import DIAMOND_ACE, QUINOLA, points_of, rank_of

TALON_1765 = (5, 4, 3, 2) + (0,) * 8
DEALER = 3


def partie_value(ecart: set[int], rule: str) -> int:
    if rule == "talon-1765":
        return sum(TALON_1765[rank_of(c)] for c in ecart)
    special = {DIAMOND_ACE: 5, QUINOLA: 4}
    return sum(special.get(c, points_of(c)) for c in ecart) + 4


def natural_winner(candidates: list[int], points: list[int], tricks: list[int], tie_break: str) -> int:
    """The fewest points among ``candidates``; ties by ``tie_break``:
    dealer-last (Hoyle): fewer tricks, then "he who dealt last wins": the dealer, then 2, 1, 0;
    dealer-left (1765): "celui qui n'a point de levée, l'emporte", then "le plus près de celui qui
    a fait à gauche": positions 2, 1, 0, then the dealer."""
    if tie_break == "dealer-last":
        return min(candidates, key=lambda p: (points[p], tricks[p], -p))
    left_order = {2: 0, 1: 1, 0: 2, DEALER: 3}
    return min(candidates, key=lambda p: (points[p], tricks[p] > 0, left_order[p]))

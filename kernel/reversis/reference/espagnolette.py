"""Who holds the espagnolette (docs/reversis.md §4).

dj: "Trois as et le quinola, quatre as et le quiuola, ou simplement quatre as réunis dans la même
main, font ce que l'ou appelle ï espagnolette" (seed). hoyle: "either simply four aces, or three
aces and one quinola, or two aces and two quinolas" (RULES.md §2.7). enc1765 has none.
"""

from __future__ import annotations

from ..cards import ACE, LITTLE_QUINOLA, QUINOLA, rank_of


def is_espagnolette(hand: set[int], definition: str) -> bool:
    aces = sum(1 for c in hand if rank_of(c) == ACE)
    if definition == "none":
        return False
    if definition == "aces-and-quinola":
        return aces == 4 or (aces >= 3 and QUINOLA in hand)
    quinolas = (QUINOLA in hand) + (LITTLE_QUINOLA in hand)
    return aces == 4 or (aces >= 3 and quinolas >= 1) or (aces >= 2 and quinolas == 2)


def privileged_position(hands: list[set[int]], definition: str) -> int:
    """The position whose hand is an espagnolette as play begins, or -1 (at most one can be)."""
    found = [p for p, hand in enumerate(hands) if is_espagnolette(hand, definition)]
    assert len(found) <= 1, "two espagnolettes need more than four aces"
    return found[0] if found else -1


BEFORE_BONNE = 9


def privilege_lost(ruleset, deal) -> bool:
    """"L'espagnolette n'est pas censé avoir perdu son droit pour avoir fourni de la couleur que l'on
    demande, et même pour avoir pris; il faudrait pour cela que la levée lui restât" (seed): under
    the seed's reading (espagnolette.trick_kept = ordinary-game) a trick he kept in tricks 1-9 ends
    his privilege; he plays an ordinary game from the next trick on."""
    return (ruleset["espagnolette.trick_kept"] == "ordinary-game"
            and 0 < deal.espagnolette_trick <= BEFORE_BONNE)


def standing(ruleset, deal) -> tuple[int, bool]:
    """(the espagnolette, NOBODY if none; whether he makes "tous les frais"). He is the privileged
    position once he has used the privilege. A trick he keeps at trick 10 or 11 makes him pay tous
    les frais ("se trouve dans la nécessité de faire une des deux dernières levées", seed); one in
    tricks 1-9 ends his privilege (seed: "Si l'espagnolette n'entre pas d'ailleurs, il jouira de tous
    ses autres droits") or, under Hoyle's reading, makes him pay too ("but if obliged to win a
    trick, he then pays the party to the other")."""
    if not deal.espagnolette_used or privilege_lost(ruleset, deal):
        return -1, False
    return deal.privileged, deal.espagnolette_trick > 0

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

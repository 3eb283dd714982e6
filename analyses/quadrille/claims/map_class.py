"""Where a claim speaks of the same hands as the decision maps: its ``[map]`` table.

A claim that compares two bids (kind ``compare_actions``) may name the decision-map classes its
hands fall in: true matadors and trumps of the best suit, as the maps class a hand
(``decision_maps.hand_classes``)::

    [map]
    matadors = [1]         # the true-matador counts
    trumps = [5, 8]        # from, to (8: eight or more)
    seat = "eldest"        # optional: the claim's focal seat by default

The report then sets the map's paired difference between the claim's two bids, pooled over those
classes, beside the claim's own verdict, and says whether they agree (map_agreement.py). The classes
are the nearest the maps have. A claim often asks more of its hands (a trump suit, a card held) and
may change the card play. The note of such a claim says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from spadille.analyses.claims.reader import Table

MAP_KEYS = {
    "matadors": "the true-matador counts of the map classes the claim's hands fall in, e.g. [1]",
    "trumps": "[from, to]: the trump counts of those classes (8 means eight or more)",
    "seat": "optional: the map's seat to compare with (default: the claim's focal seat)",
}
TRUMPS_TOP = 8   # decision_maps.TRUMPS_TOP, repeated so that loading a claim imports no analysis


@dataclass(frozen=True)
class MapClasses:
    matadors: tuple[int, ...]
    trumps: tuple[int, int]          # inclusive
    seat: str | None = None

    def describe(self) -> str:
        matadors = " or ".join(str(m) for m in self.matadors)
        low, high = self.trumps
        trumps = (f"{low} or more" if high >= TRUMPS_TOP else f"{low}" if low == high else f"{low}–{high}")
        return f"{matadors} true matador{'s' if self.matadors != (1,) else ''}, {trumps} trumps"


def read_map_classes(table: Table) -> MapClasses | None:
    """The claim's ``[map]`` table, checked; None when the claim has none."""
    if not table.data:
        return None
    table.only(MAP_KEYS)
    matadors = table.raw("matadors", MAP_KEYS["matadors"])
    if not (isinstance(matadors, list) and matadors and all(isinstance(m, int) and 0 <= m <= 3 for m in matadors)):
        table.fail("matadors", f"must be a list of counts 0-3, not {matadors!r}")
    trumps = table.raw("trumps", MAP_KEYS["trumps"])
    if not (isinstance(trumps, list) and len(trumps) == 2 and all(isinstance(t, int) for t in trumps)
            and 0 <= trumps[0] <= trumps[1] <= TRUMPS_TOP):
        table.fail("trumps", f"must be [from, to] with 0 <= from <= to <= {TRUMPS_TOP}, not {trumps!r}")
    seat = table.text("seat", "a seat name", required=False)
    return MapClasses(tuple(sorted(set(matadors))), (trumps[0], trumps[1]), seat)

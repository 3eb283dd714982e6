"""The ``count`` kind: claims settled by arithmetic on the ruleset, not by simulation.

``QUANTITIES`` names what can be counted; each reads its own keys of ``[experiment]`` and
returns exact values (Fractions), compared with ``[verdict] value`` item by item:

* ``trump_count``: cards that are trumps when a suit of ``colour`` (red or black) is named.
* ``bete_chain``: the bêtes of a chain whose first bête was made by ``first`` (remise or
  codille), as the engine sizes them (one value per stated bête).
* ``mediateur_payments``: what the médiateur ombre (a demanded-king contract) and the
  sans-prendre player receive from or pay each opponent on a win, a codille and a remise, as
  the engine's own settlement (kernel/quadrille/_settle.py) pays them under the claim's ruleset.
* ``exact_distribution``: P(k) for k = 0, 1, ... of the true matadors (``of =
  "true_matadors"``) or of the trumps of a ``colour`` (``of = "trumps"``) in one hand dealt
  from the pack, hypergeometric and exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, Callable, Mapping

from spadille.analyses.claims.reader import Table, choices_text
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.ruleset import Ruleset

COLOURS = {"red": cards.RED_SUITS, "black": cards.BLACK_SUITS}


@dataclass(frozen=True)
class Quantity:
    name: str
    doc: str
    keys: Mapping[str, str]                                  # its own keys in [experiment] -> doc
    read: Callable[[Table], dict[str, Any]]
    compute: Callable[[Ruleset, dict[str, Any], int], tuple[tuple[Fraction, ...], tuple[str, ...]]]
    size: int | None = None                                  # values it returns; None: as many as stated


def _colour(table: Table) -> dict[str, Any]:
    return {"colour": table.choice("colour", COLOURS, "colour")}


def _pack(ruleset: Ruleset) -> int:
    from spadille.kernel.quadrille.tables import build_tables
    from spadille.kernel.quadrille import layout as L

    return int(build_tables(ruleset).rules[L.R_PACK_MASK])


def _trumps_of_colour(ruleset: Ruleset, colour: str) -> int:
    """Trump cards when a suit of ``colour`` is named, counted on the whole pack; the suits of a
    colour that may be named must agree (they always do: the ranks are per colour). A removed
    suit (quadrille à trois) is not counted, since it may not be named."""
    import numpy as np

    from spadille.kernel.quadrille import cards
    from spadille.kernel.quadrille.features import trumps

    pack = np.array([_pack(ruleset)], dtype=np.uint64)
    allowed = {cards.SUITS.index(name) for name in ruleset["contract.allowed_trumps"]}
    suits = [suit for suit in COLOURS[colour] if suit in allowed] or list(COLOURS[colour])
    counts = {int(trumps(pack, suit, ruleset)[0]) for suit in suits}
    if len(counts) != 1:
        raise ValueError(f"the two {colour} suits have different trump counts {sorted(counts)}")
    return counts.pop()


def _trump_count(ruleset: Ruleset, args: dict[str, Any], stated: int):
    return (Fraction(_trumps_of_colour(ruleset, args["colour"])),), ()


def _read_bete(table: Table) -> dict[str, Any]:
    return {"first": table.choice("first", ("remise", "codille"), "way the first bête was made")}


def _bete_chain(ruleset: Ruleset, args: dict[str, Any], stated: int):
    from spadille.kernel.quadrille import layout as L
    from spadille.kernel.quadrille.reference.rules import read_rules
    from spadille.kernel.quadrille.reference.settlement import bete_size

    rules = read_rules(ruleset)
    first = L.REMISE if args["first"] == "remise" else L.CODILLE
    values = tuple(Fraction(bete_size(k, first, rules)) for k in range(stated))
    return values, tuple(f"bête {k + 1}" for k in range(stated))


MEDIATEUR_LABELS = ("médiateur win", "médiateur codille", "médiateur remise",
                    "sans prendre win", "sans prendre remise", "sans prendre codille")


def _mediateur(ruleset: Ruleset, args: dict[str, Any], stated: int):
    """Settle a médiateur (DEMANDED) and a sans prendre with 6, 4 and 5 tricks, no matadors,
    at a fresh table, through the kernel's settlement, and read what each opponent paid (or
    received): the figures the Encyclopédie prints for "Quadrille avec le médiateur"."""
    import numpy as np

    from spadille.kernel.quadrille import layout as L
    from spadille.kernel.quadrille._settle import TABLE_LEN, settle
    from spadille.kernel.quadrille.tables import build_tables

    tables = build_tables(ruleset)
    seats = int(tables.rules[L.R_SEATS])
    values = []
    for contract, tricks_in_order in ((L.DEMANDED, (6, 4, 5)), (L.SANS_PRENDRE, (6, 5, 4))):
        for side_tricks in tricks_in_order:
            table = np.zeros(TABLE_LEN, dtype=np.int64)
            nets = np.zeros(L.MAX_SEATS, dtype=np.int64)
            settle(table, nets, seats, contract, 0, -1, side_tricks, side_tricks, L.VOLE_NONE, 0, -1,
                   tables.rules, tables.bete_chain)
            values.append(abs(int(nets[1])))  # an opponent's payment to the ombre, or from him
    return tuple(Fraction(v) for v in values), MEDIATEUR_LABELS


def _read_distribution(table: Table) -> dict[str, Any]:
    of = table.choice("of", ("true_matadors", "trumps"), "hand feature")
    if of == "trumps":
        return {"of": of, **_colour(table)}
    if table.has("colour"):
        table.fail("colour", "only of = \"trumps\" takes a colour (true matadors are three in every suit)")
    return {"of": of}


def _distribution(ruleset: Ruleset, args: dict[str, Any], stated: int):
    pack_size = bin(_pack(ruleset)).count("1")
    hand = int(ruleset["pack.hand_size"])
    special = 3 if args["of"] == "true_matadors" else _trumps_of_colour(ruleset, args["colour"])
    total = comb(pack_size, hand)
    values = tuple(Fraction(comb(special, k) * comb(pack_size - special, hand - k), total) for k in range(stated))
    return values, tuple(f"P({k})" for k in range(stated))


QUANTITIES: dict[str, Quantity] = {
    q.name: q
    for q in (
        Quantity("trump_count", "cards that are trumps when a suit of `colour` (red or black) is named",
                 {"colour": "red or black"}, _colour, _trump_count, size=1),
        Quantity("bete_chain", "the successive bêtes of a chain whose first bête was made by `first` "
                               "(remise or codille), one per stated value",
                 {"first": "remise or codille"}, _read_bete, _bete_chain),
        Quantity("mediateur_payments", "what the ombre receives or pays each opponent with the médiateur "
                                       "(win, codille, remise) and sans prendre (win, remise, codille)",
                 {}, lambda table: {}, _mediateur, size=len(MEDIATEUR_LABELS)),
        Quantity("exact_distribution", "P(k), k = 0, 1, ..., of the true matadors (of = \"true_matadors\") or "
                                       "of the trumps of a colour (of = \"trumps\", colour = ...) in one hand",
                 {"of": "true_matadors or trumps", "colour": "red or black (for trumps)"},
                 _read_distribution, _distribution),
    )
}


@dataclass(frozen=True)
class CountSpec:
    quantity: Quantity
    args: dict[str, Any]


def read_count(table: Table) -> CountSpec:
    """``quantity`` and its own keys (the caller has read kind and ruleset)."""
    name = table.choice("quantity", QUANTITIES, "quantity")
    quantity = QUANTITIES[name]
    table.only(["kind", "ruleset", "quantity", *quantity.keys])
    return CountSpec(quantity, quantity.read(table))


def check_size(spec: CountSpec, stated: int, verdict: Table) -> None:
    size = spec.quantity.size
    if size is not None and stated != size:
        what = "one figure" if size == 1 else f"{size} figures ({choices_text(MEDIATEUR_LABELS)})"
        verdict.fail("value", f"quantity {spec.quantity.name!r} gives {what}, but {stated} are stated")

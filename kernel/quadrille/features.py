"""Hand features over many hands at once: trumps, matadors, kings, voids, quick tricks...

Every function takes ``hands``, an array of natural masks (uint64[n], see cards.py), and
returns a numpy array with one value per hand. Per-suit features take ``suit``, the suit
that would be trumps (0-3, or a name such as "hearts" / "♥"); ``suit=None`` asks for all
four suits at once and returns shape (n, 4), column s for suit s.

Rank orders come from a ruleset (``ruleset=None`` means the default ruleset); a
``FeatureTables`` built once with ``feature_tables`` may be passed instead, which is what
the condition language does for each batch.

Trump-independent features (``suit_lengths``, ``voids``, ``kings``, ``queens_guarded``)
count by **natural suit**: spadille is a spade and basto a club there, so lengths add up to
the hand size. In play the black aces are always trumps, never their suit's cards; the
per-suit features (``trumps``, ``quick_tricks``) follow that rule.

``FEATURES`` names every feature the condition language (conditions.py), the docs and the
CLI may use.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, NamedTuple

import numpy as np

from . import cards
from .ruleset import Ruleset, load_ruleset
from .tables import suits_in_pack, trump_order

MAX_TRUMPS = 12  # a red trump suit; black ones have 11 and are padded with -1


class FeatureTables(NamedTuple):
    """The rule-dependent arrays the feature kernels read (shapes in _features.py)."""

    trump_mask: np.ndarray    # uint64[4]
    trump_order: np.ndarray   # int64[4, MAX_TRUMPS]
    ponto: np.ndarray         # int64[4]
    suit_mask: np.ndarray     # uint64[4]
    require_top3: bool        # payments.matadors_require_top3


_TABLES_BY_TEXT: dict[str, FeatureTables] = {}


def _kernels():
    """The jitted loops, imported on first use: reading FEATURES (CLI help) must not load numba."""
    from . import _features
    return _features


def _build(rs: Ruleset) -> FeatureTables:
    trump_mask = np.zeros(4, dtype=np.uint64)
    order = np.full((4, MAX_TRUMPS), -1, dtype=np.int64)
    ponto = np.full(4, -1, dtype=np.int64)
    suit_mask = np.zeros(4, dtype=np.uint64)
    for suit in suits_in_pack(rs):
        strongest_first = trump_order(rs, suit)
        order[suit, : len(strongest_first)] = strongest_first
        trump_mask[suit] = np.uint64(cards.mask_of(strongest_first))
        suit_mask[suit] = np.uint64(cards.mask_of(range(suit * 10, suit * 10 + 10)))
        if "ponto" in rs[f"ranks.{'red' if suit in cards.RED_SUITS else 'black'}_trump"]:
            ponto[suit] = cards.card_of(suit, cards.ACE)
    return FeatureTables(trump_mask, order, ponto, suit_mask, bool(rs["payments.matadors_require_top3"]))


@lru_cache(maxsize=1)
def _default_tables() -> FeatureTables:
    return feature_tables(load_ruleset())


def feature_tables(ruleset: Ruleset | FeatureTables | None = None) -> FeatureTables:
    """The tables for ``ruleset`` (the default ruleset if None), built once per ruleset text."""
    if isinstance(ruleset, FeatureTables):
        return ruleset
    if ruleset is None:
        return _default_tables()
    rs = ruleset
    if rs.text not in _TABLES_BY_TEXT:  # the text records overrides too, so it identifies the rules
        _TABLES_BY_TEXT[rs.text] = _build(rs)
    return _TABLES_BY_TEXT[rs.text]


def _hands(hands) -> np.ndarray:
    array = np.ascontiguousarray(hands, dtype=np.uint64)
    if array.ndim != 1:
        raise ValueError(f"hands must be a one-dimensional array of masks, not shape {array.shape}")
    return array


def _suits(suit: int | str | None) -> np.ndarray:
    if suit is None:
        return np.arange(4, dtype=np.int64)
    if isinstance(suit, str):
        return np.array([cards.parse_suit(suit)], dtype=np.int64)
    if not 0 <= int(suit) < 4:
        raise ValueError(f"suit {suit!r} is not 0-3 (spades, clubs, hearts, diamonds)")
    return np.array([int(suit)], dtype=np.int64)


def _per_suit(kernel: Callable, hands, suit, dtype, *tables) -> np.ndarray:
    """Run a per-suit kernel; one column per suit asked, squeezed when one suit was named."""
    hands = _hands(hands)
    suits = _suits(suit)
    out = np.zeros((hands.shape[0], suits.shape[0]), dtype=dtype)
    kernel(hands, suits, *tables, out)
    return out if suit is None else out[:, 0]


def trumps(hands, suit, ruleset=None) -> np.ndarray:
    """Cards that would be trumps if ``suit`` were: the suit's cards plus spadille and basto
    (12 in red, 11 in black). int64."""
    return _per_suit(_kernels().count_trumps, hands, suit, np.int64, feature_tables(ruleset).trump_mask)


def true_matadors(hands, suit, ruleset=None) -> np.ndarray:
    """How many of spadille, manille (of ``suit``) and basto the hand holds, 0-3. int64."""
    return _per_suit(_kernels().count_true_matadors, hands, suit, np.int64, feature_tables(ruleset).trump_order)


def matadors(hands, suit, ruleset=None, require_top3: bool | None = None) -> np.ndarray:
    """The matadors the engine would pay for if this hand alone were the side: the unbroken
    run of trumps from spadille down (true then false matadors), 0 without spadille, and 0
    under three when the ruleset's payments.matadors_require_top3 (or ``require_top3``) is
    set. The engine counts the side's combined hands; this is one hand's share. int64."""
    tables = feature_tables(ruleset)
    top3 = tables.require_top3 if require_top3 is None else bool(require_top3)
    return _per_suit(_kernels().count_matador_run, hands, suit, np.int64, tables.trump_order, top3)


def has_ponto(hands, suit, ruleset=None) -> np.ndarray:
    """1 if the hand holds ponto, the ace of a red trump suit (4th trump); always 0 in black. int64."""
    return _per_suit(_kernels().holds_ponto, hands, suit, np.int64, feature_tables(ruleset).ponto)


def quick_tricks(hands, suit, ruleset=None) -> np.ndarray:
    """A classical, deliberately simple count of sure early tricks with ``suit`` as trumps.

    Trumps: 1 for each true matador held; 1 for the fourth trump (ponto in red, the king
    of trumps in black) when the hand holds at least one other trump. Each plain suit
    (black aces excluded, they are trumps): K and Q 1.5, K without Q 1, Q without K but with
    another card of the suit 0.5, else 0. Unlike _policies.estimate_tricks there is no
    credit for length, voids or low trumps. float64 in steps of 0.5.
    """
    tables = feature_tables(ruleset)
    return _per_suit(_kernels().count_quick_tricks, hands, suit, np.float64, tables.trump_mask, tables.trump_order, tables.suit_mask)


def suit_lengths(hands, ruleset=None) -> np.ndarray:
    """Cards held in each natural suit (spadille a spade, basto a club). int64[n, 4]."""
    hands = _hands(hands)
    out = np.zeros((hands.shape[0], 4), dtype=np.int64)
    _kernels().count_suit_lengths(hands, feature_tables(ruleset).suit_mask, out)
    return out


def suit_length(hands, suit, ruleset=None) -> np.ndarray:
    """Cards held in one natural suit (spadille a spade, basto a club); suit=None gives
    suit_lengths. int64."""
    lengths = suit_lengths(hands, ruleset)
    return lengths if suit is None else lengths[:, _suits(suit)[0]]


def _whole_hand(kernel: Callable, hands, ruleset) -> np.ndarray:
    hands = _hands(hands)
    out = np.zeros(hands.shape[0], dtype=np.int64)
    kernel(hands, feature_tables(ruleset).suit_mask, out)
    return out


def kings(hands, ruleset=None) -> np.ndarray:
    """Kings held, 0-4. int64."""
    return _whole_hand(_kernels().count_kings, hands, ruleset)


def queens_guarded(hands, ruleset=None) -> np.ndarray:
    """Queens held with at least one other card of their natural suit (the king counts as
    a guard; so do spadille and basto, being of their natural suits here). int64."""
    return _whole_hand(_kernels().count_guarded_queens, hands, ruleset)


def voids(hands, ruleset=None) -> np.ndarray:
    """Natural suits of the pack with no card in the hand: a hand whose only spade is
    spadille is not void in spades here (use trumps() and suit lengths to ask otherwise). int64."""
    return _whole_hand(_kernels().count_voids, hands, ruleset)


def best_suit(hands, ruleset=None) -> np.ndarray:
    """The suit with most trumps for this hand; ties go to more true matadors, then to the
    lower suit index (spades 0, clubs 1, hearts 2, diamonds 3). int64."""
    hands = _hands(hands)
    tables = feature_tables(ruleset)
    out = np.zeros(hands.shape[0], dtype=np.int64)
    _kernels().choose_best_suit(hands, tables.trump_mask, tables.trump_order, out)
    return out


# What a feature's values are, for the condition language: a count or number compares with
# numbers; a flag (0/1) may also stand alone as a test; a suit is a suit index.
KINDS = ("count", "number", "flag", "suit")


@dataclass(frozen=True)
class Feature:
    name: str
    takes_suit: bool
    doc: str
    function: Callable[..., np.ndarray]
    kind: str = "count"

    def compute(self, hands, suit=None, ruleset=None) -> np.ndarray:
        """Call the feature the same way whatever its arity (suit ignored when it takes none)."""
        if self.takes_suit:
            return self.function(hands, suit, ruleset)
        return self.function(hands, ruleset)


def _feature(function: Callable, takes_suit: bool, doc: str, kind: str = "count") -> Feature:
    return Feature(function.__name__, takes_suit, doc, function, kind)


# The docs are for users (docs, CLI help, the condition language); the functions' docstrings
# say the same with the details for programmers.
FEATURES: dict[str, Feature] = {
    f.name: f
    for f in (
        _feature(trumps, True, "cards that would be trumps in that suit: its cards plus spadille and basto (12 in red, 11 in black)"),
        _feature(true_matadors, True, "how many of spadille, the manille of that suit and basto the hand holds (0-3)"),
        _feature(matadors, True, "the matadors paid for if this hand alone were the side: the unbroken run of trumps "
                                 "from spadille down, 0 under three when the ruleset requires all three true matadors"),
        _feature(has_ponto, True, "1 if the hand holds ponto, the ace of a red trump suit; 0 in black", "flag"),
        _feature(quick_tricks, True, "sure early tricks: 1 per true matador, 1 for ponto (the king of trumps in black) "
                                     "with another trump, and per plain suit K+Q 1.5, K 1, guarded Q 0.5", "number"),
        _feature(suit_length, True, "cards held in that natural suit (spadille counts as a spade, basto as a club)"),
        _feature(kings, False, "kings held (0-4)"),
        _feature(queens_guarded, False, "queens held with at least one other card of their natural suit"),
        _feature(voids, False, "natural suits with no card in the hand (spadille counts as a spade, basto as a club)"),
        _feature(best_suit, False, "the suit with most trumps; ties to more true matadors, then spades, clubs, hearts, "
                                   "diamonds in that order (compare with a suit: best_suit(ombre) == hearts)", "suit"),
    )
}

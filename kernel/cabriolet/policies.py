"""Cabriolet's policies by name (docs/cabriolet.md, "Policies"): the registry the command line, the
docs and the tests read. Plain Python, no numba.

A seat's policy has three parts. What it covers is the one the analyses vary: a named covering of
``POLICIES``, or case names joined by ``+``. When it plays for the jeu is ``PARAMS`` (a threshold
of trumps). How it calls in the exchange and plays its cards is one fixed rule for every seat
(``CARD_PLAY``, ``EXCHANGE_CALL``), the kernel's (``_exchange.py``, ``_play.py``) and the
reference's (``reference/exchange.py``, ``reference/play.py``) alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from spadille.kernel.common.errors import SimulationError

from .cases import ALL_COVERED, CASES, JEU

NEVER_PLAYS = 6  # trumps threshold no 5-card hand reaches


@dataclass(frozen=True)
class PolicySpec:
    """A named covering: the cases (bits over ``cases.CASES``) a seat stakes on and may collect."""

    name: str
    covers: int
    summary: str


@dataclass(frozen=True)
class Param:
    default: int
    low: int
    high: int
    summary: str


POLICIES: dict[str, PolicySpec] = {spec.name: spec for spec in (
    PolicySpec("all", ALL_COVERED, "cover all nine cases"),
    PolicySpec("jeu", 1 << JEU, "cover the jeu only: play for it, collect no figure case"),
    PolicySpec("figures", ALL_COVERED & ~(1 << JEU), "cover the eight figure cases, not the jeu"),
    PolicySpec("none", 0, "cover nothing: stake nothing, collect nothing, pay only the four aces"),
)}
PARAMS: dict[str, Param] = {
    "play_threshold": Param(3, 0, NEVER_PLAYS, f"play for the jeu with at least N trumps ({NEVER_PLAYS}: never)"),
}
CARD_PLAY = ("greedy: lead the highest card (trumps first); when a partner wins the trick the lowest; else the "
             "lowest card that wins, else the lowest")
EXCHANGE_CALL = ("call the card that completes the most valuable case one card short, give the lowest-ranked "
                 "eligible card outside it")


def cover_mask(text: str) -> int:
    """A covering by name (``POLICIES``) or as case names joined by '+' (e.g.
    'jeu+mariage_legitime+cabriolet') -> bits over the nine cases."""
    if text in POLICIES:
        return POLICIES[text].covers
    mask = 0
    for name in text.split("+"):
        if name not in CASES:
            raise SimulationError(f"unknown covering {text!r}: use {', '.join(POLICIES)} or case names "
                                  f"joined by '+' ({', '.join(CASES)})")
        mask |= 1 << CASES.index(name)
    return mask

"""How the report names the play its verdicts rest on: a short phrase for every sentence, a long one
for the introduction."""

from __future__ import annotations

import re
from collections.abc import Sequence

LONG = {
    "learned": "the `learned` policy's card play (a scorer of each legal card fitted to pimc's own values of every "
               "card, `spadille train quadrille --policy learned`; it bids and decides the vole as `strong`), with "
               "each seat's ask and sans-prendre thresholds set by the bidding fixpoint under that play",
    "strong": "the `strong` policy's card play (the heuristic's card-play rules at values tuned against it on "
              "paired deals by `spadille train quadrille`), with each seat's ask and sans-prendre thresholds set by "
              "the bidding fixpoint under that play",
    "heuristic": "the heuristic's card play (hand-written rules), with each seat's ask and sans-prendre thresholds "
                 "set by the bidding fixpoint under that play",
}


# The play the report's verdicts rested on before each card play became the default, whose map the
# verdicts set beside their own (the before/after thresholds); the heuristic came first.
PREVIOUS = {"learned": "strong", "strong": "heuristic"}


def previous_play(name: str) -> str | None:
    """The play the verdicts rested on before ``name``'s (None: nothing came before it)."""
    return PREVIOUS.get(name)


def card_play_phrase(name: str) -> str:
    """The long phrase: what plays the cards and how the seats bid."""
    return LONG.get(name, f"the `{name}` policy's card play, with the bidding fixpoint's thresholds")


def short_phrase(name: str, answering: bool) -> str:
    """The phrase each verdict sentence names its play with; ``answering``: the seats bid at the
    fixpoint's thresholds rather than the policy's own."""
    who = "the heuristic's" if name == "heuristic" else f"{name}"
    if answering:
        return f"{who} card play and the bidding that answers to it"
    return f"{who} bidding and card play"


_DESCRIBED = re.compile(r"(?P<name>[\w:.-]+)\((?P<params>[^()\[\]]*)\)")


def seats_playing(descriptions: Sequence[str], seat_names: Sequence[str]) -> str:
    """The seats' policies as they describe themselves, in one phrase: one description when every
    seat has it; seats whose policies differ only in some parameters (the fixpoint's thresholds),
    the shared description once and those parameters by seat, rather than four near-copies of a
    long description; anything else, each distinct description."""
    listed = "; ".join(f"`{text}`" for text in dict.fromkeys(descriptions))
    parsed = [_DESCRIBED.fullmatch(text) for text in descriptions]
    if (len(set(descriptions)) == 1 or len(descriptions) != len(seat_names) or not all(parsed)
            or len({m["name"] for m in parsed}) != 1):
        return listed
    params = [dict(pair.split("=", 1) for pair in m["params"].split(", ") if "=" in pair) for m in parsed]
    keys = list(params[0])
    if any(list(p) != keys for p in params):
        return listed
    varying = [key for key in keys if len({p[key] for p in params}) > 1]
    shared = ", ".join(f"{key}={params[0][key]}" for key in keys if key not in varying)
    by_seat = ", ".join(f"{seat} {' and '.join(p[key] for key in varying)}" for seat, p in zip(seat_names, params))
    return (f"`{parsed[0]['name']}({shared})` with {' and '.join(varying)} by seat: {by_seat}")

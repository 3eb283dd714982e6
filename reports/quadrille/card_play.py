"""How the report names the play its verdicts rest on: a short phrase for every sentence, a long one
for the introduction."""

from __future__ import annotations

LONG = {
    "strong": "the `strong` policy's card play (the heuristic's card-play rules at values tuned against it on "
              "paired deals by `spadille train quadrille`), with each seat's ask and sans-prendre thresholds set by "
              "the bidding fixpoint under that play",
    "heuristic": "the heuristic's card play (hand-written rules), with each seat's ask and sans-prendre thresholds "
                 "set by the bidding fixpoint under that play",
}


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

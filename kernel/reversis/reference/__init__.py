"""The slow, readable Reversis engine: the contract of docs/reversis.md, one concern per module.

    deal.py          the shuffle, the hands and the talon (docs §2)
    exchange.py      the discards and the talon cards (§3)
    espagnolette.py  who is privileged (§4)
    play.py          legal cards, the taker of a trick, what each card played is (§5)
    partie.py        the partie's value and its natural winner (§6)
    ledger.py        every payment, with its category, trick and reason
    settle.py        the end of the deal: reversis, remise, partie, tous les frais (§6)
    engine.py        one deal, and sessions with the pool carried over (§7)
    decisions.py     the bridge to the jitted policies both engines share (§9)

It reads the ruleset by name (``ruleset["partie.tie_break"]``), never the kernel's rule vector,
except to hand the shared policies the arguments they take.
"""

from .engine import PlayedDeal, play_deal, play_session

__all__ = ["PlayedDeal", "play_deal", "play_session"]

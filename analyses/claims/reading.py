"""What a claim file is read under, besides its own keys: set by the loader (claim.py) while it
reads, read by a game's kinds (analyses/<game>/claims/) when they choose a ruleset or a card play.

Each holds None unless set; a game's kinds then take their game's own default.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

# The ruleset of the claims that do not name one: what `spadille claims --ruleset` (and the report
# of a variant) chose; a name or a Ruleset. None: the game's default.
CLAIMS_RULESET: ContextVar[Any] = ContextVar("claims_ruleset", default=None)
# The ruleset of the work the claim quotes (works.py: italian-modern for the Italian page), set
# while its experiment is read; it wins over CLAIMS_RULESET, and a ruleset the claim names wins
# over both.
WORK_RULESET: ContextVar[str | None] = ContextVar("work_ruleset", default=None)
# Set only to read a claim again under a decision map's ruleset, to compare the two (a game's map
# agreement): it replaces whatever ruleset the claim would run under.
COMPARISON_RULESET: ContextVar[Any] = ContextVar("comparison_ruleset", default=None)
# The card play of every seat in a claim that names no policy: the run's (the report's; `spadille
# claims --card-play`), set while claims are read. None: the game's default. A policy the claim
# names wins: the question is then about that policy.
CLAIMS_CARD_PLAY: ContextVar[str | None] = ContextVar("claims_card_play", default=None)

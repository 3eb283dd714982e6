"""The base every game's ruleset class shares: a ruleset is a file of cited rules, read into a
frozen dataclass (each game's ``ruleset.py``) that holds at least its ``name``, ``title``,
``summary``, ``path``, ``text``, ``rules`` (key -> ``rule_entries.Rule``) and ``overrides``.

What every game asks of one is here once: a rule's value by key, the switches (the readings a
text leaves open, each a named rule with both values cited) and the file's digest that outputs
record. A game overrides what it reads differently (Quadrille's derived trump suits, Reversis's
preset in its digest).
"""

from __future__ import annotations

import hashlib
from typing import Any


class Ruleset:
    """Base of every game's ruleset dataclass (see the module's docstring)."""

    def __getitem__(self, key: str) -> Any:
        return self.rules[key].value

    def switches(self) -> list:
        """The rules that are named switches between two readings of a text."""
        return [rule for rule in self.rules.values() if rule.status == "switch"]

    @property
    def sha256(self) -> str:
        """The ruleset file's digest, which every output records."""
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()

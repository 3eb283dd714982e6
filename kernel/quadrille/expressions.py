"""Reading the text of the two small languages: hand conditions (conditions.py) and situations in
the course of play (situations.py).

Both are read with Python's ``ast`` and never evaluated as Python. The reading is linear in the
text and bounded: a text longer than ``MAX_CHARS``, with more than ``MAX_NODES`` parts, nested
deeper than ``MAX_DEPTH`` or holding a number beyond ``MAX_NUMBER`` is refused in one sentence,
before any work that grows with it (issue 44: a 100,001-digit number took 32 s to refuse, in a
card-token regex that rescanned the digits from every position).

Cards and suits written with symbols (♥, 7♥, ♠A) or starting with a digit (7h) are not Python
names, nor are value names with a hyphen (sans-prendre), so they are swapped for placeholders
before ``ast`` reads the text and restored in every message. Importing this module does not import
numba.
"""

from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass
from typing import Iterable, Mapping

MAX_CHARS = 2_000       # the longest shipped condition is under 200 characters
MAX_NODES = 600         # ast nodes: terms, operators, names
MAX_DEPTH = 40          # nesting of parentheses, calls and operators
MAX_NUMBER = 1_000_000  # no count, rank or share a term reads comes near it
SHOWN_CHARS = 120       # a text quoted in a message is cut to this

_RUN = re.compile(r"[0-9A-Za-z♠♣♥♦]+")   # maximal runs: each character is looked at once
_SYMBOLS = frozenset("♠♣♥♦")
_DIGIT_CARD = re.compile(r"(?:10|[0-9])[schdSCHD]")
_PLACEHOLDER = "__token{}__"
_PLACEHOLDERS = re.compile(r"__token\d+__")


def shown(text: str) -> str:
    """``text`` quoted for a message, cut to SHOWN_CHARS so that one line stays one line."""
    return repr(text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "…")


def hide_tokens(text: str, names: Iterable[str] = ()) -> tuple[str, dict[str, str]]:
    """``text`` with card tokens and the hyphenated ``names`` swapped for placeholders, and the
    placeholders' originals. One pass over the text: each run of letters, digits and suit symbols
    is matched once (a card is a run holding a symbol, or a digit then a suit letter)."""
    tokens: dict[str, str] = {}

    def swap(original: str) -> str:
        name = _PLACEHOLDER.format(len(tokens))
        tokens[name] = original
        return name

    hyphenated = sorted({name for name in names if "-" in name}, key=len, reverse=True)
    if hyphenated:
        pattern = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, hyphenated)) + r")(?![\w-])")
        text = pattern.sub(lambda match: swap(match.group(0)), text)
    pieces, last = [], 0
    for match in _RUN.finditer(text):
        run = match.group(0)
        start, end = match.span()
        beside = text[start - 1:start] + text[end:end + 1]
        if not _SYMBOLS.isdisjoint(run) or (_DIGIT_CARD.fullmatch(run) and "_" not in beside):
            pieces += [text[last:start], swap(run)]
            last = end
    pieces.append(text[last:])
    return "".join(pieces), tokens


def restore(text: str, tokens: Mapping[str, str]) -> str:
    return _PLACEHOLDERS.sub(lambda match: tokens.get(match.group(0), match.group(0)), text) if tokens else text


@dataclass(frozen=True)
class Parsed:
    """A text read: its expression tree, over the text with placeholders."""

    text: str
    hidden: str
    tokens: Mapping[str, str]
    body: ast.AST

    def source(self, node: ast.AST) -> str:
        """The original text of a part of the tree (the node's type name if it has none)."""
        segment = ast.get_source_segment(self.hidden, node) or type(node).__name__
        return restore(segment, self.tokens)

    def word(self, node: ast.AST) -> str | None:
        """The text of a bare name or quoted string, placeholders restored; None for anything else."""
        if isinstance(node, ast.Name):
            return restore(node.id, self.tokens)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return restore(node.value, self.tokens)
        return None


def parse(text: object, what: str, error: type[ValueError], example: str, names: Iterable[str] = ()) -> Parsed:
    """Read ``text`` (a ``what``: "condition" or "situation") into a tree; ``error`` says in one sentence
    what is wrong with it, naming the text. ``names``: value names holding a hyphen."""
    if not isinstance(text, str):
        raise error(f"a {what} must be text, not {type(text).__name__}")
    if len(text) > MAX_CHARS:
        raise error(f"{what} {shown(text)} is {len(text):,} characters long, more than the {MAX_CHARS:,} a "
                    f"{what} may have")
    if not text.strip():
        raise error(f"{what} {text!r} is empty: write a test such as {example!r}")
    hidden, tokens = hide_tokens(text, names)
    try:
        tree = ast.parse(hidden.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        message = getattr(exc, "msg", None) or str(exc) or type(exc).__name__
        line = getattr(exc, "text", None)
        where = f" near {shown(restore(line.strip(), tokens))}" if line and line.strip() else ""
        raise error(f"cannot read {what} {shown(text)}{where}: {message.split(';')[0]}") from None
    parsed = Parsed(text, hidden, tokens, tree.body)
    _check_size(parsed, what, error)
    return parsed


def _check_size(parsed: Parsed, what: str, error: type[ValueError]) -> None:
    """Count the tree's nodes and depth without recursion, and check every number."""
    stack = [(parsed.body, 1)]
    nodes = 0
    while stack:
        node, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES or depth > MAX_DEPTH:
            limit = f"more than {MAX_NODES} parts" if nodes > MAX_NODES else f"nested more than {MAX_DEPTH} deep"
            raise error(f"{what} {shown(parsed.text)} has {limit}")
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            if not (isinstance(node.value, int) or math.isfinite(node.value)) or abs(node.value) > MAX_NUMBER:
                raise error(f"number {shown(parsed.source(node))} in {what} {shown(parsed.text)} is out of range "
                            f"(at most {MAX_NUMBER:,} in size)")
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))

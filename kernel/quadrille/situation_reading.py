"""Reading a situation's text (situations.py documents the language) into its expression tree and
the kernel's jump code.

The text is read by expressions.parse (linear, bounded, never evaluated). Every comparison becomes a
*leaf*: a signed sum of feature values plus a constant, compared with 0. ``and``, ``or`` and ``not``
become jumps between leaves: a leaf says where to go when it is true and when it is false, another
leaf or the verdict, so the kernel evaluates a situation with no stack (_situations.situation_holds).
The reference engine evaluates the tree instead, so a fault in the jumps cannot hide in both.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from . import layout as L
from . import cards, expressions
from .situations import (BY_NAME, CARD, CARD_OR_SUIT_RANK, FLAG, NAMED, NUMBER, SUIT, SUIT_ARG, SUIT_OF_LAST_LEAD,
                         SUIT_RANKS, SUIT_REFS, SUIT_SHIFT, WHO, WHO_CODES, WHO_ME, WHO_ONE, WHO_PARTNER, WHO_SIDE,
                         Feature, Leaf, Situation, SituationError, CONTRACT_VALUES)

WORD = "word"   # a bare name that is no feature: a value (friend, hearts, sans-prendre) read against the other side
_COMPARE = {ast.Eq: L.OP_EQ, ast.NotEq: L.OP_NE, ast.Lt: L.OP_LT, ast.LtE: L.OP_LE, ast.Gt: L.OP_GT, ast.GtE: L.OP_GE}
_NAMES_WITH_HYPHENS = CONTRACT_VALUES


@dataclass(frozen=True)
class _Value:
    terms: tuple[tuple[int, int, int], ...]
    const: float
    kind: str
    feature: Feature | None = None   # the one feature of a named or suit value
    word: str = ""


class _Reader:
    def __init__(self, text: str) -> None:
        self.parsed = expressions.parse(text, "situation", SituationError, "role == friend and on_lead",
                                        names=_NAMES_WITH_HYPHENS)
        self.text = text

    def fail(self, message: str) -> None:
        raise SituationError(f"situation {expressions.shown(self.text)}: {message}")

    def source(self, node: ast.AST) -> str:
        return self.parsed.source(node)

    # ------------------------------------------------------------ tests
    def test(self, node: ast.AST) -> tuple:
        if isinstance(node, ast.BoolOp):
            return ("and" if isinstance(node.op, ast.And) else "or", tuple(self.test(v) for v in node.values))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return ("not", self.test(node.operand))
        if isinstance(node, ast.Compare):
            return self.compare(node)
        value = self.value(node)
        if value.kind == WORD:
            self.fail(f"unknown feature {value.word!r} (features: {', '.join(BY_NAME)})")
        if value.kind != FLAG:
            example = f" (compare it, e.g. '{self.source(node)} >= 1')" if value.kind == NUMBER else ""
            self.fail(f"{self.source(node)!r} is a {value.kind if value.kind != WORD else 'name'}, not a test{example}")
        return ("leaf", Leaf(L.OP_NE, value.const, value.terms))

    def compare(self, node: ast.Compare) -> tuple:
        operands = [self.value(n) for n in (node.left, *node.comparators)]
        leaves = []
        for index, op in enumerate(node.ops):
            if type(op) not in _COMPARE:
                self.fail(f"comparison in {self.source(node)!r} is not allowed (use == != < <= > >=)")
            left, right = self.resolved(operands[index], operands[index + 1], node)
            kinds = {left.kind, right.kind}
            if kinds & {SUIT, NAMED} and type(op) not in (ast.Eq, ast.NotEq):
                self.fail(f"{self.source(node)!r}: a {left.kind if left.kind in (SUIT, NAMED) else right.kind} "
                          f"compares only with == or !=")
            if len(left.terms) + len(right.terms) > L.LEAF_TERMS:
                self.fail(f"{self.source(node)!r} adds up more than {L.LEAF_TERMS} features in one comparison")
            terms = left.terms + tuple((fid, arg, -sign) for fid, arg, sign in right.terms)
            leaves.append(("leaf", Leaf(_COMPARE[type(op)], left.const - right.const, terms, suits=SUIT in kinds)))
        return leaves[0] if len(leaves) == 1 else ("and", tuple(leaves))

    def resolved(self, left: _Value, right: _Value, node: ast.AST) -> tuple[_Value, _Value]:
        """The two sides of a comparison with a bare value name read against the other side."""
        if left.kind == WORD and right.kind == WORD:
            self.fail(f"{self.source(node)!r} compares two names (unknown feature {left.word!r}?)")
        if left.kind == WORD:
            return self.named(left.word, right, node), right
        if right.kind == WORD:
            return left, self.named(right.word, left, node)
        if left.kind == NAMED and right.kind == NAMED and left.feature != right.feature:
            self.fail(f"{self.source(node)!r} compares {left.feature.name} with {right.feature.name}")
        if (left.kind in (SUIT, NAMED) or right.kind in (SUIT, NAMED)) and left.kind != right.kind:
            self.fail(f"{self.source(node)!r} compares a {left.kind} with a {right.kind}")
        return left, right

    def named(self, word: str, other: _Value, node: ast.AST) -> _Value:
        if other.kind == NAMED:
            if word in other.feature.values:
                return _Value((), float(other.feature.values.index(word)), NAMED, other.feature)
            self.fail(f"{other.feature.name} cannot be {word!r} (one of: {', '.join(other.feature.values)})")
        if other.kind == SUIT:
            try:
                return _Value((), float(cards.parse_suit(word)), SUIT)
            except cards.CardError:
                self.fail(f"unknown suit {word!r} in {self.source(node)!r} (spades, clubs, hearts, diamonds, ♠♣♥♦ or "
                          f"s c h d)")
        if word in ("true", "false"):
            return _Value((), float(word == "true"), NUMBER)
        self.fail(f"unknown feature {word!r} (features: {', '.join(BY_NAME)})")
        raise AssertionError

    # ------------------------------------------------------------ values
    def value(self, node: ast.AST) -> _Value:
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            return _Value((), float(node.value), NUMBER)
        if isinstance(node, ast.Name):
            word = self.parsed.word(node)
            feature = BY_NAME.get(word)
            if feature is None:
                return _Value((), 0.0, WORD, word=word)
            if feature.args and not feature.optional_who:
                self.fail(f"{word!r} needs its argument: write {feature.usage}")
            return self.feature_value(feature, WHO_ME if feature.optional_who else 0)
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            left, right = self.number(node.left), self.number(node.right)
            sign = 1 if isinstance(node.op, ast.Add) else -1
            return _Value(left.terms + tuple((f, a, sign * s) for f, a, s in right.terms),
                          left.const + sign * right.const, NUMBER)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            operand = self.number(node.operand)
            sign = -1 if isinstance(node.op, ast.USub) else 1
            return _Value(tuple((f, a, sign * s) for f, a, s in operand.terms), sign * operand.const, NUMBER)
        self.fail(f"{self.source(node)!r} is not allowed (use features, numbers, comparisons, + and -, and, or, not)")
        raise AssertionError

    def number(self, node: ast.AST) -> _Value:
        value = self.value(node)
        if value.kind not in (NUMBER, FLAG):
            self.fail(f"{self.source(node)!r} is a {value.kind if value.kind != WORD else 'name'}, not a number")
        return value

    @staticmethod
    def feature_value(feature: Feature, argument: int) -> _Value:
        return _Value(((feature.fid, argument, 1),), 0.0, feature.kind, feature)

    def call(self, node: ast.Call) -> _Value:
        name = node.func.id if isinstance(node.func, ast.Name) else None
        feature = BY_NAME.get(name) if name else None
        if feature is None:
            self.fail(f"{self.source(node.func)!r} is not a feature (features: {', '.join(BY_NAME)})")
        if node.keywords or not feature.args:
            self.fail(f"{self.source(node)!r}: write {feature.usage}")
        args = node.args
        if feature.args in (WHO, WHO_ONE):
            if len(args) != 1:
                self.fail(f"{self.source(node)!r}: write {feature.name}(who), who one of {', '.join(WHO_CODES)}")
            return self.feature_value(feature, self.who(args[0], feature))
        if feature.args == CARD or (feature.args == CARD_OR_SUIT_RANK and len(args) == 1):
            if len(args) != 1:
                self.fail(f"{self.source(node)!r}: write {feature.name}(card), e.g. {feature.name}(♥Q)")
            card = self.card(args[0])
            if feature.args == CARD:
                return self.feature_value(feature, card)
            return self.feature_value(feature, cards.suit_of(card) * SUIT_SHIFT + (1 << cards.rank_of(card)))
        if feature.args == SUIT_ARG:
            if len(args) != 1:
                self.fail(f"{self.source(node)!r}: write {feature.name}(suit)")
            return self.feature_value(feature, self.suit(args[0]))
        if len(args) < 2 or (feature.args == CARD_OR_SUIT_RANK and len(args) != 2):
            self.fail(f"{self.source(node)!r}: write {feature.usage}")
        mask = 0
        for rank in args[1:]:
            mask |= 1 << self.rank(rank)
        return self.feature_value(feature, self.suit(args[0]) * SUIT_SHIFT + mask)

    def who(self, node: ast.AST, feature: Feature) -> int:
        word = self.parsed.word(node)
        if word is None or word.lower() not in WHO_CODES:
            self.fail(f"{feature.name} names a player: {', '.join(WHO_CODES)}, not {self.source(node)!r}")
        code = WHO_CODES[word.lower()]
        if feature.args == WHO_ONE and code in (WHO_PARTNER, WHO_SIDE):
            self.fail(f"{feature.name} names one player (not {word.lower()}): me, ombre, friend or a seat")
        return code

    def card(self, node: ast.AST) -> int:
        word = self.parsed.word(node)
        try:
            return cards.parse_card(word if word is not None else "")
        except cards.CardError as exc:
            self.fail(f"{self.source(node)!r} is not a card ({exc})")
        raise AssertionError

    def rank(self, node: ast.AST) -> int:
        word = str(node.value) if isinstance(node, ast.Constant) and type(node.value) is int else self.parsed.word(node)
        try:
            if word is None or any(symbol in word for symbol in cards.SUIT_SYMBOLS) or len(word) != 1:
                raise cards.CardError(word)
            return cards.rank_of(cards.parse_card(word + "s"))
        except cards.CardError:
            self.fail(f"{self.source(node)!r} is not a rank (K, Q, J, A, 7, 6, 5, 4, 3, 2)")
        raise AssertionError

    def suit(self, node: ast.AST) -> int:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "last_led_suit":
            if len(node.args) != 1 or node.keywords:
                self.fail(f"{self.source(node)!r}: write last_led_suit(who)")
            return SUIT_OF_LAST_LEAD + self.who(node.args[0], BY_NAME["last_led_suit"])
        word = self.parsed.word(node)
        if word in SUIT_REFS:
            return SUIT_REFS[word]
        try:
            return cards.parse_suit(word if word is not None else "")
        except cards.CardError:
            self.fail(f"{self.source(node)!r} is not a suit: spades, clubs, hearts, diamonds (♠♣♥♦, s c h d), "
                      f"{', '.join(SUIT_REFS)} or last_led_suit(who)")
        raise AssertionError


def _program(tree: tuple) -> tuple[int, tuple]:
    """The tree as jump code: (start, leaves), each (Leaf, if_true, if_false). Children are emitted
    before the leaves that jump to them, so every jump goes to a lower index or to the verdict, and
    the kernel's walk ends."""
    leaves: list[tuple[Leaf, int, int]] = []

    def emit(node: tuple, if_true: int, if_false: int) -> int:
        if node[0] == "leaf":
            leaves.append((node[1], if_true, if_false))
            return len(leaves) - 1
        if node[0] == "not":
            return emit(node[1], if_false, if_true)
        parts = node[1]
        start = emit(parts[-1], if_true, if_false)
        for part in reversed(parts[:-1]):
            start = emit(part, start, if_false) if node[0] == "and" else emit(part, if_true, start)
        return start

    start = emit(tree, L.LEAF_TRUE, L.LEAF_FALSE)
    return start, tuple(leaves)


def read_situation(text: str) -> Situation:
    reader = _Reader(text)
    tree = reader.test(reader.parsed.body)
    start, leaves = _program(tree)
    if len(leaves) > L.SITUATION_LEAVES:
        reader.fail(f"{len(leaves)} comparisons, more than the {L.SITUATION_LEAVES} a situation may hold")
    return Situation(" ".join(text.split()), tree, (start, leaves))

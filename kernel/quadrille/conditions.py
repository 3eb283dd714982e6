"""Conditional dealing: deals uniform among those that meet a condition and keep fixed cards.

The condition language is read with Python's ``ast`` (never evaluated as Python):

    matadors(ombre) >= 2 and trumps(ombre, hearts) >= 5
    not has(dealer, spadille) or 3 <= kings(eldest) + kings(second)
    best_suit(ombre) == hearts and has_ponto(ombre, hearts)

* ``and``, ``or``, ``not``, parentheses; comparisons ``< <= == != >= >``, chained too;
  numbers (``quick_tricks`` counts in halves, so 2.5 is allowed), ``+`` and ``-``.
* ``feature(seat)`` or ``feature(seat, suit)`` for every feature of features.FEATURES, and
  ``has(seat, card)``. A suit named alone stands for itself (to compare with best_suit).
* Seats: kernel.cards.SEAT_NAMES (eldest, second, third, dealer), plus ``ombre`` or ``me``
  for the focal seat the caller names. Suits: names, letters or symbols (hearts, h, ♥,
  coeur). Cards as kernel.cards reads them: ♠A, Kh, 7♥, spadille, basto.
* A flag (has, has_ponto) may stand alone as a test; a count must be compared.

Every fault is a ``ConditionError`` whose one-sentence message names the offending text.
A condition compiles once to a closure that evaluates a whole batch of deals with the
vectorised features, never deal by deal.

Dealing: attempt k of seed s is one deal, drawn by _conditioned.deal_attempts uniformly
among the deals that keep the fixed cards (with nothing fixed, it is the engine's deal k).
Keeping the attempts that meet the condition leaves the result exactly uniform among the
deals meeting both, and the same whatever the batch size or thread count.
"""

from __future__ import annotations

import ast
import math
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

import numpy as np

from spadille.kernel.common.errors import UserError

from . import layout as L
from . import cards
from . import expressions
from . import features as F
from .ruleset import Ruleset
from .tables import rule_vector

BATCH_SIZE = 65_536
PILOT_ATTEMPTS = 200_000          # attempts seen before judging whether the rate is hopeless
DEFAULT_MAX_ATTEMPTS = 200_000_000  # about a minute of dealing and testing
FOCAL_ALIASES = ("ombre", "me")
MAX_SEED = 2**63 - 1


class ConditionError(UserError):
    """A condition, fixed cards or dealing request that cannot be used; one sentence."""


# ---------------------------------------------------------------- reading the text

# Types of sub-expressions: a test (bool), a 0/1 flag (test or number), a number, a suit.
BOOL, FLAG, NUMBER, SUIT = "test", "flag", "number", "suit"
_KIND_TYPE = {"count": NUMBER, "number": NUMBER, "flag": FLAG, "suit": SUIT}

_COMPARE = {
    ast.Lt: np.less, ast.LtE: np.less_equal, ast.Eq: np.equal,
    ast.NotEq: np.not_equal, ast.GtE: np.greater_equal, ast.Gt: np.greater,
}


class _Batch:
    """One batch of deals with the feature arrays computed so far (each at most once)."""

    def __init__(self, hands: np.ndarray, tables: F.FeatureTables) -> None:
        self.hands = hands
        self.tables = tables
        self.cache: dict[tuple, np.ndarray] = {}

    def feature(self, name: str, seat: int, suit: int | None) -> np.ndarray:
        key = (name, seat, suit)
        if key not in self.cache:
            column = np.ascontiguousarray(self.hands[:, seat])
            self.cache[key] = F.FEATURES[name].compute(column, suit, self.tables)
        return self.cache[key]


Evaluator = Callable[[_Batch], "np.ndarray | int | float | bool"]


class _Compiler:
    def __init__(self, text: str, n_seats: int, focal_seat: int, ruleset: Ruleset | None = None,
                 card_play: str | None = None) -> None:
        self.text = text
        self.ruleset = ruleset
        self.card_play = card_play
        self.sources: list[str] = []
        self.seats = {name: seat for seat, name in enumerate(cards.SEAT_NAMES[n_seats])}
        for alias in FOCAL_ALIASES:
            self.seats[alias] = focal_seat

    def fail(self, message: str) -> None:
        raise ConditionError(f"{message} in condition {expressions.shown(self.text)}")

    def source(self, node: ast.AST) -> str:
        return self.parsed.source(node)

    def word(self, node: ast.AST) -> str | None:
        """The text of a bare name or quoted string argument, placeholders restored."""
        return self.parsed.word(node)

    # ------------------------------------------------------------ expressions
    def compile(self) -> Evaluator:
        self.parsed = expressions.parse(self.text, "condition", ConditionError, "matadors(ombre, hearts) >= 2")
        evaluate, kind = self.expression(self.parsed.body)
        if kind not in (BOOL, FLAG):
            self.not_a_test(self.parsed.body, kind)
        return evaluate

    def expression(self, node: ast.AST) -> tuple[Evaluator, str]:
        if isinstance(node, ast.BoolOp):
            return self.boolean(node)
        if isinstance(node, ast.UnaryOp):
            return self.unary(node)
        if isinstance(node, ast.Compare):
            return self.compare(node)
        if isinstance(node, ast.BinOp):
            return self.arithmetic(node)
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            value = node.value
            return (lambda batch: value), NUMBER
        if isinstance(node, ast.Name):
            return self.bare_suit(node)
        self.fail(f"{self.source(node)!r} is not allowed (use features, numbers, comparisons, and, or, not)")
        raise AssertionError  # fail raises

    def test(self, node: ast.AST) -> Evaluator:
        evaluate, kind = self.expression(node)
        if kind not in (BOOL, FLAG):
            self.not_a_test(node, kind)
        return lambda batch: np.asarray(evaluate(batch)) != 0

    def not_a_test(self, node: ast.AST, kind: str) -> None:
        example = f" (compare it, e.g. '{self.source(node)} >= 2')" if kind == NUMBER else ""
        self.fail(f"{self.source(node)!r} is a {kind}, not a test{example}")

    def number(self, node: ast.AST) -> Evaluator:
        evaluate, kind = self.expression(node)
        if kind not in (NUMBER, FLAG):
            self.fail(f"{self.source(node)!r} is a {kind}, not a number")
        return evaluate

    def boolean(self, node: ast.BoolOp) -> tuple[Evaluator, str]:
        parts = [self.test(value) for value in node.values]
        combine = np.logical_and if isinstance(node.op, ast.And) else np.logical_or

        def evaluate(batch: _Batch):
            result = parts[0](batch)
            for part in parts[1:]:
                result = combine(result, part(batch))
            return result
        return evaluate, BOOL

    def unary(self, node: ast.UnaryOp) -> tuple[Evaluator, str]:
        if isinstance(node.op, ast.Not):
            operand = self.test(node.operand)
            return (lambda batch: np.logical_not(operand(batch))), BOOL
        if isinstance(node.op, (ast.USub, ast.UAdd)):
            operand = self.number(node.operand)
            sign = -1 if isinstance(node.op, ast.USub) else 1
            return (lambda batch: sign * operand(batch)), NUMBER
        self.fail(f"operator in {self.source(node)!r} is not allowed (use not, + or -)")
        raise AssertionError

    def arithmetic(self, node: ast.BinOp) -> tuple[Evaluator, str]:
        if not isinstance(node.op, (ast.Add, ast.Sub)):
            self.fail(f"operator in {self.source(node)!r} is not allowed (only + and - on numbers)")
        left, right = self.number(node.left), self.number(node.right)
        if isinstance(node.op, ast.Add):
            return (lambda batch: left(batch) + right(batch)), NUMBER
        return (lambda batch: left(batch) - right(batch)), NUMBER

    def compare(self, node: ast.Compare) -> tuple[Evaluator, str]:
        operands = [self.expression(n) for n in (node.left, *node.comparators)]
        steps = []
        for i, op in enumerate(node.ops):
            if type(op) not in _COMPARE:
                self.fail(f"comparison in {self.source(node)!r} is not allowed (use < <= == != >= >)")
            (left, left_kind), (right, right_kind) = operands[i], operands[i + 1]
            suits = (left_kind == SUIT) + (right_kind == SUIT)
            if suits == 1 or BOOL in (left_kind, right_kind):
                self.fail(f"{self.source(node)!r} compares a {left_kind} with a {right_kind}")
            if suits == 2 and type(op) not in (ast.Eq, ast.NotEq):
                self.fail(f"suits in {self.source(node)!r} can only be compared with == or !=")
            steps.append((_COMPARE[type(op)], left, right))

        def evaluate(batch: _Batch):
            result = True
            for compare, left, right in steps:
                result = np.logical_and(result, compare(left(batch), right(batch)))
            return result
        return evaluate, BOOL

    def bare_suit(self, node: ast.Name) -> tuple[Evaluator, str]:
        text = self.word(node)
        try:
            suit = cards.parse_suit(text)
        except cards.CardError:
            self.fail(f"unknown name {text!r} (a feature needs its seat in brackets, e.g. kings(ombre))")
        return (lambda batch: suit), SUIT

    # ------------------------------------------------------------ calls
    def call(self, node: ast.Call) -> tuple[Evaluator, str]:
        if not isinstance(node.func, ast.Name):
            self.fail(f"{self.source(node.func)!r} is not a feature name")
        name = node.func.id
        if node.keywords:
            self.fail(f"{self.source(node)!r} uses a keyword argument; write {name}(seat) or {name}(seat, suit)")
        if name == "has":
            return self.has(node)
        if name == "win_chance":
            return self.win_chance(node)
        feature = F.FEATURES.get(name)
        if feature is None:
            known = ", ".join([*F.FEATURES, "has", "win_chance"])
            self.fail(f"unknown feature {name!r} (known: {known})")
        arity = 2 if feature.takes_suit else 1
        if len(node.args) != arity:
            usage = f"{name}(seat, suit)" if feature.takes_suit else f"{name}(seat)"
            self.fail(f"{self.source(node)!r} has {len(node.args)} argument(s); write {usage}")
        seat = self.seat(node.args[0])
        suit = self.suit(node.args[1]) if feature.takes_suit else None
        return (lambda batch: batch.feature(name, seat, suit)), _KIND_TYPE[feature.kind]

    def has(self, node: ast.Call) -> tuple[Evaluator, str]:
        if len(node.args) != 2:
            self.fail(f"{self.source(node)!r} has {len(node.args)} argument(s); write has(seat, card)")
        seat = self.seat(node.args[0])
        text = self.word(node.args[1])
        if text is None:
            self.fail(f"{self.source(node.args[1])!r} is not a card")
        try:
            card = cards.parse_card(text)
        except cards.CardError as exc:
            self.fail(f"unknown card {text!r} ({exc})")
        shift = np.uint64(card)
        one = np.uint64(1)
        # 0/1 as int64, so that has(...) + has(...) counts instead of or-ing booleans
        return (lambda batch: ((batch.hands[:, seat] >> shift) & one).astype(np.int64)), FLAG

    def win_chance(self, node: ast.Call) -> tuple[Evaluator, str]:
        from . import win_chances as W
        from .policies import DEFAULT_CARD_PLAY

        contracts = " or ".join(W.CONTRACTS)
        if len(node.args) != 2:
            self.fail(f"{self.source(node)!r} has {len(node.args)} argument(s); write win_chance(seat, {contracts})")
        seat = self.seat(node.args[0])
        contract = self.word(node.args[1])
        card_play = self.card_play or DEFAULT_CARD_PLAY
        try:
            W.check(card_play, contract if contract is not None else self.source(node.args[1]), self.ruleset)
        except W.WinChanceError as exc:
            self.fail(str(exc))
        source = W.source(card_play, contract)
        if source not in self.sources:
            self.sources.append(source)
        return (lambda batch: W.win_chance(batch.hands[:, seat], contract, card_play, batch.tables)), NUMBER

    def seat(self, node: ast.AST) -> int:
        text = self.word(node)
        if text is None or text.lower() not in self.seats:
            shown = self.source(node) if text is None else text
            self.fail(f"unknown seat {shown!r} (use {', '.join(self.seats)})")
        return self.seats[text.lower()]

    def suit(self, node: ast.AST) -> int:
        text = self.word(node)
        try:
            return cards.parse_suit(text if text is not None else "")
        except cards.CardError:
            shown = self.source(node) if text is None else text
            self.fail(f"unknown suit {shown!r} (use spades, clubs, hearts, diamonds or ♠♣♥♦ / s c h d)")
        raise AssertionError


@dataclass(frozen=True, eq=False)
class Condition:
    """A compiled condition: ``condition(hands)`` with hands uint64[m, >= n_seats] gives bool[m]."""

    text: str
    n_seats: int
    focal_seat: int
    tables: F.FeatureTables
    evaluate: Evaluator
    sources: tuple[str, ...] = ()   # where measured terms come from (win_chance's table), for the output

    def __call__(self, hands: np.ndarray) -> np.ndarray:
        hands = np.asarray(hands, dtype=np.uint64)
        result = self.evaluate(_Batch(hands, self.tables))
        return np.broadcast_to(np.asarray(result, dtype=bool), (hands.shape[0],)).copy()


def compile_condition(text: str, n_seats: int = 4, focal_seat: int = 0, ruleset: Ruleset | None = None,
                      card_play: str | None = None) -> Condition:
    """Read ``text`` once; raise ConditionError naming the fault. The result tests whole batches.
    ``card_play`` is the play whose measured chances ``win_chance`` reads (default: the registry's)."""
    if n_seats not in cards.SEAT_NAMES:
        raise ConditionError(f"{n_seats} seats is not a table the game knows (3 or 4)")
    if not 0 <= focal_seat < n_seats:
        raise ConditionError(f"focal seat {focal_seat} is not one of the {n_seats} seats (0-{n_seats - 1})")
    compiler = _Compiler(text, n_seats, focal_seat, ruleset, card_play)
    evaluate = compiler.compile()
    return Condition(text, n_seats, focal_seat, F.feature_tables(ruleset), evaluate, tuple(compiler.sources))


def describe_language(n_seats: int = 4) -> str:
    """A short help text for docs and the CLI: the seats, the features and has()."""
    lines = [f"seats: {', '.join(cards.SEAT_NAMES[n_seats])}, or {' / '.join(FOCAL_ALIASES)} for the focal seat"]
    for feature in F.FEATURES.values():
        usage = f"{feature.name}(seat, suit)" if feature.takes_suit else f"{feature.name}(seat)"
        lines.append(f"{usage}: {feature.doc}")
    lines.append("has(seat, card): the seat holds the card (e.g. has(ombre, spadille), has(eldest, Kh)).")
    lines.append("win_chance(seat, ask | alone): the hand's measured chance of winning that contract as eldest "
                 "under the run's card play (kernel/quadrille/win_chances.py), e.g. win_chance(me, alone) >= 0.5556 (five to four).")
    return "\n".join(lines)


# ---------------------------------------------------------------- fixed cards

def parse_fixed(spec: Mapping[str, str] | Iterable[str], n_seats: int, focal_seat: int | None = None) -> dict[int, int]:
    """``["eldest=♠A ♣A ♥7", "dealer=Kh"]`` or ``{"eldest": "♠A ♣A ♥7"}`` -> {seat: natural mask}.

    Seats by name (and ombre / me when ``focal_seat`` is given); cards as cards.Hand.parse
    reads them. A card fixed twice is an error. Pack and hand size are checked when dealing.
    """
    if n_seats not in cards.SEAT_NAMES:
        raise ConditionError(f"{n_seats} seats is not a table the game knows (3 or 4)")
    seats = {name: seat for seat, name in enumerate(cards.SEAT_NAMES[n_seats])}
    if focal_seat is not None:
        seats.update({alias: focal_seat for alias in FOCAL_ALIASES})
    if isinstance(spec, Mapping):
        pairs = list(spec.items())
    else:
        pairs = []
        for item in spec:
            seat_text, sep, cards_text = str(item).partition("=")
            if not sep:
                raise ConditionError(f"fixed cards {item!r} must look like SEAT=CARDS, e.g. 'eldest=♠A ♣A ♥7'")
            pairs.append((seat_text, cards_text))
    fixed: dict[int, int] = {}
    owner: dict[int, str] = {}
    for seat_text, cards_text in pairs:
        name = str(seat_text).strip().lower()
        if name not in seats:
            raise ConditionError(f"unknown seat {str(seat_text).strip()!r} in fixed cards (use {', '.join(seats)})")
        try:
            mask = cards.Hand.parse(str(cards_text)).mask
        except cards.CardError as exc:
            raise ConditionError(f"cannot read the cards fixed for {name}: {exc}") from None
        for card in cards.cards_of(mask):
            if card in owner:
                raise ConditionError(f"card {cards.format_card(card)} is fixed for both {owner[card]} and {name}")
            owner[card] = name
        fixed[seats[name]] = fixed.get(seats[name], 0) | mask
    return fixed


def _layout(ruleset: Ruleset, fixed: Mapping[int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Check the fixed cards against the ruleset -> (fixed_hands, free_cards, free_slots)."""
    rules = rule_vector(ruleset)
    n_seats, hand_size, pack = int(rules[L.R_SEATS]), int(rules[L.R_HAND]), int(rules[L.R_PACK_MASK])
    names = cards.SEAT_NAMES[n_seats]
    fixed_hands = np.zeros(n_seats, dtype=np.uint64)
    taken = 0
    for seat, mask in fixed.items():
        if not isinstance(seat, (int, np.integer)) or not 0 <= seat < n_seats:
            raise ConditionError(f"fixed cards name seat {seat!r}, but seats are 0-{n_seats - 1} ({', '.join(names)})")
        mask = int(mask)
        if mask < 0 or mask >> cards.N_CARDS:
            raise ConditionError(f"the fixed cards of {names[seat]} are not a mask of the 40 cards")
        if mask & ~pack:
            raise ConditionError(f"card {cards.format_card(cards.cards_of(mask & ~pack)[0])} fixed for {names[seat]} is not in this ruleset's pack")
        if mask & taken:
            raise ConditionError(f"card {cards.format_card(cards.cards_of(mask & taken)[0])} is fixed in two seats")
        count = bin(mask).count("1")
        if count > hand_size:
            raise ConditionError(f"{names[seat]} has {count} fixed cards, but a hand holds {hand_size}")
        taken |= mask
        fixed_hands[seat] = np.uint64(mask)
    free_cards = np.array(cards.cards_of(pack & ~taken), dtype=np.int64)
    free_slots = np.array([hand_size - bin(int(m)).count("1") for m in fixed_hands], dtype=np.int64)
    return fixed_hands, free_cards, free_slots


# ---------------------------------------------------------------- dealing

@dataclass
class ConditionedDeals:
    hands: np.ndarray     # uint64[n, 4] natural masks (seats past the table's are 0)
    attempts: np.ndarray  # int64[n] the attempt number of each accepted deal: its deal id / RNG key
    tried: int            # attempts from first_attempt up to the last accepted one (batch-size free)
    accepted: int

    @property
    def rate(self) -> float:
        return self.accepted / self.tried if self.tried else float("nan")


def _rate_upper(accepted: int, tried: int) -> float:
    """A 95% upper bound on the acceptance rate: the rule of three at 0, else a normal
    approximation of the Poisson bound (generous, so we give up only when truly hopeless)."""
    if accepted == 0:
        return 3.0 / tried
    return (accepted + 1.96 * math.sqrt(accepted + 1) + 2.0) / tried


def _hopeless(text: str, accepted: int, tried: int, n: int, max_attempts: int, exhausted: bool) -> ConditionError:
    if exhausted:
        return ConditionError(
            f"condition {text!r} matched {accepted:,} of {tried:,} deals (rate about {accepted / tried:.2g}), fewer than "
            f"the {n:,} asked for within the limit of {max_attempts:,} attempts — relax the condition, fix more cards or raise the limit")
    upper = _rate_upper(accepted, tried)
    rate = f"rate below {upper:.2g}" if accepted == 0 else f"rate about {accepted / tried:.2g}"
    return ConditionError(
        f"condition {text!r} matched {accepted:,} of {tried:,} deals ({rate}); at least {n / upper:.2g} deals would be "
        f"needed for {n:,}, more than the limit of {max_attempts:,} — relax the condition or fix more cards")


def deal_conditioned(ruleset: Ruleset, seed: int, n: int, condition: str | None = None,
                     fixed: Mapping[int, int] | None = None, focal_seat: int = 0, first_attempt: int = 0,
                     max_attempts: int | None = None, progress: Callable[[int], None] | None = None,
                     batch_size: int = BATCH_SIZE, card_play: str | None = None) -> ConditionedDeals:
    """``n`` deals uniform among those that keep ``fixed`` and meet ``condition``.

    Attempts first_attempt, first_attempt + 1, ... are dealt in batches and tested together;
    the first n that pass are kept, so the result depends only on (seed, first_attempt) and
    never on batch_size. After PILOT_ATTEMPTS attempts (and after every batch from then
    on), if even a generous bound on the acceptance rate says more than ``max_attempts``
    would be needed, ConditionError says so; it never runs past max_attempts.
    ``progress(k)`` is told of every k deals accepted. A blank condition keeps every deal
    (and then exactly n attempts are drawn, whatever max_attempts says).
    """
    n_seats = int(ruleset["pack.seats"])
    if not isinstance(n, (int, np.integer)) or n < 0:
        raise ConditionError(f"the number of deals must be a whole number of at least 0, not {n!r}")
    if not 0 <= int(seed) <= MAX_SEED:
        raise ConditionError(f"seed must be between 0 and {MAX_SEED}, not {seed}")
    if not 0 <= focal_seat < n_seats:
        raise ConditionError(f"focal seat {focal_seat} is not one of the {n_seats} seats (0-{n_seats - 1})")
    max_attempts = DEFAULT_MAX_ATTEMPTS if max_attempts is None else int(max_attempts)
    if max_attempts < 1 or batch_size < 1:
        raise ConditionError("max_attempts and batch_size must be at least 1")
    if first_attempt < 0 or first_attempt + max_attempts > 2**62:
        raise ConditionError(f"first attempt {first_attempt} is out of range (0 to 2**62 less max_attempts)")
    fixed_hands, free_cards, free_slots = _layout(ruleset, fixed or {})
    test = None if condition is None or not condition.strip() else compile_condition(condition, n_seats, focal_seat, ruleset,
                                                                                     card_play)
    if test is None:
        max_attempts = max(max_attempts, n)  # every attempt is kept: exactly n are needed

    from ._conditioned import deal_attempts  # numba loads here, not when the CLI reads the language

    kept_hands: list[np.ndarray] = []
    kept_attempts: list[np.ndarray] = []
    accepted = 0
    tried = 0
    last_kept = first_attempt - 1
    while accepted < n:
        if tried >= max_attempts:
            raise _hopeless(condition or "", accepted, tried, n, max_attempts, exhausted=True)
        m = min(batch_size, max_attempts - tried)
        batch = np.zeros((m, L.MAX_SEATS), dtype=np.uint64)
        deal_attempts(np.int64(seed), np.int64(first_attempt + tried), free_cards, fixed_hands, free_slots, batch)
        rows = np.arange(m) if test is None else np.flatnonzero(test(batch))
        rows = rows[: n - accepted]
        if rows.size:
            kept_hands.append(batch[rows])
            kept_attempts.append(first_attempt + tried + rows.astype(np.int64))
            last_kept = int(kept_attempts[-1][-1])
            accepted += int(rows.size)
            if progress is not None:
                progress(int(rows.size))
        tried += m
        if accepted < n and tried >= PILOT_ATTEMPTS and n / _rate_upper(accepted, tried) > max_attempts:
            raise _hopeless(condition or "", accepted, tried, n, max_attempts, exhausted=False)

    hands = np.concatenate(kept_hands) if kept_hands else np.zeros((0, L.MAX_SEATS), dtype=np.uint64)
    attempts = np.concatenate(kept_attempts) if kept_attempts else np.zeros(0, dtype=np.int64)
    return ConditionedDeals(hands, attempts, last_kept - first_attempt + 1, accepted)

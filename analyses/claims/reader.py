"""Reading a claim file: typed access to its keys, and one-sentence errors naming file and key.

Every fault in a claim file is a ``ClaimError`` reading ``FILE: KEY: problem``, for example
``claims/q16.toml: experiment.metric: unknown metric 'foo' (choose one of: pay, win, ...)``.
A ``Table`` wraps one TOML table with its dotted path, so a check deep inside an arm still
names ``experiment.arms[1].params``.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any, Iterable, Mapping, NoReturn

from spadille.kernel.common.errors import UserError


ODDS = re.compile(r"(?P<for>\d+)\s+to\s+(?P<against>\d+)")   # "5 to 4": the period's odds for an event


class ClaimError(UserError):
    """A claim file that cannot be used; one line naming the file, the key and the problem."""


class ExperimentError(UserError):
    """A fault of a claim's experiment that shows only when it runs (a condition no deal can meet);
    check.py reports it as the claim's ClaimError, naming the file."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _type_name(value: Any) -> str:
    return {bool: "true/false", int: "a whole number", float: "a number", str: "text", list: "a list",
            dict: "a table"}.get(type(value), type(value).__name__)


def choices_text(choices: Iterable[str]) -> str:
    return ", ".join(choices)


class Table:
    """One table of a claim file: ``label`` names the file, ``path`` the table's dotted key."""

    def __init__(self, label: str, path: str, data: Mapping[str, Any]) -> None:
        self.label = label
        self.path = path
        self.data = data

    def key(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def fail(self, name: str, problem: str) -> NoReturn:
        raise ClaimError(f"{self.label}: {self.key(name)}: {problem}")

    def fail_here(self, problem: str) -> NoReturn:
        raise ClaimError(f"{self.label}: {self.path or '(top level)'}: {problem}")

    def has(self, name: str) -> bool:
        return name in self.data

    def only(self, allowed: Iterable[str]) -> None:
        """Refuse keys outside ``allowed``: a typo is an error, never a silent default."""
        allowed = list(allowed)
        for name in self.data:
            if name not in allowed:
                self.fail(name, f"unknown key (this table takes: {choices_text(allowed)})")

    def raw(self, name: str, what: str) -> Any:
        if name not in self.data:
            self.fail(name, f"missing key ({what})")
        return self.data[name]

    # ------------------------------------------------------------ typed values
    def text(self, name: str, what: str = "text", default: str | None = None, required: bool = True) -> str | None:
        if name not in self.data and (default is not None or not required):
            return default
        value = self.raw(name, what)
        if not isinstance(value, str) or not value.strip():
            self.fail(name, f"must be non-empty text, not {_type_name(value)} {value!r}")
        return value.strip()

    def choice(self, name: str, choices: Iterable[str], what: str, default: str | None = None,
               required: bool = True) -> str | None:
        choices = list(choices)
        if name not in self.data and (default is not None or not required):
            return default
        value = self.raw(name, f"{what}, one of: {choices_text(choices)}")
        if not isinstance(value, str) or value not in choices:
            shown = repr(value) if isinstance(value, str) else f"{_type_name(value)} {value!r}"
            self.fail(name, f"unknown {what} {shown} (choose one of: {choices_text(choices)})")
        return value

    def integer(self, name: str, low: int, high: int, what: str, default: int | None = None) -> int:
        if name not in self.data and default is not None:
            return default
        value = self.raw(name, what)
        if not _is_int(value):
            self.fail(name, f"must be a whole number, not {_type_name(value)} {value!r}")
        if not low <= value <= high:
            self.fail(name, f"must be between {low:,} and {high:,}, not {value:,}")
        return value

    def number(self, name: str, what: str, default: float | None = None, low: float | None = None) -> float:
        if name not in self.data and default is not None:
            return default
        value = self.raw(name, what)
        if not _is_number(value):
            self.fail(name, f"must be a number, not {_type_name(value)} {value!r}")
        if not math.isfinite(value):
            self.fail(name, f"must be a finite number, not {value!r}")
        if low is not None and value < low:
            self.fail(name, f"must be at least {low:g}, not {value:g}")
        return float(value)

    def exact(self, name: str, what: str) -> tuple[tuple[Fraction, ...], bool]:
        """A number, a fraction written as text ("203/494"), odds for the event as text ("5 to 4":
        five chances for it to four against, 5/9), or a list of them -> (values, is_list). Kept
        exact: 0.2420 is 242/1000, not the float nearest to it."""
        value = self.raw(name, what)
        items = value if isinstance(value, list) else [value]
        if isinstance(value, list) and not value:
            self.fail(name, "must not be an empty list")
        exact = []
        for item in items:
            if _is_number(item):
                if not math.isfinite(item):
                    self.fail(name, f"must be a finite number, not {item!r}")
                exact.append(Fraction(str(item)))
            elif isinstance(item, str):
                odds = ODDS.fullmatch(item.strip())
                try:
                    exact.append(Fraction(int(odds["for"]), int(odds["for"]) + int(odds["against"])) if odds
                                 else Fraction(item.strip()))
                except (ValueError, ZeroDivisionError):
                    self.fail(name, f"{item!r} is not a number, a fraction such as '203/494' or odds such as "
                                    f"'5 to 4'")
            else:
                self.fail(name, f"must be a number, a fraction such as '203/494', or a list of them, "
                                f"not {_type_name(item)} {item!r}")
        return tuple(exact), isinstance(value, list)

    def strings(self, name: str, what: str, required: bool = True) -> tuple[str, ...]:
        if name not in self.data and not required:
            return ()
        value = self.raw(name, what)
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
            self.fail(name, f"must be a non-empty list of non-empty texts ({what})")
        return tuple(v.strip() for v in value)

    def table(self, name: str, what: str, required: bool = True) -> "Table":
        if name not in self.data and not required:
            return Table(self.label, self.key(name), {})
        value = self.raw(name, what)
        if not isinstance(value, dict):
            self.fail(name, f"must be a table ({what}), not {_type_name(value)} {value!r}")
        return Table(self.label, self.key(name), value)

    def tables(self, name: str, what: str, count: int | None = None) -> list["Table"]:
        value = self.raw(name, what)
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.fail(name, f"must be a list of tables ({what}), e.g. [[{self.key(name)}]] sections")
        if count is not None and len(value) != count:
            self.fail(name, f"must hold exactly {count} tables ({what}), not {len(value)}")
        return [Table(self.label, f"{self.key(name)}[{i}]", v) for i, v in enumerate(value)]

    def scalars(self, name: str, what: str) -> dict[str, Any]:
        """A table of plain values (numbers, text, true/false, or a list of them: a rule such as
        contract.allowed_trumps), e.g. policy parameters or rule overrides."""
        table = self.table(name, what, required=False)
        for key, value in table.data.items():
            if isinstance(value, dict) or (isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value)):
                table.fail(key, f"must be a plain value, not {_type_name(value)}")
        return dict(table.data)

"""Numbers and words as a player reads them: one function per kind of value, and the column
kinds and titles that turn a tidy table into the table a report shows.

The CSV beside the report keeps the raw tidy numbers; only the documents use these. Every
function returns a string and never scientific notation; a missing value (None, NaN, pandas
NA or NaT) is "–" whatever the kind. ``console`` is the one exception: the cell of the console
tables some commands print, kept as those tables have always read.

Kinds: ``count`` (12,345), ``share`` (12.3%, or "1 in 124" below 1%), ``mean`` (2 decimals),
``gain`` (signed: +1.59, −0.42), ``number`` (fixed decimals chosen once for the column),
``boolean`` (yes / no), ``hand`` (suit symbols on one line) and ``text``.
"""

from __future__ import annotations

import math
import numbers
import re
from typing import Iterable

import numpy as np

NONE = "–"      # en dash: nothing to show
MINUS = "−"     # the minus sign, not a hyphen

KINDS = ("count", "share", "mean", "gain", "number", "boolean", "hand", "text")


# ---------------------------------------------------------------- one value
def is_missing(value) -> bool:
    """None, float NaN (numpy's too), pandas NA and NaT."""
    if value is None:
        return True
    try:
        import pandas as pd

        if value is pd.NA or value is pd.NaT:
            return True
    except ImportError:  # pragma: no cover - pandas is a dependency
        pass
    if isinstance(value, numbers.Real) and not isinstance(value, numbers.Integral):
        return math.isnan(float(value))
    return False


def _is_bool(value) -> bool:
    return isinstance(value, (bool, np.bool_))


def _signed(text: str) -> str:
    return MINUS + text[1:] if text.startswith("-") else text


def fixed(value, places: int = 2) -> str:
    """A fixed number of decimals, thousands separated, a true minus sign."""
    if is_missing(value):
        return NONE
    number = float(value)
    if math.isinf(number):
        return "∞" if number > 0 else MINUS + "∞"
    text = f"{number:,.{places}f}"
    if float(text.replace(",", "")) == 0:  # -0.00 is 0.00
        text = text.lstrip("-")
    return _signed(text)


def count(value) -> str:
    """A whole number with thousands separators: 12,345."""
    if is_missing(value):
        return NONE
    if _is_bool(value):
        return boolean(value)
    number = float(value)
    if number.is_integer():
        return _signed(f"{int(number):,}")
    return fixed(number, 1)


def mean(value, places: int = 2) -> str:
    """A mean (jetons, fiches, points) to ``places`` decimals: 1.59, −0.42."""
    return fixed(value, places)


def gain(value, places: int = 2) -> str:
    """A gain or a difference, always signed: +1.59, −0.42, 0.00."""
    text = fixed(value, places)
    if text == NONE or text.startswith(MINUS) or float(value) == 0 or text.lstrip("0.,") == "":
        return text
    return "+" + text


def share(value, places: int = 1) -> str:
    """A probability or share: 12.3%; below 1% as "1 in 124" (a player's odds); 0 is 0%."""
    if is_missing(value):
        return NONE
    number = float(value)
    if 0 < number < 0.01:
        return f"1 in {round(1 / number):,}"
    if number == 0:
        return "0%"
    if number == 1:
        return "100%"
    text = f"{100 * number:,.{places}f}"
    if number > 0 and text == f"{100:.{places}f}":  # 0.9996 is not certain
        text = f"{100 - 10 ** -places:.{places}f}"
        return f">{text}%"
    return _signed(text) + "%"


def boolean(value) -> str:
    if is_missing(value):
        return NONE
    return "yes" if bool(value) else "no"


def number(value, places: int | None = None) -> str:
    """A number of no named kind: whole numbers as counts, others to ``places`` decimals
    (chosen from the value itself when not given)."""
    if is_missing(value):
        return NONE
    if _is_bool(value):
        return boolean(value)
    if isinstance(value, numbers.Integral):
        return count(value)
    if places is None:
        places = places_for([value])
    return fixed(value, places)


def places_for(values: Iterable) -> int:
    """Decimals that show a column's numbers to about three significant figures, one choice for
    the whole column: 0 for whole numbers, 1 from 100 up, 2 from 1, 3 below, and two significant
    figures (at most 8 decimals) when every value is below 0.01."""
    present = [abs(float(v)) for v in values if not is_missing(v) and isinstance(v, numbers.Real)]
    if not present or all(float(v).is_integer() for v in present):
        return 0
    largest = max(present)
    if largest >= 100:
        return 1
    if largest >= 1:
        return 2
    if largest >= 0.01 or largest == 0:
        return 3
    return min(8, 1 - math.floor(math.log10(largest)))  # tiny values keep two figures, still fixed-point


_SUIT_ORDER = (0, 1, 2, 3)  # ♠ ♣ ♥ ♦


def hand(value) -> str:
    """A Quadrille hand on one line with suit symbols, suits ♠ ♣ ♥ ♦, e.g. '♠ A 7 · ♣ K Q · ♥ 5 4'.
    Text that is not a hand is shown as it is."""
    if is_missing(value):
        return NONE
    from spadille.kernel.quadrille.cards import RANKS, SUIT_SYMBOLS, CardError, Hand, rank_of

    try:
        parsed = Hand.parse(str(value))
    except CardError:
        return str(value)
    if len(parsed) == 0:
        return str(value)
    groups = []
    by_suit = parsed.by_suit()
    for suit in _SUIT_ORDER:
        cards = sorted(by_suit[suit], key=lambda c: 10 if rank_of(c) == 0 else rank_of(c), reverse=True)
        if cards:
            groups.append(f"{SUIT_SYMBOLS[suit]} " + " ".join(RANKS[rank_of(c)] for c in cards))
    return " · ".join(groups)


def text(value) -> str:
    if is_missing(value):
        return NONE
    if _is_bool(value):
        return boolean(value)
    if isinstance(value, numbers.Real):
        return number(value)
    return str(value)


def interval(low, high, kind: str = "number", places: int | None = None) -> str:
    """A 95% interval as '[low, high]' in the kind of its estimate; '–' when it has no bounds."""
    if is_missing(low) and is_missing(high):
        return NONE
    return f"[{cell(low, kind, places)}, {cell(high, kind, places)}]"


def estimate(value, low, high, kind: str = "number", places: int | None = None) -> str:
    """'estimate [low, high]' in one kind."""
    shown = cell(value, kind, places)
    bounds = interval(low, high, kind, places)
    return shown if bounds == NONE else f"{shown} {bounds}"


def cell(value, kind: str = "text", places: int | None = None) -> str:
    """One value in the given kind."""
    if is_missing(value):
        return NONE
    if _is_bool(value):
        return boolean(value)
    if kind in ("text", "hand") or not isinstance(value, numbers.Real):
        return hand(value) if kind == "hand" else text(value)
    if kind == "count":
        return count(value)
    if kind == "share":
        return share(value) if places is None else share(value, places)
    if kind == "mean":
        return mean(value) if places is None else mean(value, places)
    if kind == "gain":
        return gain(value) if places is None else gain(value, places)
    if kind == "boolean":
        return boolean(value)
    return number(value, places)


def console(value, places: int = 4, places_below_one: int | None = None, tiny: str = "fixed") -> str:
    """A cell of the console tables that the Cabriolet, Reversis and Révertier commands print from
    their frames: yes / no, '–' for a float NaN, a float to ``places`` decimals (``places_below_one``
    below 1 in size when given), thousands separated; ``tiny="significant"`` writes a non-zero float
    under 0.001 in size to four significant figures without an exponent (0.00001234), where fixed
    decimals would round it to nothing; anything else as str().
    Unlike ``cell`` it keeps the hyphen-minus and a column's own decimals, so a console table reads
    as it did."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if math.isnan(value):
            return NONE
        if tiny == "significant" and value != 0 and abs(value) < 1e-3:
            return np.format_float_positional(value, precision=4, unique=False, fractional=False, trim="-")
        if places_below_one is not None and abs(value) < 1:
            return f"{value:,.{places_below_one}f}"
        return f"{value:,.{places}f}"
    return str(value)


def figures_like(value, low, high, shown_text: str) -> tuple[str, str]:
    """(estimate, '[low, high]') in the decimals and sign of an estimate already written as text
    ('+1.23', '0.4109'): for a column whose rows each keep their own decimals (claims, where a
    share has four and a mean two). Text that is no plain number (a fraction, a list) is kept."""
    text = str(shown_text or "").strip()
    if re.fullmatch(r"[+-]?nan|n/a|", text, re.I) or (is_missing(value) and not re.search(r"\d", text)):
        return NONE, NONE
    match = re.fullmatch(r"([+-]?)\d+(?:\.(\d+))?", text)
    if match is None or is_missing(value):
        return text.replace("-", MINUS), NONE
    places = len(match.group(2) or "")
    # a written sign marks a difference (a claim writes its differences '+0.12' or '-0.09'): its bounds
    # are signed too, so '[−0.24, +0.06]', never '[−0.24, 0.06]'
    kind = "gain" if match.group(1) else "mean"
    return cell(value, kind, places), interval(low, high, kind, places)


# ---------------------------------------------------------------- a column's kind and title
_COUNT_NAMES = {"n", "count", "deals", "games", "sessions", "rounds", "throws", "reached", "declared", "differing",
                "player_deals", "classes_tested", "deals_done", "players", "tricks", "hands", "cells"}
_SHARE_WORDS = ("share", "rate", "prob", "chance", "frequency", "accuracy")
_GAIN_WORDS = ("margin", "difference", "gain", "minus_", "_vs_", "advantage", "regret", "diff", "over_pass",
               "over_next", "effect")
_MEAN_WORDS = ("mean", "stderr", "pay", "net", "value", "ev", "points", "per_", "cost", "expected", "stake",
               "jetons", "fiches")
_BOUND = re.compile(r"^(?P<base>.*?)_?(?:ci_)?(?P<side>low|high)$")


def kind_of(name: str, values=None) -> str:
    """The kind a column's name (and values) says it holds; ``number`` when nothing does."""
    key = str(name).lower().replace(" ", "_").replace("-", "_")
    present = [] if values is None else [v for v in values if not is_missing(v)]
    if present and all(_is_bool(v) for v in present):
        return "boolean"
    if present and not all(isinstance(v, numbers.Real) for v in present):
        return "hand" if key == "hand" or key.endswith("_hand") else "text"
    if key in _COUNT_NAMES or key.startswith("n_") or key.endswith("_n") or key.endswith("_deals") \
            or key.startswith("classes_") or key.endswith("_count"):
        return "count"
    if key.startswith("p_") or key == "p" or any(w in key for w in _SHARE_WORDS):
        return "share"
    if any(w in key for w in _GAIN_WORDS):
        return "gain"
    if any(w in key for w in _MEAN_WORDS):
        return "mean"
    if present and all(isinstance(v, numbers.Integral) or float(v).is_integer() for v in present):
        return "count"
    return "number"


def bound_of(name: str) -> tuple[str, str] | None:
    """(base, 'low' | 'high') when a column is an interval bound: ci_low, pay_ci_high, margin_low."""
    match = _BOUND.match(str(name))
    if not match or not re.search(r"(?:^|_)(?:ci_)?(?:low|high)$", str(name)):
        return None
    return match.group("base"), match.group("side")


# Titles of the columns the report's tables use; any other name is turned into words by ``title``.
TITLES = {
    "n": "n", "count": "count", "deals": "deals (n)", "games": "games (n)", "sessions": "sessions (n)",
    "estimate": "estimate", "ci": "95% CI", "ci_low": "95% CI low", "ci_high": "95% CI high",
    "contract": "contract", "seat": "seat", "action": "action", "measure": "measure", "kind": "kind",
    "mean_pay": "mean payment", "pay": "payment", "best_action": "best action", "best": "best action",
    "best_mean_pay": "best mean payment", "runner_up": "runner-up", "margin": "margin over runner-up",
    "margin_over_next": "margin over next", "pass_mean_pay": "mean payment passing", "why": "why",
    "matadors": "true matadors", "trumps": "trumps", "kings": "side kings", "voids": "voids",
    "p_declared": "bid played", "p_win": "P(win)", "p_remise": "P(remise)", "p_codille": "P(codille)",
    "p_vole_made": "P(vole made)", "p_vole_point": "P(vole point)", "p_reached": "P(vole point | bid played)",
    "p_reached_per_deal": "P(vole point) per deal", "p_made_going": "P(vole made | going on)",
    "go_minus_stop": "go on − stop", "reached": "vole point reached (n)", "declared": "bid played (n)",
    "classes_go_pays": "classes where going on pays", "classes_go_costs": "classes where going on costs",
    "classes_tested": "classes tested", "threshold_low": "threshold, from", "threshold_high": "threshold, up to",
    "claim": "claim", "statement": "statement", "source": "source", "experiment": "experiment",
    "verdict": "verdict", "reason": "reason", "stated": "stated", "policies": "card play", "policy": "policy",
    "preset": "preset", "players": "players", "case": "case", "clear": "clear at 95%",
    "difference": "difference", "player_deals": "player-deals (n)", "differing": "deals that differ (n)",
    "p_exact": "P exact", "p_mc": "P simulated", "hand": "hand", "scheme": "classes by",
    "switch": "switch", "value": "value", "throws": "throws (n)", "rounds": "rounds (n)",
    "within_ci": "exact within 95% CI", "one_in": "1 in", "hands": "hands", "of": "of", "holding": "holding",
    "outcome": "outcome", "effect": "effect", "exact": "exact", "simulated": "simulated", "per_deal": "per deal",
    "net_per_deal": "net per deal", "confident": "confident at 95%", "baseline": "against",
    "threshold": "threshold (trumps)", "trumps_min": "fewest trumps seen", "trumps_max": "most trumps seen",
    "mean": "mean", "share": "share", "points": "points", "first_points_vs_default": "first player's points vs default",
    "throws_vs_default": "throws vs default", "too_few": "too few hands", "best_mean": "mean payment of the best",
    "vole_undertaken": "vole undertaken", "vole_made": "vole made", "win": "win", "remise": "remise",
    "codille": "codille", "stderr": "standard error", "go_minus_stop_stderr": "standard error",
    "agree": "agree", "agree_confident": "agree where clear", "go_pays": "going on pays", "go_costs": "going on costs",
    "vole_value": "vole value", "other_vole_value": "other vole value", "minus_all": "minus covering all",
}


def title(name: str) -> str:
    """A column's title in words: the TITLES entry, or its name made readable
    (p_x → P(x), x_ci_low → x, 95% CI low, n_x → x (n), underscores to spaces)."""
    key = str(name)
    if key in TITLES:
        return TITLES[key]
    bound = bound_of(key)
    if bound is not None and bound[0]:
        return f"{title(bound[0])}, 95% CI {bound[1]}"
    if key.startswith("p_"):
        return f"P({_words(key[2:])})"
    if key.startswith("n_"):
        return f"{_words(key[2:])} (n)"
    if key.startswith("ev_"):
        return f"mean payment, {_words(key[3:])}"
    if key.startswith("best_"):
        return f"best, {_words(key[5:])}"
    return _words(key)


def _words(key: str) -> str:
    out = key.replace("_minus_", " − ").replace("_vs_", " vs ").replace("_per_", " per ").replace("_", " ")
    return re.sub(r"\s+", " ", out).strip()

"""The ``probability`` kind: how likely a condition is over the dealt hands, given another.

    [experiment]
    kind = "probability"
    event = "has(second, Kh) or has(second, Kd)"          # the condition language (conditions.py)
    given = "not has(me, Kh) and not has(me, Kd)"         # optional
    [verdict]
    expect = "equal"
    value = "5 to 4"                                      # odds for the event: 5/9; or 0.5556
    tolerance = 0.01

No card is played: the estimate is P(event | given) over the deals of the ruleset (``fixed``
cards in the focal hand, ``focal`` naming ``me`` / ``ombre``). It is computed **exactly** when
both conditions speak only of where named cards lie (every term ``has(seat, card)``:
placements.py sums over their placements), or only count the cards of some sets in one hand
(hand_counts.py sums over the hand's card classes); it is estimated by **Monte Carlo**
otherwise: ``deals`` deals meeting ``given``, the share meeting ``event`` with its Wilson 95%
interval. Which was used is decided from the text when the claim is read (terms.py), and the
result says so: "exact" or "Monte Carlo, n = ...".
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from spadille.analyses.claims.guard import Inconclusive
from spadille.analyses.claims.reader import Table
from spadille.analyses.claims.verdict import Estimate, format_exact, interval_places, significant
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.ruleset import Ruleset

from .simulated import claims_card_play, base_ruleset, read_condition, read_fixed, read_focal, read_max_attempts, ruleset_reason

DEFAULT_DEALS = 100_000
PLACES = 4        # decimals an estimate is shown in (the exact value is kept as a fraction too)
EXACT, MONTE_CARLO = "exact", "Monte Carlo"
KEYS = {
    "kind": "probability",
    "event": "the condition whose probability is stated (the condition language, e.g. has(second, Kh))",
    "given": "optional: the condition it is conditioned on (default: every deal)",
    "focal": "the seat `me` / `ombre` names: eldest (default), second, third or dealer",
    "fixed": "cards always dealt to the focal seat, e.g. \"♠A ♣A\"",
    "ruleset": "ruleset name (default: the work's own game, else the run's)",
    "deals": f"the Monte Carlo sample when it cannot be exact: deals meeting `given` (default {DEFAULT_DEALS:,})",
    "max_attempts": "the dealing limit of the Monte Carlo estimate (as for the simulated kinds)",
}


PLACEMENTS, ONE_HAND = "placements", "one hand"   # the two exact methods


@dataclass(frozen=True)
class ProbabilitySpec:
    ruleset: Ruleset
    event: str
    given: str | None
    focal: int
    fixed: int
    deals: int
    max_attempts: int
    exact_by: str | None = None       # PLACEMENTS, ONE_HAND, or None: Monte Carlo
    named: tuple[int, ...] = ()       # PLACEMENTS: the cards whose placements are summed
    sets: tuple[int, ...] = ()        # ONE_HAND: the card sets the terms count
    seat: int = 0                     # ONE_HAND: the hand they read
    estimated_because: str = ""       # Monte Carlo: why not exact
    ruleset_reason: str = ""
    card_play: str | None = None      # whose measured chances win_chance reads

    @property
    def exact(self) -> bool:
        return self.exact_by is not None

    @property
    def sample(self) -> int | None:
        """Deals a Monte Carlo estimate draws by default; None when it is exact."""
        return None if self.exact else self.deals

    def describe(self) -> str:
        given = f" | {self.given}" if self.given else ""
        names = cards.SEAT_NAMES[self.ruleset["pack.seats"]]
        held = f", {names[self.focal]} holding {cards.Hand(self.fixed).format()}" if self.fixed else ""
        if self.exact_by == PLACEMENTS:
            how = (f"exact: every placement of the {len(self.named)} named card{'s' if len(self.named) != 1 else ''}, "
                   f"weighted by its number of deals")
        elif self.exact_by == ONE_HAND:
            how = f"exact: every count of the card classes the terms read in {names[self.seat]}'s hand, weighted by " \
                  f"its number of hands"
        else:
            how = f"Monte Carlo: a share of the dealt hands ({self.estimated_because})"
        return f"P({self.event}{given}) over the dealt hands (me = {names[self.focal]}{held}) · {how}"


def _exact_method(ruleset: Ruleset, terms, focal: int, fixed: int) -> dict:
    """How P can be computed exactly from the conditions' terms, as ProbabilitySpec fields, or why not."""
    from .hand_counts import MAX_VECTORS, card_sets, vector_count
    from .placements import MAX_NAMED, named_cards

    named = named_cards(terms)
    if named is not None:
        if len([c for c in named if not (fixed >> c) & 1]) <= MAX_NAMED:
            return {"exact_by": PLACEMENTS, "named": named}
        return {"estimated_because": f"more than {MAX_NAMED} named cards to place"}
    sets = card_sets(ruleset, terms)
    if sets is None:
        return {"estimated_because": "a term reads more of a hand than where named cards lie, or how many cards "
                                     "of some sets one hand holds"}
    seat = terms[0].seat
    held, elsewhere = (fixed, 0) if seat == focal else (0, fixed)
    if vector_count(ruleset, sets, held, elsewhere) > MAX_VECTORS:
        return {"estimated_because": f"more than {MAX_VECTORS:,} classes of hands to sum"}
    return {"exact_by": ONE_HAND, "sets": tuple(sets), "seat": seat}


def read_probability(table: Table, deals_limit: int) -> ProbabilitySpec:
    from .terms import condition_terms

    table.only(KEYS)
    ruleset = base_ruleset(table)
    seats = ruleset["pack.seats"]
    focal = read_focal(table, seats)
    event = table.text("event", "a condition")
    card_play = claims_card_play()
    read_condition(table, event, seats, focal, ruleset, "event", card_play)
    given = table.text("given", "a condition", required=False)
    read_condition(table, given, seats, focal, ruleset, "given", card_play)
    fixed = read_fixed(table, ruleset)
    deals = table.integer("deals", 1, deals_limit, "Monte Carlo sample size", default=DEFAULT_DEALS)
    terms = tuple(term for text in (event, given) if text for term in condition_terms(text, seats, focal))
    return ProbabilitySpec(ruleset, event, given, focal, fixed, deals, read_max_attempts(table),
                           ruleset_reason=ruleset_reason(table), card_play=card_play,
                           **_exact_method(ruleset, terms, focal, fixed))


def run_probability(spec: ProbabilitySpec, seed: int, deals: int, threads: int | None,
                    progress: Callable[[int], None] | None) -> Estimate:
    from spadille.kernel.quadrille.conditions import compile_condition

    seats = spec.ruleset["pack.seats"]
    compiled = [None if text is None else compile_condition(text, seats, spec.focal, spec.ruleset, spec.card_play)
                for text in (spec.event, spec.given)]
    if spec.exact:
        if spec.exact_by == PLACEMENTS:
            from .placements import exact_probability

            both, given = exact_probability(spec.ruleset, *compiled, spec.named,
                                            {spec.focal: spec.fixed} if spec.fixed else {})
        else:
            from .hand_counts import exact_one_hand

            held, elsewhere = (spec.fixed, 0) if spec.seat == spec.focal else (0, spec.fixed)
            both, given = exact_one_hand(spec.ruleset, *compiled, list(spec.sets), spec.seat, held, elsewhere)
        if given == 0:
            raise Inconclusive(f"the given condition {spec.given!r} never holds: no deal to count")
        value = both / given
        return Estimate(None, float(value), float(value), float(value), format_exact(value, decimals=None)
                        if "/" not in format_exact(value) else significant(float(value)),
                        values=(value,), labels=("P",), places=PLACES, method=EXACT)
    from spadille.analyses.paired import rate_ci

    from .simulated import deal

    dealt = deal(spec.ruleset, seed, deals, spec.given, spec.focal, spec.fixed, spec.max_attempts, progress,
                 card_play=spec.card_play)
    event = compiled[0](dealt.hands)
    estimate, low, high = rate_ci(event)
    n = int(event.size)
    places = interval_places(low, high, PLACES)
    return Estimate(n, estimate, low, high, "n/a" if n == 0 else f"{estimate:.{places}f}", deals=deals,
                    tried=dealt.tried, places=places, method=f"{MONTE_CARLO}, n = {n:,}")


def criterion(spec: ProbabilitySpec, value: Fraction, tolerance: Fraction) -> str:
    """The verdict's criterion in words, for an expected value (``expect = "equal"``)."""
    stated = format_exact(value)
    if "/" in stated:   # odds or a fraction: its decimal too
        stated += f" = {float(value):.{PLACES}f}"
    within = f" within ± {format_exact(tolerance)}" if tolerance else " exactly"
    if spec.exact:
        how = "the placements of the named cards" if spec.exact_by == PLACEMENTS else "the classes of hands"
        return (f"the probability computed exactly (a sum over {how}); supported when "
                f"it equals the stated {stated}{within}, else contradicted")
    return (f"the share of the dealt hands (Monte Carlo); supported when the whole of its Wilson 95% CI lies within "
            f"{stated} ± {format_exact(tolerance)}, contradicted when it lies wholly outside it, inconclusive "
            f"otherwise")

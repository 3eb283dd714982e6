"""The ``reversis`` kind of the claims checker: a Reversis experiment read from a claim file and
run by the Reversis kernel, with n and a 95% interval (docs/claims.md, "the reversis kind").

    [experiment]
    kind = "reversis"
    preset = "dj"                   # the rule layer (enc1765, hague1785, dj, hoyle); default dj
    rules = { "partie.payer" = "pool" }   # optional overrides on top of the preset
    policy = "heuristic"            # every seat's card play (kernel/reversis/policies.py)
    focal = "espagnolette"          # whose deals are measured (FOCALS)
    measure = "net"                 # what is measured (MEASURES)
    outcome = "biggest"             # measure = outcome_margin only (OUTCOME_TESTS)
    deals = 400000

    [[experiment.arms]]             # none (one arm: `policy`), or two, compared first minus second
    label = "use the privilege"
    policy = "heuristic"

Every arm replays deals 0..deals-1 of the claim's seed. The deal and the exchange do not depend
on the parameters the arms change (except ``discard``), so each deal's focal player is the same in
both arms and the difference is paired deal by deal; a deal whose focal player differs between
the arms is left out. Memory stays flat: each batch is reduced to a few numbers a deal.

Nothing here imports numba at import time: the claims loader imports this module to read claims.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Mapping

import numpy as np

from spadille.analyses.claims.reader import Table
from spadille.analyses.claims.verdict import Estimate

POSITIONS = ("eldest", "second", "third", "dealer")
FOCALS = {
    "eldest": "position 0, the first to play",
    "second": "position 1",
    "third": "position 2",
    "dealer": "position 3, who dealt (12 cards, no talon card)",
    "espagnolette": "the player whose hand is an espagnolette as play begins (deals without one are left out)",
    "quinola": "the player who holds the quinola as play begins (deals with it in the écart are left out)",
}
MEASURES = {
    "net": "the focal player's net fiches for the deal, at a fresh table",
    "advantage": "the focal player's net minus the mean of the three others' nets, per deal (the pool's "
                 "change is shared alike, so it cancels)",
    "quinola_placed": "1 if the focal player holds the quinola as play begins and places it on a renounce, "
                      "else 0; deals where he does not hold it are left out",
    "all_costs": "1 if the focal player, an espagnolette who used his privilege, ends in tous les frais; "
                 "deals where he did not use it are left out",
    "outcome_margin": "one arm: the mean net of the players whose deal ended in `outcome`, minus the mean of "
                      "the best (or, for the dearest, the worst) other outcome seen 30 times or more (no "
                      "interval below 30 of its own); an unpaired Welch interval, over every (deal, player)",
}
SHARES = ("quinola_placed", "all_costs")
OUTCOME_TESTS = {
    "biggest": "the reversis made after playing the quinola before la bonne pays more than every other outcome",
    "dearest": "the reversis broken after playing the quinola before la bonne costs more than every other outcome",
}
OUTCOME_MIN_SEEN = 30
KEYS = {
    "kind": "reversis",
    "preset": "the rule layer: enc1765, hague1785, dj (the seed, default) or hoyle",
    "rules": "Reversis rule overrides on top of the preset, e.g. { \"partie.payer\" = \"pool\" }",
    "policy": "every seat's policy, e.g. heuristic or heuristic:reversis_from=3 (default heuristic)",
    "focal": "whose deals are measured: " + ", ".join(FOCALS),
    "measure": "what is measured: " + ", ".join(MEASURES),
    "outcome": "for measure = outcome_margin: " + ", ".join(OUTCOME_TESTS),
    "deals": "default sample size (deals played; scaled by --deals-scale)",
    "arms": "optional: two [[experiment.arms]] tables, each a label and policy, compared first minus second",
}
ARM_KEYS = {"label": "a short name", "policy": "the focal player's policy in this arm (a seat position) or "
                                               "every seat's (the espagnolette, the quinola's holder)"}
BATCH = 65_536


@dataclass(frozen=True)
class ReversisArm:
    label: str
    policy: str


@dataclass(frozen=True)
class ReversisClaimSpec:
    ruleset: Any              # a ReversisRuleset: the preset and the overrides
    policy: str
    focal: str
    measure: str
    outcome: str | None
    deals: int
    arms: tuple[ReversisArm, ...]
    actions: tuple = ()       # the Quadrille kinds' shape: no actions here

    @property
    def kind(self) -> str:
        return "reversis"

    def seat_texts(self, arm: ReversisArm) -> list[str]:
        """Each position's policy in ``arm``: the arm's policy at the focal position, or at every
        position when the focal player is not a fixed position (the others' parameters it changes
        then apply to them too: say so in the claim's note)."""
        if self.focal in POSITIONS:
            return [arm.policy if p == POSITIONS.index(self.focal) else self.policy for p in range(4)]
        return [arm.policy] * 4

    def describe_policies(self) -> str:
        text = f"{self.policy} at every seat"
        if len(self.arms) == 2:
            text += "; " + "; ".join(f"{arm.label}: the {self.focal} {arm.policy}" for arm in self.arms)
        return text

    def describe(self) -> str:
        whose = "over every (deal, player)" if self.measure == "outcome_margin" else f"of the {self.focal}"
        parts = [f"{self.measure} {whose}", f"under preset {self.ruleset.preset}"]
        if self.ruleset.overrides:
            parts.append("with " + ", ".join(f"{k}={v}" for k, v in self.ruleset.overrides))
        if self.measure == "outcome_margin":
            parts.append(f"· {self.outcome}: {OUTCOME_TESTS[self.outcome]}")
        if len(self.arms) == 2:
            parts.append("· " + " vs ".join(f"{arm.label} ({arm.policy})" for arm in self.arms))
        parts.append(f"· {self.policy} at every seat")
        return " ".join(parts)


def with_card_play(spec: ReversisClaimSpec, play: str) -> ReversisClaimSpec:
    """The same experiment with ``play`` (the strong policy, say) where the claim names the
    heuristic, its parameters kept: the claim's verdict under another card play."""
    from dataclasses import replace

    def swap(text: str) -> str:
        name, sep, rest = text.partition(":")
        return play + sep + rest if name == "heuristic" else text

    return replace(spec, policy=swap(spec.policy), arms=tuple(replace(arm, policy=swap(arm.policy))
                                                               for arm in spec.arms))


# ---------------------------------------------------------------- reading
def read_reversis(table: Table, deals_limit: int) -> ReversisClaimSpec:
    from spadille.kernel.common.errors import SimulationError
    from spadille.kernel.reversis.policies import seat_policies
    from spadille.kernel.reversis.ruleset import ReversisRulesetError, available_presets, load_reversis_ruleset

    table.only(KEYS)
    preset = table.choice("preset", available_presets(), "preset", default="dj")
    overrides = table.scalars("rules", "rule overrides")
    try:
        ruleset = load_reversis_ruleset(preset=preset,
                                        override_texts=[_override_text(k, v) for k, v in overrides.items()])
    except ReversisRulesetError as exc:
        table.fail("rules" if overrides else "preset", str(exc))

    def policy_of(where: Table, name: str, default: str | None) -> str:
        text = where.text(name, "a Reversis policy", default=default)
        try:
            seat_policies(text)
        except SimulationError as exc:
            where.fail(name, str(exc))
        return text

    policy = policy_of(table, "policy", "heuristic")
    measure = table.choice("measure", MEASURES, "measure")
    if measure == "outcome_margin" and table.has("focal"):
        table.fail("focal", "measure = \"outcome_margin\" counts every (deal, player): give no focal")
    focal = table.choice("focal", FOCALS, "focal player", default="eldest")
    deals = table.integer("deals", 1, deals_limit, "default number of deals")
    outcome = None
    if measure == "outcome_margin":
        outcome = table.choice("outcome", OUTCOME_TESTS, "outcome test")
    elif table.has("outcome"):
        table.fail("outcome", "only measure = \"outcome_margin\" takes an outcome")
    arms: tuple[ReversisArm, ...] = (ReversisArm("policy", policy),)
    if table.has("arms"):
        if measure == "outcome_margin":
            table.fail("arms", "measure = \"outcome_margin\" compares outcomes within one arm: give no arms")
        found = []
        for arm_table in table.tables("arms", "the two arms compared, first minus second", count=2):
            arm_table.only(ARM_KEYS)
            found.append(ReversisArm(arm_table.text("label", "a short name for the arm"),
                                     policy_of(arm_table, "policy", None)))
        arms = tuple(found)
    return ReversisClaimSpec(ruleset, policy, focal, measure, outcome, deals, arms)


def _override_text(key: str, value: Any) -> str:
    """KEY=VALUE as --rule takes it (TOML scalars; text as it is)."""
    if isinstance(value, bool):
        return f"{key}={'true' if value else 'false'}"
    return f"{key}={value}"


# ---------------------------------------------------------------- running
def _focal_positions(rows: np.ndarray, focal: str) -> np.ndarray:
    """int64[n]: the focal player's position in each deal, -1 where there is none."""
    if focal in POSITIONS:
        return np.full(len(rows), POSITIONS.index(focal), dtype=np.int64)
    column = {"espagnolette": rows[:, _L().D_ESP_POS], "quinola": rows[:, _L().D_QUINOLA_HOLDER]}[focal]
    return column.astype(np.int64)


def _L():
    from spadille.kernel.reversis import layout

    return layout


def _per_deal(spec: ReversisClaimSpec, rows: np.ndarray) -> dict[str, np.ndarray]:
    """The focal player's position and measured value in each deal of a batch (value -1 where the
    measure leaves the deal out; the measures' values are never negative but nets, see ``keep``)."""
    L = _L()
    pos = _focal_positions(rows, spec.focal)
    index = np.arange(len(rows))
    safe = np.maximum(pos, 0)
    net = rows[index, L.D_NET + safe]
    keep = pos >= 0
    if spec.measure == "net":
        value = net
    elif spec.measure == "advantage":
        value = 4 * net - rows[:, L.D_NET: L.D_NET + 4].sum(axis=1)   # 3 x (net - mean of the others)
    elif spec.measure == "quinola_placed":
        holds = rows[:, L.D_QUINOLA_HOLDER] == pos
        keep &= holds
        value = (rows[:, L.D_QUINOLA_FATE] == L.Q_PLACED).astype(np.int64)
    else:  # all_costs
        keep &= rows[:, L.D_ESP_POS] == pos
        keep &= rows[:, L.D_ESP_USED] == 1
        value = rows[:, L.D_ESP_ALL_COSTS].astype(np.int64)
    return {"pos": np.where(keep, pos, -1), "value": value}


def _play(spec: ReversisClaimSpec, arm: ReversisArm, seed: int, deals: int, threads: int | None,
          reduce: Callable[[np.ndarray], dict[str, np.ndarray]],
          progress: Callable[[int], None] | None) -> dict[str, np.ndarray]:
    from spadille.kernel.reversis.policies import seat_policies
    from spadille.kernel.reversis.simulate import ReversisConfig, run_sessions

    parts: dict[str, list[np.ndarray]] = {}

    def keep(first: int, rows: np.ndarray) -> None:
        for key, values in reduce(rows).items():
            parts.setdefault(key, []).append(values)

    result = run_sessions(ReversisConfig(spec.ruleset, seat_policies(spec.seat_texts(arm)), seed, deals, 1, threads),
                          want_rows=True, on_batch=keep, progress=progress, batch_deals=BATCH)
    if result.interrupted:
        raise KeyboardInterrupt
    return {key: np.concatenate(values) for key, values in parts.items()}


def _estimate(n: int, mean: float, low: float, high: float, deals: int, signed: bool, places: int) -> Estimate:
    text = "n/a" if n == 0 else f"{mean:{'+' if signed else ''}.{places}f}"
    return Estimate(n, mean, low, high, text, deals=deals, tried=deals, places=places)


def run_reversis(spec: ReversisClaimSpec, seed: int, deals: int, threads: int | None,
                 progress: Callable[[int], None] | None) -> Estimate:
    """Play the claim's arms on deals 0..deals-1 of ``seed`` and estimate; ``progress`` hears of the
    first arm's deals."""
    from spadille.analyses.paired import mean_ci, rate_ci

    if spec.measure == "outcome_margin":
        return _outcome_margin(spec, seed, deals, threads, progress)
    reduce = lambda rows: _per_deal(spec, rows)
    first = _play(spec, spec.arms[0], seed, deals, threads, reduce, progress)
    scale = 3.0 if spec.measure == "advantage" else 1.0
    if len(spec.arms) == 1:
        values = first["value"][first["pos"] >= 0]
        if spec.measure in SHARES:
            share, low, high = rate_ci(values == 1)
            return _estimate(int(values.size), share, low, high, deals, False, 4)
        n, mean, low, high = mean_ci(values)
        return _estimate(n, mean / scale, low / scale, high / scale, deals, True, 2)
    second = _play(spec, spec.arms[1], seed, deals, threads, reduce, None)
    both = (first["pos"] >= 0) & (first["pos"] == second["pos"])
    n, mean, low, high = mean_ci(first["value"][both] - second["value"][both])
    if n and not np.any(first["value"][both] != second["value"][both]):
        low = high = math.nan      # the arms never differed: no zero-width interval
    places = 4 if spec.measure in SHARES else 2
    return _estimate(n, mean / scale, low / scale, high / scale, deals, True, places)


def _outcome_margin(spec: ReversisClaimSpec, seed: int, deals: int, threads: int | None,
                    progress: Callable[[int], None] | None) -> Estimate:
    """The chosen outcome's mean net against the best (biggest) or worst (dearest) other outcome
    seen at least OUTCOME_MIN_SEEN times (the chosen one too, else no interval): difference of means, Welch interval (two disjoint sets of
    player-deals, not paired). The estimate is signed so that > 0 supports the claim."""
    from spadille.analyses.reversis.experiments import OUTCOMES, _outcome_codes

    L = _L()

    def reduce(rows):
        codes = _outcome_codes(rows)
        net = rows[:, L.D_NET: L.D_NET + 4]
        counts = np.zeros((len(OUTCOMES), 3), dtype=np.float64)   # n, sum, sum of squares, per outcome
        for k in range(len(OUTCOMES)):
            chosen = net[codes == k].astype(np.float64)
            counts[k] = (chosen.size, chosen.sum(), (chosen * chosen).sum())
        return {"counts": counts[None]}

    counts = _play(spec, spec.arms[0], seed, deals, threads, reduce, progress)["counts"].sum(axis=0)
    target = 0 if spec.outcome == "biggest" else 2
    n = counts[:, 0]
    means = np.divide(counts[:, 1], n, out=np.full(len(n), np.nan), where=n > 0)
    others = [k for k in range(len(OUTCOMES)) if k != target and n[k] >= OUTCOME_MIN_SEEN]
    n_target = int(n[target])
    if n_target < OUTCOME_MIN_SEEN or not others:    # too rare for a normal interval: no verdict
        return _estimate(n_target, math.nan, math.nan, math.nan, deals, True, 2)
    rival = max(others, key=lambda k: means[k]) if spec.outcome == "biggest" else min(others, key=lambda k: means[k])
    sign = 1.0 if spec.outcome == "biggest" else -1.0
    margin = sign * (means[target] - means[rival])

    def variance(k: int) -> float:
        return (counts[k, 2] - counts[k, 1] ** 2 / n[k]) / (n[k] - 1)

    half = 1.959963984540054 * math.sqrt(variance(target) / n[target] + variance(rival) / n[rival])
    return _estimate(n_target, margin, margin - half, margin + half, deals, True, 2)

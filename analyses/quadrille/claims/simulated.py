"""Simulated claims: deal hands meeting a condition, play them under each arm, estimate a metric.

Every arm replays the same deals from the same random stream (``kernel.variants``), so a
difference between arms is measured deal by deal. What the kinds share lives here:

* the table: ``ruleset`` and ``rules`` (overrides), ``policy`` and ``params`` of every seat;
* the focal seat: ``focal`` (a seat name, default eldest), its extra ``focal_params``, the
  ``condition`` its deals meet (kernel.conditions' language, ``ombre``/``me`` = the focal
  seat) and the cards ``fixed`` in its hand;
* ``force``: the focal seat's fixed decisions (bid, trump, call, vole), common to every arm;
* ``deals`` (scaled by the caller) and the ``metric`` (METRICS).

Kinds differ in their arms: ``rate`` has one (its estimate is the metric's mean, optionally
``among`` the deals with some outcome); ``compare_actions``, ``compare_policies`` and
``compare_rules`` have two ``[[experiment.arms]]`` and estimate first minus second, paired.
``compare_rules`` may also take two ``actions``: then the estimate is the change, from the
second arm's rules to the first's, of (first action - second action).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping

import numpy as np

from spadille.analyses.claims.guard import MAX_ATTEMPTS_LIMIT, Inconclusive, guarded
from spadille.analyses.claims.reader import Table
from spadille.analyses.claims.reading import CLAIMS_CARD_PLAY, CLAIMS_RULESET, COMPARISON_RULESET, WORK_RULESET
from spadille.analyses.claims.verdict import Estimate, interval_places
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.conditions import DEFAULT_MAX_ATTEMPTS
from spadille.kernel.quadrille.ruleset import DEFAULT_RULESET, Ruleset

from .forcing import BEST, FORCE_KEYS, ForceSpec, caveat, check_force, read_force, unhonoured

CHUNK_DEALS = 65_536   # deals played and reduced at a time, so memory stays flat
RULESET_NAMED, RULESET_OF_WORK, RULESET_OF_RUN = "named by the claim", "its source's own game", "the run's"
RULESET_OF_MAP = "the decision map's, to compare the two"
TRICK_METRICS = ("tricks", "friend_tricks", "side_tricks")


@dataclass(frozen=True)
class Metric:
    name: str
    share: bool   # a 0/1 per deal (Wilson interval for a rate), else a mean of jetons
    doc: str


METRICS: dict[str, Metric] = {
    m.name: m
    for m in (
        Metric("pay", False, "the focal seat's net jetons for the deal, antes included, at a fresh table "
                             "(what a remise leaves on the table counts as spent)"),
        Metric("pay_games", False, "pay in games of its arm's ruleset: net jetons (or chips) over what one "
                                   "opponent pays for a plain called game (multiplier_called x (jeu + "
                                   "consolation)), so rulesets with different stakes compare"),
        Metric("pay_beyond_table", False, "the focal seat's net jetons for the deal minus the mean net of the "
                                          "other seats: what it pays or gains beyond what every seat pays alike "
                                          "(the antes, the Italian pot's fresh ante after a remise)"),
        Metric("win", True, "the focal seat played the contract by its own bid and won it"),
        Metric("remise", True, "the focal seat played the contract by its own bid and was remised"),
        Metric("codille", True, "the focal seat played the contract by its own bid and lost codille"),
        Metric("declared", True, "the focal seat played the contract by its own bid"),
        Metric("vole_made", True, "the focal seat played the contract and made the vole"),
        Metric("tricks", False, "the tricks the focal seat took itself (with among = declared: the ombre's own)"),
        Metric("tricks_at_least", True, "1 when the focal seat took at least k tricks itself"),
        Metric("friend_tricks", False, "the tricks the called friend of the focal seat took, where it is the "
                                       "ombre with a friend (0 on other deals)"),
        Metric("side_tricks", False, "the tricks of the ombre's side (the ombre and his friend)"),
    )
}
AMONG = {
    "all": "every deal",
    "declared": "the deals where the focal seat played the contract by its own bid",
    "win": "the deals it declared and won",
    "remise": "the deals it declared and was remised",
    "codille": "the deals it declared and lost codille",
    "vole_point": "the deals it declared where its side won the first tricks up to the vole point",
}
COMMON_KEYS = {
    "kind": "the experiment kind",
    "deals": "default sample size (deals dealt meeting the condition)",
    "metric": "what is measured per deal (METRICS)",
    "condition": "the deals kept: the condition language of kernel/quadrille/conditions.py",
    "fixed": "cards always dealt to the focal seat, e.g. \"♠A 7♥ ♣A\"",
    "focal": "the focal seat: eldest (default), second, third or dealer",
    "ruleset": f"ruleset name (default {DEFAULT_RULESET})",
    "rules": "rule overrides of every arm, e.g. { \"payments.lone_payment_threshold\" = 4 }",
    "policy": "policy of every seat (default: the run's card play: learned, strong or the heuristic)",
    "params": "policy parameters of every seat",
    "focal_params": "policy parameters of the focal seat only",
    "k": "the tricks of tricks_at_least (default 6)",
    "force": "the focal seat's fixed decisions, common to every arm: "
             + "; ".join(f"{k}: {v}" for k, v in FORCE_KEYS.items()),
    "max_attempts": f"the dealing limit: attempts dealt at most to find the deals meeting the condition (default "
                    f"{DEFAULT_MAX_ATTEMPTS:,}); a rarer condition makes the claim inconclusive",
}


@dataclass(frozen=True)
class Arm:
    label: str
    force: ForceSpec
    ruleset: Ruleset
    focal_params: Mapping[str, float] = field(default_factory=dict)
    rules: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SimSpec:
    kind: str
    ruleset: Ruleset
    policy: str
    params: Mapping[str, float]
    focal: int
    condition: str | None
    fixed: int
    deals: int
    metric: Metric
    arms: tuple[Arm, ...]
    actions: tuple[ForceSpec, ...] = ()
    action_labels: tuple[str, ...] = ()
    among: str = "all"
    ruleset_reason: str = RULESET_OF_RUN
    max_attempts: int = DEFAULT_MAX_ATTEMPTS
    k: int = 6

    def policies(self, arm: Arm):
        """Every seat's policy in ``arm``. Under a player that reads no card-play rules (learned), the
        roles whose rules the parameters set (the focal seat's in either arm) are played by the rules'
        player (strong) with those values (policies.make_rules_seat_policy); else make_seat_policy's."""
        from spadille.kernel.quadrille.policies import make_rules_seat_policy

        seats = self.ruleset["pack.seats"]
        changes = tuple(other.focal_params for other in self.arms)
        return tuple(make_rules_seat_policy(self.policy, {**self.params, **arm.focal_params}, rule_changes=changes)
                     if seat == self.focal else make_rules_seat_policy(self.policy, self.params)
                     for seat in range(seats))

    def describe_policies(self) -> str:
        from spadille.kernel.quadrille.policies import describe_rules_seat

        first = self.policies(self.arms[0])
        text = f"{describe_rules_seat(first[(self.focal + 1) % len(first)], self.policy)} at every seat"
        focal_differs = any(arm.focal_params for arm in self.arms)
        if focal_differs:
            seat = cards.SEAT_NAMES[len(first)][self.focal]
            text += "; " + "; ".join(f"{arm.label}: {seat} "
                                     f"{describe_rules_seat(self.policies(arm)[self.focal], self.policy)}"
                                     for arm in self.arms)
        return text

    def describe_arms(self) -> str:
        def rules_of(arm: Arm) -> str:
            named = [arm.ruleset.name] if arm.ruleset.name != self.ruleset.name else []
            return "; ".join(named + [f"{k}={v}" for k, v in arm.rules.items()])

        arms = " vs ".join(f"{arm.label} ({arm.force.describe()}"
                           + (f"; {rules_of(arm)}" if rules_of(arm) else "") + ")"
                           for arm in self.arms)
        if self.actions:
            arms += " · each: " + " minus ".join(f"{label} ({force.describe()})"
                                                 for label, force in zip(self.action_labels, self.actions))
        return arms


# ---------------------------------------------------------------- reading
def base_ruleset(table: Table) -> Ruleset:
    """The experiment's ruleset: the one it names, else its work's own (WORK_RULESET), else the
    run's (CLAIMS_RULESET: encyclopedie-1765, ``--ruleset`` or the report's)."""
    from spadille.kernel.common.errors import RulesetError
    from spadille.kernel.quadrille.ruleset import load_ruleset

    if COMPARISON_RULESET.get() is not None:
        return COMPARISON_RULESET.get()
    default = WORK_RULESET.get() or CLAIMS_RULESET.get() or DEFAULT_RULESET
    if isinstance(default, Ruleset) and not table.has("ruleset"):
        return default
    try:
        return load_ruleset(table.text("ruleset", "a ruleset name", default=str(default)))
    except RulesetError as exc:
        table.fail("ruleset", str(exc))


def claims_card_play() -> str:
    """The card play of the seats a claim names no policy for: the run's, else the heuristic."""
    return CLAIMS_CARD_PLAY.get() or "heuristic"


def ruleset_reason(table: Table) -> str:
    """Why the experiment runs under its ruleset (RULESET_NAMED, RULESET_OF_WORK or RULESET_OF_RUN)."""
    if COMPARISON_RULESET.get() is not None:
        return RULESET_OF_MAP
    if table.has("ruleset"):
        return RULESET_NAMED
    return RULESET_OF_WORK if WORK_RULESET.get() else RULESET_OF_RUN


def _ruleset(table: Table, base: Ruleset, overrides: Mapping[str, Any]) -> Ruleset:
    """``base`` with the overrides of ``table``'s ``rules`` key."""
    from spadille.kernel.common.errors import RulesetError
    from spadille.kernel.quadrille.ruleset import with_overrides

    try:
        return with_overrides(base, dict(overrides))
    except RulesetError as exc:
        table.fail("rules", str(exc))


def _params(table: Table, name: str, policy: str, values: Mapping[str, Any]) -> dict[str, float]:
    from spadille.kernel.quadrille.policies import PolicyError, make_rules_seat_policy

    try:
        return dict(make_rules_seat_policy(policy, values).params)
    except PolicyError as exc:
        table.fail(name, str(exc))


def read_focal(table: Table, seats: int) -> int:
    names = cards.SEAT_NAMES[seats]
    return names.index(table.choice("focal", names, "seat", default="eldest"))


def read_condition(table: Table, text: str | None, seats: int, focal: int, ruleset: Ruleset,
                   key: str = "condition", card_play: str | None = None) -> None:
    from spadille.kernel.quadrille.conditions import ConditionError, compile_condition

    if text is None:
        return
    try:
        compile_condition(text, seats, focal, ruleset, card_play)
    except ConditionError as exc:
        table.fail(key, str(exc))


def read_fixed(table: Table, ruleset: Ruleset) -> int:
    """The ``fixed`` cards of the focal seat, as a mask: each in the ruleset's pack, a hand at most."""
    from spadille.kernel.quadrille.tables import rule_vector

    if not table.has("fixed"):
        return 0
    text = table.text("fixed", "cards of the focal seat")
    try:
        hand = cards.Hand.parse(text)
    except cards.CardError as exc:
        table.fail("fixed", str(exc))
    if len(hand) > ruleset["pack.hand_size"]:
        table.fail("fixed", f"{len(hand)} cards is more than a hand of {ruleset['pack.hand_size']}")
    missing = hand.mask & ~int(rule_vector(ruleset)[L.R_PACK_MASK])
    if missing:
        table.fail("fixed", f"card {cards.format_card(cards.cards_of(missing)[0])} is not in the pack of ruleset "
                            f"{ruleset.name!r}")
    return hand.mask


def read_max_attempts(table: Table) -> int:
    return table.integer("max_attempts", 1, MAX_ATTEMPTS_LIMIT, "the dealing limit", default=DEFAULT_MAX_ATTEMPTS)


def deal(ruleset: Ruleset, seed: int, deals: int, condition: str | None, focal: int, fixed: int, max_attempts: int,
         progress: Callable[[int], None] | None = None, card_play: str | None = None):
    """``deals`` deals meeting ``condition`` with the ``fixed`` cards in the focal hand
    (kernel.conditions.deal_conditioned). A condition too rare for ``max_attempts``, or the time
    limit reached while dealing, raises Inconclusive with the rate measured and the limit."""
    from spadille.kernel.quadrille.conditions import ConditionError, deal_conditioned

    kept = {focal: fixed} if fixed else None
    # Nothing is dealt for n = 0: every fault of the request itself is raised here, as an error ...
    deal_conditioned(ruleset, seed, 0, condition=condition, fixed=kept, focal_seat=focal, max_attempts=max_attempts,
                     card_play=card_play)
    try:
        return deal_conditioned(ruleset, seed, deals, condition=condition, fixed=kept, focal_seat=focal,
                                max_attempts=max_attempts, progress=guarded(progress, deals, "deals dealt"),
                                card_play=card_play)
    except ConditionError as exc:   # ... so that this one is the sample the limit did not allow
        raise Inconclusive(f"too rare for its sample: {exc} ([experiment] max_attempts)") from None


ARM_KEYS = {
    "compare_actions": {"label": "a short name", **FORCE_KEYS},
    "compare_policies": {"label": "a short name", "params": "the focal seat's policy parameters in this arm"},
    "compare_rules": {"label": "a short name", "rules": "rule overrides in this arm ({} keeps the ruleset's)",
                      "ruleset": "another ruleset for this arm, with the same pack and seats (default: the "
                                 "experiment's)"},
}
EXTRA_KEYS = {
    "rate": {"among": "keep only these deals before averaging: " + ", ".join(AMONG)},
    "compare_actions": {"arms": "two [[experiment.arms]] tables, each a label and force keys"},
    "compare_policies": {"arms": "two [[experiment.arms]] tables, each a label and params"},
    "compare_rules": {"arms": "two [[experiment.arms]] tables, each a label and rules",
                      "actions": "optional: two tables (label and force keys); the estimate is then how much "
                                 "(first action - second) changes from the second arm's rules to the first's"},
}


def read_simulated(kind: str, table: Table, deals_limit: int) -> SimSpec:
    table.only([*COMMON_KEYS, *EXTRA_KEYS[kind]])
    ruleset = _ruleset(table, base_ruleset(table), table.scalars("rules", "rule overrides"))
    seats = ruleset["pack.seats"]
    from spadille.kernel.quadrille.policies import POLICIES

    policy = table.choice("policy", POLICIES, "policy", default=claims_card_play())
    params = _params(table, "params", policy, table.scalars("params", "policy parameters"))
    focal_params = _params(table, "focal_params", policy, table.scalars("focal_params", "policy parameters"))
    focal = read_focal(table, seats)
    condition = table.text("condition", "a condition", required=False)
    read_condition(table, condition, seats, focal, ruleset, card_play=policy)
    fixed = read_fixed(table, ruleset)
    deals = table.integer("deals", 1, deals_limit, "default number of deals")
    metric = METRICS[table.choice("metric", METRICS, "metric")]
    force_table = table.table("force", "the focal seat's fixed decisions", required=False)
    force_table.only(FORCE_KEYS)
    force = read_force(force_table, ruleset)
    check_force(force_table, force, ruleset, fixed, "call" if force.call is not None else "bid")
    common = dict(kind=kind, ruleset=ruleset, policy=policy, params=params, focal=focal, condition=condition,
                  fixed=fixed, deals=deals, metric=metric, ruleset_reason=ruleset_reason(table),
                  max_attempts=read_max_attempts(table), k=table.integer("k", 0, 10, "tricks", default=6))
    if kind == "rate":
        among = table.choice("among", AMONG, "deal filter", default="all")
        label = "forced" if force != ForceSpec() else "policy"
        return SimSpec(**common, arms=(Arm(label, force, ruleset, focal_params),), among=among)
    arms = []
    for arm_table in table.tables("arms", "the two arms compared, first minus second", count=2):
        arm_table.only(ARM_KEYS[kind])
        label = arm_table.text("label", "a short name for the arm")
        if kind == "compare_actions":
            arms.append(Arm(label, read_force(arm_table, ruleset).over(force), ruleset, focal_params))
            check_force(arm_table, arms[-1].force, ruleset, fixed, "call")
        elif kind == "compare_policies":
            values = {**focal_params, **arm_table.scalars("params", "parameters")}
            arm_params = _params(arm_table, "params", policy, values)
            arms.append(Arm(label, force, ruleset, arm_params))
        else:
            overrides = arm_table.scalars("rules", "rule overrides")
            arm_base = base_ruleset(arm_table) if arm_table.has("ruleset") else ruleset
            arm_ruleset = _ruleset(arm_table, arm_base, overrides)
            if any(arm_ruleset[key] != ruleset[key] for key in ("pack.seats", "pack.hand_size", "pack.removed_suits")):
                arm_table.fail("rules", "an arm must keep the pack and the table of the experiment's ruleset "
                                        "(the same deals are played under every arm)")
            arms.append(Arm(label, force, arm_ruleset, focal_params, overrides))
    if kind == "compare_policies":
        from .alike import policies_alike

        alike = policies_alike(policy, {**params, **arms[0].focal_params}, {**params, **arms[1].focal_params})
        if alike is not None:
            table.fail("arms", alike)
    actions, labels = (), ()
    if kind == "compare_rules" and table.has("actions"):
        action_tables = table.tables("actions", "the two actions whose difference the rules change", count=2)
        for action in action_tables:
            action.only({"label": "a short name", **FORCE_KEYS})
        actions = tuple(read_force(a, ruleset).over(force) for a in action_tables)
        for action_table, action in zip(action_tables, actions):
            check_force(action_table, action, ruleset, fixed, "call")
        labels = tuple(a.text("label", "a short name for the action") for a in action_tables)
    return SimSpec(**common, arms=tuple(arms), actions=actions, action_labels=labels)


# ---------------------------------------------------------------- running
def _forces(spec: SimSpec) -> list[ForceSpec]:
    """Every variant's fixed decisions, in the order of _variants."""
    return [action.over(arm.force) for arm in spec.arms for action in spec.actions or (ForceSpec(),)]


def _variants(spec: SimSpec):
    from spadille.kernel.quadrille.variants import Force, Variant

    variants = []
    forces = iter(_forces(spec))
    for arm in spec.arms:
        policies = spec.policies(arm)
        ruleset = arm.ruleset if arm.ruleset is not spec.ruleset else None
        for _ in spec.actions or (ForceSpec(),):
            force = next(forces)
            best = force.trump == BEST
            fixed = Force(spec.focal, force.bid, None if best else force.trump, force.call, force.vole)
            variants.append((Variant(arm.label, fixed, policies, ruleset), best))
    return variants


def _play(spec: SimSpec, hands: np.ndarray, ids: np.ndarray, seed: int, threads: int | None,
          progress: Callable[[int], None] | None) -> np.ndarray:
    """out int64[n, V, N_OUT]; arms naming trump = best are played suit by suit of the focal
    hand's best_suit (the same deal keeps its own random stream, so pairing holds)."""
    return play_with_best(spec.ruleset, spec.focal, spec.policies(spec.arms[0]), _variants(spec), hands, ids, seed,
                          threads, progress)


def play_with_best(ruleset: Ruleset, focal: int, base, variants, hands: np.ndarray, ids: np.ndarray, seed: int,
                   threads: int | None, progress: Callable[[int], None] | None) -> np.ndarray:
    """play_variants of (Variant, trump is best) pairs: those naming the focal hand's best suit are
    played suit by suit of it."""
    from spadille.kernel.quadrille.features import best_suit
    from spadille.kernel.quadrille.variants import play_variants

    plain = [v for v, _ in variants]
    if not any(best for _, best in variants):
        return play_variants(ruleset, base, plain, hands, ids, seed, threads=threads, progress=progress)
    suits = best_suit(np.ascontiguousarray(hands[:, focal]), ruleset)
    out = np.zeros((hands.shape[0], len(variants), L.N_OUT), dtype=np.int64)
    for suit in np.unique(suits):
        rows = suits == suit
        chosen = [replace(v, force=replace(v.force, trump=int(suit))) if best else v for v, best in variants]
        out[rows] = play_variants(ruleset, base, chosen, hands[rows], ids[rows], seed, threads=threads,
                                  progress=progress)
    return out


def game_units(spec: SimSpec) -> np.ndarray:
    """float64[V]: per variant, what one opponent pays for a plain called game under its arm's
    ruleset (payments.multiplier_called x (jeu + consolation)), the unit of ``pay_games``."""
    units = []
    for arm in spec.arms:
        unit = arm.ruleset["payments.multiplier_called"] * (arm.ruleset["payments.jeu"] + arm.ruleset["payments.consolation"])
        units += [float(unit)] * max(1, len(spec.actions))
    return np.array(units, dtype=np.float64)


def outcome_range(spec: SimSpec, terms: int) -> tuple[float, float]:
    """The values one deal's estimate can take: the payment range of the widest arm
    (analyses/quadrille/payment_range.py), in games for ``pay_games``; for a difference of
    ``terms`` payments, each term over the whole range; 0/1 shares likewise. It bounds the
    interval of a sample in which every deal gave the same value (stats.mean_interval)."""
    if spec.metric.share:
        lowest, highest = 0.0, 1.0
    elif spec.metric.name in TRICK_METRICS:
        lowest, highest = 0.0, float(spec.ruleset["pack.hand_size"])
    else:
        from spadille.analyses.quadrille.payment_range import payment_range

        ranges = [payment_range(arm.ruleset) for arm in spec.arms]
        lowest, highest = float(min(r[0] for r in ranges)), float(max(r[1] for r in ranges))
        if spec.metric.name == "pay_games":
            unit = float(min(game_units(spec)))
            lowest, highest = lowest / unit, highest / unit
        if spec.metric.name == "pay_beyond_table":   # one payment less the mean of others: a difference
            terms *= 2
    if terms == 1:
        return lowest, highest
    span = (highest - lowest) * (terms // 2)
    return -span, span


def run_simulated(spec: SimSpec, seed: int, deals: int, threads: int | None,
                  progress: Callable[[int], None] | None) -> Estimate:
    from spadille.analyses.quadrille.focal import focal_view
    from spadille.analyses.paired import float_mean_ci, mean_ci, rate_ci
    from .blocks import played_blocks

    dealt = deal(spec.ruleset, seed, deals, spec.condition, spec.focal, spec.fixed, spec.max_attempts,
                 card_play=spec.policy)
    progress = guarded(progress, deals, "deals played")

    values, keep, missed = [], [], []
    # In-process CHUNK_DEALS at a time, or block by block on the cluster of `--scheduler`: the same outcomes.
    for begin, end, out in played_blocks(spec, dealt.hands, dealt.attempts, seed, deals, threads, progress,
                                         CHUNK_DEALS):
        view = focal_view(out, spec.focal)
        if spec.metric.name == "pay_games":
            values.append(np.asarray(view.pay, dtype=np.float64) / game_units(spec)[None, :])
        elif spec.metric.name == "pay_beyond_table":
            seats = spec.ruleset["pack.seats"]
            every = out[:, :, L.OUT_PAY:L.OUT_PAY + seats].sum(axis=2)
            values.append((seats * np.asarray(view.pay, dtype=np.float64) - every) / (seats - 1))
        elif spec.metric.name in (*TRICK_METRICS, "tricks_at_least"):
            values.append(trick_values(spec, out))
        else:
            values.append(np.asarray(getattr(view, spec.metric.name), dtype=np.int64))
        missed.append(unhonoured(out, spec.focal, _forces(spec)))
        keep.append(np.ones(end - begin, dtype=bool) if spec.among == "all" else getattr(view, spec.among)[:, 0])
    metric = np.concatenate(values) if values else np.zeros((0, len(_variants(spec))), dtype=np.int64)
    average = float_mean_ci if metric.dtype == np.float64 else mean_ci
    kept = np.concatenate(keep) if keep else np.zeros(0, dtype=bool)
    terms = 1 if spec.kind == "rate" else (4 if spec.actions else 2)
    bounds = outcome_range(spec, terms)
    if spec.kind == "rate":
        sample = metric[kept, 0]
        if spec.metric.share:
            estimate, low, high = rate_ci(sample.astype(bool))
            n = int(sample.size)
        else:
            n, estimate, low, high = average(sample, outcome_range=bounds)
    else:
        differences = metric[:, 0] - metric[:, 1]
        if spec.actions:
            differences = differences - (metric[:, 2] - metric[:, 3])
        n, estimate, low, high = average(differences, outcome_range=bounds)
    places = interval_places(low, high, 4 if spec.metric.share else 2)
    sign = "+" if spec.kind != "rate" else ""
    text = "n/a" if n == 0 else f"{estimate:{sign}.{places}f}"
    alike = spec.kind != "rate" and bool(n) and not differences.any()
    return Estimate(n, estimate, low, high, text, deals=deals, tried=dealt.tried, places=places, alike=alike,
                    caveat=caveat(missed, deals))


def trick_values(spec: SimSpec, out: np.ndarray) -> np.ndarray:
    """int64[n, V] of a trick metric: the focal seat's own tricks (or whether they reach k), its friend's
    where it is the ombre with one, or the ombre's side's."""
    tricks = out[:, :, L.OUT_TRICKS + spec.focal]
    if spec.metric.name == "tricks_at_least":
        return (tricks >= spec.k).astype(np.int64)
    if spec.metric.name == "side_tricks":
        return out[:, :, L.OUT_SIDE_TRICKS].astype(np.int64)
    if spec.metric.name == "friend_tricks":
        friend = out[:, :, L.OUT_FRIEND]
        mine = (out[:, :, L.OUT_OMBRE] == spec.focal) & (friend >= 0)
        taken = np.take_along_axis(out[:, :, L.OUT_TRICKS:L.OUT_TRICKS + 4], np.maximum(friend, 0)[:, :, None],
                                   axis=2)[:, :, 0]
        return np.where(mine, taken, 0).astype(np.int64)
    return tricks.astype(np.int64)

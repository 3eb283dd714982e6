"""The ``compare_play`` kind: two ways of playing the cards, compared on the same deals.

Card-play advice ("when you are the friend called, and hold only a mat, lead it") changes one
piece of play in one situation. A claim of this kind names the situation (the course-of-play
language of kernel/quadrille/situations.py), what each arm changes there (card-play rules by role,
``friend.lead_top_trump = 3``, or the policy that plays a role, ``{ friend = "pimc" }``), whose
outcome is measured (the focal role) and how (the metric)::

    [experiment]
    kind = "compare_play"
    situation = "role == friend and on_lead and trumps == 1 and matadors == 1"
    role = "side"                 # ombre, friend, side, defenders
    metric = "pay"                # the role's mean net payment a deal
    deals = 200000

    [[experiment.arms]]
    label = "lead the matador"
    params = { "friend.lead_top_trump" = 3 }

    [[experiment.arms]]
    label = "keep it"
    params = { "friend.lead_master_trump" = 0 }

Both arms play every deal from the same random stream and play alike until the first decision
where the situation holds; from there each plays its own way. The estimate is first minus second,
paired, over the deals where the situation arose (``among = "all"`` takes every deal). Bidding is
every seat's own in both arms, so the ombre, the friend and the defenders are the same seats in
both. Nothing here imports numba at import time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import numpy as np

from spadille.analyses.claims.guard import guarded
from spadille.analyses.claims.reader import Table
from spadille.analyses.claims.verdict import Estimate, interval_places
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.ruleset import Ruleset

from .forcing import FORCE_KEYS, ForceSpec, caveat, check_force, read_force, unhonoured
from .simulated import (claims_card_play, RULESET_OF_RUN, _ruleset, base_ruleset, deal, read_condition, read_focal,
                        read_max_attempts, ruleset_reason)

ROLES = {
    "ombre": "the ombre (he who plays the contract, forced spadille included)",
    "friend": "the called friend (deals without one are left out)",
    "side": "the ombre's side: the ombre and his friend, a mean per player",
    "defenders": "the defenders, a mean per player",
}


@dataclass(frozen=True)
class PlayMetric:
    name: str
    share: bool
    unit: str
    doc: str


METRICS = {m.name: m for m in (
    PlayMetric("pay", False, "a deal", "the focal role's net payment for the deal, antes included, a mean per "
                                        "player of the role, at a fresh table"),
    PlayMetric("tricks", False, "tricks a deal", "the tricks the focal role's players took"),
    PlayMetric("side_tricks", False, "tricks a deal", "the tricks the ombre's side took"),
    PlayMetric("tricks_at_least", True, "share of deals", "1 when the focal role's players took at least k tricks"),
    PlayMetric("win", True, "share of deals", "1 when the ombre's side won the game"),
    PlayMetric("codille", True, "share of deals", "1 when the defenders won codille"),
    PlayMetric("vole_made", True, "share of deals", "1 when the ombre's side made the vole"),
)}
AMONG = {"situation": "the deals where the situation arose", "all": "every deal played"}
ARM_KEYS = {"label": "a short name",
            "params": "card-play rules this arm sets (ROLE.RULE, side.RULE, defenders.RULE, all.RULE)",
            "roles": "roles this arm has another policy play, e.g. { friend = \"pimc\" }"}
KEYS = {
    "kind": "compare_play",
    "deals": "default sample size (deals dealt meeting the condition)",
    "situation": "where the arms differ: the course-of-play language (kernel/quadrille/situations.py); "
                 "without it the arms differ at every decision",
    "role": "whose outcome is measured: " + ", ".join(ROLES),
    "metric": "what is measured per deal: " + ", ".join(METRICS),
    "k": "the tricks of tricks_at_least",
    "among": "the deals scored: situation (default with a situation) or all",
    "condition": "the deals dealt: the hand-condition language (kernel/quadrille/conditions.py), of the focal seat",
    "focal": "the seat the condition and force speak of (default eldest)",
    "force": "the focal seat's fixed decisions in both arms: bid, trump, call, vole (as for the simulated kinds)",
    "ruleset": "ruleset name",
    "rules": "rule overrides",
    "policy": "the policy of every seat (default: the run's card play: learned, strong or the heuristic)",
    "params": "policy parameters of every seat, in both arms",
    "max_attempts": "the dealing limit",
    "arms": "two [[experiment.arms]] tables: label, params, roles",
}


@dataclass(frozen=True)
class PlayArm:
    label: str
    params: Mapping[str, float] = field(default_factory=dict)
    roles: Mapping[str, str] = field(default_factory=dict)

    def describe(self, unchanged: str = "as the policy plays") -> str:
        parts = [f"{k}={v:g}" for k, v in self.params.items()] + [f"{r} plays {p}" for r, p in self.roles.items()]
        return f"{self.label} ({'; '.join(parts) or unchanged})"


@dataclass(frozen=True)
class PlaySpec:
    ruleset: Ruleset
    policy: str
    params: Mapping[str, float]
    situation: str | None
    role: str
    metric: PlayMetric
    k: int
    among: str
    condition: str | None
    focal: int
    deals: int
    max_attempts: int
    arms: tuple[PlayArm, PlayArm]
    ruleset_reason: str = RULESET_OF_RUN
    force: ForceSpec = ForceSpec()

    def policies(self, arm: PlayArm):
        """Every seat's policy in ``arm``. Under a player that reads no card-play rules (learned),
        it plays every decision but those of the roles whose rules either arm sets, where the
        situation holds: there the rules' player (strong) plays, with the arm's values
        (policies.make_rules_seat_policy); under the heuristic and strong, make_seat_policy's."""
        from spadille.kernel.quadrille.policies import make_rules_seat_policy

        changes = tuple(other.params for other in self.arms)
        if self.situation is None:
            policy = make_rules_seat_policy(self.policy, {**self.params, **arm.params}, roles=arm.roles,
                                            rule_changes=changes)
        else:
            policy = make_rules_seat_policy(self.policy, self.params, situation=self.situation,
                                            in_situation=arm.params, roles_in_situation=arm.roles,
                                            rule_changes=changes)
        return (policy,) * self.ruleset["pack.seats"]

    @property
    def rules_player(self) -> str | None:
        """The player whose card-play rules play the arms' changes in place of the claim's policy
        (strong under learned), None where the policy reads them itself."""
        from spadille.kernel.quadrille.policies import POLICIES

        return POLICIES[self.policy].rules_from

    def describe_policies(self) -> str:
        """Every seat's policy, then what each arm changes (and where)."""
        from spadille.kernel.quadrille.policies import describe_rules_seat, make_rules_seat_policy

        base = describe_rules_seat(make_rules_seat_policy(self.policy, self.params), self.policy)
        return f"{base} at every seat; " + " vs ".join(
            f"{arm.label}: {describe_rules_seat(self.policies(arm)[0], self.policy)}" for arm in self.arms)

    def describe(self) -> str:
        where = f"where {self.situation}" if self.situation else "at every decision"
        unchanged = "as the policy plays"
        if self.rules_player is not None:
            from spadille.kernel.quadrille.policies import rule_roles

            changed = rule_roles({k: v for arm in self.arms for k, v in arm.params.items()})
            if changed:
                where += (f" ({self.policy} plays every other decision; there {self.rules_player}'s rules play "
                          + ", ".join(f"the {role}" for role in changed) + ")")
                unchanged = f"as {self.rules_player}'s rules play"
        scored = "on the deals where it arose" if self.among == "situation" else "on every deal"
        dealt = f"; dealt where {self.condition}" if self.condition else ""
        if self.force != ForceSpec():
            dealt += f"; {cards.SEAT_NAMES[self.ruleset['pack.seats']][self.focal]} forced: {self.force.describe()}"
        what = self.metric.name + (f" >= {self.k}" if self.metric.name == "tricks_at_least" else "")
        return (f"{what} of the {self.role}, {scored}{dealt} · {where}: "
                + " vs ".join(arm.describe(unchanged) for arm in self.arms))

    def unit(self, currency: str) -> str:
        return f"{currency} a deal" if self.metric.name == "pay" else self.metric.unit

    def criterion(self, currency: str) -> str:
        doc = self.metric.doc.replace("k tricks", f"{self.k} tricks")
        return (f"the difference between the two arms' card play (first minus second), paired on the same deals, "
                f"of {doc} ({ROLES[self.role]}), among {AMONG[self.among]}")


def _arm(table: Table, policy: str) -> PlayArm:
    from spadille.kernel.quadrille.policies import PolicyError, make_seat_policy

    table.only(ARM_KEYS)
    label = table.text("label", "a short name for the arm")
    params = table.scalars("params", "card-play rules")
    roles = {role: str(name) for role, name in table.scalars("roles", "role policies").items()}
    try:
        make_seat_policy(policy, roles=roles, situation="on_lead", in_situation=params)
    except PolicyError as exc:
        table.fail("params" if params else "roles", str(exc))
    return PlayArm(label, {k: float(v) for k, v in params.items()}, roles)


def read_play(table: Table, deals_limit: int) -> PlaySpec:
    from spadille.kernel.quadrille.policies import POLICIES, PolicyError, make_rules_seat_policy
    from spadille.kernel.quadrille.situations import SituationError, parse_situation

    table.only(KEYS)
    ruleset = _ruleset(table, base_ruleset(table), table.scalars("rules", "rule overrides"))
    seats = ruleset["pack.seats"]
    policy = table.choice("policy", POLICIES, "policy", default=claims_card_play())
    params = table.scalars("params", "policy parameters")
    try:
        params = dict(make_rules_seat_policy(policy, params).params)
    except PolicyError as exc:
        table.fail("params", str(exc))
    situation = table.text("situation", "a situation", required=False)
    if situation is not None:
        try:
            situation = parse_situation(situation).text
        except SituationError as exc:
            table.fail("situation", str(exc))
    role = table.choice("role", ROLES, "role")
    metric = METRICS[table.choice("metric", METRICS, "metric")]
    k = table.integer("k", 0, 10, "tricks", default=6)
    among = table.choice("among", AMONG, "deals scored", default="situation" if situation else "all")
    if among == "situation" and situation is None:
        table.fail("among", "scoring the deals where the situation arose needs a situation")
    focal = read_focal(table, seats)
    condition = table.text("condition", "a condition", required=False)
    read_condition(table, condition, seats, focal, ruleset, card_play=policy)
    deals = table.integer("deals", 1, deals_limit, "default number of deals")
    force_table = table.table("force", "the focal seat's fixed decisions", required=False)
    force_table.only(FORCE_KEYS)
    force = read_force(force_table, ruleset)
    check_force(force_table, force, ruleset, 0, "call" if force.call is not None else "bid")
    arms = tuple(_arm(arm, policy) for arm in table.tables("arms", "the two ways of playing", count=2))
    from .alike import play_alike

    # under a player that reads no rules (learned) the rules' player (strong) plays where the arms differ
    alike = play_alike(POLICIES[policy].rules_from or policy, params, situation,
                       tuple((arm.params, arm.roles) for arm in arms), shown=policy)
    if alike is not None:
        table.fail("arms", alike)
    return PlaySpec(ruleset, policy, params, situation, role, metric, k, among, condition, focal, deals,
                    read_max_attempts(table), arms, ruleset_reason(table), force)


# ---------------------------------------------------------------- running
def role_values(spec: PlaySpec, out: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(values float64[n, 2], kept bool[n]) of the metric for the focal role, per deal and arm,
    from the kernel's per-variant results ``out`` (int64[n, 2, N_OUT])."""
    seats = spec.ruleset["pack.seats"]
    n = out.shape[0]
    ombre = out[:, 0, L.OUT_OMBRE]
    friend = out[:, 0, L.OUT_FRIEND]
    played = out[:, 0, L.OUT_CONTRACT] != L.NO_CONTRACT
    seat = np.arange(seats)[None, :]
    on_side = (seat == ombre[:, None]) | (seat == friend[:, None])
    members = {"ombre": seat == ombre[:, None], "friend": seat == friend[:, None], "side": on_side,
               "defenders": ~on_side}[spec.role] & played[:, None]
    kept = played & members.any(axis=1)
    values = np.zeros((n, 2), dtype=np.float64)
    for arm in range(2):
        pay = out[:, arm, L.OUT_PAY:L.OUT_PAY + seats]
        tricks = out[:, arm, L.OUT_TRICKS:L.OUT_TRICKS + seats]
        count = np.maximum(members.sum(axis=1), 1)
        outcome = out[:, arm, L.OUT_OUTCOME]
        if spec.metric.name == "pay":
            values[:, arm] = (pay * members).sum(axis=1) / count
        elif spec.metric.name in ("tricks", "tricks_at_least"):
            taken = (tricks * members).sum(axis=1)
            values[:, arm] = taken if spec.metric.name == "tricks" else taken >= spec.k
        elif spec.metric.name == "side_tricks":
            values[:, arm] = out[:, arm, L.OUT_SIDE_TRICKS]
        elif spec.metric.name == "win":
            values[:, arm] = outcome == L.WIN
        elif spec.metric.name == "codille":
            values[:, arm] = outcome == L.CODILLE
        else:
            values[:, arm] = out[:, arm, L.OUT_VOLE] == L.VOLE_MADE
    if spec.among == "situation":
        arose = out[:, 0, L.OUT_SITUATION] >= 0
        # both arms play alike up to the first decision in the situation, so it arises alike
        if not (arose == (out[:, 1, L.OUT_SITUATION] >= 0)).all():
            raise RuntimeError("the situation arose in one arm but not the other: the arms did not play alike "
                               "before it (a fault of the engine)")
        kept &= arose
    return values, kept


def difference_range(ruleset: Ruleset, metric: PlayMetric) -> tuple[float, float]:
    """The values a deal's difference between two arms can take: payments over twice the ruleset's
    payment range, tricks over ±10, shares over ±1 (it bounds the interval when every deal gave the
    same). compare_seats uses it too."""
    if metric.share:
        return -1.0, 1.0
    if metric.name == "pay":
        from spadille.analyses.quadrille.payment_range import payment_range

        low, high = payment_range(ruleset)
        return float(low - high), float(high - low)
    return -10.0, 10.0


def run_play(spec: PlaySpec, seed: int, deals: int, threads: int | None,
             progress: Callable[[int], None] | None) -> Estimate:
    from spadille.analyses.paired import float_mean_ci
    from spadille.kernel.quadrille.variants import Force, Variant

    from .forcing import BEST
    from .simulated import play_with_best

    dealt = deal(spec.ruleset, seed, deals, spec.condition, spec.focal, 0, spec.max_attempts, card_play=spec.policy)
    best = spec.force.trump == BEST
    force = Force(spec.focal, spec.force.bid, None if best else spec.force.trump, spec.force.call, spec.force.vole)
    variants = [(Variant(arm.label, force, spec.policies(arm)), best) for arm in spec.arms]
    played = guarded(progress, deals, "deals played")
    differences, missed = [], []
    chunk = 65_536
    for begin in range(0, deals, chunk):
        end = min(deals, begin + chunk)
        out = play_with_best(spec.ruleset, spec.focal, variants[0][0].policies, variants, dealt.hands[begin:end],
                             dealt.attempts[begin:end], seed, threads, played)
        values, kept = role_values(spec, out)
        differences.append(values[kept, 0] - values[kept, 1])
        missed.append(unhonoured(out, spec.focal, [spec.force, spec.force]))
    difference = np.concatenate(differences) if differences else np.zeros(0)
    n, estimate, low, high = float_mean_ci(difference, outcome_range=difference_range(spec.ruleset, spec.metric))
    places = interval_places(low, high, 4 if spec.metric.share else 2)
    text = "n/a" if n == 0 else f"{estimate:+.{places}f}"
    return Estimate(n, estimate, low, high, text, deals=deals, tried=dealt.tried, places=places,
                    alike=bool(n) and not difference.any(), caveat=caveat(missed, deals))


def sample(spec: Any) -> int:
    return spec.deals

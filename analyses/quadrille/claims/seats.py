"""The ``compare_seats`` kind: the same hands, the focal hand played from two seats.

"If elder-hand, you have a better chance than when middle-hand" compares seats, not plays. Each
deal is dealt once (the focal hand at the ``focal`` seat, meeting the ``condition``); each arm turns
the table so that the focal hand sits at its ``seat``, the other hands keeping their order around
it, and plays the deal from the same random stream. The estimate is first arm minus second of the
focal hand's outcome, paired deal by deal: the interval is joint over both seats, since both read
the same deals::

    [experiment]
    kind = "compare_seats"
    condition = "trumps(me, best) >= 4"
    metric = "pay"
    deals = 200000

    [[experiment.arms]]
    label = "elder hand"
    seat = "eldest"

    [[experiment.arms]]
    label = "middle hand"
    seat = "second"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

import numpy as np

from spadille.analyses.claims.guard import guarded
from spadille.analyses.claims.reader import Table
from spadille.analyses.claims.verdict import Estimate, interval_places
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.ruleset import Ruleset

from .simulated import (claims_card_play, RULESET_OF_RUN, _ruleset, base_ruleset, deal, read_condition, read_focal,
                        read_max_attempts, ruleset_reason)

METRICS = {
    "pay": ("the net payment of the player holding the focal hand at a fresh table, his jeton au jeu included "
            "but not the dealer's devant (the fiche the deal brings, which goes round with it)", False),
    "tricks": ("the tricks the player holding the focal hand took", False),
    "tricks_at_least": ("1 when the player holding the focal hand took at least k tricks", True),
    "declared": ("1 when the player holding the focal hand played the contract by his own bid", True),
}
KEYS = {
    "kind": "compare_seats",
    "deals": "default sample size (deals dealt meeting the condition)",
    "condition": "the focal hand's deals: the hand-condition language (kernel/quadrille/conditions.py)",
    "focal": "the seat the focal hand is dealt to, which the condition speaks of (default eldest)",
    "metric": "what is measured per deal: " + ", ".join(METRICS),
    "k": "the tricks of tricks_at_least (default 6)",
    "ruleset": "ruleset name",
    "rules": "rule overrides",
    "policy": "the policy of every seat (default: the run's card play: learned, strong or the heuristic)",
    "params": "policy parameters of every seat",
    "max_attempts": "the dealing limit",
    "arms": "two [[experiment.arms]] tables: label and seat (where the focal hand is played from)",
}


@dataclass(frozen=True)
class SeatSpec:
    ruleset: Ruleset
    policy: str
    params: Mapping[str, float]
    condition: str | None
    focal: int
    metric_name: str
    deals: int
    max_attempts: int
    arms: tuple[tuple[str, int], ...]   # (label, seat)
    ruleset_reason: str = RULESET_OF_RUN
    k: int = 6

    @property
    def metric(self):
        """The metric as the claims' context reads one: its name, whether it is a share, its doc."""
        from .play import PlayMetric

        doc, share = METRICS[self.metric_name]
        return PlayMetric(self.metric_name, share, self.unit("jetons"), doc)

    @property
    def seat_names(self) -> tuple[str, ...]:
        return cards.SEAT_NAMES[self.ruleset["pack.seats"]]

    def policies(self):
        from spadille.kernel.quadrille.policies import make_rules_seat_policy

        # card-play rules among the params, under a player that reads none (learned): strong's play those roles
        return (make_rules_seat_policy(self.policy, self.params),) * self.ruleset["pack.seats"]

    def describe_policies(self) -> str:
        from spadille.kernel.quadrille.policies import describe_rules_seat

        return f"{describe_rules_seat(self.policies()[0], self.policy)} at every seat"

    def describe(self) -> str:
        dealt = f" dealt where {self.condition}" if self.condition else ""
        arms = " vs ".join(f"{label} (from {self.seat_names[seat]})" for label, seat in self.arms)
        return f"{self.metric_name} of the focal hand{dealt}, the same deals played from two seats · {arms}"

    def unit(self, currency: str) -> str:
        return {"pay": f"{currency} a deal", "tricks": "tricks a deal", "declared": "share of deals",
                "tricks_at_least": "difference of shares of deals"}[self.metric_name]

    def criterion(self, currency: str) -> str:
        return (f"the difference between the two seats (first minus second), paired on the same hands, of "
                f"{METRICS[self.metric_name][0].replace('k tricks', f'{self.k} tricks')}")


def read_seats(table: Table, deals_limit: int) -> SeatSpec:
    from spadille.kernel.quadrille.policies import POLICIES, PolicyError, make_rules_seat_policy

    table.only(KEYS)
    ruleset = _ruleset(table, base_ruleset(table), table.scalars("rules", "rule overrides"))
    seats = ruleset["pack.seats"]
    policy = table.choice("policy", POLICIES, "policy", default=claims_card_play())
    try:
        params = dict(make_rules_seat_policy(policy, table.scalars("params", "policy parameters")).params)
    except PolicyError as exc:
        table.fail("params", str(exc))
    focal = read_focal(table, seats)
    condition = table.text("condition", "a condition", required=False)
    read_condition(table, condition, seats, focal, ruleset, card_play=policy)
    metric = table.choice("metric", METRICS, "metric")
    deals = table.integer("deals", 1, deals_limit, "default number of deals")
    names = cards.SEAT_NAMES[seats]
    arms = []
    for arm in table.tables("arms", "the two seats compared", count=2):
        arm.only({"label": "a short name", "seat": "where the focal hand is played from: " + ", ".join(names)})
        arms.append((arm.text("label", "a short name for the arm"), names.index(arm.choice("seat", names, "seat"))))
    if arms[0][1] == arms[1][1]:
        table.fail("arms", "the two arms play the focal hand from the same seat")
    return SeatSpec(ruleset, policy, params, condition, focal, metric, deals, read_max_attempts(table), tuple(arms),
                    ruleset_reason(table), table.integer("k", 0, 10, "tricks", default=6))


def turned(hands: np.ndarray, focal: int, seat: int, seats: int) -> np.ndarray:
    """The hands with the table turned so the focal hand (dealt at ``focal``) sits at ``seat``,
    every other hand keeping its place after it in the order of play."""
    out = np.zeros_like(hands)
    for dealt in range(seats):
        out[:, (dealt + seat - focal) % seats] = hands[:, dealt]
    return out


def run_seats(spec: SeatSpec, seed: int, deals: int, threads: int | None,
              progress: Callable[[int], None] | None) -> Estimate:
    from spadille.analyses.paired import float_mean_ci
    from spadille.kernel.quadrille.variants import Variant, play_variants

    seats = spec.ruleset["pack.seats"]
    dealt = deal(spec.ruleset, seed, deals, spec.condition, spec.focal, 0, spec.max_attempts, card_play=spec.policy)
    played = guarded(progress, deals, "deals played from both seats")
    policies = spec.policies()
    from spadille.kernel.quadrille.tables import rule_vector

    devant = int(rule_vector(spec.ruleset)[L.R_DEVANT])
    values = np.zeros((deals, 2))
    for arm, (_, seat) in enumerate(spec.arms):
        # each deal is played twice: each arm tells the bar half of its batch, so the total is the deals
        half = (lambda k: played(k // 2)) if arm == 0 else (lambda k: played(k - k // 2))
        out = play_variants(spec.ruleset, policies, [Variant("seat", policies=policies)],
                            turned(dealt.hands, spec.focal, seat, seats), dealt.attempts, seed, threads=threads,
                            progress=half)[:, 0]
        if spec.metric_name == "pay":
            values[:, arm] = out[:, L.OUT_PAY + seat] + (devant if seat == seats - 1 else 0)
        elif spec.metric_name == "tricks":
            values[:, arm] = out[:, L.OUT_TRICKS + seat]
        elif spec.metric_name == "tricks_at_least":
            values[:, arm] = out[:, L.OUT_TRICKS + seat] >= spec.k
        else:
            values[:, arm] = (out[:, L.OUT_OMBRE] == seat) & (out[:, L.OUT_CONTRACT] != L.FORCED) & \
                (out[:, L.OUT_CONTRACT] != L.NO_CONTRACT)
    from .play import difference_range

    n, estimate, low, high = float_mean_ci(values[:, 0] - values[:, 1],
                                           outcome_range=difference_range(spec.ruleset, spec.metric))
    places = interval_places(low, high, 4 if spec.metric.share else 2)
    return Estimate(n, estimate, low, high, "n/a" if n == 0 else f"{estimate:+.{places}f}", deals=deals,
                    tried=dealt.tried, places=places)


def sample(spec: Any) -> int:
    return spec.deals

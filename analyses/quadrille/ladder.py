"""The strength ladder: how much each policy wins or loses, a deal, against a reference policy.

Duplicate play, as at bridge. Every deal is played once with the reference policy in every seat,
then once or more for each policy of the ladder, and a (deal, seat) pair's gain is the seat's net
jetons in the policy's play less the seat's in the all-reference play: the cards are the same,
and so is the play's random stream (each deal plays from its own, kernel/quadrille/variants.py).

* **Seat mode** (the default): for each seat k in turn, the policy plays seat k, bidding and
  playing its own way, and the reference the other seats.
* **Team mode** (``team=True``): the policy takes over a whole team, once the ombre and his
  friend, once the defenders, and the reference plays the other team (ladder_team.py). The
  auction stays the reference's, so both plays have the same contract and roles: the gain is
  card play only, and a defence shows what three players of the policy do together.

Every pair is classed by the reference's play of its deal: contract and role (ladder_cells.py).
Gains are means over the pairs of a group, in jetons a deal for one player, with a 95% interval
that takes the deals, not the pairs, as independent (a deal's seats share its cards). The deals are
the first of the seed, or deals screened by the reference's contract (ladder_deals.py), each
contract a stratum weighted by its share.

The all-reference play is shared by every policy. Each policy's plays go through ``replay``:
here over the local threads, or block by block on the command's Dask cluster. A Ctrl-C keeps
the policies that finished (``interrupted``; the one cut short is left out whole).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np
import pandas as pd

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.cards import SEAT_NAMES
from spadille.kernel.quadrille.policies import SeatPolicy
from spadille.kernel.quadrille.ruleset import Ruleset

from .ladder_cells import OVERALL, Auction, estimate, groups
from .ladder_deals import DealPlan, plain_plan

BLOCK = 1 << 16   # deals replayed a call, so that what is kept of a play stays small whatever the size


@dataclass(frozen=True)
class LadderEntry:
    """One rung: the policy as the user named it (``label``), and on how many deals it plays."""

    label: str
    policy: SeatPolicy
    deals: int


@dataclass
class Play:
    """What the ladder keeps of one play of the deals: each seat's net jetons int64[deals, seats],
    the auction, and the tricks played int64[deals] (a seat plays one card to each)."""

    pay: np.ndarray
    auction: Auction
    tricks: np.ndarray


@dataclass
class Ladder:
    table: pd.DataFrame        # one row per policy and group (TABLE_COLUMNS)
    speed: pd.DataFrame        # one row per policy (SPEED_COLUMNS)
    metadata: dict = field(default_factory=dict)
    interrupted: bool = False
    entries: tuple[LadderEntry, ...] = ()      # the policies that finished, in the order given
    gains: dict = field(default_factory=dict)   # label -> int64[deals, seats]: its net less the reference's
    plan: DealPlan | None = None
    team: bool = False
    unfinished: tuple[str, ...] = ()          # the labels a Ctrl-C left without a row
    auction: Auction | None = None            # the all-reference play's, by which the cells class the pairs


TABLE_COLUMNS = ["label", "policy", "reference", "by", "group", "contract", "role", "deals", "n", "gain", "ci_low",
                 "ci_high"]
SPEED_COLUMNS = ["label", "policy", "reference", "deals", "plays", "seconds", "deals_per_second", "decisions",
                 "decisions_per_second", "role_changed"]


def paired_difference(result: Ladder, first: str, second: str) -> tuple[int, float, float, float]:
    """(pairs, mean, low, high): entry ``first``'s gain less entry ``second``'s, (deal, seat) pair
    by pair on the deals both played, with the deals as the independent draws."""
    a, b = result.gains[first], result.gains[second]
    deals = min(len(a), len(b))
    _, n, mean, low, high = estimate(a[:deals] - b[:deals], np.ones((deals, a.shape[1]), dtype=bool), result.plan)
    return n, mean, low, high


def is_reference(policy: SeatPolicy, reference: SeatPolicy) -> bool:
    """The same play: the same description (a parameter given at its default changes nothing)."""
    return policy.describe() == reference.describe()


def check_ladder(ruleset: Ruleset, entries: Sequence[LadderEntry], reference: SeatPolicy, seed: int,
                 threads: int | None = None, team: bool = False) -> None:
    """SimulationError, in one sentence, for a ladder that cannot run: before any deal is played."""
    from spadille.kernel.common.errors import SimulationError
    from spadille.kernel.quadrille.simulate import RunConfig, validate

    from .ladder_team import TEAMS, team_policy

    if not entries:
        raise SimulationError("the ladder needs at least one policy")
    labels = [e.label for e in entries]
    twice = sorted({label for label in labels if labels.count(label) > 1})
    if twice:
        raise SimulationError(f"policy {twice[0]!r} is named twice in the ladder")
    for entry in entries:
        if not isinstance(entry.deals, int) or entry.deals < 1:
            raise SimulationError(f"--deals must be a positive whole number, not {entry.deals!r}")
        if team and not is_reference(entry.policy, reference):
            for roles in TEAMS.values():
                team_policy(entry.policy, reference, roles)
    n_seats = ruleset["pack.seats"]
    validate(RunConfig(ruleset, (reference,) * n_seats, seed, max(e.deals for e in entries), threads=threads))


def variants_of(entry: LadderEntry, reference: SeatPolicy, n_seats: int, team: bool) -> list:
    """The plays that measure one policy: a seat each (seat mode), or a team each (team mode)."""
    from spadille.kernel.quadrille.variants import Variant

    from .ladder_team import TEAMS, team_policy

    if team:
        return [Variant(f"{entry.label} as {name}", policies=(team_policy(entry.policy, reference, roles),) * n_seats)
                for name, roles in TEAMS.items()]
    return [Variant(f"{entry.label} in seat {seat}",
                    policies=tuple(entry.policy if k == seat else reference for k in range(n_seats)))
            for seat in range(n_seats)]


def plays_needed(entries: Sequence[LadderEntry], reference: SeatPolicy, n_seats: int, team: bool = False,
                 plan: DealPlan | None = None) -> int:
    """Deal-plays of the whole ladder (the progress bar's total)."""
    size = (lambda e: plan.size) if plan is not None and plan.is_screened else (lambda e: e.deals)
    per_deal = 2 if team else n_seats
    return (max(size(e) for e in entries)
            + sum(size(e) * per_deal for e in entries if not is_reference(e.policy, reference)))


def _play(ruleset: Ruleset, plan: DealPlan, variants: list, seed: int, threads: int | None,
          progress: Callable[[int], None] | None) -> list[Play]:
    """Every deal of ``plan`` under each variant, block by block; keeps a Play a variant."""
    from .replays import replay

    n, seats = plan.size, ruleset["pack.seats"]
    pays = [np.zeros((n, seats), dtype=np.int64) for _ in variants]
    auctions = [[np.zeros(n, dtype=np.int64) for _ in range(3)] for _ in variants]
    tricks = [np.zeros(n, dtype=np.int64) for _ in variants]
    policies = variants[0].policies
    for begin in range(0, n, BLOCK):
        end = min(n, begin + BLOCK)
        out = replay(ruleset, policies, variants, plan.hands[begin:end], plan.ids[begin:end], seed, threads, progress)
        for v in range(len(variants)):
            pays[v][begin:end] = out[:, v, L.OUT_PAY:L.OUT_PAY + seats]
            for column, kept in zip((L.OUT_CONTRACT, L.OUT_OMBRE, L.OUT_FRIEND), auctions[v]):
                kept[begin:end] = out[:, v, column]
            tricks[v][begin:end] = out[:, v, L.OUT_TRICKS:L.OUT_TRICKS + seats].sum(axis=1)
    return [Play(pays[v], Auction(*auctions[v]), tricks[v]) for v in range(len(variants))]


def ladder(ruleset: Ruleset, entries: Sequence[LadderEntry], reference: SeatPolicy, seed: int,
           threads: int | None = None, progress: Callable[[int], None] | None = None,
           metadata: dict | None = None, team: bool = False, plan: DealPlan | None = None) -> Ladder:
    """The ladder of ``entries`` against ``reference`` (see the module doc) on ``plan``'s deals
    (default: the first deals of the seed, as many as the largest entry's). An entry whose
    policy is the reference's is its fixed point: gain 0, no play of its own. ``progress(n)``
    hears every n deal-plays. A Ctrl-C (KeyboardInterrupt, from ``progress`` or the kernel)
    keeps the policies that finished."""
    from spadille.kernel.common.errors import SimulationError

    check_ladder(ruleset, entries, reference, seed, threads, team)
    n_seats = ruleset["pack.seats"]
    seats = SEAT_NAMES[n_seats]
    plan = plan if plan is not None else plain_plan(ruleset, seed, max(e.deals for e in entries))
    metadata = dict(metadata or {})
    from spadille.kernel.quadrille.variants import Variant

    table, speed, gains, finished = [], [], {}, []
    base = None
    everyone = [Variant("reference", policies=(reference,) * n_seats)]
    try:
        # One deal first, untimed: the first call of a kernel in a process loads (or compiles) it,
        # which would count against whichever play came first.
        _play(ruleset, _first_deal(plan), everyone, seed, threads, None)
        started = time.perf_counter()
        base = _play(ruleset, plan, everyone, seed, threads, progress)[0]
        base_seconds = time.perf_counter() - started
        if plan.is_screened and (base.auction.contract != plan.stratum).any():
            raise SimulationError("the reference's auction differs from the screen's: the screen does not bid "
                                  "as the reference")
        for entry in entries:
            mine = plan if plan.is_screened else plan.first(entry.deals)
            if is_reference(entry.policy, reference):
                gains[entry.label] = np.zeros((mine.size, n_seats), dtype=np.int64)
                table += _rows(entry, gains[entry.label], base, mine, seats, fixed=True)
                speed.append(_speed(entry, True, mine.size, mine.size, base_seconds * mine.size / plan.size,
                                    int(base.tricks[:mine.size].sum()) * n_seats, 0))
                finished.append(entry)
                continue
            variants = variants_of(entry, reference, n_seats, team)
            if any(p.searches for v in variants for p in v.policies) != reference.searches:
                _play(ruleset, _first_deal(plan), variants[:1], seed, threads, None)  # the other kernel, untimed
            started = time.perf_counter()
            plays = _play(ruleset, mine, variants, seed, threads, progress)
            seconds = time.perf_counter() - started
            gain, decisions, changed = (_team_gain if team else _seat_gain)(plays, base, mine.size)
            gains[entry.label] = gain
            table += _rows(entry, gain, base, mine, seats)
            speed.append(_speed(entry, False, mine.size, mine.size * len(plays), seconds, decisions, changed))
            finished.append(entry)
    except KeyboardInterrupt:
        interrupted = True
    else:
        interrupted = False
    frame = pd.DataFrame(table, columns=TABLE_COLUMNS)
    speeds = pd.DataFrame(speed, columns=SPEED_COLUMNS)
    frame.attrs = speeds.attrs = metadata
    unfinished = tuple(e.label for e in entries if e not in finished)
    return Ladder(frame, speeds, metadata, interrupted, tuple(finished), gains, plan, team, unfinished,
                  base.auction if base is not None else None)


def _first_deal(plan: DealPlan) -> DealPlan:
    return DealPlan(plan.hands[:1], plan.ids[:1], plan.stratum[:1])


def _seat_gain(plays: list[Play], base: Play, deals: int) -> tuple[np.ndarray, int, int]:
    """Seat k's gain from the play with the policy in seat k; the cards it played; the pairs whose
    role in the policy's own play is not the reference's."""
    seats = len(plays)
    gain = np.stack([plays[k].pay[:, k] for k in range(seats)], axis=1) - base.pay[:deals]
    decisions = int(sum(play.tricks.sum() for play in plays))
    base_roles = base.auction.roles(seats)[:deals]
    changed = sum(int((play.auction.roles(seats)[:, k] != base_roles[:, k]).sum()) for k, play in enumerate(plays))
    return gain, decisions, changed


def _team_gain(plays: list[Play], base: Play, deals: int) -> tuple[np.ndarray, int, int]:
    """Each seat's gain from the play where the policy held its team (its role in the reference's
    play: the ombre and friend on the side, the others defending); the cards the policy's teams
    played; the deals whose auction differs from the reference's (none: the team bids as it)."""
    side, defence = plays
    seats = side.pay.shape[1]
    roles = base.auction.roles(seats)[:deals]
    on_side = (roles == 0) | (roles == 1)
    gain = np.where(on_side, side.pay, defence.pay) - base.pay[:deals]
    side_seats = on_side.sum(axis=1)
    decisions = int((side.tricks * side_seats).sum() + (defence.tricks * (seats - side_seats)).sum())
    reference = Auction(base.auction.contract[:deals], base.auction.ombre[:deals], base.auction.friend[:deals])
    changed = int((side.auction.differs(reference) | defence.auction.differs(reference)).sum())
    return gain, decisions, changed


def _rows(entry: LadderEntry, gain: np.ndarray, base: Play, plan: DealPlan, seats, fixed: bool = False) -> list[dict]:
    deals = gain.shape[0]
    auction = Auction(base.auction.contract[:deals], base.auction.ombre[:deals], base.auction.friend[:deals])
    rows = []
    for by, group, contract, role, members in groups(auction, seats):
        counted, n, mean, low, high = estimate(gain, members, plan)
        if fixed:
            mean, low, high = 0.0, 0.0, 0.0
        rows.append({"label": entry.label, "policy": entry.policy.describe(), "reference": fixed, "by": by,
                     "group": group, "contract": contract, "role": role, "deals": counted, "n": n, "gain": mean,
                     "ci_low": low, "ci_high": high})
    return rows


def _speed(entry: LadderEntry, fixed: bool, deals: int, plays: int, seconds: float, decisions: int,
           changed: int) -> dict:
    return {"label": entry.label, "policy": entry.policy.describe(), "reference": fixed,
            "deals": deals, "plays": plays, "seconds": seconds,
            "deals_per_second": plays / seconds if seconds > 0 else float("nan"), "decisions": decisions,
            "decisions_per_second": decisions / seconds if seconds > 0 else float("nan"), "role_changed": changed}


def ladder_metadata(ruleset: Ruleset, entries: Sequence[LadderEntry], reference: SeatPolicy, seed: int,
                    team: bool = False, plan: DealPlan | None = None) -> dict:
    """What a ladder carries so it can be reproduced: the version, seed, ruleset, every policy, the
    mode and the deals."""
    from spadille.kernel.quadrille.learned import file_provenance
    from spadille.kernel.quadrille.simulate import provenance

    from .ladder_team import TEAMS, describe_team

    pairing = ("each policy takes over each team in turn (the ombre and his friend, then the defenders), the "
               "reference playing the other team and every bid" if team else
               "each policy in each seat in turn, the reference in the others")
    extra = {"teams": {label: {name: describe_team(e.policy, reference, name) for name in TEAMS}
                       for e in entries for label in [e.label] if not is_reference(e.policy, reference)}} if team else {}
    weights = {e.label: file_provenance(e.policy.weights) for e in entries if e.policy.weights is not None}
    if weights:
        extra["learned_weights"] = weights   # the candidate fits' files, beside the shipped one's version
    return provenance(
        ruleset, [e.policy for e in entries], seed, "ladder",
        reference=reference.describe(),
        mode="team" if team else "seat",
        deals={e.label: (plan.size if plan is not None and plan.is_screened else e.deals) for e in entries},
        plan=plan.describe() if plan is not None else {"screened": False},
        pairing=pairing + ", against the all-reference play of the same deal; gain = the seat's net jetons minus "
                "the reference's, intervals over deals",
        roles="the seat's contract and role in the reference's play of the deal: ombre, his called friend, or a "
              "defender",
        decisions="cards the policy played itself",
        **extra,
    )


def records(result: Ladder) -> list[dict]:
    """One record per policy (the JSON's): its name, parameters, speed, and gain overall, by role,
    by seat, by contract and by contract and role."""
    out = []
    params = {e.label: {key: _plain(value) for key, value in e.policy.params.items()} for e in result.entries}
    for speed in result.speed.to_dict("records"):
        rows = result.table[result.table["label"] == speed["label"]].to_dict("records")
        cell = lambda row: {key: _plain(row[key]) for key in ("deals", "n", "gain", "ci_low", "ci_high")}  # noqa: E731
        overall = next(cell(row) for row in rows if row["by"] == OVERALL)
        out.append({
            "name": speed["label"], "policy": speed["policy"], "params": params.get(speed["label"], {}),
            "reference": bool(speed["reference"]),
            "deals": int(speed["deals"]), "plays": int(speed["plays"]), "seconds": _plain(speed["seconds"]),
            "deals_per_second": _plain(speed["deals_per_second"]), "decisions": int(speed["decisions"]),
            "decisions_per_second": _plain(speed["decisions_per_second"]),
            "n": overall["n"], "gain": overall["gain"], "ci_low": overall["ci_low"], "ci_high": overall["ci_high"],
            "by_role": {row["group"]: cell(row) for row in rows if row["by"] == "role"},
            "by_seat": {row["group"]: cell(row) for row in rows if row["by"] == "seat"},
            "by_contract": {row["contract"]: cell(row) for row in rows if row["by"] == "contract"},
            "by_contract_role": [{"contract": row["contract"], "role": row["role"], **cell(row)}
                                 for row in rows if row["by"] == "contract,role"],
            ("auction_changed" if result.team else "role_changed"): int(speed["role_changed"]),
        })
    return out


def _plain(value):
    """A JSON-ready number: int for counts, None for NaN."""
    if isinstance(value, (np.integer, int)) and not isinstance(value, bool):
        return int(value)
    value = float(value)
    return None if value != value else value

"""The strength ladder: how much each policy wins or loses, a deal, against a reference policy.

Duplicate play, as at bridge. Every deal is played once with the reference policy in every seat,
then, for each policy of the ladder and each seat k in turn, once more with that policy in seat k
and the reference in the others. The policy's gain on (deal, seat k) is seat k's net payment in its
play minus seat k's net payment in the all-reference play of the same deal: the cards are the
same (a deal's shuffle comes first from its own random stream), only the player in seat k changed.

* **Gain** is the mean over every (deal, seat), in jetons a deal; the reference's is 0 by
  definition. The deal is the unit of pairing: its seats share the cards, so the interval takes
  the deals, not the (deal, seat) pairs, as independent (``ratio_mean_ci``).
* **By role**: each (deal, seat) is classed by what seat k became in the policy's own play: the
  ombre's side (the ombre, or the called friend) or a defender; a deal nobody played (a ruleset
  where an all-pass redeals) counts in the overall gain only. The policy's bidding may put seat k
  in another role than the reference's play did; ``role_changed`` counts those pairs.
* **Speed**: deals a second in the plays that measure the policy (one seat of four is the
  policy, so the reference's own speed weighs on it), and decisions a second, a decision being a
  card the policy played itself (its bids are few and cheap; card play is what searching costs).
  The reference's row times the all-reference play, where it plays every seat's cards.

Each play is one ``simulate`` run over all the deals (the kernel's parallel batches, so the
figures do not depend on threads), keeping from each deal's row only the seat's payment, role
and cards played: about 10 bytes a deal and seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np
import pandas as pd

from spadille.analyses.paired import ratio_mean_ci
from spadille.kernel.quadrille import _layout as L
from spadille.kernel.quadrille.cards import SEAT_NAMES
from spadille.kernel.quadrille.policies import SeatPolicy
from spadille.kernel.quadrille.ruleset import Ruleset

SIDE, DEFENDER, NO_GAME = 0, 1, 2
ROLE_GROUPS = {"side": SIDE, "defenders": DEFENDER}
OVERALL = "overall"


@dataclass(frozen=True)
class LadderEntry:
    """One rung: the policy as the user named it (``label``), and on how many deals it plays."""

    label: str
    policy: SeatPolicy
    deals: int


@dataclass
class Play:
    """What the ladder keeps of one play of the deals, per deal and seat: [deals, seats] arrays
    of payments (int64), roles (int8: SIDE, DEFENDER, NO_GAME) and cards played (int8)."""

    pay: np.ndarray
    role: np.ndarray
    cards: np.ndarray
    seconds: float = 0.0
    interrupted: bool = False


@dataclass
class Ladder:
    table: pd.DataFrame        # one row per policy and group (overall, side, defenders, each seat)
    speed: pd.DataFrame        # one row per policy
    metadata: dict = field(default_factory=dict)
    interrupted: bool = False
    entries: tuple[LadderEntry, ...] = ()
    gains: dict = field(default_factory=dict)   # label -> int64[deals, seats]: its net less the reference's


def paired_difference(result: Ladder, first: str, second: str) -> tuple[int, float, float, float]:
    """(pairs, mean, low, high): entry ``first``'s gain less entry ``second``'s, (deal, seat) pair
    by pair on the deals both played, with the deals as the independent draws (ratio_mean_ci)."""
    a, b = result.gains[first], result.gains[second]
    deals = min(len(a), len(b))
    difference = a[:deals] - b[:deals]
    return ratio_mean_ci(difference.sum(axis=1), np.full(deals, difference.shape[1]))


def seat_roles(rows: np.ndarray, seat: int) -> np.ndarray:
    """SIDE, DEFENDER or NO_GAME for ``seat`` in each deal's row: int64[n]."""
    side = (rows[:, L.COL_OMBRE] == seat) | (rows[:, L.COL_FRIEND] == seat)
    role = np.where(side, SIDE, DEFENDER)
    return np.where(rows[:, L.COL_CONTRACT] == L.NO_CONTRACT, NO_GAME, role)


def _play(ruleset: Ruleset, policies: tuple[SeatPolicy, ...], seats: Sequence[int], seed: int, deals: int,
          threads: int | None, progress: Callable[[int], None] | None) -> Play:
    """Play deals 0..deals-1 of ``seed`` at these policies; keep ``seats``' payments, roles and cards."""
    from spadille.kernel.quadrille.simulate import RunConfig, simulate

    n_seats = len(policies)
    kept = Play(np.zeros((deals, n_seats), dtype=np.int64), np.zeros((deals, n_seats), dtype=np.int8),
                np.zeros((deals, n_seats), dtype=np.int8))  # roles and cards are small: 10 bytes a deal and seat

    def keep(batch) -> None:
        rows, at = batch.rows, batch.first_deal
        tricks = (rows[:, L.COL_WINNERS:L.COL_WINNERS + L.MAX_TRICKS] >= 0).sum(axis=1)
        for seat in seats:
            kept.pay[at:at + len(rows), seat] = rows[:, L.COL_PAY + seat]
            kept.role[at:at + len(rows), seat] = seat_roles(rows, seat)
            kept.cards[at:at + len(rows), seat] = tricks  # a seat plays one card to every trick played

    # One deal first, untimed: the first call of a kernel in a process loads (or compiles) it,
    # which would count against whichever policy happened to play first.
    simulate(RunConfig(ruleset, policies, seed, 1, threads=threads, record=True), on_batch=lambda batch: None)
    config = RunConfig(ruleset, policies, seed, deals, threads=threads, record=True)
    result = simulate(config, progress=progress, on_batch=keep)
    kept.seconds, kept.interrupted = result.seconds, result.interrupted
    return kept


def check_ladder(ruleset: Ruleset, entries: Sequence[LadderEntry], reference: SeatPolicy, seed: int,
                 threads: int | None = None) -> None:
    """SimulationError, in one sentence, for a ladder that cannot run: before any deal is played."""
    from spadille.kernel.common.errors import SimulationError
    from spadille.kernel.quadrille.simulate import RunConfig, validate

    if not entries:
        raise SimulationError("the ladder needs at least one policy")
    labels = [e.label for e in entries]
    twice = sorted({label for label in labels if labels.count(label) > 1})
    if twice:
        raise SimulationError(f"policy {twice[0]!r} is named twice in the ladder")
    for entry in entries:
        if not isinstance(entry.deals, int) or entry.deals < 1:
            raise SimulationError(f"--deals must be a positive whole number, not {entry.deals!r}")
    n_seats = ruleset["pack.seats"]
    validate(RunConfig(ruleset, (reference,) * n_seats, seed, max(e.deals for e in entries), threads=threads))


def is_reference(policy: SeatPolicy, reference: SeatPolicy) -> bool:
    """The same play: the same description (a parameter given at its default changes nothing)."""
    return policy.describe() == reference.describe()


def plays_needed(entries: Sequence[LadderEntry], reference: SeatPolicy, n_seats: int) -> int:
    """Deal-plays of the whole ladder (the progress bar's total)."""
    return max(e.deals for e in entries) + sum(e.deals * n_seats for e in entries
                                               if not is_reference(e.policy, reference))


def ladder(ruleset: Ruleset, entries: Sequence[LadderEntry], reference: SeatPolicy, seed: int,
           threads: int | None = None, progress: Callable[[int], None] | None = None,
           metadata: dict | None = None) -> Ladder:
    """The ladder of ``entries`` against ``reference`` (see the module doc). An entry whose policy
    is the reference's is its fixed point: gain 0, no play of its own. ``progress(n)`` hears every
    batch of n deal-plays. Stops at the first interrupted play (``interrupted``, no rows)."""
    check_ladder(ruleset, entries, reference, seed, threads)
    n_seats = ruleset["pack.seats"]
    seats = SEAT_NAMES[n_seats]
    most = max(e.deals for e in entries)
    base = _play(ruleset, (reference,) * n_seats, range(n_seats), seed, most, threads, progress)
    table, speed, gains = [], [], {}
    interrupted = base.interrupted
    for entry in entries:
        if interrupted:
            break
        if is_reference(entry.policy, reference):
            gains[entry.label] = np.zeros((entry.deals, n_seats), dtype=np.int64)
            table += _fixed_point(entry, base, seats)
            speed.append(_speed(entry, True, entry.deals, base.seconds * entry.deals / most,
                                int(base.cards[:entry.deals].sum()), 0))
            continue
        pay = np.zeros((entry.deals, n_seats), dtype=np.int64)
        role = np.zeros((entry.deals, n_seats), dtype=np.int8)
        cards, seconds = 0, 0.0
        for seat in range(n_seats):
            policies = tuple(entry.policy if k == seat else reference for k in range(n_seats))
            play = _play(ruleset, policies, (seat,), seed, entry.deals, threads, progress)
            if play.interrupted:
                interrupted = True
                break
            pay[:, seat], role[:, seat] = play.pay[:, seat], play.role[:, seat]
            cards += int(play.cards[:, seat].sum())
            seconds += play.seconds
        if interrupted:
            break
        gain = pay - base.pay[:entry.deals]
        gains[entry.label] = gain
        table += _rows(entry, gain, role, seats)
        changed = int((role != base.role[:entry.deals]).sum())
        speed.append(_speed(entry, False, entry.deals * n_seats, seconds, cards, changed))
    frame = pd.DataFrame(table, columns=TABLE_COLUMNS)
    speeds = pd.DataFrame(speed, columns=SPEED_COLUMNS)
    frame.attrs = speeds.attrs = dict(metadata or {})
    return Ladder(frame, speeds, dict(metadata or {}), interrupted, tuple(entries), gains)


TABLE_COLUMNS = ["label", "policy", "reference", "group", "deals", "n", "gain", "ci_low", "ci_high"]
SPEED_COLUMNS = ["label", "policy", "reference", "deals", "plays", "seconds", "deals_per_second", "decisions",
                 "decisions_per_second", "role_changed"]


def _groups(role: np.ndarray, seats: Sequence[str]) -> list[tuple[str, np.ndarray]]:
    """(group, bool[deals, seats]: which (deal, seat) pairs it holds) for every group of the table."""
    groups = [(OVERALL, np.ones(role.shape, dtype=bool))]
    groups += [(name, role == code) for name, code in ROLE_GROUPS.items()]
    for index, seat in enumerate(seats):
        only = np.zeros(role.shape, dtype=bool)
        only[:, index] = True
        groups.append((seat, only))
    return groups


def _rows(entry: LadderEntry, gain: np.ndarray, role: np.ndarray, seats: Sequence[str]) -> list[dict]:
    rows = []
    for group, members in _groups(role, seats):
        n, mean, low, high = ratio_mean_ci((gain * members).sum(axis=1), members.sum(axis=1))
        rows.append({"label": entry.label, "policy": entry.policy.describe(), "reference": False, "group": group,
                     "deals": entry.deals, "n": n, "gain": mean, "ci_low": low, "ci_high": high})
    return rows


def _fixed_point(entry: LadderEntry, base: Play, seats: Sequence[str]) -> list[dict]:
    """The reference's rows: gain exactly 0 (it is what every gain is measured from), n by group
    from its own play."""
    rows = []
    for group, members in _groups(base.role[:entry.deals], seats):
        rows.append({"label": entry.label, "policy": entry.policy.describe(), "reference": True, "group": group,
                     "deals": entry.deals, "n": int(members.sum()), "gain": 0.0, "ci_low": 0.0, "ci_high": 0.0})
    return rows


def _speed(entry: LadderEntry, fixed: bool, plays: int, seconds: float, decisions: int, changed: int) -> dict:
    return {"label": entry.label, "policy": entry.policy.describe(), "reference": fixed,
            "deals": entry.deals, "plays": plays, "seconds": seconds,
            "deals_per_second": plays / seconds if seconds > 0 else float("nan"), "decisions": decisions,
            "decisions_per_second": decisions / seconds if seconds > 0 else float("nan"), "role_changed": changed}


def ladder_metadata(ruleset: Ruleset, entries: Sequence[LadderEntry], reference: SeatPolicy, seed: int) -> dict:
    """What a ladder carries so it can be reproduced: the version, seed, ruleset, and every policy."""
    from spadille.kernel.quadrille.simulate import provenance

    return provenance(
        ruleset, [e.policy for e in entries], seed, "ladder",
        reference=reference.describe(),
        deals={e.label: e.deals for e in entries},
        pairing="each policy in each seat in turn, the reference in the others, against the all-reference play "
                "of the same deal; gain = the seat's net jetons minus the reference's, intervals over deals",
        roles="the seat's role in the policy's own play: side = ombre or called friend, defenders = the others",
        decisions="cards the policy played itself",
    )


def records(result: Ladder) -> list[dict]:
    """One record per policy (the JSON's): its name, parameters, speed and gain overall, by role and by seat."""
    out = []
    params = {e.label: {key: _plain(value) for key, value in e.policy.params.items()} for e in result.entries}
    for speed in result.speed.to_dict("records"):
        rows = result.table[result.table["label"] == speed["label"]]
        by = {row["group"]: {key: _plain(row[key]) for key in ("n", "gain", "ci_low", "ci_high")}
              for row in rows.to_dict("records")}
        overall = by.pop(OVERALL)
        out.append({
            "name": speed["label"], "policy": speed["policy"], "params": params.get(speed["label"], {}),
            "reference": bool(speed["reference"]),
            "deals": int(speed["deals"]), "plays": int(speed["plays"]), "seconds": _plain(speed["seconds"]),
            "deals_per_second": _plain(speed["deals_per_second"]), "decisions": int(speed["decisions"]),
            "decisions_per_second": _plain(speed["decisions_per_second"]),
            "n": overall["n"], "gain": overall["gain"], "ci_low": overall["ci_low"], "ci_high": overall["ci_high"],
            "by_role": {group: by[group] for group in ROLE_GROUPS},
            "by_seat": {group: value for group, value in by.items() if group not in ROLE_GROUPS},
            "role_changed": int(speed["role_changed"]),
        })
    return out


def _plain(value):
    """A JSON-ready number: int for counts, None for NaN."""
    if isinstance(value, (np.integer, int)) and not isinstance(value, bool):
        return int(value)
    value = float(value)
    return None if value != value else value

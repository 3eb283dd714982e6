"""How a decision map's verdicts move with the card play: the same deals mapped under several play
policies (``sensitivity``), their thresholds and best bids stacked with a ``policy`` column, and
whether the policies name the same best bid in each class (``agreement_table``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

import pandas as pd

from spadille.kernel.common.errors import SimulationError
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import Ruleset

from .decision_maps import KEY_COLUMNS, MIN_N, DecisionMapData, _frame, decision_map


@dataclass(eq=False)
class Sensitivity:
    """Decision maps of the same deals under several play policies, stacked (column ``policy``)."""

    maps: dict[str, DecisionMapData]
    thresholds: pd.DataFrame          # threshold_table rows plus policy, deals
    best: pd.DataFrame                # best_by_class rows (every scheme) plus policy, deals
    agreement: pd.DataFrame           # per class and seat: each policy's best bid, and whether they agree
    metadata: dict


def sensitivity(ruleset: Ruleset, seed: int, deals_by_policy: Mapping[str, int],
                focal_seats: Sequence[int] | None = None, threads: int | None = None,
                progress: Callable[[int], None] | None = None, first_deal: int = 0, rotate: bool = False,
                params: Mapping[str, Mapping[str, float]] | None = None, min_n: int = MIN_N) -> Sensitivity:
    """A decision map per play policy (the same policy at every seat; the focal seat's bid
    is fixed anyway), all on deals ``first_deal ...`` of ``seed``: a smaller sample is a
    prefix of a larger one, and each deal plays from the same random stream under every
    policy. ``params`` gives a policy's parameters by policy name. ``progress(n)`` gets every
    batch of every map in turn (the total is the sum of the deals); an interrupted map ends
    the comparison there, with the maps finished so far and the interrupted one's deals."""
    if not deals_by_policy:
        raise SimulationError("no play policy was given to compare")
    seats = ruleset["pack.seats"]
    maps: dict[str, DecisionMapData] = {}
    for name, deals in deals_by_policy.items():
        policy = make_seat_policy(name, (params or {}).get(name))
        maps[name] = decision_map(ruleset, (policy,) * seats, deals, seed, focal_seats, threads=threads,
                                  progress=progress, first_deal=first_deal, rotate=rotate, min_n=min_n)
        if maps[name].interrupted:
            break

    def stacked(attribute: str) -> pd.DataFrame:
        frames = []
        for name, data in maps.items():
            frame = getattr(data, attribute).copy()
            frame.insert(0, "deals", data.deals_done)
            frame.insert(0, "policy", name)
            frames.append(frame)
        return pd.concat(frames, ignore_index=True)

    metadata = {key: value for key, value in next(iter(maps.values())).metadata.items()
                if key not in ("policies", "deals_requested", "deals_done", "interrupted")}
    metadata.update({"analysis": "decision_map_sensitivity",
                     "policies": {name: data.metadata["policies"] for name, data in maps.items()},
                     "deals": {name: data.deals_done for name, data in maps.items()},
                     "interrupted": any(data.interrupted for data in maps.values())})
    thresholds, best = stacked("thresholds"), stacked("best_by_class")
    agreement = agreement_table(best)
    for frame in (thresholds, best, agreement):
        frame.attrs = dict(metadata)
    return Sensitivity(maps, thresholds, best, agreement, metadata)


def agreement_table(best: pd.DataFrame) -> pd.DataFrame:
    """Per class and seat (stacked best_by_class rows), each policy's best bid side by side
    (``best_<policy>``, None when too few) and ``agree``: every policy with enough hands names
    the same bid; ``agree_confident``: the same, counting only the policies confident there."""
    policies = list(dict.fromkeys(best["policy"]))
    records = []
    for key, group in best.groupby(KEY_COLUMNS, sort=False, dropna=False):
        by_policy = {row.policy: row for row in group.itertuples(index=False)}
        record = dict(zip(KEY_COLUMNS, key))
        named, sure = set(), set()
        for name in policies:
            row = by_policy.get(name)
            choice = row.best_action if row is not None and isinstance(row.best_action, str) else None
            record[f"best_{name}"] = choice
            if choice is not None:
                named.add(choice)
                if row.confident:
                    sure.add(choice)
        record["agree"] = len(named) <= 1
        record["agree_confident"] = len(sure) <= 1
        records.append(record)
    columns = KEY_COLUMNS + [f"best_{name}" for name in policies] + ["agree", "agree_confident"]
    return _frame(records, columns, best.attrs)

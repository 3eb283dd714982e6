"""The report's strength ladder: how much the report's policies win or lose a deal against the heuristic.

The same analysis as ``spadille ladder quadrille`` (analyses/quadrille/ladder.py), at the sizes the
report's plan gives it: the random player and the heuristic at every size, double-dummy card play on
a small prefix of the deals (it costs about a hundredth of a second a deal and seat). Not to be
confused with the stronger-play part (``--stronger-play``), which redraws the decision maps under
dd and pimc card play: this part measures the players, that one the bidding thresholds.
"""

from __future__ import annotations

from typing import Callable

import pandas as pd

from spadille.reports import formatting as fmt
from spadille.reports.document import Section, TableItem

REFERENCE = "heuristic"


def ladder_sections(ruleset, seed: int, sizes: dict[str, int], threads: int | None,
                    step: Callable[[str, int], Callable[[int], None]]) -> list[Section]:
    """The ladder of ``sizes`` (policy name -> deals) against the heuristic at its defaults."""
    from spadille.analyses.quadrille.ladder import LadderEntry, ladder, ladder_metadata, plays_needed
    from spadille.kernel.quadrille.policies import make_seat_policy

    reference = make_seat_policy(REFERENCE)
    entries = [LadderEntry(name, make_seat_policy(name), deals) for name, deals in sizes.items()]
    metadata = ladder_metadata(ruleset, entries, reference, seed)
    progress = step("strength ladder (deal-plays)", plays_needed(entries, reference, ruleset["pack.seats"]))
    result = ladder(ruleset, entries, reference, seed, threads=threads, progress=progress, metadata=metadata)
    if result.interrupted:
        raise KeyboardInterrupt  # a ladder is shown only whole
    sizes_text = ", ".join(f"{name} {deals:,}" for name, deals in sizes.items())
    return [Section("How strong the players are: the strength ladder", [
        "Each policy plays every deal once in each seat, the heuristic at its defaults in the three others, and "
        "is scored against the same seat in the all-heuristic play of the same deal (duplicate play): its gain is "
        "the seat's net jetons a deal minus the heuristic's. The heuristic is the fixed point, 0 by definition, so "
        "later changes to any policy can be measured against it. Intervals are 95% and paired, the deal being the "
        "unit (its four seats share its cards). Side: the seat was the ombre or the called friend in the "
        "all-heuristic play of the deal; defence: a defender. `spadille ladder quadrille --reference pimc --team --by "
        "contract,role` measures any policy against the searching player instead, a whole team at a time, by contract "
        "and role (docs/strength.md).",
        f"Deals per policy: {sizes_text}; double-dummy play (dd, which sees every hand and plays as if "
        "the others did too, with the heuristic's bidding) costs about a hundredth of a second a deal, so its sample is small. "
        "`spadille ladder quadrille --policies random,heuristic,dd,pimc --deals N` measures any registered policy "
        "at any size. This is not the stronger-play part (`--stronger-play`), which redraws the decision maps "
        "under dd and pimc card play.",
    ], [
        TableItem("ladder", "Strength ladder: net jetons a deal over the heuristic, same seat, same deals",
                  _view(result), "gain a deal with its 95% CI; n counts (deal, seat) pairs",
                  data=result.table, metadata=result.metadata, headers={"deals": "deals"}),
        TableItem("ladder-speed", "Speed of each policy in the ladder's plays", _speed_view(result),
                  "deal-plays and cards the policy played itself, a second, on this run's machine (not reproducible "
                  "like the gains); the heuristic's row is its all-heuristic play, where it plays every seat",
                  data=result.speed, metadata=result.metadata),
    ])]


def _view(result) -> pd.DataFrame:
    """One row a policy, best first: gain overall, on the side and in defence."""
    table = result.table.set_index(["label", "group"])
    rows = []
    for speed in result.speed.to_dict("records"):
        label = speed["label"]
        cells = {"policy": label, "deals": fmt.count(speed["deals"])}
        for group, title in (("overall", "all seats"), ("side", "side"), ("defenders", "defence")):
            row = table.loc[(label, group)]
            cells[f"{title}: pairs (n)"] = fmt.count(row["n"])
            cells[f"{title}: gain [95% CI]"] = ("0 (reference)" if speed["reference"]
                                                else fmt.estimate(row["gain"], row["ci_low"], row["ci_high"], "gain"))
        cells["_order"] = table.loc[(label, "overall"), "gain"]
        rows.append(cells)
    view = pd.DataFrame(rows).sort_values("_order", ascending=False, kind="stable").drop(columns="_order")
    view.attrs = dict(result.metadata)
    return view.reset_index(drop=True)


def _speed_view(result) -> pd.DataFrame:
    view = pd.DataFrame({
        "policy": result.speed["label"],
        "deal-plays": [fmt.count(v) for v in result.speed["plays"]],
        "deals/s": [f"{v:,.0f}" for v in result.speed["deals_per_second"]],
        "decisions/s": [f"{v:,.0f}" for v in result.speed["decisions_per_second"]],
    })
    view.attrs = dict(result.metadata)
    return view

"""What ``spadille ladder`` prints: the metadata line, the ranked table and its notes (no computing here)."""

from __future__ import annotations

import json
import math

from rich import box
from rich.table import Table


def _gain(value: float) -> str:
    return "–" if value is None or math.isnan(value) else f"{value:+.2f}"


def _interval(low: float, high: float) -> str:
    if low is None or math.isnan(low):
        return "–"
    return f"[{low:+.2f}, {high:+.2f}]"


def _estimate(row: dict) -> str:
    return f"{_gain(row['gain'])} {_interval(row['ci_low'], row['ci_high'])}"


def _rate(value: float) -> str:
    if value is None or math.isnan(value):
        return "–"
    return f"{value:,.0f}" if value >= 100 else f"{value:.1f}"


SPLITS = {"role": "role", "seat": "seat", "contract": "contract", "contract,role": "contract,role",
          "role,contract": "contract,role"}


def split_of(by: str | None) -> str | None:
    """The table's split as the ladder's groups name it (ladder_cells.groups), from --by."""
    from spadille.kernel.common.errors import SimulationError

    if by is None:
        return None
    key = ",".join(part.strip() for part in by.split(",") if part.strip())
    if key not in SPLITS:
        raise SimulationError(f"--by {by!r}: give role, seat, contract or contract,role")
    return SPLITS[key]


def metadata_text(result) -> str:
    meta = result.metadata
    plan = meta.get("plan", {})
    parts = [
        f"spadille {meta['spadille_version']}",
        "ladder quadrille" + (" --team" if meta.get("mode") == "team" else ""),
        f"seed {meta['seed']}",
        f"ruleset {meta['ruleset']} (sha256 {meta['ruleset_sha256'][:12]})"
        + "".join(f", {k}={v}" for k, v in meta["ruleset_overrides"].items()),
        f"reference {meta['reference']}",
    ]
    if plan.get("screened"):
        kept = ", ".join(f"{name} {count:,}" for name, count in plan["deals_by_contract"].items())
        parts.append(f"deals screened by the reference's contract: {kept} of {plan['screened_deals']:,} screened")
    return " · ".join(parts)


def ladder_table(result) -> Table:
    """One row a policy, best first: gain a deal over the reference, overall and by role, and speed."""
    team = " (team mode)" if result.team else ""
    table = Table(title=f"Strength ladder{team}: net jetons a deal over the reference in the same seat, same deals "
                        "(95% CI over deals)", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for name, justify in (("policy", "left"), ("deals", "right"), ("gain [95% CI]", "right"), ("side n", "right"),
                          ("side gain [95% CI]", "right"), ("defence n", "right"), ("defence gain [95% CI]", "right"),
                          ("deals/s", "right"), ("decisions/s", "right")):
        table.add_column(name, justify=justify, no_wrap=name != "policy", overflow="fold")
    by = {(row["label"], row["group"]): row for row in result.table.to_dict("records")}
    ranked = sorted(result.speed.to_dict("records"), key=lambda s: -by[(s["label"], "overall")]["gain"])
    for speed in ranked:
        label = speed["label"]
        overall, side, defence = by[(label, "overall")], by[(label, "side")], by[(label, "defenders")]
        shown = (lambda row: "0 (reference)") if speed["reference"] else _estimate
        table.add_row(label, f"{speed['deals']:,}", shown(overall), f"{side['n']:,}", shown(side),
                      f"{defence['n']:,}", shown(defence),
                      _rate(speed["deals_per_second"]), _rate(speed["decisions_per_second"]))
    return table


def cells_table(result, split: str) -> Table:
    """One row a cell of the split and policy (policies best first within a cell): pairs, deals,
    gain a deal for one player of the cell with its 95% CI and half-width."""
    team = " (team mode)" if result.team else ""
    table = Table(title=f"Strength by {split.replace(',', ' and ')}{team}: net jetons a deal for one player, over the "
                        "reference in the same seat, same deals (95% CI over deals)",
                  box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for name, justify in (("cell", "left"), ("policy", "left"), ("deals", "right"), ("n", "right"),
                          ("gain [95% CI]", "right"), ("±", "right")):
        table.add_column(name, justify=justify, no_wrap=name not in ("cell", "policy"), overflow="fold")
    rows = result.table.to_dict("records")
    overall = {row["label"]: row["gain"] for row in rows if row["by"] == "overall"}
    reference = {row["label"] for row in rows if row["reference"]}
    cells = [row["group"] for row in rows if row["by"] == split]
    order = list(dict.fromkeys(["overall", *cells]))
    by = {(row["label"], row["group"]): row for row in rows}
    labels = sorted(overall, key=lambda label: -overall[label])
    for cell in order:
        first = True
        for label in labels:
            row = by.get((label, cell))
            if row is None:
                continue
            shown = "0 (reference)" if label in reference else _estimate(row)
            half = "" if label in reference else _half(row)
            table.add_row(cell if first else "", label, f"{row['deals']:,}", f"{row['n']:,}", shown, half)
            first = False
        table.add_section()
    return table


def _half(row: dict) -> str:
    low, high = row["ci_low"], row["ci_high"]
    if low is None or math.isnan(low):
        return "–"
    return f"{(high - low) / 2:.2f}"


def notes(result) -> list[str]:
    """How to read the table, with the counts it rests on."""
    if result.team:
        lines = [
            "Team mode: each policy plays every deal twice, once as the ombre and his friend, once as the "
            "defenders, the reference playing the other team and every bid; a seat's gain is its net jetons "
            "in the play where the policy held its team, minus the seat's in the all-reference play. n counts "
            "(deal, seat) pairs; a cell's gain is a deal for one player of it.",
            "deals/s: deal-plays a second with the policy holding one team; decisions/s: cards its team played "
            "a second (the reference's row: its all-reference play).",
        ]
    else:
        lines = [
            "Each policy plays every deal once in each seat, the reference in the other seats; its gain is that "
            "seat's net jetons minus the seat's in the all-reference play of the deal. n counts (deal, seat) pairs.",
            "deals/s: deal-plays a second with the policy in one seat; decisions/s: cards it played itself a second "
            "(the reference's row: its all-reference play, where it plays every seat).",
        ]
    lines.append("Contract and role are the seat's in the reference's play of the deal: side = the ombre or his "
                 "called friend, defence = the defenders.")
    plan = result.metadata.get("plan", {})
    if plan.get("screened"):
        shares = ", ".join(f"{name} {share:.2%}" for name, share in plan["shares"].items())
        lines.append(f"Deals screened by the reference's contract: each contract's cells are conditional on it; "
                     f"the figures over contracts weight each by its share of the {plan['shares_counted_on']:,} "
                     f"screened deals of these contracts ({shares}), with the shares' own error.")
    changed = [s for s in result.speed.to_dict("records") if not s["reference"] and s["plays"]]
    if result.team:
        moved = [f"{s['label']} {s['role_changed']:,}" for s in changed if s["role_changed"]]
        if moved:
            lines.append("Deals where a team play's auction was not the reference's (it should be none): "
                         + ", ".join(moved) + ".")
    elif changed:
        lines.append("Pairs where the policy's bidding gave its seat another role than the reference's play: "
                     + ", ".join(f"{s['label']} {s['role_changed'] / s['plays']:.1%}" for s in changed) + ".")
    return lines


def interrupted_lines(result) -> list[str]:
    """What an interrupted ladder says it kept."""
    if not result.entries:
        return ["Interrupted during the reference's own play: no policy finished, nothing is shown."]
    kept = ", ".join(entry.label for entry in result.entries)
    lost = ", ".join(result.unfinished)
    return [f"Interrupted: the ladder shows the policies that finished ({kept}); "
            f"{lost} did not finish and {'is' if len(result.unfinished) == 1 else 'are'} left out."]


def json_text(result, records: list[dict]) -> str:
    """The metadata and one record per policy, in the order given; NaN as null."""
    return json.dumps({"metadata": result.metadata, "policies": records}, indent=2, ensure_ascii=False)

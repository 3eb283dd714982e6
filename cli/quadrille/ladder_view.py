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


def metadata_text(result) -> str:
    meta = result.metadata
    return " · ".join([
        f"spadille {meta['spadille_version']}",
        "ladder quadrille",
        f"seed {meta['seed']}",
        f"ruleset {meta['ruleset']} (sha256 {meta['ruleset_sha256'][:12]})"
        + "".join(f", {k}={v}" for k, v in meta["ruleset_overrides"].items()),
        f"reference {meta['reference']}",
    ])


def ladder_table(result) -> Table:
    """One row a policy, best first: gain a deal over the reference, overall and by role, and speed."""
    table = Table(title="Strength ladder: net jetons a deal over the reference in the same seat, same deals "
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


def notes(result) -> list[str]:
    """How to read the table, with the counts it rests on."""
    lines = [
        "Each policy plays every deal once in each seat, the reference in the other seats; its gain is that "
        "seat's net jetons minus the seat's in the all-reference play of the deal. side: the policy was the "
        "ombre or the called friend in its own play; defence: a defender. n counts (deal, seat) pairs.",
        "deals/s: deal-plays a second with the policy in one seat; decisions/s: cards it played itself a second "
        "(the reference's row: its all-reference play, where it plays every seat).",
    ]
    changed = [f"{s['label']} {s['role_changed'] / s['plays']:.1%}" for s in result.speed.to_dict("records")
               if not s["reference"] and s["plays"]]
    if changed:
        lines.append("Pairs where the policy's bidding gave its seat another role than the reference's play: "
                     + ", ".join(changed) + ".")
    return lines


def json_text(result, records: list[dict]) -> str:
    """The metadata and one record per policy, in the order given; NaN as null."""
    return json.dumps({"metadata": result.metadata, "policies": records}, indent=2, ensure_ascii=False)

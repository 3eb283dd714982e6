"""Rich output of ``spadille evaluate`` (no computing here)."""

from __future__ import annotations

import math

from rich import box
from rich.table import Table


def _number(value: float, digits: int = 1) -> str:
    return "–" if value is None or math.isnan(value) else f"{value:+.{digits}f}"


def _share(row, name: str) -> str:
    """A share in percent, its 95% CI dimmed on the line below."""
    share = row[f"p_{name}"]
    if math.isnan(share):
        return "–"
    low, high = 100 * row[f"p_{name}_ci_low"], 100 * row[f"p_{name}_ci_high"]
    return f"{100 * share:.0f}%\n[dim]{low:.0f}–{high:.0f}[/dim]"


def metadata_text(evaluation) -> str:
    meta = evaluation.metadata
    parts = [
        f"spadille {meta['spadille_version']}",
        f"hand {meta['hand']} as {meta['seat']}",
        f"seed {meta['seed']}",
        f"ruleset {meta['ruleset']} (sha256 {meta['ruleset_sha256'][:12]})"
        + "".join(f", {k}={v}" for k, v in meta["ruleset_overrides"].items()),
        f"play {meta['policies'][0]}",
        f"{evaluation.deals:,} deals" + (f" of {evaluation.tried:,} drawn meeting {meta['condition']!r}"
                                           if meta.get("condition") else ""),
    ]
    if evaluation.interrupted:
        parts.append(f"INTERRUPTED after {evaluation.deals:,} of {meta['deals_requested']:,} deals")
    return " · ".join(parts)


def evaluation_table(evaluation, top: int) -> Table:
    """The ranked actions: mean payment with its 95% CI, outcome shares with theirs."""
    table = Table(title=f"Actions ranked by mean payment (jetons a deal, n = {evaluation.deals:,} paired deals)",
                  box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column("action", no_wrap=True)
    table.add_column("6 tricks\nthen", no_wrap=True)
    table.add_column("payment\n95% CI", justify="right", no_wrap=True)
    table.add_column("plays", justify="right", no_wrap=True)
    table.add_column("win", justify="right", no_wrap=True)
    table.add_column("rem.", justify="right", no_wrap=True)
    table.add_column("cod.", justify="right", no_wrap=True)
    table.add_column("vole", justify="right", no_wrap=True)
    shown = _without_unreached_twins(evaluation.table)
    rows = shown if top <= 0 else shown.head(top)
    for _, row in rows.iterrows():
        action, _, at_six = row["action"].partition(" · ")
        if at_six == "stop" and row["p_vole_point"] == 0:
            at_six = "never"  # the point never came: stopping and going on are the same deals
        table.add_row(
            action, at_six or "–",
            f"{_number(row['mean_pay'], 2)}\n[dim]{_number(row['pay_ci_low'])}…{_number(row['pay_ci_high'])}[/dim]",
            _share(row, "declared"), _share(row, "win"), _share(row, "remise"), _share(row, "codille"),
            _share(row, "vole_made"),
        )
    if top > 0 and len(shown) > top:
        table.caption = f"{len(shown) - top} more actions: --top 0 shows all"
    return table


def _without_unreached_twins(ranked):
    """Drop each '· vole' row whose contract never reached the vole point: it repeats its
    '· stop' row exactly (the same deals, played the same way)."""
    unreached = {action.rsplit(" · ", 1)[0] for action, point in zip(ranked["action"], ranked["p_vole_point"])
                 if action.endswith(" · stop") and point == 0}
    keep = [not (action.endswith(" · vole") and action.rsplit(" · ", 1)[0] in unreached) for action in ranked["action"]]
    return ranked[keep]


def best_line(evaluation) -> str:
    """The best action and its paired margin over the runner-up (a distinct action: a vole
    version that never differed from its stop version is not a runner-up)."""
    if evaluation.deals == 0:
        return "No deal finished: nothing to rank."
    shown = _without_unreached_twins(evaluation.table)
    best = shown.iloc[0]
    if len(shown) < 2:
        return f"Best: {best['action']} ({_number(best['mean_pay'])} jetons a deal)."
    runner = shown.iloc[1]
    low, high, margin = _paired_margin(evaluation, best["action"], runner["action"])
    sure = "clear" if low > 0 else "not clear at this sample size"
    return (f"Best: {best['action']}, {_number(margin, 2)} jetons a deal over {runner['action']} "
            f"(paired 95% CI {_number(low, 2)} … {_number(high, 2)}; {sure}).")


def _paired_margin(evaluation, first: str, second: str) -> tuple[float, float, float]:
    from spadille.analyses.paired import paired_difference

    pay = evaluation.view.pay
    _, mean, low, high = paired_difference(pay[:, evaluation.labels.index(first)],
                                           pay[:, evaluation.labels.index(second)])
    return low, high, mean


def vole_lines(evaluation) -> list[str]:
    """For the best contract: how often the vole point comes, and what going on is worth then."""
    from spadille.analyses.quadrille.evaluation import vole_decisions

    decisions = vole_decisions(evaluation)
    if decisions.empty:
        return []
    best = evaluation.table.iloc[0]["action"]
    contract = best.rsplit(" · ", 1)[0]
    row = decisions[decisions["contract"] == contract]
    if row.empty:
        contract = decisions.sort_values("vole_point_reached", ascending=False).iloc[0]["contract"]
        row = decisions[decisions["contract"] == contract]
    row = row.iloc[0]
    reached = int(row["vole_point_reached"])
    line = f"Vole, {contract}: the side wins the first six tricks on {reached:,} of {int(row['deals']):,} deals"
    if reached >= 2:
        line += (f"; going on for the vole there is worth {_number(row['go_minus_stop'])} jetons against stopping "
                 f"(paired 95% CI {_number(row['ci_low'])} … {_number(row['ci_high'])}).")
    else:
        line += "; too few to judge going on."
    return [line]

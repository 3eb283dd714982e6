"""What ``spadille simulate`` prints after a run: the metadata line and the summary tables."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from .seating import describe_seating


def metadata_line(config, result) -> str:
    """One line that identifies the run well enough to reproduce it."""
    meta = config.metadata()
    rate = result.deals_done / result.seconds if result.seconds > 0 else float("nan")
    parts = [
        f"spadille {meta['spadille_version']}",
        str(meta["game"]),
        f"seed {meta['seed']}",
        f"ruleset {meta['ruleset']} (sha256 {str(meta['ruleset_sha256'])[:12]})"
        + "".join(f", {key}={value}" for key, value in dict(meta["ruleset_overrides"]).items()),
        f"session length {meta['session_length']}",
        f"policies {describe_seating(config.policies)}",
        f"{result.deals_done:,} deals in {result.seconds:.1f} s ({rate:,.0f} deals/s)",
    ]
    return escape(" · ".join(parts))


def print_summary(console: Console, result) -> None:
    from spadille.analyses.quadrille.summary import contract_summary, outcome_summary, seat_summary

    from .summary_view import contract_table, outcome_rate_table, payment_table, seat_table

    if result.deals_done == 0:
        console.print("No deal finished: nothing to summarise.")
        return
    console.print(contract_table(contract_summary(result)))
    outcomes = outcome_summary(result)
    if len(outcomes):
        console.print(outcome_rate_table(outcomes))
        console.print(payment_table(outcomes))
    console.print(seat_table(seat_summary(result)))

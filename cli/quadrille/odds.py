"""``spadille odds quadrille``: the exact chance of what one hand holds as dealt (trumps, true
matadors, kings), by hypergeometric counting under the chosen ruleset."""

from __future__ import annotations

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption
from spadille.kernel.quadrille.ruleset import DEFAULT_RULESET

from .options import RulesetOption


def odds_command(ruleset: RulesetOption = DEFAULT_RULESET, rule: RuleOption = None) -> None:
    """Print the exact chance that a hand as dealt holds k trumps (a red and a black suit as
    trumps: its cards with spadille and basto), k true matadors, and k kings, over every hand of
    the ruleset's pack; with the mean of each. Each card set is read from the kernel's own
    features, so à trois's removed suit and every ruleset's pack are followed."""
    with user_errors():
        from rich.console import Console
        from rich.table import Table

        from spadille.analyses.quadrille.odds import odds_frame
        from spadille.kernel.quadrille.ruleset import load_ruleset_with

        rules = load_ruleset_with(ruleset, rule or [])
        frame = odds_frame(rules)
        table = Table(title=f"Quadrille, exact: one hand of {frame.attrs['hand']} from {frame.attrs['pack']} cards "
                            f"as dealt (ruleset {rules.name})")
        for column in frame.columns:
            table.add_column(column, justify="right")
        for _, row in frame.iterrows():
            table.add_row(str(int(row["held"])), *(_chance(value) for value in row.iloc[1:]))
        table.add_row("mean", *(f"{frame.attrs['means'][name]:.3f}" for name in frame.columns[1:]))
        Console().print(table)


def _chance(value: float) -> str:
    """Five decimals; a chance too small for them reads '<0.00001', never 0 (nor 1e-06)."""
    if value != value:
        return ""
    return "<0.00001" if 0 < value < 0.000005 else f"{value:.5f}"

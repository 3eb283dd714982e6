"""``spadille odds revertier``: the exact chances of the dice, and of re-entering from the bar."""

from __future__ import annotations

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption

from .options import PresetOption, RevertierRulesetOption


def odds_command(preset: PresetOption = None, rule: RuleOption = None, ruleset: RevertierRulesetOption = None) -> None:
    """Print the 21 throws of two dice with their chance and the pips each moves (doublets as
    dice.doublets plays them), and, by the number of the six entry points closed to a man on the
    bar, the chance that a throw enters one man and, with two waiting, both or at least one: what
    entry.blocked decides between (whole-turn plays nothing unless both enter)."""
    with user_errors():
        from rich.console import Console
        from rich.table import Table

        from spadille.analyses.revertier.odds import entry_frame, throw_frame

        from .common import load_rules

        rules = load_rules(ruleset, preset, rule)
        console = Console()
        throws = throw_frame(rules)
        table = Table(title=f"Révertier (reconstructed), exact: the throws of two dice ({rules.label()}; "
                            f"a doublet moves {rules['dice.doublets']} times its number; mean "
                            f"{throws.attrs['mean_pips']:.3f} pips a throw)")
        for column in throws.columns:
            table.add_column(column, justify="left" if column == "throw" else "right")
        for _, row in throws.iterrows():
            table.add_row(row["throw"], f"{row['chance']:.4f}", str(row["in 36"]), str(row["pips"]))
        console.print(table)
        entry = entry_frame(rules)
        table = Table(title=f"Entering from the bar (entry.point = die-value; entry.blocked = {rules['entry.blocked']})")
        for column in entry.columns:
            table.add_column(column, justify="right")
        for _, row in entry.iterrows():
            table.add_row(str(int(row["closed points"])), *(f"{value:.4f}" for value in row.iloc[1:]))
        console.print(table)

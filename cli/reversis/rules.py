"""``spadille rules reversis [--preset NAME]``: every rule with its value, status and passage, and
each switch under the preset with the passage the preset's value cites."""

from __future__ import annotations

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption
from spadille.cli.rule_tables import every_rule_table, readings_table

from .options import PresetOption, ReversisRulesetOption


def rules_command(preset: PresetOption = None, ruleset: ReversisRulesetOption = None, rule: RuleOption = None) -> None:
    """Print the presets, then each switch's value under --preset (default dj, the seed) with the
    passage that value cites, then each reading of the disputed switches with its own passage (*
    marks the value in force), then every rule of the ruleset with its status, source and passage."""
    with user_errors():
        from rich.console import Console
        from rich.table import Table

        from .setup import load_rules

        rules = load_rules(ruleset, preset, rule)
        console = Console()
        presets = Table(title=f"Presets of {rules.name} (the rule layers)")
        for column in ("preset", "title"):
            presets.add_column(column)
        for p in rules.presets.values():
            presets.add_row(p.name + (" *" if p.name == rules.preset else ""), p.title)
        console.print(presets)
        switches = Table(title=f"Switches under {rules.label}")
        for column in ("switch", "value", "choices", "source", "passage"):
            switches.add_column(column, overflow="fold")
        chosen = rules.presets[rules.preset].values
        overridden = dict(rules.overrides)
        for r in rules.switches():
            cited = chosen[r.key]
            source, passage = ("--rule", "set on the command line") if r.key in overridden else (cited.source,
                                                                                                  cited.passage)
            switches.add_row(r.key, str(r.value), ", ".join(map(str, r.choices)), source, passage)
        console.print(switches)
        readings = readings_table(rules.switches())
        if readings is not None:
            console.print(readings)
        console.print(every_rule_table(rules.name, rules.rules.values()))

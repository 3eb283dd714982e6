"""``spadille rules cabriolet``: the ruleset as data: the switches with their choices and readings,
then every rule with its value, status, source and passage."""

from __future__ import annotations

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption
from spadille.cli.rule_tables import every_rule_table, readings_table

from .options import CabrioletRulesetOption


def rules_command(ruleset: CabrioletRulesetOption = None, rule: RuleOption = None) -> None:
    """Print Cabriolet's rules after Lacombe (1798): the switches (the open points, each with its
    choices, and the passage behind each reading where the text reads two ways), then every rule
    with its value, status (stated, inference, reconstruction, switch), source and passage. --rule
    KEY=VALUE shows a switch flipped."""
    with user_errors():
        from rich.console import Console
        from rich.table import Table

        from spadille.kernel.cabriolet.ruleset import DEFAULT_CABRIOLET_RULESET, load_cabriolet_ruleset

        rules = load_cabriolet_ruleset(ruleset or DEFAULT_CABRIOLET_RULESET, rule or [])
        console = Console()
        console.print(f"{rules.name}: {rules.title}. {rules.summary}", soft_wrap=True, markup=False)
        console.print(f"file {rules.path} · sha256 {rules.sha256[:12]}", soft_wrap=True, markup=False)
        switches = Table(title=f"Switches of {rules.name} (flip one with --rule KEY=VALUE)")
        for column in ("switch", "value", "choices", "passage", "note"):
            switches.add_column(column, overflow="fold")
        for r in rules.switches():
            switches.add_row(r.key, shown(r.value), ", ".join(map(shown, r.choices)) or "any agreed amount", r.passage,
                             r.note)
        console.print(switches)
        readings = readings_table(rules.switches(), shown)
        if readings is not None:
            console.print(readings)
        console.print(every_rule_table(rules.name, rules.rules.values(), shown))


def shown(value) -> str:
    """A rule's value as the TOML writes it (the dice's face map as throw -> case pairs)."""
    if isinstance(value, dict):
        return "; ".join(f"{case}: {', '.join(throws) if isinstance(throws, list) else throws}"
                         for case, throws in value.items())
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)

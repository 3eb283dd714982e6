"""``spadille rules revertier``: the ruleset as data: every rule with its value, status, source and
passage, the switches with their choices, and the presets."""

from __future__ import annotations

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption

from .options import PresetOption, RevertierRulesetOption


def rules_command(preset: PresetOption = None, rule: RuleOption = None,
                  ruleset: RevertierRulesetOption = None) -> None:
    """Print révertier's (reconstructed) rules: each rule's value and the passage it cites, the
    switches with their choices, and the presets (--preset and --rule show their effect)."""
    import typer

    with user_errors():
        for line in rules_lines(preset, rule, ruleset):
            typer.echo(line)


def rules_lines(preset, rule, ruleset) -> list[str]:
    from .common import load_rules

    rules = load_rules(ruleset, preset, rule)
    lines = [f"{rules.label()}: {rules.title}", rules.summary,
             "A reconstruction: the French article is lost after its opening; statuses say what rests on it "
             "(stated, inference) and what is borrowed from relatives (reconstruction, switch).",
             f"file {rules.path} · sha256 {rules.sha256[:12]}", f"switches: {rules.switch_values()}", ""]
    for entry in rules.rules.values():
        choices = f" (choices: {', '.join(map(str, entry.choices))})" if entry.choices else ""
        lines.append(f"{entry.key} = {entry.value!r} [{entry.status}]{choices}")
        lines.append(f"    {entry.source}: \"{entry.passage}\"")
        if entry.note:
            lines.append(f"    {entry.note}")
        for reading in entry.readings:
            mark = " (in force)" if reading.value == entry.value else ""
            lines.append(f"    reading {reading.value}{mark}: {reading.source}: \"{reading.passage}\" {reading.note}")
    lines.append("")
    lines.append("presets (--preset NAME):")
    for found in rules.presets.values():
        values = ", ".join(f"{k}={v}" for k, v in found.rules.items())
        lines.append(f"{found.name}: {found.title}")
        lines.append(f"    {found.source}: \"{found.passage}\"")
        lines.append(f"    sets {values}")
        if found.note:
            lines.append(f"    {found.note}")
    return lines

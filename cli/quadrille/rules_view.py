"""The card orders and switches of a ruleset, rendered with the rules they come from."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from spadille.kernel.quadrille.cards import RED_SUITS, SUIT_SYMBOLS, SUITS, format_card
from spadille.kernel.quadrille.ruleset import TRUMP_NAMES, Ruleset
from spadille.kernel.quadrille.tables import plain_order, suits_in_pack, trump_order


def citation(rules: Ruleset, key: str, show_key: bool = True) -> str:
    """'key — source: “passage”' as rich markup (escaped, passages may hold brackets)."""
    rule = rules.rules[key]
    label = f"{escape(key)} — " if show_key else ""
    return f"[dim]{label}{escape(rule.source)}: “{escape(rule.passage)}”[/dim]"


def _colour(suit: int) -> str:
    return "red" if suit in RED_SUITS else "black"


def trump_section(rules: Ruleset, trump: int) -> RenderableType:
    colour = _colour(trump)
    order = trump_order(rules, trump)
    names = rules[f"ranks.{colour}_trump"]
    labels = [f"{format_card(card)} {name}" if name in TRUMP_NAMES else format_card(card)
              for card, name in zip(order, names)]
    lines = [
        f"[bold]Trumps {SUIT_SYMBOLS[trump]} {SUITS[trump]}[/bold]: {len(order)} trumps, high to low",
        "  " + "  ".join(f"{rank}. {escape(label)}" for rank, label in enumerate(labels, start=1)),
        "  " + citation(rules, f"ranks.{colour}_trump"),
        "  " + citation(rules, f"ranks.manille_{colour}"),
        "  " + citation(rules, f"ranks.{colour}_trump_count"),
    ]
    plain = Table(title=f"Plain suits under {SUITS[trump]}, high to low", title_justify="left",
                  show_header=False, box=None, padding=(0, 1))
    for suit in suits_in_pack(rules):
        if suit != trump:
            cards = plain_order(rules, suit)
            plain.add_row(f"{SUIT_SYMBOLS[suit]} {SUITS[suit]}", f"({len(cards)})", " ".join(map(format_card, cards)))
    plain_citations = sorted({f"ranks.{_colour(s)}_plain" for s in suits_in_pack(rules) if s != trump})
    notes = [citation(rules, key) for key in plain_citations + ["ranks.black_aces_always_trump"]]
    return Group(Text.from_markup("\n".join(lines)), plain,
                 Text.from_markup("\n".join("  " + note for note in notes)), Text(""))


def toml_value(value: object) -> str:
    """A rule value as the ruleset file writes it (true, not True)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return str(value)


def switch_section(rules: Ruleset) -> RenderableType:
    # A list rather than a table: passages are long and keys must never be cut.
    lines = [f"[bold]Switches of {escape(rules.name)}[/bold]"]
    for rule in rules.switches():
        choices = f"  (choices: {escape(', '.join(map(toml_value, rule.choices)))})" if rule.choices else ""
        lines.append(f"  {escape(rule.key)} = [bold]{escape(toml_value(rule.value))}[/bold]{choices}")
        if not rule.readings:
            lines.append(f"    {citation(rules, rule.key, show_key=False)}")
        for reading in rule.readings:
            default = " (this ruleset's value)" if reading is rule.reading(rule.value) else ""
            lines.append(f"    reading {escape(toml_value(reading.value))}{default}: [dim]{escape(reading.source)}: "
                         f"“{escape(reading.passage)}”[/dim]")
            if reading.note:
                lines.append(f"      {escape(reading.note)}")
    return Text.from_markup("\n".join(lines))


def departures_section(rules: Ruleset) -> RenderableType | None:
    """The ruleset's departures from the period texts (its ``[ruleset]`` ``departures``), or None."""
    if not rules.departures:
        return None
    lines = ["[bold yellow]Departs from the period texts:[/bold yellow]"]
    lines += [f"  • {escape(line)}" for line in rules.departures]
    return Text.from_markup("\n".join(lines))


def rules_view(rules: Ruleset, trumps: list[int]) -> RenderableType:
    heading = [Text(f"{rules.title} ({rules.name})", style="bold")]
    if rules.summary:
        heading.append(Text(rules.summary))
    departures = departures_section(rules)
    if departures is not None:
        heading += [Text(""), departures]
    return Group(*heading, Text(""), *(trump_section(rules, t) for t in trumps), switch_section(rules))


def rulesets_view(rulesets: list[Ruleset]) -> RenderableType:
    """Every shipped ruleset: its name, title and summary, and whether it departs from the period texts."""
    lines = ["[bold]Rulesets[/bold] (choose one with --ruleset NAME)"]
    for rules in rulesets:
        lines.append(f"  [bold]{escape(rules.name)}[/bold] — {escape(rules.title)}")
        if rules.summary:
            lines.append(f"    {escape(rules.summary)}")
        if rules.departures:
            lines.append(f"    [yellow]Departs from the period texts on {len(rules.departures)} points "
                         f"(see spadille rules quadrille --ruleset {escape(rules.name)}).[/yellow]")
    return Text.from_markup("\n".join(lines))

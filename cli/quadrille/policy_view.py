"""``spadille rules quadrille --policy NAME``: a policy's parameters, and the heuristic's card play
by role, from the registries (kernel/quadrille/policies.py, kernel/quadrille/card_rules.py)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from spadille.kernel.quadrille import card_rules
from spadille.kernel.quadrille.policies import POLICIES

# Short headers keep the rule's description wide in 80 columns; the roles are spelled out below the table.
_ROLE_HEADERS = {"ombre": "ombre", "friend": "friend", "defender_called": "def.\ncalled",
                 "defender_alone": "def.\nalone", "forced_ombre": "forced\nombre"}


def _general_table(name: str) -> Table:
    table = Table(title=f"{name}: parameters", title_justify="left", expand=True)
    table.add_column("parameter", no_wrap=True)
    table.add_column("default", justify="right", no_wrap=True)
    table.add_column("range", no_wrap=True)
    table.add_column("what it does", ratio=1)
    for key, param in POLICIES[name].params.items():
        if param.card_rule:
            continue
        table.add_row(key, f"{param.default:g}", f"{param.low:g}–{param.high:g}", param.doc)
    return table


def _card_rules_table(name: str) -> Table:
    """Every rule by role at ``name``'s own values (strong's as tuned, the heuristic's as written)."""
    params = POLICIES[name].params
    title = f"{name}'s card play by role: ROLE.RULE (–: not a rule of that role)"
    table = Table(title=title, title_justify="left", expand=True)
    table.add_column("rule", no_wrap=True)
    table.add_column("what it does", ratio=1)
    for role in card_rules.ROLES:
        table.add_column(_ROLE_HEADERS[role], justify="right", no_wrap=True)
    for rule in card_rules.RULES:
        doc = rule.doc + (f" ({rule.choices})" if rule.choices else "") + f"; {rule.low:g}–{rule.high:g}"
        cells = [f"{params[f'{role}.{rule.name}'].default:g}" if role in rule.defaults else "–"
                 for role in card_rules.ROLES]
        table.add_row(f"{rule.name}\n[dim]{rule.kind}[/dim]", doc, *cells)
    return table


def _roles_text() -> Text:
    lines = ["Roles, as the player sees them when he plays:"]
    lines += [f"  {role} ({_ROLE_HEADERS[role].replace(chr(10), ' ')}): {card_rules.ROLE_DOCS[role]}"
              for role in card_rules.ROLES]
    lines.append("Set a rule with --param ROLE.RULE=V (one seat: --param SEAT.ROLE.RULE=V), in a policy file, or in "
                 "a claim's arm; side.RULE, defenders.RULE and all.RULE set it for a group of roles. "
                 "draw_trumps and vole_losers are shorthands for the ombre's (and the friend's) rule.")
    return Text("\n".join(lines))


def policy_view(name: str) -> Group:
    parts = [_general_table(name)]
    if any(param.card_rule for param in POLICIES[name].params.values()):
        parts += [_card_rules_table(name), _roles_text()]
    return Group(*parts)

"""The heuristic's card play as rules by role (kernel/quadrille/card_rules.py, _card_play.py).

The registry is whole and consistent; every parameter name a user can write is accepted and lands
in the right entry of the kernel's row; both engines play every non-default value of every rule
identically (the reference engine consults the same rule values through the same row); and each
rule really changes the play of some deals, so no rule is a dead switch.
"""

from __future__ import annotations

import numpy as np
import pytest

from spadille.cli.quadrille.seating import resolve_policies
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import card_rules
from spadille.kernel.quadrille.policies import POLICIES, PolicyError, kernel_arrays, make_seat_policy
from spadille.kernel.quadrille.reference import play_deals
from spadille.kernel.quadrille.ruleset import load_ruleset

from test_parity import assert_same_rows, kernel_rows

DEALS = 1_500


def test_registry_is_whole():
    assert [rule.index for rule in sorted(card_rules.RULES, key=lambda r: r.index)] == list(range(L.N_CARD_RULES))
    assert L.CARD_RULES + L.N_ROLES * L.N_CARD_RULES == L.ROLE_POLICY <= L.N_POLICY_PARAMS
    for rule in card_rules.RULES:
        assert rule.doc and rule.kind in ("lead", "follow", "discard", "trumps", "vole")
        assert rule.defaults and set(rule.defaults) <= set(card_rules.ROLES)
        assert all(rule.low <= value <= rule.high for value in rule.defaults.values())
    slots = [card_rules.split(name)[1].slot(card_rules.split(name)[0]) for name in card_rules.parameter_names()]
    assert len(set(slots)) == len(slots) and min(slots) >= L.CARD_RULES and max(slots) < L.ROLE_POLICY


def test_every_role_rule_lands_in_its_slot():
    for name in card_rules.parameter_names():
        role, rule = card_rules.split(name)
        value = rule.high if rule.defaults[role] != rule.high else rule.low
        _, params = kernel_arrays([make_seat_policy("heuristic", {name: value})] * 4)
        _, default = kernel_arrays([make_seat_policy("heuristic")] * 4)
        changed = np.nonzero(params[0] != default[0])[0]
        assert list(changed) == [rule.slot(role)], name


def test_defaults_are_the_kernel_row():
    _, params = kernel_arrays([make_seat_policy("heuristic")] * 4)
    for name in card_rules.parameter_names():
        role, rule = card_rules.split(name)
        assert params[2, rule.slot(role)] == rule.defaults[role]
    # a random seat's row holds the same rule values, ready for the heuristic's play
    _, mixed = kernel_arrays([make_seat_policy("random")] * 4)
    assert (mixed[:, L.CARD_RULES:] == params[:, L.CARD_RULES:]).all()


def test_groups_shorthands_and_precedence():
    policy = make_seat_policy("heuristic", {"defenders.avoid_ombre_voids": 0, "defender_alone.avoid_ombre_voids": 1,
                                            "draw_trumps": 0.8})
    values = policy.card_rule_values()
    assert values["defender_called.avoid_ombre_voids"] == 0 and values["defender_alone.avoid_ombre_voids"] == 1
    assert values["ombre.draw_trumps"] == values["forced_ombre.draw_trumps"] == 0.8
    assert values["friend.draw_trumps"] == card_rules.NEVER
    assert policy.describe().endswith("ombre.draw_trumps=0.8, forced_ombre.draw_trumps=0.8, "
                                      "defender_called.avoid_ombre_voids=0)")
    assert make_seat_policy("heuristic").describe() == (
        "heuristic(ask_threshold=3.6, alone_threshold=5.9, take_forced_threshold=5.4, call_long_suit=1, "
        "demand_threshold=4.9, casco_threshold=3.6)")
    assert card_rules.expand("side.vole_losers") == ("ombre.vole_losers", "friend.vole_losers",
                                                     "forced_ombre.vole_losers")


@pytest.mark.parametrize("params, message", [
    ({"friend.avoid_ombre_voids": 1}, "no parameter 'friend.avoid_ombre_voids'"),
    ({"ombre.draw_card": 3}, "outside [0, 2]"),
    ({"nobody.draw_card": 1}, "no parameter 'nobody.draw_card'"),
])
def test_bad_rule_parameters_are_refused(params, message):
    with pytest.raises(PolicyError, match=message.replace("[", r"\[").replace("]", r"\]")):
        make_seat_policy("heuristic", params)


def test_command_line_role_parameters():
    every = resolve_policies(4, params=["friend.lead_master_trump=0"])
    assert all(p.card_rule_values()["friend.lead_master_trump"] == 0 for p in every)
    one = resolve_policies(4, params=["second.defenders.second_hand_low=0"])
    assert [p.card_rule_values()["defender_alone.second_hand_low"] for p in one] == [1, 0, 1, 1]
    with pytest.raises(PolicyError, match="no rule 'nothing' for friend"):
        resolve_policies(4, params=["friend.nothing=1"])
    with pytest.raises(PolicyError, match="no seat plays a policy with that parameter"):
        resolve_policies(4, policy="random", params=["ombre.draw_card=1"])


def _changed_value(rule: card_rules.CardRule, role: str) -> float:
    """A value of ``rule`` other than its default for ``role`` that changes what it does."""
    special = {"draw_trumps": 0.0 if role in card_rules.SIDE and role != "friend" else 0.5,
               "draw_card": 1.0, "draw_min_out": 3.0, "lead_top_trump": 3.0, "vole_losers": 2.0}
    if rule.name in special:
        return special[rule.name]
    return 1.0 - rule.defaults[role]


SWEEP = {rule.name: {f"{role}.{rule.name}": _changed_value(rule, role) for role in rule.defaults}
         for rule in card_rules.RULES}
SWEEP["draw_card=2"] = {f"{role}.draw_card": 2.0 for role in card_rules.ROLES}


@pytest.fixture(scope="module")
def default_rows(ruleset, heuristic4):
    return kernel_rows(ruleset, heuristic4, seed=808, first_deal=0, deals=DEALS)


@pytest.mark.parametrize("case", sorted(SWEEP))
def test_each_rule_changes_play_and_both_engines_agree(ruleset, default_rows, case):
    policies = [make_seat_policy("heuristic", SWEEP[case])] * 4
    rows = kernel_rows(ruleset, policies, seed=808, first_deal=0, deals=DEALS)
    reference = play_deals(ruleset, tuple(policies), 808, 0, DEALS)
    assert_same_rows(rows, reference, f"card rule {case}")
    changed = int((rows != default_rows).any(axis=1).sum())
    assert changed > 0, f"{case} changed no deal of {DEALS}"


@pytest.mark.parametrize("name", ["quadrille-a-trois", "mediateur", "italian-modern"])
def test_mixed_rule_values_in_the_variants(name):
    """Every role with its own non-default values, the seats on different rule sets, sessions of
    three: the engines agree under each variant's contracts (demanded kings, casco, forced games)."""
    ruleset = load_ruleset(name)
    generator = np.random.default_rng(7)
    policies = []
    for _ in range(ruleset["pack.seats"]):
        values = {}
        for rule_name in card_rules.parameter_names():
            role, rule = card_rules.split(rule_name)
            if generator.random() < 0.4:
                values[rule_name] = float(np.round(generator.uniform(rule.low, rule.high)))
        policies.append(make_seat_policy("heuristic", values))
    rows = kernel_rows(ruleset, policies, seed=99, first_deal=0, deals=600, session_length=3)
    reference = play_deals(ruleset, tuple(policies), 99, 0, 600, session_length=3)
    assert_same_rows(rows, reference, f"mixed card rules under {name}")


def test_policy_listing_names_every_rule():
    from rich.console import Console

    from spadille.cli.quadrille.policy_view import policy_view

    console = Console(width=100, record=True)
    console.print(policy_view("heuristic"))
    text = console.export_text()
    for rule in card_rules.RULES:
        assert rule.name in text
    assert "defender_alone" in text and "ROLE.RULE" in text
    assert set(POLICIES["heuristic"].params) >= set(card_rules.parameter_names())


def test_each_policy_lists_its_own_card_play():
    """`spadille rules quadrille --policy strong` prints strong's values, not the heuristic's: on every
    rule's row, each role's cell is the policy's own value, so the two listings differ where they do."""
    from typer.testing import CliRunner

    from spadille.cli.app import app

    def cells(name: str) -> dict[str, list[str]]:
        result = CliRunner().invoke(app, ["rules", "quadrille", "--policy", name], env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        rows = {}
        for line in result.output.splitlines():
            parts = [part.strip() for part in line.strip("│┃ ").split("│")]
            if parts and parts[0] in card_rules.BY_NAME:
                rows[parts[0]] = parts[-len(card_rules.ROLES):]
        return rows

    shown = {name: cells(name) for name in ("strong", "heuristic")}
    differ = 0
    for rule in card_rules.RULES:
        for index, role in enumerate(card_rules.ROLES):
            for name in shown:
                expected = f"{POLICIES[name].params[f'{role}.{rule.name}'].default:g}" if role in rule.defaults else "–"
                assert shown[name][rule.name][index] == expected, (name, role, rule.name)
            differ += shown["strong"][rule.name][index] != shown["heuristic"][rule.name][index]
    assert differ >= 40   # strong.toml sets over forty card-play values

"""Policy options and policy files resolved to one SeatPolicy a seat."""

from __future__ import annotations

import pytest

from spadille.cli.quadrille.seating import describe_seating, resolve_policies
from spadille.kernel.quadrille.policies import POLICIES, PolicyError

# How an unknown parameter's error lists the heuristic's: the general ones by name, the card-play
# rules by where to find them (there are over a hundred).
HEURISTIC_PARAMETERS = (", ".join(k for k, p in POLICIES["heuristic"].params.items() if not p.card_rule)
                        + ", and ROLE.RULE card-play rules (spadille rules quadrille --policy heuristic)")


def names(policies):
    return [p.name for p in policies]


def test_default_is_heuristic_everywhere_with_registry_defaults():
    policies = resolve_policies(4)
    assert names(policies) == ["heuristic"] * 4
    assert all(p.params == {} for p in policies)
    assert describe_seating(policies).endswith(" at every seat")


def test_policy_seat_policy_and_params():
    policies = resolve_policies(4, "random", ["third=heuristic"], ["ask_threshold=4.5", "third.alone_threshold=6.5"])
    assert names(policies) == ["random", "random", "heuristic", "random"]
    assert dict(policies[2].params) == {"ask_threshold": 4.5, "alone_threshold": 6.5}
    assert describe_seating(policies).startswith("eldest=random, second=random, third=heuristic(ask_threshold=4.5, ")


def test_policy_file_layers_under_the_command_line(tmp_path):
    path = tmp_path / "p.toml"
    path.write_text('[default]\npolicy = "heuristic"\ndraw_trumps = 0.5\n'
                    '[seats.dealer]\npolicy = "random"\n'
                    '[seats.second]\nask_threshold = 3.0\n', encoding="utf-8")
    policies = resolve_policies(4, None, ["eldest=random"], ["second.ask_threshold=2.5"], path)
    assert names(policies) == ["random", "heuristic", "heuristic", "random"]
    assert dict(policies[1].params) == {"draw_trumps": 0.5, "ask_threshold": 2.5}  # --param beats the file
    assert dict(policies[2].params) == {"draw_trumps": 0.5}
    assert policies[3].params == {}


@pytest.mark.parametrize("kwargs, message", [
    ({"seat_policies": ["north=random"]}, "--seat-policy: unknown seat 'north'; seats: eldest, second, third, dealer"),
    ({"seat_policies": ["eldest"]}, "--seat-policy 'eldest' must look like SEAT=NAME"),
    ({"seat_policies": ["eldest=bridge"]}, "unknown policy 'bridge'; available: random, heuristic, strong, dd, pimc, learned"),
    ({"params": ["nope=1"]}, "--param 'nope': no seat plays a policy with that parameter (policies: heuristic)"),
    ({"params": ["ask_threshold"]}, "--param 'ask_threshold' must look like KEY=VALUE, SEAT.KEY=VALUE or [SEAT.]ROLE.RULE=VALUE"),
    ({"params": ["eldest.nope=1"]}, "policy 'heuristic' has no parameter 'nope' (its parameters: "
                                     + HEURISTIC_PARAMETERS + ")"),
    ({"params": ["ask_threshold=lots"]}, "parameter heuristic.ask_threshold must be a number, not 'lots'"),
    ({"params": ["ask_threshold=11"]}, "parameter heuristic.ask_threshold = 11 is outside [0, 10]"),
    ({"policy": "random", "params": ["ask_threshold=3"]},
     "--param 'ask_threshold': no seat plays a policy with that parameter (policies: random)"),
])
def test_command_line_errors(kwargs, message):
    with pytest.raises(PolicyError) as info:
        resolve_policies(4, **kwargs)
    assert str(info.value) == message


@pytest.mark.parametrize("text, problem", [
    ('[default]\npolicy = "bridge"\n', " [default]: unknown policy 'bridge'; available: random, heuristic, strong, dd, pimc, learned"),
    ("[players]\n", ": unknown table 'players' (use [default] and [seats.<seat>])"),
    ("[seats.north]\n", " [seats.north]: unknown seat 'north'; seats: eldest, second, third, dealer"),
    ("[default]\nask_treshold = 3\n", " [default]: policy 'heuristic' has no parameter 'ask_treshold' (its parameters: "
     + HEURISTIC_PARAMETERS + ")"),
    ('[seats.third]\npolicy = "random"\ndraw_trumps = 1\n',
     " [seats.third]: policy 'random' has no parameter 'draw_trumps' (its parameters: none)"),
    ("[default\n", " is not valid TOML: Expected ']' at the end of a table declaration (at line 1, column 9)"),
])
def test_policy_file_errors(tmp_path, text, problem):
    path = tmp_path / "p.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PolicyError) as info:
        resolve_policies(4, policy_file=path)
    assert str(info.value) == f"policy file '{path}'{problem}"

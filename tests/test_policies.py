"""The policy registry, parameter checks, and whether the heuristic really plays better than chance."""

import math

import numpy as np
import pytest

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import POLICIES, PolicyError, kernel_arrays, make_seat_policy
from spadille.kernel.quadrille.simulate import RunConfig, simulate


def test_registry_is_consistent():
    ids = [spec.kernel_id for spec in POLICIES.values() if spec.values_of is None]
    assert len(set(ids)) == len(ids)
    for spec in POLICIES.values():  # strong: the heuristic's kernel and parameters, other defaults
        if spec.values_of is not None:
            base = POLICIES[spec.values_of]
            assert base.values_of is None and spec.kernel_id == base.kernel_id
            assert {k: (p.index, p.low, p.high) for k, p in spec.params.items()} == \
                {k: (p.index, p.low, p.high) for k, p in base.params.items()}
    for spec in POLICIES.values():
        assert spec.summary
        indices = [p.index for p in spec.params.values() if not p.shorthand]
        assert len(set(indices)) == len(indices) and all(0 <= i < L.N_POLICY_PARAMS for i in indices)
        for param in spec.params.values():  # a shorthand sets rules of the same policy
            assert param.index == -1 if param.shorthand else param.index >= 0
            assert all(name in spec.params for name in param.shorthand)
        for param in spec.params.values():
            assert param.doc and param.low <= param.default <= param.high


def test_cli_choices_come_from_the_registry():
    from spadille.cli.quadrille.options import PolicyName

    assert [member.value for member in PolicyName] == list(POLICIES)


@pytest.mark.parametrize(("name", "params", "message"), [
    ("greedy", {}, "unknown policy 'greedy'; available: random, heuristic, strong, dd, pimc, learned"),
    ("random", {"ask_threshold": 3}, "policy 'random' has no parameter 'ask_threshold' (its parameters: none)"),
    ("heuristic", {"ask_threshold": "high"}, "parameter heuristic.ask_threshold must be a number, not 'high'"),
    ("heuristic", {"ask_threshold": 11}, "parameter heuristic.ask_threshold = 11 is outside [0, 10]"),
])
def test_bad_policies_are_refused_in_one_sentence(name, params, message):
    with pytest.raises(PolicyError) as error:
        make_seat_policy(name, params)
    assert str(error.value) == message


def test_parameters_reach_the_kernel():
    ids, params = kernel_arrays([make_seat_policy("heuristic", {"alone_threshold": 7.5}), make_seat_policy("random")])
    assert ids[0] == L.POLICY_HEURISTIC and ids[1] == L.POLICY_RANDOM
    assert params[0, L.H_ALONE] == 7.5
    assert params[0, L.H_ASK] == POLICIES["heuristic"].params["ask_threshold"].default


def test_a_higher_ask_threshold_means_fewer_asks(ruleset):
    """Parameters change play: with the same deals, a stricter threshold asks less often."""
    def called_games(threshold):
        policies = tuple(make_seat_policy("heuristic", {"ask_threshold": threshold}) for _ in range(4))
        result = simulate(RunConfig(ruleset, policies, seed=5, deals=4000))
        return result.by_contract[L.CALLED, :, L.S_N].sum()

    assert called_games(3.0) > called_games(4.0) > called_games(5.0)


def _team_nets(ruleset, seats, deals):
    result = simulate(RunConfig(ruleset, seats, seed=11, deals=deals, record=True))
    pay = result.rows[:, L.COL_PAY:L.COL_PAY + 4]
    return pay[:, 0] + pay[:, 2]


def test_heuristic_beats_random_on_the_same_deals(ruleset):
    """Paired comparison: seats 0 and 2 play the same cards as heuristic, then as random,
    against the other arrangement; their net gain must be positive beyond its 95% CI."""
    heuristic, chance = make_seat_policy("heuristic"), make_seat_policy("random")
    deals = 6000
    as_heuristic = _team_nets(ruleset, (heuristic, chance, heuristic, chance), deals)
    as_random = _team_nets(ruleset, (chance, heuristic, chance, heuristic), deals)
    difference = (as_heuristic - as_random).astype(np.float64)
    mean = difference.mean()
    half_width = 1.96 * difference.std(ddof=1) / math.sqrt(deals)
    assert mean - half_width > 0, f"heuristic minus random: {mean:.2f} ± {half_width:.2f} jetons per deal"

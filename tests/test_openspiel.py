"""The OpenSpiel extra: python_quadrille and python_reversis against our reference engines.

Parity: on seeded deals, the OpenSpiel game played by our policies as bots (sharing the deal's
stream, as the engine's seats do) leaves the engine's row or record column for column (every
bid, card, trick and payment), and every decision it asks offers exactly the options the
reference engine offers at the same point. Then OpenSpiel's own random-simulation test on both
games, its playthrough files replayed, the observer's fixed sizes and privacy, resampling from an
information state, and the bots derived from the policy registries. `make test` installs the extra.
"""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")   # `make test` installs the extra, so CI runs these

import spadille.openspiel  # noqa: E402,F401  (registers the games)
from citations import REPO  # noqa: E402
from spadille.kernel.common._rng import PythonStream  # noqa: E402
from spadille.kernel.quadrille import layout as QL  # noqa: E402
from spadille.kernel.quadrille.policies import POLICIES, make_seat_policy  # noqa: E402
from spadille.kernel.quadrille.reference import ReferenceEngine, Table, deal_hands, read_rules  # noqa: E402
from spadille.kernel.quadrille.ruleset import available_rulesets, load_ruleset  # noqa: E402
from spadille.kernel.reversis import layout as RL  # noqa: E402
from spadille.kernel.reversis.policies import parse_policy  # noqa: E402
from spadille.kernel.reversis.reference import engine as reversis_engine  # noqa: E402
from spadille.kernel.reversis.ruleset import available_presets, load_reversis_ruleset  # noqa: E402
from spadille.openspiel.quadrille import bots as quadrille_bots  # noqa: E402
from spadille.openspiel.quadrille.replay import CARD, VOLE  # noqa: E402
from spadille.openspiel.reversis import bots as reversis_bots  # noqa: E402
from spadille.openspiel.reversis.game import stream_after_deal  # noqa: E402

DEALS = 4


class Recorder:
    """Forwards to the engine's policies and logs the options of every decision it is asked."""

    def __init__(self, policies, options_of):
        self.policies, self.options_of, self.log = policies, options_of, []

    def __getattr__(self, name):
        method = getattr(self.policies, name)
        if name not in self.options_of:
            return method

        def recorded(*args, **kwargs):
            self.log.append(tuple(sorted(self.options_of[name](*args))))
            return method(*args, **kwargs)
        return recorded


QUADRILLE_OPTIONS = {
    "bid": lambda seat, hand, open_bids, stream: open_bids,
    "force_answer": lambda asker, hand, overbid, stream: (QL.CEDE, QL.TAKE),
    "trump": lambda seat, hand, allowed, alone, stream: allowed,
    "call": lambda seat, hand, trump, calls, stream: calls,
    "demand": lambda seat, hand, trump, demands, stream: demands,
    "gift": lambda seat, hand, king, trump, stream: set(hand) - {king},
    "card": lambda state, seat, legal, *rest: legal,
    "vole": lambda state, seat, *rest: (0, 1),
}


def _play_quadrille(game, hands, stream, policy):
    """Deal ``hands``, let the bots play on ``stream``; the finished state and each real choice's options."""
    state = game.new_initial_state()
    for hand in hands:
        for card in sorted(hand):
            state.apply_action(card)
    seats = game.num_players()
    bots = [quadrille_bots.make_bot(game, seat, policy, stream=stream) for seat in range(seats)]
    asked = []
    while not state.is_terminal():
        kind, options = state.decision()
        if len(options) > 1 or kind == VOLE:
            asked.append(tuple(sorted(options)))
        assert len(state.legal_actions()) == len(options)
        state.apply_action(bots[state.current_player()].step(state))
    return state, asked


@pytest.mark.parametrize("ruleset", available_rulesets())
def test_quadrille_plays_every_deal_as_the_reference_engine(ruleset):
    game = pyspiel.load_game("python_quadrille", {"ruleset": ruleset})
    rs = load_ruleset(ruleset)
    rules = read_rules(rs)
    for deal in range(DEALS):
        for policy in ("heuristic", "random"):
            engine = ReferenceEngine(rs, [make_seat_policy(policy)] * rules.seats)
            engine.policies = Recorder(engine.policies, QUADRILLE_OPTIONS)
            expected = engine.play_deal(11, deal, Table())
            stream = PythonStream(11, deal)
            state, asked = _play_quadrille(game, deal_hands(rules, stream), stream, policy)
            assert np.array_equal(state.row[1:], expected[1:]), (ruleset, policy, deal)   # column 0: the deal index
            assert asked == engine.policies.log, (ruleset, policy, deal)
            assert state.payments() == list(expected[QL.COL_PAY:QL.COL_PAY + rules.seats])
            returns = state.returns()
            assert sum(returns) == pytest.approx(0.0, abs=1e-9)
            assert returns == pytest.approx([p + expected[QL.COL_POOL] / rules.seats for p in state.payments()])


def test_quadrille_rule_overrides_are_game_parameters():
    game = pyspiel.load_game("python_quadrille(ruleset=encyclopedie-1765,rules=payments.lone_payment_threshold:4)")
    assert game.context.ruleset["payments.lone_payment_threshold"] == 4
    with pytest.raises(Exception, match="unknown rule"):
        pyspiel.load_game("python_quadrille", {"rules": "no.such_rule=1"})


REVERSIS_OPTIONS = {
    "discard": lambda position, hand, may_keep: tuple(hand) + ((RL.NO_CARD,) if may_keep else ()),
    "card": lambda position, hand, legal, follow, obs: legal,
}


@pytest.mark.parametrize("preset", available_presets())
def test_reversis_plays_every_deal_as_the_reference_engine(preset, monkeypatch):
    game = pyspiel.load_game("python_reversis", {"preset": preset})
    rs = load_reversis_ruleset(preset=preset)
    for deal in range(2):
        pack, stream = stream_after_deal(5, deal)
        state = game.new_initial_state()
        for card in pack:
            state.apply_action(card)
        bots = [reversis_bots.make_bot(game, position, "heuristic", stream=stream) for position in range(RL.N_POS)]
        asked = []
        while not state.is_terminal():
            asked.append(tuple(sorted(state.decision()[1])))
            state.apply_action(bots[state.current_player()].step(state))
        _, engine_stream = stream_after_deal(5, deal)   # where the engine's own shuffle leaves its stream
        recorder = Recorder(reversis_engine.SharedPolicies([parse_policy("heuristic")] * RL.N_POS, engine_stream),
                            REVERSIS_OPTIONS)
        monkeypatch.setattr(reversis_engine, "SharedPolicies", lambda by_position, stream: recorder)
        expected = reversis_engine.play_deal(rs, [parse_policy("heuristic")] * RL.N_POS, 5, deal).record()
        monkeypatch.undo()
        assert np.array_equal(state.record(), expected), (preset, deal)
        assert asked == recorder.log
        assert sum(state.returns()) == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize("name", ["python_quadrille", "python_quadrille(ruleset=quadrille-a-trois)",
                                  "python_quadrille(ruleset=italian-modern)", "python_reversis"])
def test_openspiels_random_simulation_test(name):
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("name", ["python_quadrille", "python_reversis"])
def test_the_playthrough_file_replays(name):
    from absl import flags
    from open_spiel.python.algorithms import generate_playthrough

    if not flags.FLAGS.is_parsed():
        flags.FLAGS(["playthrough"])
    kept, again = generate_playthrough.replay(str(REPO / "openspiel" / "playthroughs" / f"{name}.txt"))
    assert kept == again


def _midgame(game, seed, cards_played):
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and (state.play is None or len(state.plays) < cards_played):
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    return state


def test_observer_sizes_are_fixed_and_the_public_view_hides_the_hand():
    game = pyspiel.load_game("python_quadrille")
    state = _midgame(game, 3, 9)
    size = len(state.information_state_tensor(0))
    assert size == game.information_state_tensor_size()
    assert len(state.observation_tensor(1)) == game.observation_tensor_size() < size
    assert state.information_state_string(0) != state.information_state_string(1)
    from open_spiel.python.observation import make_observation

    observation = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                                                    private_info=pyspiel.PrivateInfoType.NONE))
    observation.set_from(state, 0)
    seen_by_all = observation.string_from(state, 0).split(" | ", 1)[1]
    observation.set_from(state, 1)
    assert observation.string_from(state, 1).split(" | ", 1)[1] == seen_by_all
    assert "hand" not in seen_by_all


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_resampling_keeps_the_information_state_and_the_voids(seed):
    game = pyspiel.load_game("python_quadrille")
    state = _midgame(game, seed, 17)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others = set()
    for _ in range(3):
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        for seat in range(game.num_players()):
            assert not world.hand(seat) & state.play.cannot_hold[seat]   # voids and duties respected
        if state.play.called >= 0 and not state.play.called_seen and player != state.play.ombre:
            assert world.play.contract in (QL.CALLED, QL.SELF_CALLED) and world.play.called == state.play.called
        others.add(tuple(frozenset(world.hand(seat)) for seat in range(game.num_players())))
        world.apply_action(world.legal_actions()[0])
    assert len(others) > 1   # the hidden hands really are drawn again


def test_the_bots_are_the_policy_registry():
    assert quadrille_bots.bot_names() == tuple(POLICIES)
    assert reversis_bots.bot_names() == tuple(n for n in RL.POLICY_NAMES if n != "search")
    with pytest.raises(ValueError, match="unknown policy"):
        quadrille_bots.make_bot(pyspiel.load_game("python_quadrille"), 0, "nobody")


def test_strong_and_pimc_bots_play_a_deal_against_a_random_agent():
    game = pyspiel.load_game("python_quadrille")
    state = _midgame(game, 8, 0)
    while state.play is None:   # the Encyclopédie's deals are always played (forced spadille)
        state.apply_action(quadrille_bots.make_bot(game, state.current_player(), "strong").step(state))
    pimc = quadrille_bots.make_bot(game, 0, "pimc", params={"samples": 2})
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        action = pimc.step(state) if state.current_player() == 0 else int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(0.0, abs=1e-9)

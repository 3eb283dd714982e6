"""What both OpenSpiel games share, and no game of its own: the game type, the observer's tensor
laid out in named pieces, the key of a resampling's draws, and the frame of a bot that plays one of
our policies."""

from __future__ import annotations

import numpy as np
import pyspiel


def game_type(short_name: str, long_name: str, min_players: int, max_players: int, params: dict) -> pyspiel.GameType:
    """A sequential card game with the deal at chance nodes, hidden hands and zero-sum payments at the end."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=True,
        parameter_specification=params,
    )


def tensor_views(pieces) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """One flat float32 tensor for ``pieces`` [(name, size, shape)], and a named, reshaped view of each."""
    tensor = np.zeros(sum(size for _, size, _ in pieces), np.float32)
    views, index = {}, 0
    for name, size, shape in pieces:
        views[name] = tensor[index:index + size].reshape(shape)
        index += size
    return tensor, views


def sampler_key(probability_sampler) -> int:
    """A 64-bit key for our random draws from OpenSpiel's sampler (a callable giving floats in
    [0, 1)), or from an int."""
    if callable(probability_sampler):
        key = int(probability_sampler() * 2.0**53) ^ (int(probability_sampler() * 2.0**53) << 11)
    else:
        key = int(probability_sampler)
    return key % 2**64


def override_texts(overrides: str) -> list[str]:
    """'KEY=VALUE;KEY=VALUE' as --rule takes them; inside a game string, where OpenSpiel keeps '=' and
    ',' for itself, 'KEY:VALUE' says the same."""
    texts = [text.strip() for text in overrides.split(";") if text.strip()]
    return [text if "=" in text else text.replace(":", "=", 1) for text in texts]


class PolicyBotFrame(pyspiel.Bot):
    """A bot that keeps no state between moves: each step asks the policy about the state it is given."""

    def restart_at(self, state) -> None:
        pass

    def inform_action(self, state, player_id, action) -> None:
        pass

    def step_with_policy(self, state):
        action = self.step(state)
        return [(action, 1.0)], action

    def provides_policy(self) -> bool:
        return False

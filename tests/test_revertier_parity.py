"""The numba kernel against the readable reference engine, exactly: over 10,000 seeded games
under every switch with one, two or three men a side (where the reference is quick), more with fifteen
and with expectimax, the candidates of thousands of throws from real fifteen-man positions, and
independence from threads and batches."""

from __future__ import annotations

import numpy as np
import pytest

from spadille.kernel.revertier import layout as C
from spadille.kernel.revertier.moves import legal_boards
from spadille.kernel.revertier.reference.game import play_game
from spadille.kernel.revertier.reference.throw import candidates
from spadille.kernel.revertier.ruleset import load_revertier_ruleset
from spadille.kernel.revertier.simulate import GameConfig, run_games, trace_game

SEED = 20_260_118
# (preset, overrides): every value of every switch appears at least once.
COMBOS = [
    (None, []),
    ("verquere-1674", []),
    ("svensk-bradspel-1905", []),
    (None, ["bearoff.overthrow=from-highest", "dice.one_die=either"]),
    (None, ["making.no_doubling_zone=first-12-with-start", "entry.may_hit=true", "start.first_player=lower",
            "wins.blocked_opponent=berm"]),
    (None, ["dice.doublets=2", "wins.jan=fiske", "entry.blocked=whole-turn"]),
    ("svensk-bradspel-1905", ["wins.jan=none", "bearoff.overthrow=from-highest", "wins.blocked_opponent=berm"]),
]
POLICY_PAIRS = [("random", "heuristic"), ("heuristic", "random"), ("hitter", "runner"), ("runner", "heuristic"),
                ("heuristic-full", "heuristic"), ("heuristic", "heuristic")]


def _rules(preset, overrides, men=None):
    extra = [f"board.men={men}"] if men is not None else []
    return load_revertier_ruleset(preset=preset, override_texts=[*overrides, *extra])


def _compare(rules, policies, first, count):
    codes = [int(x) for x in rules.codes()]
    kernel = run_games(GameConfig(rules, SEED, count, policies, first_game=first)).out
    pair = tuple(C.POLICY_NAMES.index(p) for p in policies)
    for i in range(count):
        expected = play_game(SEED, first + i, pair, codes).row()
        assert kernel[i, :len(expected)].tolist() == expected, (rules.label(), rules.switch_values(), policies, first + i)
    return kernel


def test_ten_thousand_games_with_few_men_agree():
    games = with_heuristic = 0
    first = 0
    for preset, overrides in COMBOS:
        for men, count in ((1, 140), (2, 120), (3, 50)):
            rules = _rules(preset, overrides, men)
            for policies in POLICY_PAIRS:
                _compare(rules, policies, first, count)
                first += count
                games += count
                with_heuristic += count if "heuristic" in policies else 0
    assert games >= 10_000 and with_heuristic >= 10_000


@pytest.mark.parametrize(("preset", "overrides"), COMBOS[:3] + COMBOS[5:6])
def test_fifteen_man_games_agree(preset, overrides):
    rules = _rules(preset, overrides)
    kernel = _compare(rules, ("random", "heuristic"), 0, 12)
    kernel = np.concatenate([kernel, _compare(rules, ("heuristic", "heuristic"), 50, 12)])
    kernel = np.concatenate([kernel, _compare(rules, ("hitter", "runner"), 100, 8)])
    assert (kernel[:, 2] != C.KIND_UNFINISHED).all()


def test_expectimax_agrees():
    for preset, overrides in COMBOS[:3]:
        rules = _rules(preset, overrides, 2)
        _compare(rules, ("expectimax", "heuristic"), 0, 15)
        _compare(rules, ("random", "expectimax"), 0, 15)


def test_every_candidate_of_fifteen_man_throws_agrees():
    """Not just the chosen play: the whole sorted list of legal boards, throw by throw."""
    checked = 0
    for preset, overrides in COMBOS:
        rules = _rules(preset, overrides)
        codes = [int(x) for x in rules.codes()]
        for game in range(4):
            _, trace = trace_game(rules, SEED, game, ("random", "random"))
            rng = np.random.default_rng(game)
            for step in range(0, len(trace), 3):
                board = trace[step, 3:].reshape(2, C.SLOTS)
                mover = 1 - int(trace[step, 0])
                die1, die2 = (int(d) for d in rng.integers(1, 7, size=2))
                expected = candidates((tuple(int(x) for x in board[0]), tuple(int(x) for x in board[1])),
                                      mover, die1, die2, codes)
                found = legal_boards(rules, board, mover, die1, die2)
                assert [tuple(map(tuple, b.tolist())) for b in found] == expected, (rules.label(), game, step)
                checked += 1
    assert checked >= 1_000


def test_the_heuristic_plays_only_legal_candidates():
    """The die-by-die heuristic never breaks the must-use-both-dice or larger-die rules: each play
    it makes from real fifteen-man positions is one of the reference engine's candidates."""
    from spadille.kernel.revertier.reference.greedy import play

    checked = 0
    for preset, overrides in COMBOS:
        rules = _rules(preset, overrides)
        codes = [int(x) for x in rules.codes()]
        trace = np.concatenate([trace_game(rules, SEED, game, ("random", "random"))[1] for game in (1, 2)])
        for step in range(0, len(trace), 2):
            board = trace[step, 3:].reshape(2, C.SLOTS)
            position = (tuple(int(x) for x in board[0]), tuple(int(x) for x in board[1]))
            mover = 1 - int(trace[step, 0])
            for die1, die2 in ((step % 6 + 1, (step // 6) % 6 + 1), (step % 5 + 2, step % 5 + 2)):
                assert play(position, mover, die1, die2, codes) in candidates(position, mover, die1, die2, codes)
                checked += 1
    assert checked >= 1_000


def test_games_do_not_depend_on_threads_or_batches():
    rules = load_revertier_ruleset()
    config = GameConfig(rules, 7, 90, ("heuristic", "random"))
    one = run_games(GameConfig(rules, 7, 90, ("heuristic", "random"), threads=1), batch=13, chunk=1).out
    many = run_games(config, batch=64, chunk=16).out
    assert np.array_equal(one, many)
    later = run_games(GameConfig(rules, 7, 30, ("heuristic", "random"), first_game=60)).out
    assert np.array_equal(later, many[60:])


def test_the_dice_do_not_depend_on_the_policies():
    """Swapping or changing policies replays the same throws: the pairing of comparisons."""
    rules = load_revertier_ruleset()
    _, a = trace_game(rules, 3, 5, ("heuristic", "random"))
    _, b = trace_game(rules, 3, 5, ("random", "heuristic"))
    n = min(len(a), len(b))
    # the throws (columns 1, 2) are the same in order; the mover alternates from the same starter
    assert np.array_equal(a[:n, 1:3], b[:n, 1:3]) and a[0, 0] == b[0, 0]


def test_blocked_opponent_wins_agree():
    """wins.blocked_opponent=berm (RULES.md §4): games the kernel ends by leaving the opponent no
    move are ended the same way, throw for throw, by the reference."""
    rules = _rules(None, ["wins.blocked_opponent=berm"])
    codes = [int(x) for x in rules.codes()]
    kernel = run_games(GameConfig(rules, SEED, 200, ("heuristic", "heuristic"))).out
    blocked = np.flatnonzero(kernel[:, 2] == C.KIND_BLOCKED)
    assert len(blocked) >= 3
    for game in blocked[:3]:
        expected = play_game(SEED, int(game), (C.POLICY_HEURISTIC, C.POLICY_HEURISTIC), codes).row()
        assert kernel[game, :len(expected)].tolist() == expected

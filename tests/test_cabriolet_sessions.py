"""Cabriolet sessions: the board's flows balance, deals do not depend on batching, policies
are paired on the same deals, and the greedy play for the jeu follows the rules."""

from __future__ import annotations

import numpy as np
import pytest

from spadille.analyses.cabriolet.cases import case_values, policy_comparison, session_rows
from spadille.kernel.cabriolet import layout as L
from spadille.kernel.cabriolet._play import play_tricks, player_wins
from spadille.kernel.cabriolet.cards import parse_hand
from spadille.kernel.cabriolet.ruleset import load_cabriolet_ruleset
from spadille.kernel.cabriolet.simulate import SessionConfig, cover_mask, run_sessions
from spadille.kernel.common.errors import SimulationError


@pytest.fixture(scope="module")
def rules():
    return load_cabriolet_ruleset()


@pytest.mark.parametrize("overrides", [[], ["board.restake=every-deal", "cases.cabriolet_sweep=all",
                                           "declare.opposition=false", "play.win_condition=most-tricks",
                                           "play.who=eldest-only", "play.must_trump=true",
                                           "cases.aces_requires=none", "declare.exchange=off"]])
@pytest.mark.parametrize("n_players", [4, 6])
def test_every_jeton_is_accounted_for(n_players, overrides):
    rules = load_cabriolet_ruleset("cabriolet-lacombe-1798", overrides)
    result = run_sessions(SessionConfig(rules, n_players, 5, 400, 15, ("all", "jeu", "none")))
    out = result.out
    assert (out[:, :, L.OUT_NET:L.OUT_NET + 6].sum(axis=2) + out[:, :, L.OUT_LEFTOVER] == 0).all()
    focal = out[:, :, L.OUT_CASE:L.OUT_CASE + 9].sum(axis=2) + out[:, :, L.OUT_ACES] + out[:, :, L.OUT_PENALTY]
    assert (focal == out[:, :, L.OUT_NET]).all()
    covering_nothing = out[:, 2, L.OUT_CASE:L.OUT_CASE + 9]
    if overrides:  # under cabriolet_sweep=all three jacks take every case, covered or not; no stake is paid
        assert (covering_nothing >= 0).all()
    else:
        assert (covering_nothing == 0).all()
    assert (out[:, :, L.OUT_NET + n_players:L.OUT_NET + 6] == 0).all()


def test_batches_and_threads_do_not_change_sessions(rules):
    config = SessionConfig(rules, 5, 9, 300, 10, ("all", "jeu"))
    one = run_sessions(config, batch=300).out
    other = run_sessions(SessionConfig(rules, 5, 9, 300, 10, ("all", "jeu"), threads=1), batch=37).out
    assert (one == other).all()
    # a policy's sessions do not depend on which other policies run beside it
    alone = run_sessions(SessionConfig(rules, 5, 9, 300, 10, ("jeu",))).out
    assert (alone[:, 0] == one[:, 1]).all()


def test_tables_carry_n_and_intervals(rules):
    result = run_sessions(SessionConfig(rules, 4, 1, 500, 20))
    values = case_values(result)
    assert set(values["policy"]) == {"all", "jeu", "figures"}
    assert (values["sessions"] == 500).all()
    assert (values["ci_low"] <= values["per_deal"]).all() and (values["per_deal"] <= values["ci_high"]).all()
    comparison = policy_comparison(result)
    assert comparison.loc[0, "minus_all"] == 0
    assert values.attrs["seed"] == 1 and values.attrs["game"] == "cabriolet"
    rows = session_rows(0, result.rows[0], result.config.variants, 4)
    assert len(rows) == 1500 and "net_seat4" not in rows.columns


def test_bad_configs_are_one_sentence(rules):
    with pytest.raises(SimulationError, match="unknown covering 'mariage'"):
        cover_mask("mariage")
    assert cover_mask("jeu+cabriolet") == (1 << 8) | (1 << 7)
    with pytest.raises(SimulationError, match="play-threshold"):
        SessionConfig(rules, play_threshold=7).validate()
    with pytest.raises(Exception, match="not 7"):
        SessionConfig(rules, n_players=7).validate()


def test_greedy_play_follows_suit_and_counts_tricks():
    # Trumps hearts. Eldest plays with the four top trumps and an ace: he takes all five.
    hands = np.array([parse_hand("♥A ♥K ♥Q ♥J ♠A"), parse_hand("♠K ♠Q ♠J ♠10 ♠9"),
                      parse_hand("♦A ♦K ♦Q ♦J ♦10"), parse_hand("♣A ♣K ♣Q ♣J ♥7")], dtype=np.uint64)
    tricks = np.zeros(6, dtype=np.int64)
    play_tricks(hands, 4, 1, 0, 0, tricks)
    assert tricks[:4].tolist() == [5, 0, 0, 0]
    assert player_wins(tricks, 4, 0, 0) and player_wins(tricks, 4, 0, 1)
    # Second plays instead with no trump: he loses.
    play_tricks(hands, 4, 1, 1, 0, tricks)
    assert tricks[:4].sum() == 5 and not player_wins(tricks, 4, 1, 0)

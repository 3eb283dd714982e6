"""Cabriolet with dice (Lacombe 1798, "2°. Avec les dez"): each case's effect on hand-built
throws, checked against the passage it rests on; jetons conserved; sessions independent of
batches and threads; simulated case frequencies against the exact 1/216 counts; the CLI."""

from __future__ import annotations

import numpy as np
import pytest
from typer.testing import CliRunner

from spadille.analyses.cabriolet.dice import dice_case_values, dice_session_rows, dice_summary
from spadille.analyses.rowfile import read_row_file
from spadille.cli.app import app
from spadille.kernel.cabriolet import layout as L
from spadille.kernel.cabriolet.ruleset import load_cabriolet_ruleset
from spadille.kernel.cabriolet.simulate import DiceSessionConfig, play_dice_script, run_dice_sessions
from spadille.kernel.common.errors import SimulationError

OTHER3 = ["other"] * 3
JEU, CONFERENCE = 8, 4


@pytest.fixture(scope="module")
def rules():
    # The scripted sums below count a stake on every case each round: the every-deal reading,
    # named here since the default became after-cabriolet (tested on its own further down).
    return load_cabriolet_ruleset("cabriolet-lacombe-1798", ["board.restake=every-deal"])


def nets(row, n=4):
    return row[L.DICE_NET:L.DICE_NET + n].tolist()


def balanced(row, board, n=4):
    return row[L.DICE_NET:L.DICE_NET + n].sum() + board.sum() == 0


# Four players cover all nine cases with one jeton each (stake 1): every case holds 4 and
# everyone is down 9 before the first throw. Seat 0 throws first in round 0.

def test_other_points_pay_two_to_the_jeu(rules):
    # "Lorsqu'on amènera d'autres points que ceux qui sont marqués sur les cases, on payera deux jettons au jeu."
    row, board, made = play_dice_script(rules, 4, ["other"] * 4, 1)
    assert made == 4 and nets(row) == [-11] * 4 and board[JEU] == 4 + 8 and balanced(row, board)


def test_conference_takes_the_case(rules):
    # "A la conférence, tirez ce qui est sur cette case."
    row, board, _ = play_dice_script(rules, 4, ["conference"] + OTHER3, 1)
    assert nets(row) == [-5, -11, -11, -11] and board[CONFERENCE] == 0 and balanced(row, board)
    assert row[L.DICE_THROWER + CONFERENCE] == 4


def test_confidence_takes_one_from_each_and_throws_again(rules):
    # "A la confidence, tirez chacun un jetton, & rejouez un coup."
    row, board, made = play_dice_script(rules, 4, ["confidence", "other"] + OTHER3, 1)
    assert made == 5 and nets(row) == [-9 + 3 - 2, -12, -12, -12] and balanced(row, board)
    assert board[2] == 4  # the case itself is not taken


def test_confiance_takes_the_case_and_one_from_each(rules):
    # "A la confiance, tirez ce qui est sur cette case, & que chacun vous donne un jetton."
    row, board, _ = play_dice_script(rules, 4, ["confiance"] + OTHER3, 1)
    assert nets(row) == [-9 + 4 + 3, -12, -12, -12] and board[1] == 0 and balanced(row, board)


@pytest.mark.parametrize("n, keep", [(4, 2), (5, 4), (6, 4)])
def test_confidens_keep_the_even_half(rules, n, keep):
    # "Aux confidens, recevez deux jettons de chaque joueur ; gardez la moitié paire, & mettez le reste au jeu."
    row, board, _ = play_dice_script(rules, n, ["confidens"] + ["other"] * (n - 1), 1)
    received = 2 * (n - 1)
    assert nets(row, n) == [-9 + keep] + [-9 - 2 - 2] * (n - 1)
    assert board[JEU] == n + (received - keep) + 2 * (n - 1) and balanced(row, board, n)
    assert row[L.DICE_THROWER + 6] == keep


def test_infidelite_pays_each_and_sits_out_two_turns(rules):
    # "A l'infidélité; payez un jetton à chacun des joueurs, & qu'ils jouent deux coups pendant que vous vous
    # reposerez." Rounds 1 and 2 go on without seat 0.
    row, board, made = play_dice_script(rules, 4, ["infidelite"] + ["other"] * 9, 3)
    assert made == 10 and row[L.DICE_FOCAL_THROWS] == 1
    assert nets(row) == [-27 - 3, -27 + 1 - 6, -27 + 1 - 6, -27 + 1 - 6] and balanced(row, board)


def test_secrets_take_one_from_each_case(rules):
    # "Aux secrets, tirez un jetton de chaque case."
    row, board, _ = play_dice_script(rules, 4, ["secret"] + OTHER3, 1)
    assert nets(row) == [0, -11, -11, -11] and board.tolist() == [3] * 8 + [3 + 6] and balanced(row, board)


def test_jeu_takes_the_jeu_and_everyone_restakes_it(rules):
    # "Au jeu, marqué par trois dez, chacun de cinq points. Tirez ce qui est sur cette case, & que tous les
    # joueurs remettent au jeu."
    row, board, _ = play_dice_script(rules, 4, ["jeu"] + OTHER3, 1)
    assert nets(row) == [-9 + 4 - 1, -12, -12, -12] and board[JEU] == 4 + 6 and balanced(row, board)


def test_mariage_takes_the_case_and_two_from_each(rules):
    # "Au mariage légitime ; tirez ce qui est sur cette case, & de chacun deux jettons pour les frais de la nôce."
    row, board, _ = play_dice_script(rules, 4, ["mariage_legitime"] + OTHER3, 1)
    assert nets(row) == [-9 + 4 + 6, -13, -13, -13] and board[0] == 0 and balanced(row, board)


def test_cabriolets_win_the_partie(rules):
    # "Aux cabriolets ; la partie est gagnée, & l'on tire en conséquence tout ce qui est sur les neuf cases."
    row, board, made = play_dice_script(rules, 4, ["cabriolet"], 1)
    assert made == 1 and nets(row) == [27, -9, -9, -9] and board.sum() == 0 and row[L.DICE_ROUNDS_CUT] == 1
    # after-cabriolet: stakes only at the start and after cabriolets ("que chacun recouvre")
    after = load_cabriolet_ruleset("cabriolet-lacombe-1798", ["board.restake=after-cabriolet"])
    row, board, made = play_dice_script(after, 4, ["other"] * 4 + ["cabriolet"] + ["other"] * 4, 3)
    assert made == 9 and row[L.DICE_STAKED] == 36 * 2 and balanced(row, board)
    # round 1 starts with seat 1, who sweeps 36 + 8; round 2 restakes, everyone pays 2 once
    assert nets(row) == [-9 - 2 - 9 - 2, -9 - 2 + 44 - 9 - 2, -22, -22] and board.sum() == 36 + 8


def test_covering_decides_what_a_throw_may_take(rules):
    # "II ne faut point perdre de vue qu'on ne tire jamais rien des cases que l'on n'a pas couvertes."
    covers = ["jeu", "all", "all", "all"]
    row, board, _ = play_dice_script(rules, 4, ["conference"] + OTHER3, 1, covers)
    assert nets(row) == [-1, -11, -11, -11] and board[CONFERENCE] == 3
    anyone = load_cabriolet_ruleset("cabriolet-lacombe-1798", ["dice.collect=any"])
    row, board, _ = play_dice_script(anyone, 4, ["conference"] + OTHER3, 1, covers)
    assert nets(row) == [2, -11, -11, -11] and board[CONFERENCE] == 0
    # payments between players never depend on covering
    row, _, _ = play_dice_script(rules, 4, ["mariage_legitime"] + OTHER3, 1, ["none", "all", "all", "all"])
    assert nets(row) == [6, -13, -13, -13]


@pytest.mark.parametrize("overrides", [[], ["board.restake=every-deal", "dice.cabriolet_sweep=covered",
                                           "dice.collect=any", "board.stake=3"]])
@pytest.mark.parametrize("n_players", [4, 6])
def test_every_jeton_is_accounted_for(n_players, overrides):
    rules = load_cabriolet_ruleset("cabriolet-lacombe-1798", overrides)
    out = run_dice_sessions(DiceSessionConfig(rules, n_players, 5, 400, 15, ("all", "jeu", "none"))).out
    board = out[:, :, L.DICE_BOARD:L.DICE_BOARD + 9].sum(axis=2)
    assert (out[:, :, L.DICE_NET:L.DICE_NET + 6].sum(axis=2) + board == 0).all()
    assert (out[:, :, L.DICE_STAKED] + out[:, :, L.DICE_TO_BOARD] - out[:, :, L.DICE_FROM_BOARD] == board).all()
    focal = out[:, :, L.DICE_FOCAL:L.DICE_FOCAL + 10].sum(axis=2) + out[:, :, L.DICE_FOCAL_STAKED]
    assert (focal == out[:, :, L.DICE_NET]).all()
    assert (out[:, :, L.DICE_NET + n_players:L.DICE_NET + 6] == 0).all()
    # the same throws under every covering policy
    throws = out[:, :, L.DICE_THROWS:L.DICE_THROWS + 10]
    assert (throws == throws[:, :1]).all()


def test_batches_and_threads_do_not_change_sessions(rules):
    one = run_dice_sessions(DiceSessionConfig(rules, 5, 9, 300, 10, ("all", "jeu")), batch=300).out
    other = run_dice_sessions(DiceSessionConfig(rules, 5, 9, 300, 10, ("all", "jeu"), threads=1), batch=37).out
    assert (one == other).all()
    alone = run_dice_sessions(DiceSessionConfig(rules, 5, 9, 300, 10, ("jeu",))).out
    assert (alone[:, 0] == one[:, 1]).all()


def test_case_frequencies_match_the_exact_216(rules):
    result = run_dice_sessions(DiceSessionConfig(rules, 4, 2, 20_000, 20, ("all", "none")))
    values = dice_case_values(result, confidence=1 - 0.05 / 10)   # Bonferroni over the ten outcomes
    cases = values[values["p_exact"].notna() & (values["policy"] == "all")]
    assert len(cases) == 10 and cases["within_ci"].all(), cases
    assert (cases["throws"] > 1_400_000).all()
    # fixed effects: the thrower's gain is exact where no case content is involved
    gain = cases.set_index("key")["thrower_gain"]
    assert gain["other"] == -2 and gain["confidence"] == 3 and gain["infidelite"] == -3 and gain["confidens"] == 2
    summary = dice_summary(result)
    assert summary.loc[0, "minus_all"] == 0 and summary.loc[1, "clear"]
    assert (summary["ci_low"] <= summary["net_per_round"]).all() and (summary["net_per_round"] <= summary["ci_high"]).all()
    total = values[values["key"] == "total"].set_index("policy")
    parts = values[values["key"] != "total"].groupby("policy")["focal_per_throw"].sum()
    assert np.allclose(parts[total.index], total["focal_per_throw"])
    rows = dice_session_rows(0, result.rows[0], result.config.variants, 4)
    assert len(rows) == 2 * len(result.rows[0]) and "net_seat4" not in rows.columns and "throws_jeu" in rows.columns


def test_bad_configs_are_one_sentence(rules):
    with pytest.raises(SimulationError, match="unknown covering 'mariage'"):
        DiceSessionConfig(rules, variants=("mariage",)).validate()
    with pytest.raises(Exception, match="not 7"):
        DiceSessionConfig(rules, n_players=7).validate()
    with pytest.raises(SimulationError, match="script outcomes"):
        play_dice_script(rules, 4, ["quatre_as"], 1)


runner = CliRunner()


def _line(result) -> str:
    return " ".join(result.output.split())


def test_simulate_dice_writes_rows_with_metadata(tmp_path):
    out = tmp_path / "dice.csv"
    result = runner.invoke(app, ["simulate", "cabriolet", "--dice", "--deals", "400", "--seed", "3", "--players", "5",
                                 "--cover", "all", "--cover", "jeu", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "cabriolet with dice" in result.output and "value of each case" in result.output
    frame, meta = read_row_file(out)
    assert len(frame) == 40 and set(frame["policy"]) == {"all", "jeu"}
    assert meta["game"] == "cabriolet-dice" and meta["seed"] == 3 and meta["players"] == 5
    assert meta["ruleset"] == "cabriolet-lacombe-1798" and meta["spadille_version"] and meta["sessions_done"] == 20


def test_simulate_dice_bad_input_is_one_line():
    for args, message in [
        (["cabriolet", "--dice", "--players", "7"], "Error: Cabriolet is played by 4 to 6 players"),
        (["cabriolet", "--dice", "--cover", "mariage"], "Error: unknown covering 'mariage'"),
        (["cabriolet", "--dice", "--param", "play_threshold=3"], "Error: --param play_threshold applies to the card"),
        (["cabriolet", "--dice", "--rule", "dice.collect=nobody"], "Error: ruleset"),
    ]:
        result = runner.invoke(app, ["simulate", *args, "--deals", "20"])
        assert result.exit_code == 1, (args, result.output)
        assert _line(result).startswith(message), result.output
        assert len(result.output.strip().splitlines()) == 1, result.output

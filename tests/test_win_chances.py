"""Hands classed by their measured chance of winning (kernel/quadrille/win_chances.py): the condition
term win_chance(seat, ask | alone), its shipped tables and where a claim says they come from."""

from __future__ import annotations

import numpy as np
import pytest

from spadille.kernel.quadrille import win_chances as W
from spadille.kernel.quadrille.conditions import ConditionError, compile_condition, deal_conditioned
from spadille.kernel.quadrille.ruleset import load_ruleset


def test_the_classes_are_the_decision_maps(ruleset):
    from spadille.analyses.quadrille.decision_maps import hand_classes

    hands = deal_conditioned(ruleset, 3, 4000).hands
    mine = W.hand_classes(hands[:, 0], ruleset)
    theirs = hand_classes(hands[:, 0], ruleset)
    for index, name in enumerate(("matadors", "trumps", "kings")):
        assert np.array_equal(mine[index], theirs[name])


def test_the_shipped_tables_are_whole_and_say_how_they_were_made():
    from spadille.kernel.quadrille.policies import CARD_PLAYS

    tables = W.load_tables()
    assert set(tables) == set(CARD_PLAYS)   # every card play a report or claims run may rest on
    for card_play, table in tables.items():
        stamp = table["stamp"]
        assert stamp["card_play"] == card_play and stamp["ruleset"] == "encyclopedie-1765" and stamp["deals"] >= 100_000
        assert stamp["command"].startswith("python -m spadille.analyses.quadrille.claims.win_chance_table")
        for contract in W.CONTRACTS:
            counts = table[contract]
            assert all(0 <= wins <= plays for plays, wins in counts.values())
            assert sum(plays for plays, _ in counts.values()) <= stamp["deals"]


def test_win_chance_in_a_condition(ruleset):
    hands = deal_conditioned(ruleset, 5, 20_000).hands
    for card_play in ("strong", "heuristic"):
        condition = compile_condition("win_chance(me, alone) >= 0.5556", 4, 0, ruleset, card_play)
        chance = W.win_chance(hands[:, 0], "alone", card_play, ruleset)
        assert ((0 <= chance) & (chance <= 1)).all()
        assert np.array_equal(condition(hands), chance >= 0.5556)
        assert 0 < condition(hands).mean() < 0.05      # five to four alone: a strong hand
        assert "under " + card_play + " play" in condition.sources[0]
        # more trumps of the best suit, a better chance: the classes' means rise with them
        _, trumps, _ = W.hand_classes(hands[:, 0], ruleset)
        means = [chance[trumps == t].mean() for t in range(4, 8)]
        assert means == sorted(means)
    ask = W.win_chance(hands[:, 0], "ask", "strong", ruleset)
    alone = W.win_chance(hands[:, 0], "alone", "strong", ruleset)
    assert (ask >= alone).mean() > 0.95      # a friend helps


@pytest.mark.parametrize("text, card_play, ruleset_name, message", [
    ("win_chance(me, alone) > 0.5", "random", "encyclopedie-1765", "tables for the card play of strong, heuristic"),
    ("win_chance(me, alone) > 0.5", "strong", "mediateur", "measured under encyclopedie-1765, not under 'mediateur'"),
    ("win_chance(me, casco) > 0.5", "strong", "encyclopedie-1765", "measures ask, alone, not 'casco'"),
    ("win_chance(me) > 0.5", "strong", "encyclopedie-1765", r"write win_chance\(seat, ask or alone\)"),
])
def test_win_chance_refuses_what_no_table_holds(text, card_play, ruleset_name, message):
    with pytest.raises(ConditionError, match=message):
        compile_condition(text, 4, 0, load_ruleset(ruleset_name), card_play)


def test_a_claim_names_the_table_it_classes_hands_by(tmp_path):
    from spadille.analyses.claims import check_claim, load_claims

    from test_claims_force import RATE
    from claim_files import write_claim

    text = RATE.replace('condition = "trumps(ombre, hearts) >= 5"', 'condition = "win_chance(me, alone) >= 0.5556"')
    text = text.replace('fixed = "spadille"\n', "").replace('force = { bid = "ask", trump = "hearts" }',
                                                           'force = { bid = "ask", trump = "best" }')
    claim = load_claims(write_claim(tmp_path, "five-to-four", text), card_play="strong")[0]
    record = check_claim(claim, seed=0).record()
    assert "win_chance(alone) is the measured share of wins of sans prendre" in record["criterion"]
    assert "400,000 deals (seed 2026) under strong play and encyclopedie-1765" in record["criterion"]

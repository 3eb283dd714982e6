"""The search policy: legal, reproducible, zero-sum deals, and a paired margin over the heuristic."""

from __future__ import annotations

import numpy as np
import pytest

from spadille.analyses.reversis.experiments import search_margin
from spadille.kernel.reversis import layout as L
from spadille.kernel.reversis.policies import ReversisPolicyError, seat_policies
from spadille.kernel.reversis.reference import play_deal
from spadille.kernel.reversis.ruleset import load_reversis_ruleset
from spadille.kernel.reversis.simulate import ReversisConfig, deal_records


def test_search_deals_keep_the_invariants_and_replay_exactly():
    rules = load_reversis_ruleset(preset="hoyle")
    config = ReversisConfig(rules, seat_policies(["search:worlds=4", "random", "heuristic", "search:worlds=4"]),
                            seed=8, deals=600)
    rows = deal_records(config)
    assert (rows[:, L.D_POINTS: L.D_POINTS + 4].sum(axis=1) + rows[:, L.D_ECART_POINTS] == 40).all()
    assert (rows[:, L.D_NET: L.D_NET + 5].sum(axis=1) == 0).all()
    assert np.array_equal(rows, deal_records(config))
    played = rows[:, L.D_PLAY: L.D_PLAY + 44]
    assert all(len(set(r)) == 44 for r in played)          # every card once: only cards held were played


def test_search_beats_the_heuristic_in_paired_play():
    margin = search_margin(load_reversis_ruleset(), seed=12, deals=2500, worlds=8)
    assert margin["n"] == 2500 and margin["ci_low"] > 0, margin


def test_the_reference_refuses_the_search():
    with pytest.raises(ReversisPolicyError, match="the search policy plays in the kernel only"):
        play_deal(load_reversis_ruleset(), seat_policies("search"), 1, 0)

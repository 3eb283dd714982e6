"""The result of a deal from the side's tricks: six or more win, five is remise, four or fewer codille."""

from __future__ import annotations

import numpy as np
import pytest

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille._settle import outcome_of
from spadille.kernel.quadrille.simulate import RunConfig, simulate


@pytest.mark.parametrize(("side_tricks", "expected"), [(10, L.WIN), (7, L.WIN), (6, L.WIN), (5, L.REMISE),
                                                       (4, L.CODILLE), (1, L.CODILLE), (0, L.CODILLE)])
def test_six_win_five_remise_four_codille(tables, side_tricks, expected):
    """ENC: "Si celui qui fait jouer gagne six mains en comptant celles que celui qui a le roi
    appellé a faites, ils ont gagné ... Que s'ils ne font que cinq mains, elle est remise ... & s'ils
    ne faisoient à tous deux que cinq mains, ou moins, ils perdroient codille" (RULES.md §1.8:
    "0–4 codille (defenders have ≥6)")."""
    assert outcome_of(np.int64(side_tricks), tables.rules) == expected


def test_played_deals_count_the_side_and_name_the_result(ruleset, heuristic4, random4):
    """ENC: the tricks counted are the ombre's "en comptant celles que celui qui a le roi appellé a
    faites"; alone, "toutes les mains que les autres joueurs font, sont réunies contre lui"."""
    seen = set()
    for policies in (heuristic4, random4):
        rows = simulate(RunConfig(ruleset, policies, seed=5, deals=3000, record=True)).rows
        for row in rows:
            ombre, friend = row[L.COL_OMBRE], row[L.COL_FRIEND]
            side = row[L.COL_TRICKS + ombre] + (row[L.COL_TRICKS + friend] if friend >= 0 else 0)
            assert row[L.COL_SIDE_TRICKS] == side
            expected = L.WIN if side >= 6 else L.REMISE if side == 5 else L.CODILLE
            assert row[L.COL_OUTCOME] == expected
            seen.add((int(row[L.COL_CONTRACT]), int(row[L.COL_OUTCOME])))
    for contract in (L.CALLED, L.SANS_PRENDRE):
        for outcome in (L.WIN, L.REMISE, L.CODILLE):
            assert (contract, outcome) in seen

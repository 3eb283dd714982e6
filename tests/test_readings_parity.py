"""Both engines agree under every value of the switches issue 12 added, and each switch bites.

A named reading is only worth its switch if the kernel and the reference engine implement both
values alike, and if flipping it changes some deals. Each case plays the same seeded deals under
both values in both engines, and checks that the rows differ between the values.
"""

from __future__ import annotations

import numpy as np
import pytest

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.ruleset import load_ruleset

from test_parity import HEURISTIC, RANDOM, VOLE_HUNGRY, compare, edited

DEALS = 1_500

CASES = {
    # "ne pourroit entreprendre la vole": a friend who showed himself by his lead
    "friend-shown-vole": ("encyclopedie-1765", "vole.friend_shown_by_lead_may_not_undertake", ["true", "false"],
                          [VOLE_HUNGRY, RANDOM, VOLE_HUNGRY, RANDOM], 1),
    # "ogni avversario versa una nuova puntata iniziale uguale": into the pot, or to the winners
    "italian-pot-game": ("italian-modern", "payments.pot_game", ['"into-the-pot"', '"to-the-winners"'],
                         [HEURISTIC, RANDOM, HEURISTIC, RANDOM], 10),
    # "Les plus grosses bêtes passent toujours les premieres": one bête a win, or all of them
    "riding-betes": ("encyclopedie-1765", "bete.riding", ['"one-at-a-time"', '"all-at-once"'],
                     [HEURISTIC, RANDOM, HEURISTIC, RANDOM], 10),
    # "que ce soit cœur ou carreau, n'importe": the allowed trumps follow the suit taken out
    "a-trois-hearts-out": ("quadrille-a-trois", "pack.removed_suits", ['["diamonds"]', '["hearts"]'],
                           [HEURISTIC, RANDOM, HEURISTIC], 1),
    # "Rinuncia dei Matadores": no privilege, or the period renege
    "italian-matadors": ("italian-modern", "play.matador_privilege", ['"none"', '"led-card"'],
                         [RANDOM, HEURISTIC, RANDOM, HEURISTIC], 1),
}


@pytest.mark.parametrize("case", CASES)
def test_both_values_agree_and_differ(case):
    name, key, values, policies, session_length = CASES[case]
    base = load_ruleset(name)
    rows = [compare(edited(base, {key: value}), policies, seed=1212, first_deal=0, deals=DEALS,
                    session_length=session_length, case=f"{case}: {key}={value}")
            for value in values]
    changed = (rows[0] != rows[1]).any(axis=1).sum()
    assert changed > 0, f"{key} changed no deal of {DEALS}"


def test_a_shown_friend_never_undertakes_the_vole():
    """Under the bar, no vole is decided by a friend after he led a matador or the called king."""
    ruleset = load_ruleset("encyclopedie-1765")
    policies = [VOLE_HUNGRY] * 4
    barred = compare(ruleset, policies, seed=99, first_deal=0, deals=DEALS, case="bar on")
    free = compare(edited(ruleset, {"vole.friend_shown_by_lead_may_not_undertake": "false"}), policies,
                   seed=99, first_deal=0, deals=DEALS, case="bar off")
    # the same deals, and only the vole (and what it pays) may move
    moved = (barred[:, L.COL_VOLE] != free[:, L.COL_VOLE])
    assert moved.any()
    assert (barred[moved, L.COL_VOLE] == L.VOLE_NONE).all()
    assert (free[moved, L.COL_VOLE] != L.VOLE_NONE).all()
    assert np.array_equal(barred[:, L.COL_CONTRACT], free[:, L.COL_CONTRACT])


def test_into_the_pot_restakes_the_pot_and_balances():
    """Under into-the-pot a won game leaves the losers' stakes in the pot for the next deal."""
    ruleset = load_ruleset("italian-modern")
    assert ruleset["payments.pot_game"] == "into-the-pot"
    rows = compare(ruleset, [HEURISTIC] * 4, seed=5, first_deal=0, deals=DEALS, session_length=10, case="pot")
    pays = rows[:, L.COL_PAY:L.COL_PAY + 4].sum(axis=1)
    assert (pays + rows[:, L.COL_POOL] == 0).all()
    won = (rows[:, L.COL_OUTCOME] == L.WIN) & (rows[:, L.COL_CONTRACT] != L.SANS_PRENDRE)
    assert won.any() and (rows[won, L.COL_POOL] != 0).any()

"""The reference engine's variant settlement (docs/variants.md) on hand-built positions: how
matadors are counted, and every settlement formula, the médiateur's printed figures and the
Italian pot among them. The rulesets are encyclopedie-1765 with the variant keys overridden
(variant_rulesets.py)."""

from __future__ import annotations

import numpy as np
import pytest

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.reference import Table, play_deals, ranking, read_rules
from spadille.kernel.quadrille.reference.scoring import count_side_matadors
from spadille.kernel.quadrille.reference.settlement import pay_antes, settle

from variant_rulesets import A_TROIS, DIAMONDS, HEARTS, ITALIAN, MEDIATEUR, hand, rules_of, variant


# ---------------------------------------------------------------- matadors
def test_matador_bonus_counts_one_hand():
    """top-three-or-four-in-one-hand: 2 for the top four trumps in one hand, 1 for the top
    three, nothing when they are split between ombre and friend."""
    ruleset = variant(**{"payments.matador_count": "top-three-or-four-in-one-hand"})
    rules, hearts = read_rules(ruleset), ranking(ruleset, HEARTS)
    four = [hand("spadille ♥7 basto ♥A"), hand("♠2"), hand("♣2"), hand("♦2")]
    three = [hand("spadille ♥7 basto ♥K"), hand("♥A"), hand("♣2"), hand("♦2")]
    split = [hand("spadille ♥7"), hand("basto ♥A"), hand("♣2"), hand("♦2")]
    assert count_side_matadors(four, 0, -1, hearts, rules) == 2
    assert count_side_matadors(three, 0, 1, hearts, rules) == 1
    assert count_side_matadors([three[1], three[0]] + three[2:], 0, 1, hearts, rules) == 1  # the friend's hand
    assert count_side_matadors(split, 0, 1, hearts, rules) == 0
    sequence = read_rules(variant())
    assert count_side_matadors(split, 0, 1, hearts, sequence) == 4


def test_sequence_is_bounded_to_the_trumps_of_the_pack():
    """A removed suit named trumps has only the black aces as trumps: the run stops after them."""
    ruleset = variant(**{**A_TROIS, "payments.matadors_require_top3": False})
    rules, diamonds = read_rules(ruleset), ranking(ruleset, DIAMONDS)
    assert count_side_matadors([hand("spadille basto ♥2"), hand("♠2"), hand("♣2")], 0, -1, diamonds, rules) == 2


# ---------------------------------------------------------------- settlement
def settle_once(rules, contract, side_tricks, *, friend=-1, ombre_tricks=None, vole=L.VOLE_NONE, matadors=0,
                table=None):
    """Settle one deal for ombre 0; returns (result, table). Money must balance."""
    table = table if table is not None else Table(stakes=14)
    before = table.total()
    result = settle(table, contract, 0, friend, side_tricks, side_tricks if ombre_tricks is None else ombre_tricks,
                    vole, matadors, -1, rules)
    assert sum(result.nets) + table.total() - before == 0
    return result, table


@pytest.mark.parametrize(("contract", "win", "remise"), [(L.DEMANDED, 13, 12), (L.SANS_PRENDRE, 17, 16)])
def test_mediateur_figures(contract, win, remise):
    """ENC, Quadrille avec le médiateur: "Il reçoit treize jettons de chacun, & les leur paye s'il
    perd codille ; au lieu qu'il n'en donne que 12 si elle n'est que remise. Celui qui gagne sans
    prendre doit recevoir dix-sept jettons de chacun ; s'il perd par remise il en donne seize à
    chacun, & dix-sept par codille" (jeu 1 + consolation 2 + the premium, no matadors)."""
    rules = rules_of(**MEDIATEUR)
    won, _ = settle_once(rules, contract, 6)
    assert won.nets[1:] == [-win] * 3 and won.nets[0] == 3 * win + 14
    lost_remise, _ = settle_once(rules, contract, 5)
    assert lost_remise.nets[1:] == [remise] * 3 and lost_remise.bete == 14
    lost_codille, table = settle_once(rules, contract, 4)
    assert lost_codille.nets[1:] == [win + 14 // 3] * 3 and lost_codille.nets[0] == -3 * win - 14
    assert table.odd == 14 % 3


def test_multipliers_and_premiums():
    """(jeu + consolation) * m / 2 + matadors * matador + premium, m twice the contract's
    multiplier, rounded down; the remise pays consolation * m / 2 + matadors + premium."""
    rules = rules_of(**{"payments.multiplier_demanded": 1.5, "payments.multiplier_casco": 2,
                        "payments.multiplier_called": 3, "payments.demand_premium": 5, "payments.matador": 2})
    assert settle_once(rules, L.DEMANDED, 6, matadors=1)[0].nets[1] == -(9 // 2 + 2 + 5)
    assert settle_once(rules, L.DEMANDED, 5, matadors=1)[0].nets[1] == 6 // 2 + 2 + 5
    assert settle_once(rules, L.CASCO_GAME, 6, friend=1)[0].nets[2] == -6
    assert settle_once(rules, L.CASCO_GAME, 5, friend=1, ombre_tricks=3)[0].nets[2] == 4
    assert settle_once(rules, L.CALLED, 6, friend=1)[0].nets[2] == -9
    assert settle_once(rules, L.FORCED, 6, friend=1)[0].nets[2] == -9
    assert settle_once(rules, L.SANS_PRENDRE, 6)[0].nets[1] == -(3 + 4)


def test_matadors_on_loss_and_codille_multiplier():
    """payments.matadors_on_loss off: a losing side pays no matadors (a winning one is paid
    them); a codille costs each defender's loss value times payments.codille_multiplier."""
    rules = rules_of(**{"payments.matadors_on_loss": False, "payments.codille_multiplier": 4})
    assert settle_once(rules, L.SANS_PRENDRE, 6, matadors=3)[0].nets[1] == -(3 + 3 + 4)
    assert settle_once(rules, L.SANS_PRENDRE, 5, matadors=3)[0].nets[1] == 2 + 4
    assert settle_once(rules, L.SANS_PRENDRE, 4, matadors=3)[0].nets[1] == 4 * (3 + 4) + 14 // 3
    on = rules_of(**{"payments.codille_multiplier": 4})
    assert settle_once(on, L.SANS_PRENDRE, 4, matadors=3)[0].nets[1] == 4 * (3 + 3 + 4) + 14 // 3


def test_vole_multiplier():
    """A made vole pays game * vole.multiplier + vole.value per defender; a failed one as before."""
    rules = rules_of(**{"vole.multiplier": 3, "vole.value": 3})
    assert settle_once(rules, L.SANS_PRENDRE, 10, vole=L.VOLE_MADE)[0].nets[1] == -(3 * 7 + 3)
    assert settle_once(rules, L.SANS_PRENDRE, 9, vole=L.VOLE_FAILED)[0].nets[1] == -(7 - 3)


@pytest.mark.parametrize("contract", [L.CALLED, L.CASCO_GAME, L.FORCED])
def test_who_bears_a_loss_alone(contract):
    """With a friend, an ombre with fewer than payments.lone_payment_threshold tricks pays a loss
    alone ("l'hombre qui ne fait pas trois mains paie seul"), in a casco game too; forced
    spadille is exempt with its switch."""
    rules = rules_of()
    lone, _ = settle_once(rules, contract, 4, friend=1, ombre_tricks=2)
    shared, _ = settle_once(rules, contract, 4, friend=1, ombre_tricks=3)
    assert shared.nets[1] != 0
    assert (lone.nets[1] == 0) == (contract != L.FORCED)


def test_italian_pot_antes_only_into_an_empty_pot():
    """payments.scheme = italian-pot: antes go in only when the table holds no stakes and no bêtes."""
    rules = rules_of(**ITALIAN)
    table, nets = Table(), [0] * 4
    pay_antes(table, nets, 0, rules)
    assert (nets, table.stakes) == ([-1, -1, -1, -11], 14)
    nets = [0] * 4
    pay_antes(table, nets, 0, rules)
    assert (nets, table.stakes) == ([0] * 4, 14)
    plain = rules_of()
    pay_antes(table, nets, 0, plain)
    assert table.stakes == 28


def test_italian_pot_remise_codille_win():
    """Italian pot: a remise pays nobody and everyone antes again (the pot doubles), no bête; a
    codille lets the defenders share the stakes and receive the loss value times the codille
    multiplier; a win takes the whole table."""
    rules = rules_of(**ITALIAN)
    remise, table = settle_once(rules, L.DEMANDED, 5, matadors=1)
    assert (remise.nets, remise.bete, table.stakes, table.betes) == ([-1, -1, -1, -11], 0, 28, 0)
    loss = (3 * 3) // 2  # demanded, multiplier 1.5; matadors_on_loss off
    codille, table = settle_once(rules, L.DEMANDED, 4, matadors=1, table=Table(stakes=28))
    assert codille.nets[1:] == [4 * loss + 28 // 3] * 3 and codille.bete == 0
    assert (table.stakes, table.betes, table.odd) == (0, 0, 28 % 3)
    win, table = settle_once(rules, L.CASCO_GAME, 6, friend=1, matadors=2, table=Table(stakes=28))
    per_defender = (2 * 3) * 2 // 2 + 2  # casco, multiplier 2, two matadors
    assert win.nets[2:] == [-per_defender] * 2 and sum(win.nets[:2]) == 2 * per_defender + 28
    assert table.total() == 0


def test_italian_pot_played_deals_balance_and_never_make_a_bete():
    """Whole sessions of seeded deals under the Italian rules: money balances deal by deal, no
    bête is ever made, and the pot grows only by antes."""
    ruleset = variant(**ITALIAN)
    rows = play_deals(ruleset, (make_seat_policy("random"),) * 4, seed=9, first_deal=0, n=120, session_length=12)
    assert (rows[:, L.COL_PAY:L.COL_PAY + 4].sum(axis=1) + rows[:, L.COL_POOL] == 0).all()
    assert (rows[:, L.COL_BETE] == 0).all()
    assert len(np.unique(rows[:, L.COL_CONTRACT])) >= 3

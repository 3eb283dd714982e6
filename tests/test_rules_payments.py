"""Payments of one deal on hand-built results: ``_settle.pay_antes`` then ``_settle.settle``.

Units are jetons; one fiche is ten. Seats: 0 eldest .. 3 dealer. On an empty table the antes
are one jeton from each seat and the dealer's fiche (the devant): 14 on the table. The last
test checks the played deals of the engine against the digest's reference payment table.
"""

from __future__ import annotations


import numpy as np

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille._rules import split_side
from spadille.kernel.quadrille._settle import TABLE_LEN, pay_antes, settle
from spadille.kernel.quadrille.ruleset import with_overrides
from spadille.kernel.quadrille.simulate import RunConfig, simulate
from spadille.kernel.quadrille.tables import build_tables

STAKES, BETES, ODD, CHAIN_LEN, CHAIN_FIRST = range(5)




def play(tables, contract, ombre, friend, side_tricks, ombre_tricks, vole=L.VOLE_NONE, matadors=0,
         odd_defender=-1, table=None, antes=True, spadille_holder=0):
    """Settle one deal; returns (outcome, bête, nets per seat, table after)."""
    table = np.zeros(TABLE_LEN, np.int64) if table is None else table
    nets = np.zeros(4, np.int64)
    if antes:
        pay_antes(table, nets, np.int64(4), np.int64(spadille_holder), tables.rules)
    outcome, bete = settle(table, nets, np.int64(4), np.int64(contract), np.int64(ombre), np.int64(friend),
                           np.int64(side_tricks), np.int64(ombre_tricks), np.int64(vole), np.int64(matadors),
                           np.int64(odd_defender), tables.rules, tables.bete_chain)
    return int(outcome), int(bete), nets.tolist(), table.tolist()[:5]  # the riding list: test_rules_bete.py


def each_defender_pays(tables, contract, side_tricks, friend=-1, vole=L.VOLE_NONE, matadors=0):
    """What one defender pays the side (negative: receives), the table being empty and no antes."""
    outcome, bete, nets, table = play(tables, contract, 0, friend, side_tricks, side_tricks, vole, matadors,
                                      antes=False)
    return -nets[3]


# ---------------------------------------------------------------- antes
def test_antes_one_fiche_from_the_dealer_and_a_jeton_from_each(tables):
    """ENC: "Le jeu est marqué par celui qui mêle, & qui met une fiche au devant : chacun fait outre
    cela au jeu un jetton pour chaque coup"; "la premiere bête étant de quatorze"."""
    table = np.zeros(TABLE_LEN, np.int64)
    nets = np.zeros(4, np.int64)
    pay_antes(table, nets, np.int64(4), np.int64(2), tables.rules)
    assert nets.tolist() == [-1, -1, -1, -11]
    assert table.tolist() == [14, 0, 0, 0, 0] + [0] * (TABLE_LEN - 5)


# ---------------------------------------------------------------- called game
def test_called_win(tables):
    """ENC: "ils ont gagné, & on leur paie le jeu, la consolation, & les matadors s'ils en ont, & ils
    partagent ce qui se trouve au-devant du jeu, & les bêtes, s'il y en va". Ombre 0, friend 2:
    each defender pays 1 + 2 and the side shares 2 x 3 + 14 = 20."""
    assert play(tables, L.CALLED, 0, 2, 7, 4) == (L.WIN, 0, [9, -4, 9, -14], [0, 0, 0, 0, 0])


def test_called_win_with_matadors(tables):
    """ENC: "on leur paie le jeu, la consolation, & les matadors s'ils en ont" (one jeton each)."""
    assert play(tables, L.CALLED, 0, 2, 7, 4, matadors=3)[2] == [12, -7, 12, -17]


def test_called_remise(tables):
    """ENC: "Que s'ils ne font que cinq mains, elle est remise, & ils font la bête de ce qui est au
    jeu & au-devant, & ils payent à chacun la consolation & les matadors, s'ils les ont, par égale
    part, & font la bête en commun". Consolation 2 to each defender, bête 14, stakes stay."""
    outcome, bete, nets, table = play(tables, L.CALLED, 0, 2, 5, 3)
    assert (outcome, bete) == (L.REMISE, 14)
    assert nets == [-10, 1, -10, -9]
    assert table == [14, 14, 0, 1, L.REMISE]


def test_called_remise_pays_the_matadors(tables):
    """ENC: "ils payent à chacun la consolation & les matadors, s'ils les ont"."""
    assert play(tables, L.CALLED, 0, 2, 5, 3, matadors=4)[2] == [-14, 5, -14, -5]


def test_called_codille(tables):
    """ENC: "ils perdroient codille, & payeroient en ce cas à leurs adversaires ce qu'ils leur
    auroient payé s'ils eussent gagné ... & feroient la bête de ce qui seroit au jeu. Ceux qui
    gagnent codille partagent entr'eux ce qui est au jeu". 3 to each defender, who share the 14;
    the side makes a bête of 14."""
    outcome, bete, nets, table = play(tables, L.CALLED, 0, 2, 4, 3)
    assert (outcome, bete) == (L.CODILLE, 14)
    assert nets == [-11, 9, -11, -1]
    assert table == [0, 14, 0, 1, L.CODILLE]


# ---------------------------------------------------------------- sans prendre
def test_sans_prendre_win(tables):
    """ENC: "Celui qui joue sans appeller ne partageant avec personne quand il gagne"; each of three
    pays jeu 1 + consolation 2 + sans-prendre 4 (RULES.md §1.10 table: "each of 3 pays 1 + 2 + 4 + m")."""
    assert play(tables, L.SANS_PRENDRE, 1, -1, 6, 6) == (L.WIN, 0, [-8, 34, -8, -18], [0, 0, 0, 0, 0])


def test_sans_prendre_remise(tables):
    """ENC: "S'il la perd remise, il fait la bête, & paye à chacun de ses trois adversaires la
    consolation & les matadors, s'il y en a" — and the sans-prendre (médiateur figure 16 = 10 + 2 + 4)."""
    outcome, bete, nets, table = play(tables, L.SANS_PRENDRE, 1, -1, 5, 5)
    assert (outcome, bete) == (L.REMISE, 14)
    assert nets == [5, -33, 5, -5]
    assert table == [14, 14, 0, 1, L.REMISE]


def test_sans_prendre_codille_leaves_the_odd_counters_for_next_deals_spadille(tables):
    """ENC: "s'il perd codille, il fait également la bête, & paye à chacun tout autant que chacun lui
    auroit payé s'il avoit gagné. Ceux qui gagnent codille partagent entre eux ce qui se trouve ; &
    s'il y a quelques jettons de reste, ce sera pour celui qui le coup suivant aura spadille".
    Three defenders share 14: 4 each, 2 wait on the table for the next spadille holder."""
    outcome, bete, nets, table = play(tables, L.SANS_PRENDRE, 1, -1, 4, 4)
    assert (outcome, bete) == (L.CODILLE, 14)
    assert nets == [10, -36, 10, 0]
    assert table == [0, 14, 2, 1, L.CODILLE]
    next_nets = np.zeros(4, np.int64)
    carried = np.array(table, np.int64)
    pay_antes(carried, next_nets, np.int64(4), np.int64(2), tables.rules)
    assert next_nets.tolist() == [-1, -1, 1, -11]
    assert carried[ODD] == 0


def test_odd_counters_to_the_highest_trump_defender_switch(ruleset):
    """payments.odd_counters = highest-trump-defender (CG PA56 / AUJ, RULES.md §1.10: "to the
    defender(s) with the highest trump in *that* deal")."""
    tables = build_tables(with_overrides(ruleset, {"payments.odd_counters": "highest-trump-defender"}))
    outcome, bete, nets, table = play(tables, L.SANS_PRENDRE, 1, -1, 4, 4, odd_defender=2)
    assert nets == [10, -36, 12, 0]
    assert table[ODD] == 0


def test_mediateur_arithmetic_13_12_17_16(tables):
    """ENC, médiateur: "on donne une fiche de plus ... Il reçoit treize jettons de chacun, & les
    leur paye s'il perd codille ; au lieu qu'il n'en donne que 12 si elle n'est que remise. Celui qui
    gagne sans prendre doit recevoir dix-sept jettons de chacun ; s'il perd par remise il en donne
    seize à chacun, & dix-sept par codille". One fiche (10) plus what each defender pays a lone
    player without (self-called) and with (sans prendre) the premium."""
    fiche = int(tables.rules[L.R_DEVANT])
    assert fiche == 10
    alone = {side: each_defender_pays(tables, L.SELF_CALLED, side) for side in (6, 5, 4)}
    sans_prendre = {side: each_defender_pays(tables, L.SANS_PRENDRE, side) for side in (6, 5, 4)}
    assert fiche + alone[6] == 13 and fiche - alone[4] == 13 and fiche - alone[5] == 12
    assert fiche + sans_prendre[6] == 17 and fiche - sans_prendre[5] == 16 and fiche - sans_prendre[4] == 17
    assert tables.rules[L.R_JEU] == 1 and tables.rules[L.R_CONSOLATION] == 2 and tables.rules[L.R_SANS_PRENDRE] == 4


# ---------------------------------------------------------------- self-called
def test_self_called_wins_alone_without_the_premium(tables, ruleset):
    """ENC: "il gagne ou perd seul, à l'exception du sans appeller qu'il ne paye point s'il perd,
    & qui ne lui est point payé s'il gagne, quoiqu'il joue seul"."""
    assert play(tables, L.SELF_CALLED, 1, -1, 6, 6)[2] == [-4, 22, -4, -14]
    assert play(tables, L.SELF_CALLED, 1, -1, 5, 5)[2] == [1, -21, 1, -9]
    premium = build_tables(with_overrides(ruleset, {"contract.self_call_sans_prendre_premium": True}))
    assert play(premium, L.SELF_CALLED, 1, -1, 6, 6)[2] == [-8, 34, -8, -18]


# ---------------------------------------------------------------- who bears a loss
def test_ombre_under_three_tricks_pays_alone(tables):
    """ENC: "à-moins que celui qui appelle ne fît pas trois mains, auquel cas celui qui est appellé
    non-seulement est exempt de payer la moitié de la bête, mais encore de payer le jeu, la
    consolation, & les matadors ... l'hombre qui ne fait pas trois mains paie seul, tant en cas de
    remise que de codille"."""
    assert play(tables, L.CALLED, 0, 2, 5, 2)[2] == [-19, 1, -1, -9]      # remise, ombre 2 tricks
    assert play(tables, L.CALLED, 0, 2, 4, 2)[2] == [-21, 9, -1, -1]      # codille
    assert play(tables, L.CALLED, 0, 2, 5, 3)[2] == [-10, 1, -10, -9]     # three tricks: shared
    assert play(tables, L.CALLED, 0, 2, 6, 0)[2] == [9, -4, 9, -14]       # a win is always shared


def test_four_trick_house_rule(ruleset):
    """ENC: "Il y a même des maisons où il faut faire quatre mains pour ne point faire la bête seul"."""
    tables = build_tables(with_overrides(ruleset, {"payments.lone_payment_threshold": 4}))
    assert play(tables, L.CALLED, 0, 2, 5, 3)[2] == [-19, 1, -1, -9]
    assert play(tables, L.CALLED, 0, 2, 5, 4)[2] == [-10, 1, -10, -9]


def test_forced_spadille_never_bears_the_loss_alone(tables, ruleset):
    """ENC: "lorsqu'on joue avec spadille forcé, & que tous les joueurs ont passé, l'hombre ne fît-il
    qu'une main, ne fait point la bête seule ... & le roi appellé est toujours de moitié du gain,
    comme de la perte"."""
    assert play(tables, L.FORCED, 0, 2, 4, 1)[2] == [-11, 9, -11, -1]
    assert play(tables, L.FORCED, 0, 2, 5, 0)[2] == [-10, 1, -10, -9]
    strict = build_tables(with_overrides(ruleset, {"auction.forced_spadille_lone_payment_exempt": False}))
    assert play(strict, L.FORCED, 0, 2, 4, 1)[2] == [-21, 9, -1, -1]


# ---------------------------------------------------------------- the odd jeton
def test_odd_jeton_is_the_ombres_when_winning_and_losing(ruleset):
    """CG PA56 / AUJ (RULES.md §1.10): "le jetton impair … au profit de l'Hombre lorsqu'il gagne
    doit aussi être payé par lui quand il perd". A devant of 9 makes the side's win 2 x 3 + 13 = 19;
    a first bête of 15 makes a remise cost 2 x 2 + 15 = 19."""
    assert [int(x) for x in split_side(np.int64(19))] == [10, 9]
    assert [int(x) for x in split_side(np.int64(-19))] == [-10, -9]
    odd_win = build_tables(with_overrides(ruleset, {"payments.devant": 9}))
    assert play(odd_win, L.CALLED, 0, 2, 6, 3)[2] == [9, -4, 8, -13]
    odd_loss = build_tables(with_overrides(ruleset, {"bete.first": 15}))
    assert play(odd_loss, L.CALLED, 0, 2, 5, 3)[2] == [-11, 1, -10, -9]


# ---------------------------------------------------------------- the vole
def test_vole_made_and_failed(tables, ruleset):
    """ENC: "La vole est entreprise ... & si l'on ne la fait pas, on paye ce qu'on auroit reçu si on
    l'avoit faite"; AUJ PA20 (RULES.md §1.9): the failed side still "tirent le devant, & se font payer
    le Jeu, la Consolation". Vole value 10 per defender (vole.value)."""
    assert each_defender_pays(tables, L.SANS_PRENDRE, 10, vole=L.VOLE_MADE) == 7 + 10
    assert each_defender_pays(tables, L.SANS_PRENDRE, 9, vole=L.VOLE_FAILED) == 7 - 10
    assert play(tables, L.CALLED, 0, 2, 9, 5, vole=L.VOLE_FAILED)[2] == [-1, 6, -1, -4]
    literal = build_tables(with_overrides(ruleset, {"vole.failed": "encyclopedie-literal"}))
    # "les autres tirent le devant & se font payer le jeu, la consolation, le sans-prendre & les matadors"
    assert play(literal, L.CALLED, 0, 2, 9, 5, vole=L.VOLE_FAILED)[2] == [-14, 19, -14, 9]


def test_conservation_over_every_contract_and_result(tables):
    """Every jeton goes from a seat to a seat or the table: nets + change of the table = 0."""
    for contract, friend in ((L.CALLED, 2), (L.FORCED, 2), (L.SELF_CALLED, -1), (L.SANS_PRENDRE, -1)):
        for side in range(11):
            for ombre_tricks in sorted({0, 2, 3, side if friend < 0 else min(side, 4)}):
                if ombre_tricks > side or (friend < 0 and ombre_tricks != side):
                    continue
                table = np.zeros(TABLE_LEN, np.int64)
                table[:7] = [28, 14, 1, 1, L.REMISE, 1, 14]  # one bête of 14 riding
                before = int(table[:3].sum())
                _, _, nets, after = play(tables, contract, 0, friend, side, ombre_tricks, matadors=3, table=table)
                assert sum(nets) + sum(after[:3]) - before == 0


# ---------------------------------------------------------------- played deals
def expected_nets(row):
    """RULES.md §1.10's reference table, on an empty table (sessions of one deal)."""
    ombre, friend, contract = row[L.COL_OMBRE], row[L.COL_FRIEND], row[L.COL_CONTRACT]
    matadors, outcome, vole = row[L.COL_MATADORS], row[L.COL_OUTCOME], row[L.COL_VOLE]
    nets = [-1, -1, -1, -11]
    premium = 4 if contract == L.SANS_PRENDRE else 0
    game = 1 + 2 + matadors + premium
    defenders = [s for s in range(4) if s not in (ombre, friend)]
    share = 0
    if outcome == L.WIN:
        each = game + (10 if vole == L.VOLE_MADE else -10 if vole == L.VOLE_FAILED else 0)
        flow = len(defenders) * each + 14
    elif outcome == L.REMISE:
        each = -(2 + matadors + premium)
        flow = len(defenders) * each - 14
    else:
        each = -game
        share = 14 // len(defenders)
        flow = len(defenders) * each - 14
    for seat in defenders:
        nets[seat] += share - each
    alone = friend < 0 or (outcome != L.WIN and contract == L.CALLED and row[L.COL_TRICKS + ombre] < 3)
    if alone:
        nets[ombre] += flow
    else:
        half = (abs(flow) + 1) // 2
        nets[ombre] += half if flow >= 0 else -half
        nets[friend] += flow - (half if flow >= 0 else -half)
    return nets


def test_played_deals_pay_by_the_reference_table(ruleset, heuristic4, random4):
    """RULES.md §1.10, "Reference payment table for the engine": called won — "each defender pays
    side: 1 (jeu) + 2 (cons.) + m·1 (mats)"; remise — "side pays each defender 2 + m"; codille —
    "side pays each defender 1 + 2 + m", defenders take the pot; sans prendre adds 4; "Self-called
    king: as sans prendre without the 4"; the ombre under three tricks pays alone (§1.8)."""
    seen = set()
    for policies in (heuristic4, random4):
        rows = simulate(RunConfig(ruleset, policies, seed=3, deals=6000, record=True)).rows
        for row in rows:
            assert row[L.COL_PAY:L.COL_PAY + 4].tolist() == expected_nets(row), int(row[L.COL_DEAL])
            seen.add((int(row[L.COL_CONTRACT]), int(row[L.COL_OUTCOME])))
    assert len(seen) >= 11

"""The bête: 14, then 42, 56, ... after a first bête by remise, 28, 42, ... after one by codille.

ENC: "ce qui fait que la premiere bête étant de quatorze, la seconde doit être de
quarante-deux, la troisieme de cinquante-six ; une bête faite sur une autre bête ne pouvant
être plus forte que des quatorze marques dont le jeu augmente ... A moins que le jeu n'ait
doublé, comme il arrive lorsque la premiere bête est faite par remise, la seconde est de
quarante-deux, &c. si le coup sur lequel la premiere bête est faite est tiré par codille, la
seconde bête ne sera que de vingt-huit".
"""

from __future__ import annotations


import numpy as np
import pytest

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille._rules import bete_size
from spadille.kernel.quadrille._settle import TABLE_LEN, T_RIDING, T_RIDING_COUNT, pay_antes, settle
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import with_overrides
from spadille.kernel.quadrille.simulate import RunConfig, simulate
from spadille.kernel.quadrille.tables import build_tables




def size(tables, chain_len, first):
    return int(bete_size(np.int64(chain_len), np.int64(first), tables.rules, tables.bete_chain))


def test_bete_sizes_after_a_remise(tables):
    """ENC: "la premiere bête étant de quatorze, la seconde doit être de quarante-deux, la troisieme
    de cinquante-six ; une bête faite sur une autre bête ne pouvant être plus forte que des quatorze
    marques dont le jeu augmente"."""
    assert [size(tables, n, L.REMISE) for n in range(6)] == [14, 42, 56, 70, 84, 98]


def test_bete_sizes_after_a_codille(tables):
    """ENC: "si le coup sur lequel la premiere bête est faite est tiré par codille, la seconde bête ne
    sera que de vingt-huit" — and on by the fourteen the game grows each deal."""
    assert [size(tables, n, L.CODILLE) for n in range(5)] == [14, 28, 42, 56, 70]


def test_doubling_switch(ruleset):
    """bete.growth = doubling, the English board (HOY p283, RULES.md §1.10): "pay eight a-piece,
    making the next a sixteen board; should another beast succeed, pay thirty-two"."""
    doubling = build_tables(with_overrides(ruleset, {"bete.growth": "doubling"}))
    assert [size(doubling, n, L.REMISE) for n in range(4)] == [14, 28, 56, 112]


def lose(tables, table, outcome, ombre_tricks=3):
    """One called deal (ombre 0, friend 2) at ``table``, lost by remise or codille."""
    nets = np.zeros(4, np.int64)
    pay_antes(table, nets, np.int64(4), np.int64(0), tables.rules)
    side = 5 if outcome == L.REMISE else 4
    result, bete = settle(table, nets, np.int64(4), np.int64(L.CALLED), np.int64(0), np.int64(2), np.int64(side),
                          np.int64(ombre_tricks), np.int64(L.VOLE_NONE), np.int64(0), np.int64(-1),
                          tables.rules, tables.bete_chain)
    assert result == outcome
    return int(bete), nets


def win(tables, table):
    nets = np.zeros(4, np.int64)
    pay_antes(table, nets, np.int64(4), np.int64(0), tables.rules)
    settle(table, nets, np.int64(4), np.int64(L.CALLED), np.int64(0), np.int64(2), np.int64(6), np.int64(3),
           np.int64(L.VOLE_NONE), np.int64(0), np.int64(-1), tables.rules, tables.bete_chain)
    return nets


@pytest.fixture(scope="module")
def all_at_once(ruleset):
    return build_tables(with_overrides(ruleset, {"bete.riding": "all-at-once"}))


def test_consecutive_remises_at_one_table(all_at_once):
    """ENC: "S'il y a une bête, elle va avec ce qui est au-devant & le jeu que chacun doit, sans que
    pour cela celui qui mêle cesse de mettre la fiche du jeu au-devant" — 14, 42, 56, then under
    bete.riding = all-at-once a win takes everything and the next bête is 14 again."""
    tables = all_at_once
    table = np.zeros(TABLE_LEN, np.int64)
    assert [lose(tables, table, L.REMISE)[0] for _ in range(4)] == [14, 42, 56, 70]
    assert table[0] == 4 * 14 and table[1] == 14 + 42 + 56 + 70
    nets = win(tables, table)
    assert nets.tolist() == [-1 + (2 * 3 + 5 * 14 + 182) // 2, -4, -1 + (2 * 3 + 5 * 14 + 182) // 2, -14]
    assert table.tolist()[:4] == [0, 0, 0, 0]
    assert lose(tables, table, L.REMISE)[0] == 14


def test_riding_betes_go_one_at_a_time_biggest_first(tables):
    """ENC: "Les plus grosses bêtes passent toujours les premieres ; lorsqu'il y en a plusieurs, la
    vole ne gagne que ce que l'on est convenu, tirant simplement ce qui est au-devant, n'ayant rien
    à demander des bêtes qui ne vont pas": each win takes the stakes and the biggest bête only."""
    table = np.zeros(TABLE_LEN, np.int64)
    assert [lose(tables, table, L.REMISE)[0] for _ in range(4)] == [14, 42, 56, 70]
    assert table[T_RIDING_COUNT] == 4 and table[T_RIDING:T_RIDING + 4].tolist() == [14, 42, 56, 70]
    nets = win(tables, table)
    assert nets.tolist() == [-1 + (2 * 3 + 5 * 14 + 70) // 2, -4, -1 + (2 * 3 + 5 * 14 + 70) // 2, -14]
    assert table[0] == 0 and table[1] == 14 + 42 + 56 and table[T_RIDING:T_RIDING + 3].tolist() == [14, 42, 56]
    nets = win(tables, table)  # the next biggest goes next, with the new deal's stakes
    assert nets.tolist() == [-1 + (2 * 3 + 14 + 56) // 2, -4, -1 + (2 * 3 + 14 + 56) // 2, -14]
    assert table[1] == 14 + 42 and table[T_RIDING_COUNT] == 2
    assert lose(tables, table, L.REMISE)[0] == 14  # the won deal restarted the chain
    assert table[T_RIDING:T_RIDING + 3].tolist() == [14, 42, 14]


def test_consecutive_codilles_at_one_table(tables):
    """ENC: after a codille "la seconde bête ne sera que de vingt-huit, attendu que les quatorze que
    le codille a tirés ne doivent point être compris"."""
    table = np.zeros(TABLE_LEN, np.int64)
    assert [lose(tables, table, L.CODILLE)[0] for _ in range(3)] == [14, 28, 42]
    assert table[0] == 0 and table[1] == 14 + 28 + 42


def test_first_bete_decides_the_chain(tables):
    """ENC: "comme il arrive lorsque la premiere bête est faite par remise" — the first bête's kind
    fixes the sequence, whatever the later losses."""
    table = np.zeros(TABLE_LEN, np.int64)
    assert [lose(tables, table, o)[0] for o in (L.REMISE, L.CODILLE, L.REMISE)] == [14, 42, 56]
    table = np.zeros(TABLE_LEN, np.int64)
    assert [lose(tables, table, o)[0] for o in (L.CODILLE, L.REMISE, L.REMISE)] == [14, 28, 42]


def expected_bete(chain_len, first):
    sequence = [14, 42, 56] if first == L.REMISE else [14, 28]
    if chain_len < len(sequence):
        return sequence[chain_len]
    return sequence[-1] + 14 * (chain_len - len(sequence) + 1)


@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_bete_chain_over_sessions_of_played_deals(ruleset, policy):
    """ENC: "S'il y a une bête, elle va avec ce qui est au-devant & le jeu que chacun doit" and the
    chain 14, 42, 56 / 14, 28 — followed deal by deal over sessions of ten deals at one table
    ("les tours qui se jouent ordinairement au nombre de dix"): every lost deal makes the bête its
    place in the chain calls for, and a won deal, taking the bêtes, starts the chain again."""
    policies = tuple(make_seat_policy(policy) for _ in range(4))
    rows = simulate(RunConfig(ruleset, policies, seed=77, deals=4000, session_length=10, chunk_size=500, record=True)).rows
    lengths_seen = set()
    for session in range(0, len(rows), 10):
        chain_len, first = 0, None
        for row in rows[session:session + 10]:
            outcome = row[L.COL_OUTCOME]
            if outcome == L.WIN:
                assert row[L.COL_BETE] == 0
                chain_len = 0
                continue
            if chain_len == 0:
                first = outcome
            assert row[L.COL_BETE] == expected_bete(chain_len, first), (row[L.COL_DEAL], chain_len, first)
            lengths_seen.add((chain_len, first))
            chain_len += 1
    assert {(0, L.REMISE), (1, L.REMISE), (2, L.REMISE), (0, L.CODILLE), (1, L.CODILLE), (2, L.CODILLE)} <= lengths_seen

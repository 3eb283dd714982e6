"""Exact odds of Reversis hands: the counting checked by brute force on small packs, and the
espagnolette's frequency under each definition printed by `odds reversis`."""

from __future__ import annotations

from itertools import combinations
from math import comb

import pytest
from typer.testing import CliRunner

from spadille.cli.app import app
from spadille.kernel.reversis.exact import espagnolette_count, hand_features


def _brute(n: int, ranks: int) -> dict[str, int]:
    pack = range(4 * ranks)
    aces = {s * ranks for s in range(4)}
    quinola, little = ranks + 3, ranks + 2      # ♥J and ♥Q: hearts are suit 1
    counts: dict[str, int] = {}
    for hand in combinations(pack, n):
        held = set(hand)
        a = len(held & aces)
        q1 = quinola in held
        q2 = (quinola in held) + (little in held)
        suits = [sum(1 for c in held if c // ranks == s) for s in range(4)]
        flags = {
            "espagnolette_dj": a == 4 or (a >= 3 and q1),
            "espagnolette_hoyle": a == 4 or (a >= 3 and q2 >= 1) or (a >= 2 and q2 == 2),
            "void_spades": suits[0] == 0, "some_void": 0 in suits, "no_hearts": suits[1] == 0,
            "quinola": q1, "quinola_alone": q1 and suits[1] == 1,
            **{f"aces_{k}": a == k for k in range(5)},
        }
        for key, flag in flags.items():
            counts[key] = counts.get(key, 0) + flag
    return counts


@pytest.mark.parametrize(("n", "ranks"), [(5, 4), (6, 4), (7, 5)])
def test_counts_equal_brute_force_on_small_packs(n, ranks):
    brute = _brute(n, ranks)
    for feature in hand_features(n, ranks):
        assert feature.count == brute[feature.key], feature.key
        assert feature.hands == comb(4 * ranks, n)


def test_reversis_figures():
    assert espagnolette_count(11, "aces-and-quinola") == comb(44, 7) + 4 * comb(43, 7)
    assert espagnolette_count(11, "none") == 0
    aces = [f.count for f in hand_features(11) if f.key.startswith("aces_")]
    assert sum(aces) == comb(48, 11)


def test_odds_command_prints_the_espagnolette_under_each_definition():
    result = CliRunner().invoke(app, ["odds", "reversis"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.replace("│", " ").split())
    assert "espagnolette, seed (3 aces + quinola, or 4 aces)" in text
    assert "espagnolette, Hoyle (4 aces, 3 + a quinola, 2 + ♥J ♥Q)" in text
    dj11 = espagnolette_count(11, "aces-and-quinola") / comb(48, 11)
    assert f"{dj11:.6f}" in text

"""Cabriolet's ruleset (every passage verbatim in Lacombe 1798, one-sentence errors) and the
definition of each holding (the jitted case_bits against the readable reference)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from citations import REPO, rewritten_ruleset
from spadille.kernel.common.citations import normalise
from spadille.kernel.cabriolet.cards import kernel_masks, parse_hand
from spadille.kernel.cabriolet.cases import HOLDINGS, case_bits, holdings
from spadille.kernel.cabriolet.ruleset import (DEFAULT_CABRIOLET_RULESET, SCHEMA, CabrioletRulesetError,
                                               load_cabriolet_ruleset)
from spadille.kernel.quadrille.ruleset import available_rulesets

TOML = REPO / "kernel" / "cabriolet" / "rulesets" / f"{DEFAULT_CABRIOLET_RULESET}.toml"


@pytest.fixture(scope="module")
def rules():
    return load_cabriolet_ruleset()


def test_every_passage_is_verbatim_in_its_seed(rules):
    assert set(rules.rules) == set(SCHEMA)
    for rule in rules.rules.values():
        text = normalise((REPO / rule.source).read_text(encoding="utf-8"))
        assert normalise(rule.passage) in text, rule.key
        assert rule.status in ("stated", "inference", "reconstruction", "switch")
        if rule.status == "switch":
            assert rule.choices and rule.value in rule.choices and rule.note, rule.key


def test_quadrille_rulesets_are_not_disturbed():
    """Cabriolet's ruleset lives apart: it is not one of Quadrille's."""
    assert "encyclopedie-1765" in available_rulesets()
    assert not any("cabriolet" in name for name in available_rulesets())


@pytest.mark.parametrize(("old", "new", "message"), [
    ('jeu = ["5-5-5"]', 'jeu = ["5-5-5"]\nbrelan = ["6-6-6"]', "names unknown case 'brelan'"),
    ('jeu = ["5-5-5"]', 'jeu = ["5-5-5", "4-4-4"]', "throw '4-4-4' is mapped twice ('jeu' and 'cabriolet')"),
    ('jeu = ["5-5-5"]', 'jeu = ["5-5-7"]', "throw '5-5-7' of case 'jeu' is not three dice faces 1-6"),
    ('jeu = ["5-5-5"]', 'jeu = ["5-5"]', "throw '5-5' of case 'jeu' is not three dice faces 1-6"),
    ("[players.max]\nvalue = 6", "[players.max]\nvalue = 7", "rule 'players.max': value 7 must be between 2 and 6"),
    ("[players.min]\nvalue = 4", "[players.min]\nvalue = 5\nvlaue = 1", "rule 'players.min' has unknown field 'vlaue'"),
    ('[play.who]\nvalue = "in-turn"', '[play.who]\nvalue = "dealer"', "rule 'play.who': value 'dealer' must be one of"),
])
def test_bad_rulesets_are_one_sentence(tmp_path, old, new, message):
    with pytest.raises(CabrioletRulesetError) as error:
        load_cabriolet_ruleset(rewritten_ruleset(TOML, tmp_path, old, new))
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_player_range_and_overrides(rules):
    for n in (4, 5, 6):
        rules.check_players(n)
    for n in (3, 7):
        with pytest.raises(CabrioletRulesetError, match=f"played by 4 to 6 players .* not {n}"):
            rules.check_players(n)
    flipped = load_cabriolet_ruleset(DEFAULT_CABRIOLET_RULESET, ["declare.opposition=false"])
    assert flipped["declare.opposition"] is False and flipped.sha256 != rules.sha256
    with pytest.raises(CabrioletRulesetError, match="unknown rule 'declare.oposition'"):
        load_cabriolet_ruleset(DEFAULT_CABRIOLET_RULESET, ["declare.oposition=false"])
    with pytest.raises(CabrioletRulesetError, match="unknown Cabriolet ruleset 'x'"):
        load_cabriolet_ruleset("x")


@pytest.mark.parametrize(("hand", "expected"), [
    ("♥K ♥Q ♥J ♠7 ♦8", {"mariage_legitime", "confiance", "confidence"}),
    ("♥K ♠Q ♦9 ♠7 ♦8", {"infidelite"}),
    ("♥K ♠K ♥Q ♣8 ♦8", {"conference", "infidelite"}),
    ("♥J ♠J ♦J ♣7 ♦8", {"confidens", "cabriolet"}),
    ("♥A ♠A ♦A ♣A ♦8", {"quatre_as"}),
    ("♥K ♥J ♠Q ♠J ♣7", {"confiance", "confidence", "confidens", "infidelite"}),
    ("♥10 ♥9 ♠8 ♠7 ♣A", set()),
])
def test_worked_hands(hand, expected):
    assert holdings(parse_hand(hand)) == expected


def test_parts_of_mariage_off_drops_the_same_suit_parts():
    hand = parse_hand("♥K ♥Q ♥J ♠K ♠J")
    assert holdings(hand, parts_of_mariage=False) == {"mariage_legitime", "confiance", "conference", "confidens", "infidelite"}
    assert "confiance" not in holdings(parse_hand("♥K ♥Q ♥J ♠7 ♦8"), parts_of_mariage=False)
    assert "confiance" in holdings(parse_hand("♥K ♠J ♦7 ♠7 ♦8"), confiance_same_suit=False)


@pytest.mark.parametrize(("same", "parts"), [(1, 1), (1, 0), (0, 1), (0, 0)])
def test_kernel_bits_match_the_reference(same, parts):
    ranks, suits = kernel_masks()
    rng = random.Random(5 + 2 * same + parts)
    for _ in range(3000):
        mask = sum(1 << c for c in rng.sample(range(32), 5))
        bits = case_bits(np.uint64(mask), ranks, suits, same, parts)
        got = {name for i, name in enumerate(HOLDINGS) if bits >> (9 if i == 8 else i) & 1}
        assert got == holdings(mask, bool(same), bool(parts)), mask

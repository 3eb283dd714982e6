"""Révertier's ruleset: every passage verbatim in its source (the seed or RULES.md §4/§4.1), every
row of the §4.1 switch table a switch, the presets, and one-sentence refusals."""

from __future__ import annotations

import re

import pytest

from citations import REPO, RULES_DIGEST, rewritten_ruleset
from spadille.kernel.common.citations import digest_section, passage_in
from spadille.kernel.revertier import layout as C
from spadille.kernel.revertier.ruleset import (DEFAULT_REVERTIER_RULESET, SCHEMA, RevertierRulesetError,
                                               load_revertier_ruleset)

TOML = REPO / "kernel" / "revertier" / "rulesets" / f"{DEFAULT_REVERTIER_RULESET}.toml"
SEED = "seeds/dictionnaire-des-jeux-reversis-revertier.txt"
# The rows of the switch table in RULES.md §4.1 that leave a choice open, and the rule of each.
TABLE_ROWS = {
    "first player": "start.first_player",
    "no-doubling zone": "making.no_doubling_zone",
    "hit": "entry.may_hit",
    "cannot enter": "entry.blocked",
    "prime limit": "making.prime_limit",
    "bear-off": "bearoff.overthrow",
    "special wins": "wins.special_positions",
    "double loss (*jan*)": "wins.jan",
    "doublets": "dice.doublets",
}


@pytest.fixture(scope="module")
def rules():
    return load_revertier_ruleset()


def _source_text(source: str) -> str:
    if source.startswith("seeds/"):
        return (REPO / source).read_text(encoding="utf-8")
    found = re.fullmatch(r"RULES\.md §(4(?:\.1)?)", source)
    assert found, f"source {source!r} is neither the seed nor RULES.md §4 or §4.1"
    return digest_section(RULES_DIGEST.read_text(encoding="utf-8"), found.group(1))


def test_every_passage_is_verbatim_in_its_source(rules):
    assert set(rules.rules) == set(SCHEMA)
    for rule in rules.rules.values():
        assert passage_in(rule.passage, _source_text(rule.source)), rule.key
        assert rule.status in ("stated", "inference", "reconstruction", "switch", "out-of-scope")
        if rule.status == "switch":
            assert len(rule.choices) >= 2 and rule.value in rule.choices and rule.note, rule.key
        if rule.status in ("stated", "out-of-scope"):
            assert rule.source == SEED, f"{rule.key}: only the French seed states a rule or a law"


def test_every_reconstruction_names_the_relative_it_borrows_from(rules):
    relatives = ("Verquere", "COT", "Swedish", "SWT", "Fiske", "Lebrun", "The Board", "backgammon")
    for rule in rules.rules.values():
        if rule.status == "reconstruction":
            assert any(name in rule.note for name in relatives), rule.key


def test_every_preset_passage_is_verbatim_and_its_values_are_choices(rules):
    assert set(rules.presets) == {"verquere-1674", "svensk-bradspel-1905"}
    for preset in rules.presets.values():
        assert passage_in(preset.passage, _source_text(preset.source)), preset.name
        loaded = load_revertier_ruleset(preset=preset.name)
        assert "reconstructed" in loaded.label() and preset.name in loaded.label()
        for key, value in preset.rules.items():
            assert value in rules.rules[key].choices, (preset.name, key)
            assert loaded[key] == value


def test_every_row_of_the_switch_table_is_a_switch(rules):
    section = digest_section(RULES_DIGEST.read_text(encoding="utf-8"), "4.1")
    rows = re.findall(r"^\| ([^|]+?) \| ([^|]+) \|$", section, flags=re.M)
    named = {name for name, _ in rows if name not in ("switch", "---")}
    # start and direction have one reading each; every other row is one of ours
    assert named - {"start", "direction"} == set(TABLE_ROWS)
    for key in TABLE_ROWS.values():
        assert rules.rules[key].status == "switch", key


def test_defaults_are_the_french_readings(rules):
    assert rules["start.first_player"] == "higher"      # DJ: "le plus gros point"
    assert rules["dice.doublets"] == 4                  # ENC-TT: "doublement"
    assert rules["entry.may_hit"] is False              # ENC-TT: entering is harder than at toute-table
    # where the French is silent, Cotton: "If a player cannot reenter pieces on the board they lose their turn."
    assert rules["entry.blocked"] == "whole-turn" and "two cases" in rules.rules["entry.blocked"].note
    assert "the project's convention" in rules.rules["dice.one_die"].note
    assert "not its letter" in rules.rules["entry.may_hit"].note


def test_every_law_the_seed_states_is_listed():
    """The seed's dice laws and "prendre un conseil" are out-of-scope entries (issue 41, point 7)."""
    laws = {key: rule for key, rule in load_revertier_ruleset().rules.items() if rule.status == "out-of-scope"}
    assert set(laws) == {"laws.naming_dice", "laws.doublet_names", "laws.throwing_dice", "laws.cocked_dice",
                         "laws.counsel"}
    assert "prendre un conseil" in laws["laws.counsel"].passage


def test_the_opening_dice_are_played_under_their_reading():
    """"celui qui a amené le plus gros point , joue et commence la l>artie" (seed): a fresh throw, or
    the two single dice of the opening throw (start.first_roll = opening-dice); both engines agree."""
    from spadille.kernel.revertier.reference.game import play_game
    from spadille.kernel.revertier.simulate import trace_game

    fresh = load_revertier_ruleset()
    opening = load_revertier_ruleset(override_texts=["start.first_roll=opening-dice"])
    assert opening.rules["start.first_roll"].readings and opening.codes()[C.OPENING_DICE] == 1
    for game in range(6):
        kept = play_game(7, game, (C.POLICY_HEURISTIC, C.POLICY_RANDOM), opening.codes(), keep_positions=True)
        row, trace = trace_game(opening, 7, game, ("heuristic", "random"))
        assert kept.positions[0][1] != kept.positions[0][2]            # two different single dice
        assert (trace[0, 1], trace[0, 2]) == kept.positions[0][1:3]
        assert list(row[:5]) == kept.row()[:5]
        before = play_game(7, game, (C.POLICY_HEURISTIC, C.POLICY_RANDOM), fresh.codes(), keep_positions=True)
        assert before.starter == kept.starter


def test_codes_follow_the_switches():
    base = load_revertier_ruleset().codes()
    assert list(base) == [15, 0, 4, 0, C.ZONE_FIRST_12, 0, 0, 1, 0, 0, C.JAN_COTTON, 0, 0]   # Cotton: whole-turn
    fiske = load_revertier_ruleset(preset="svensk-bradspel-1905").codes()
    assert fiske[C.ZONE] == C.ZONE_UNTIL_12TH and fiske[C.JAN] == C.JAN_FISKE and fiske[C.FIRST_LOWER] == 1
    assert fiske[C.SPECIAL] == 1 and fiske[C.PRIME_LIMIT] == 1 and fiske[C.ENTRY_MAY_HIT] == 1
    over = load_revertier_ruleset(override_texts=["bearoff.overthrow=from-highest", "board.men=3"]).codes()
    assert over[C.OVERTHROW] == 1 and over[C.MEN] == 3
    assert load_revertier_ruleset(override_texts=["wins.blocked_opponent=berm"]).codes()[C.BLOCKED_WIN] == 1


def test_overrides_apply_after_the_preset_and_change_the_hash(rules):
    both = load_revertier_ruleset(preset="verquere-1674", override_texts=["entry.may_hit=false"])
    assert both["entry.may_hit"] is False and both["entry.blocked"] == "whole-turn"
    assert both.sha256 != rules.sha256 and "entry.may_hit=false" in both.switch_values()


@pytest.mark.parametrize(("old", "new", "message"), [
    ("[board.men]\nvalue = 15", "[board.men]\nvalue = 16", "rule 'board.men': value 16 must be between 1 and 15"),
    ("[board.men]\nvalue = 15", "[board.men]\nvalue = 15\nvlaue = 1", "rule 'board.men' has unknown field 'vlaue'"),
    ('[wins.jan]\nvalue = "cotton"', '[wins.jan]\nvalue = "john"', "rule 'wins.jan': value 'john' must be one of"),
    ('[entry.may_hit]\nvalue = false', '[entry.may_hit]\nvalue = "no"', "value 'no' must be true or false"),
    ('rules = { "making.no_doubling_zone"', 'rules = { "making.no_doubling_zones"',
     "preset 'verquere-1674' sets unknown rule 'making.no_doubling_zones'"),
])
def test_bad_rulesets_are_one_sentence(tmp_path, old, new, message):
    with pytest.raises(RevertierRulesetError) as error:
        load_revertier_ruleset(rewritten_ruleset(TOML, tmp_path, old, new))
    assert message in str(error.value)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"preset": "backgammon"}, "unknown Révertier preset 'backgammon'; available: verquere-1674, svensk-bradspel-1905"),
    ({"override_texts": ["wins.jann=none"]}, "unknown rule 'wins.jann'"),
    ({"override_texts": ["dice.doublets=3"]}, "rule 'dice.doublets': value 3 must be one of 4, 2"),
    ({"name_or_path": "trictrac"}, "unknown Révertier ruleset 'trictrac'"),
])
def test_bad_choices_are_one_sentence(kwargs, message):
    with pytest.raises(RevertierRulesetError, match=re.escape(message)):
        load_revertier_ruleset(**kwargs)


def test_the_blocked_opponent_win_is_a_switch_citing_the_secondary_source(rules):
    """RULES.md §4 (BERM-R): a win "by creating a situation where one's opponent is unable to move"."""
    rule = rules.rules["wins.blocked_opponent"]
    assert rule.status == "switch" and rule.value == "none" and set(rule.choices) == {"none", "berm"}
    assert "unable to move" in rule.passage and rule.source == "RULES.md §4"

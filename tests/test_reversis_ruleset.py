"""Reversis's ruleset: every passage (rules and preset values) verbatim in its source, every open
point a switch, the four presets complete, and one-sentence errors."""

from __future__ import annotations

import re

import pytest

from citations import REPO, RULES_DIGEST, rewritten_ruleset
from spadille.kernel.common.citations import digest_section, normalise
from spadille.kernel.reversis.ruleset import (DEFAULT_REVERSIS_RULESET, PRESETS, SCHEMA, ReversisRulesetError,
                                              load_reversis_ruleset)

TOML = REPO / "kernel" / "reversis" / "rulesets" / f"{DEFAULT_REVERSIS_RULESET}.toml"


@pytest.fixture(scope="module")
def rules():
    return load_reversis_ruleset()


def _citations(rules):
    yield from ((r.key, r.source, r.passage) for r in rules.rules.values())
    yield from ((f"{r.key}={reading.value}", reading.source, reading.passage) for r in rules.rules.values()
                for reading in r.readings)
    for preset in rules.presets.values():
        yield from ((f"{preset.name}:{v.key}", v.source, v.passage) for v in preset.values.values())


def _passage_found(source: str, passage: str) -> bool:
    if source.startswith("seeds/"):
        return normalise(passage) in normalise((REPO / source).read_text(encoding="utf-8"))
    found = re.fullmatch(r"RULES\.md §(\d+(?:\.\d+)?)", source)
    assert found, f"source {source!r} names neither a seed nor a digest section"
    section = digest_section(RULES_DIGEST.read_text(encoding="utf-8"), found.group(1))
    return normalise(passage.replace("**", "")) in normalise(section.replace("**", ""))


def test_every_passage_is_verbatim_in_its_source(rules):
    assert set(rules.rules) == set(SCHEMA)
    cited = list(_citations(rules))
    assert len(cited) >= len(SCHEMA) + 4 * len(rules.switches())
    bad = [key for key, source, passage in cited if not _passage_found(source, passage)]
    assert bad == []


def test_statuses_and_switches(rules):
    for rule in rules.rules.values():
        assert rule.status in ("stated", "inference", "reconstruction", "switch", "out-of-scope")
        if rule.status == "switch":
            assert rule.choices and rule.value in rule.choices and rule.note, rule.key
    # every open point of RULES.md §2.9 / §2.10 is a switch
    for key in ("quinola.placed_from_taker", "partie.payer", "espagnolette.renounce_tricks", "exchange.mode",
                "exchange.partners", "quinola.little", "play.eldest_leads_heart", "partie.tie_break",
                "partie.value", "espagnolette.definition"):
        assert rules.rules[key].status == "switch", key
    assert rules["laws.misdeal"] == "out-of-scope"


# The readings an audit found (issue 41): each a switch whose every value cites its own passage.
READINGS = {
    "espagnolette.trick_kept": ("ordinary-game", "all-costs"),
    "espagnolette.all_costs_return": ("double-every-gift", "own-consolations"),
    "quinola.forced_by": ("higher-heart", "any-heart-lead"),
    "payments.played_paid_by": ("holder", "as-forced"),
    "aces.forced_payer": ("holder", "each-player"),
    "quinola.forced_from_holder": (10, 6, 20),
    "quinola.forced_from_others": (5, 6),
    "quinola.placed_from_taker": (5, 6, 10),
}


@pytest.mark.parametrize("key", READINGS)
def test_each_disputed_reading_is_a_switch_with_every_value_cited(rules, key):
    rule = rules.rules[key]
    assert rule.status == "switch" and rule.choices == READINGS[key]
    assert [reading.value for reading in rule.readings] == list(READINGS[key])
    assert rule.value == READINGS[key][0]                       # the default: the seed's, the more literal
    hoyle = load_reversis_ruleset(preset="hoyle")
    assert any(hoyle.presets["hoyle"].values[key].source.endswith("hoyle-reversis-pp284-288.txt")
               for key in READINGS if hoyle[key] != rule.value)


def test_the_worked_examples_no_longer_price_a_placing(rules):
    """The seed's "f.içail le quinola en vis-à-vis" reads "forçait" (issue 41, point 3): no placing
    reading rests on it, and the other players never pay for a placing unless told to."""
    placed = rules.rules["quinola.placed_from_others"]
    assert placed.status == "inference" and placed.value == 0 and not placed.choices
    assert all("worked example" not in (reading.note or "") for reading in rules.rules[
        "quinola.placed_from_taker"].readings)
    assert "f.içail" in rules.rules["quinola.forced_from_holder"].readings[0].passage


def test_the_seed_is_the_default_and_the_presets_differ():
    assert load_reversis_ruleset().preset == "dj"
    loaded = {name: load_reversis_ruleset(preset=name) for name in PRESETS}
    assert len({r.sha256 for r in loaded.values()}) == 4
    assert loaded["enc1765"]["espagnolette.definition"] == "none"
    assert loaded["enc1765"]["play.eldest_leads_heart"] is True
    assert loaded["enc1765"]["partie.value"] == "talon-1765"
    assert loaded["hague1785"]["exchange.mode"] == "optional"
    assert loaded["hoyle"]["espagnolette.renounce_tricks"] == 11
    assert loaded["hoyle"]["reversis.broken_payment"] == 80
    assert loaded["dj"]["espagnolette.renounce_tricks"] == 9
    for preset in loaded["dj"].presets.values():
        assert set(preset.values) == {r.key for r in loaded["dj"].switches()}


@pytest.mark.parametrize(("old", "new", "message"), [
    ("[pack.cards]\nvalue = 48", "[pack.cards]\nvalue = 52", "rule 'pack.cards': value 52 must be 48"),
    ('[exchange.mode]\nvalue = "compulsory"', '[exchange.mode]\nvalue = "never"', "must be one of compulsory"),
    ("[deal.hand_size]\nvalue = 11", "[deal.hand_size]\nvalue = 11\nvlaue = 1", "has unknown field 'vlaue'"),
    ('"exchange.mode" = { value = "optional", source = "RULES.md §2.10", passage = "the exchange',
     '"exchange.mod" = { value = "optional", source = "RULES.md §2.10", passage = "the exchange',
     "preset 'enc1765' sets 'exchange.mod', which is not a switch"),
    ('"partie.value" = { value = "talon-1765"', '"partie.value" = { value = "talon"',
     "preset 'enc1765': 'partie.value' = 'talon' is not among its choices"),
    ("[presets.hoyle]", "[presets.hoyl]", "is missing preset 'hoyle'"),
    ('"exchange.mode" = { value = "compulsory", source = "seeds/dictionnaire-des-jeux-reversis-revertier.txt"',
     '"exchange.mode" = { value = "optional", source = "seeds/dictionnaire-des-jeux-reversis-revertier.txt"',
     "preset 'dj' sets 'exchange.mode' to another value than the rule's own"),
])
def test_bad_rulesets_are_one_sentence(tmp_path, old, new, message):
    with pytest.raises(ReversisRulesetError) as error:
        load_reversis_ruleset(rewritten_ruleset(TOML, tmp_path, old, new))
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_presets_overrides_and_unknowns(rules):
    with pytest.raises(ReversisRulesetError, match="unknown Reversis preset 'x'; presets: enc1765, hague1785, dj"):
        load_reversis_ruleset(preset="x")
    with pytest.raises(ReversisRulesetError, match="unknown Reversis ruleset 'x'"):
        load_reversis_ruleset("x")
    with pytest.raises(ReversisRulesetError, match="unknown rule 'espagnolette.window'"):
        load_reversis_ruleset(override_texts=["espagnolette.window=11"])
    with pytest.raises(ReversisRulesetError, match="is not among its choices"):
        load_reversis_ruleset(override_texts=["quinola.placed_from_taker=7"])
    with pytest.raises(ReversisRulesetError, match="value True is not among its choices \\[False\\]"):
        load_reversis_ruleset(override_texts=["quinola.little=true"])
    flipped = load_reversis_ruleset(preset="hoyle", override_texts=["espagnolette.renounce_tricks=9"])
    assert flipped["espagnolette.renounce_tricks"] == 9 and flipped["reversis.made_from_each"] == 20
    assert flipped.sha256 != load_reversis_ruleset(preset="hoyle").sha256 != rules.sha256
    assert flipped.label == "reversis-dj, preset hoyle, espagnolette.renounce_tricks=9"

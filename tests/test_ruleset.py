"""The ruleset file as data: its citations, the loader's refusals, and the card orders.

Every rule of encyclopedie-1765.toml names a source and quotes a passage. A passage taken
from a seed text must stand in that text word for word (only whitespace may differ); one
taken from the rules digest must stand in the section of seeds/RULES.md it names.
"""

from __future__ import annotations

import json
import re

import pytest

from spadille.kernel.common.errors import RulesetError
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.ruleset import load_ruleset, parse_ruleset
from spadille.kernel.quadrille.tables import build_tables, plain_order, trump_order

from citations import REPO, RULES_DIGEST
from spadille.kernel.common.citations import digest_section, normalise
SPADES, CLUBS, HEARTS, DIAMONDS = range(4)



def card(text: str) -> int:
    return cards.parse_card(text)


# ---------------------------------------------------------------- citations
def seed_rules():
    rs = load_ruleset("encyclopedie-1765")
    return [r for r in rs.rules.values() if r.source.startswith("seeds/")]


def digest_rules():
    rs = load_ruleset("encyclopedie-1765")
    return [r for r in rs.rules.values() if r.source.startswith("RULES.md")]


def test_every_rule_cites_a_seed_or_the_digest():
    rs = load_ruleset("encyclopedie-1765")
    others = [r.key for r in rs.rules.values() if not r.source.startswith(("seeds/", "RULES.md"))]
    assert others == []
    assert len(seed_rules()) >= 40


@pytest.mark.parametrize("rule", seed_rules(), ids=lambda r: r.key)
def test_seed_passage_is_verbatim(rule):
    seed = REPO / rule.source
    assert seed.is_file(), f"{rule.key} cites a missing file {rule.source}"
    text = normalise(seed.read_text(encoding="utf-8"))
    assert normalise(rule.passage) in text, f"{rule.key}: passage not found verbatim in {rule.source}"


@pytest.mark.parametrize("rule", digest_rules(), ids=lambda r: r.key)
def test_digest_passage_is_in_the_section_it_names(rule):
    found = re.fullmatch(r"RULES\.md §(\d+(?:\.\d+)?)", rule.source)
    assert found, f"{rule.key}: source {rule.source!r} does not name a section"
    section = digest_section(RULES_DIGEST.read_text(encoding="utf-8"), found.group(1))
    # markdown emphasis is typography, not words
    assert normalise(rule.passage.replace("**", "")) in normalise(section.replace("**", "")), (
        f"{rule.key}: passage not in RULES.md §{found.group(1)}")


def test_black_trump_count_is_the_recorded_erratum():
    """ENC prints "on voit qu'il y a douze à-tous en rouge, & dix en noir seulement"; its own
    order gives eleven, as RULES.md §1.2 counts ("Trump counts: 12 in red, 11 in black")."""
    rule = load_ruleset("encyclopedie-1765").rules["ranks.black_trump_count"]
    assert rule.status == "erratum"
    assert rule.value == 11
    assert "dix en noir" in rule.passage


# ---------------------------------------------------------------- loader refusals
BASE_TEXT = (REPO / "kernel" / "quadrille" / "rulesets" / "encyclopedie-1765.toml").read_text(encoding="utf-8")
LABEL = "bad.toml"


def with_value(text: str, key: str, value) -> str:
    pattern = re.compile(rf"(^\[{re.escape(key)}\]\n(?:[a-z]+ = [^\n]*\n)*?value = )[^\n]*", re.M)
    changed, count = pattern.subn(lambda m: m.group(1) + json.dumps(value, ensure_ascii=False), text)
    assert count == 1, key
    return changed


def without_rule(text: str, key: str) -> str:
    pattern = re.compile(rf"^\[{re.escape(key)}\]\n(?:[^\[\n][^\n]*\n|\n)*", re.M)
    changed, count = pattern.subn("", text)
    assert count == 1, key
    return changed


def refusal(text: str) -> str:
    with pytest.raises(RulesetError) as caught:
        parse_ruleset(LABEL, text)
    return str(caught.value)


def test_the_shipped_file_loads():
    rs = parse_ruleset(LABEL, BASE_TEXT)
    assert rs.name == "encyclopedie-1765"
    assert rs["pack.seats"] == 4 and rs["pack.hand_size"] == 10


def test_unknown_key_is_named():
    text = BASE_TEXT + '\n[play.must_ruff]\nvalue = true\nsource = "x"\npassage = "y"\nstatus = "stated"\n'
    assert refusal(text) == "ruleset 'bad.toml': unknown rule 'play.must_ruff'"


def test_unknown_section_is_named():
    text = BASE_TEXT.replace("[play.follow_suit]", "[pley.follow_suit]")
    assert refusal(text) == "ruleset 'bad.toml': unknown rule 'pley.follow_suit'"


def test_unknown_field_is_named():
    text = BASE_TEXT.replace("[play.must_trump]\nvalue", "[play.must_trump]\nvalu")
    assert refusal(text) == "ruleset 'bad.toml': rule 'play.must_trump' has unknown field 'valu'"


def test_missing_rule_is_named():
    text = without_rule(BASE_TEXT, "play.must_trump")
    assert refusal(text) == "ruleset 'bad.toml' is missing rule 'play.must_trump'"


def test_missing_passage_is_named():
    text = re.sub(r'(\[play\.must_trump\]\nvalue = false\nsource = "[^"]*"\n)passage = "[^"]*"\n', r"\1", BASE_TEXT)
    assert refusal(text) == "ruleset 'bad.toml': rule 'play.must_trump' is missing 'passage'"


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("play.must_trump", "no", "ruleset 'bad.toml': rule 'play.must_trump': value 'no' must be true or false"),
        ("pack.seats", "4", "ruleset 'bad.toml': rule 'pack.seats': value '4' must be an integer"),
        ("pack.seats", True, "ruleset 'bad.toml': rule 'pack.seats': value True must be an integer"),
        ("pack.seats", 5, "ruleset 'bad.toml': rule 'pack.seats': value 5 must be between 3 and 4"),
        ("contract.allowed_trumps", ["hearts", "roses"],
         "ruleset 'bad.toml': rule 'contract.allowed_trumps': value ['hearts', 'roses'] has unknown suit 'roses' "
         "(use spades, clubs, hearts, diamonds), or be 'every-suit-in-the-pack'"),
        ("bete.after_remise", [14, 0], "ruleset 'bad.toml': rule 'bete.after_remise': value [14, 0] "
         "must be a non-empty list of positive integers"),
    ],
)
def test_bad_type_or_range_is_refused(key, value, message):
    assert refusal(with_value(BASE_TEXT, key, value)) == message


def test_value_outside_its_choices_is_refused():
    text = with_value(BASE_TEXT, "play.matador_privilege", "upward")
    assert refusal(text) == (
        "ruleset 'bad.toml': rule 'play.matador_privilege': value 'upward' is not among its choices ['led-card', 'none']")


def test_switch_option_the_engine_lacks_is_refused():
    text = BASE_TEXT.replace('choices = ["led-card", "none"]', 'choices = ["led-card", "none", "any-time"]')
    assert refusal(text) == (
        "ruleset 'bad.toml': rule 'play.matador_privilege': 'any-time' is not implemented "
        "(the engine knows ['led-card', 'none'])")


def test_behaviour_the_engine_lacks_is_refused_without_choices():
    text = with_value(BASE_TEXT, "auction.order", "dealer-first")
    assert refusal(text) == (
        "ruleset 'bad.toml': rule 'auction.order': 'dealer-first' is not implemented (the engine knows ['eldest-first'])")


def test_fixed_rule_cannot_be_switched_off():
    text = with_value(BASE_TEXT, "play.follow_suit", False)
    assert refusal(text) == "ruleset 'bad.toml': rule 'play.follow_suit': only True is implemented"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"pack.seats": 3}, "ruleset 'bad.toml': 3 seats of 10 cards do not use the 40-card pack exactly"),
        ({"pack.hand_size": 9}, "ruleset 'bad.toml': 4 seats of 9 cards do not use the 40-card pack exactly"),
        ({"pack.removed_suits": ["diamonds"]},
         "ruleset 'bad.toml': 4 seats of 10 cards do not use the 30-card pack exactly"),
    ],
)
def test_inconsistent_pack_and_seats_are_refused(changes, message):
    text = BASE_TEXT
    for key, value in changes.items():
        text = with_value(text, key, value)
    assert refusal(text) == message


def test_the_printed_dix_en_noir_is_refused_by_the_order():
    """Taking ENC's "dix en noir" at its word contradicts the black trump order it prints."""
    text = with_value(BASE_TEXT, "ranks.black_trump_count", 10)
    assert refusal(text) == (
        "ruleset 'bad.toml': ranks.black_trump lists 11 trumps but ranks.black_trump_count says 10")


def test_three_seats_with_a_thirty_card_pack_load():
    """ENC, quadrille à trois: "il faut donc ôter une couleur rouge toute entiere"."""
    text = with_value(BASE_TEXT, "pack.seats", 3)
    text = with_value(text, "pack.removed_suits", ["diamonds"])
    text = with_value(text, "contract.allowed_trumps", ["spades", "clubs", "hearts"])
    assert parse_ruleset(LABEL, text)["pack.seats"] == 3


# ---------------------------------------------------------------- card orders
def names(order):
    return [cards.format_card(c) for c in order]


def test_red_trump_order_has_twelve_cards_with_ponto():
    """ENC: "le sept est la premiere carte après spadille, & l'as la quatrieme après baste";
    RULES.md §1.2: ♠A, 7 of trumps (Manille), ♣A, A of trumps (Ponto), K, Q, J, 2, 3, 4, 5, 6."""
    rs = load_ruleset()
    assert names(trump_order(rs, HEARTS)) == ["♠A", "♥7", "♣A", "♥A", "♥K", "♥Q", "♥J", "♥2", "♥3", "♥4", "♥5", "♥6"]
    assert names(trump_order(rs, DIAMONDS)) == ["♠A", "♦7", "♣A", "♦A", "♦K", "♦Q", "♦J", "♦2", "♦3", "♦4", "♦5", "♦6"]


def test_black_trump_order_has_eleven_cards_and_no_ponto():
    """ENC: "l'as de pique ... est la premiere, le deux de trefle la seconde, l'as de trefle la
    troisieme, & les autres selon leur ordre ordinaire"; EB11: "There is no ponto in black trumps"."""
    rs = load_ruleset()
    assert names(trump_order(rs, CLUBS)) == ["♠A", "♣2", "♣A", "♣K", "♣Q", "♣J", "♣7", "♣6", "♣5", "♣4", "♣3"]
    assert names(trump_order(rs, SPADES)) == ["♠A", "♠2", "♣A", "♠K", "♠Q", "♠J", "♠7", "♠6", "♠5", "♠4", "♠3"]


def test_plain_orders_and_black_aces_outside_their_suits():
    """ENC: red not trumps "le roi, la dame, le valet, l'as, le deux ... le sept"; black "le roi,
    la dame, le valet, le sept ... le deux"; "Quant à l'as de ces deux couleurs, il est à-tout"."""
    rs = load_ruleset()
    assert names(plain_order(rs, HEARTS)) == ["♥K", "♥Q", "♥J", "♥A", "♥2", "♥3", "♥4", "♥5", "♥6", "♥7"]
    assert names(plain_order(rs, SPADES)) == ["♠K", "♠Q", "♠J", "♠7", "♠6", "♠5", "♠4", "♠3", "♠2"]
    assert names(plain_order(rs, CLUBS)) == ["♣K", "♣Q", "♣J", "♣7", "♣6", "♣5", "♣4", "♣3", "♣2"]


@pytest.mark.parametrize("trump", range(4))
def test_tables_put_the_black_aces_in_every_trump_block(ruleset, trump):
    tables = build_tables(ruleset)
    for ace in (cards.SPADILLE, cards.BASTO):
        assert tables.block_of_pos[trump, tables.pos_of_card[trump, ace]] == trump
    assert tables.card_of_pos[trump, tables.top_pos[trump]] == cards.SPADILLE
    sizes = {suit: bin(int(tables.block_mask[trump, suit])).count("1") for suit in range(4)}
    expected_trumps = 12 if trump in cards.RED_SUITS else 11
    assert sizes[trump] == expected_trumps
    for suit in range(4):
        if suit != trump:
            assert sizes[suit] == (10 if suit in cards.RED_SUITS else 9)
    assert sum(sizes.values()) == 40
    # the ordered encoding runs, inside the trump block, from the weakest trump to spadille
    block = [tables.card_of_pos[trump, p] for p in range(40) if tables.block_of_pos[trump, p] == trump]
    assert block[::-1] == trump_order(ruleset, trump)


def test_overrides_are_checked_like_the_file_and_change_the_hash(ruleset):
    from spadille.kernel.common.errors import RulesetError
    from spadille.kernel.common.rule_entries import parse_override
    from spadille.kernel.quadrille.ruleset import with_overrides

    changed = with_overrides(ruleset, {"payments.lone_payment_threshold": 4})
    assert changed["payments.lone_payment_threshold"] == 4 and ruleset["payments.lone_payment_threshold"] == 3
    assert changed.overrides == (("payments.lone_payment_threshold", 4),)
    assert changed.text != ruleset.text and changed.rules["payments.lone_payment_threshold"].passage
    assert parse_override("vole.failed=encyclopedie-literal") == ("vole.failed", "encyclopedie-literal")
    assert parse_override("pack.removed_suits=[\"diamonds\"]") == ("pack.removed_suits", ["diamonds"])
    with pytest.raises(RulesetError, match="unknown rule 'payments.nope'"):
        with_overrides(ruleset, {"payments.nope": 1})
    with pytest.raises(RulesetError, match="must be between 0 and 10"):
        with_overrides(ruleset, {"payments.lone_payment_threshold": 11})

"""The variant rulesets as data: quadrille à trois, the médiateur and the Italian page.

Each file loads, every passage it quotes stands word for word in the source it names (a seed
text, or the section of seeds/RULES.md), and the rules that make the variant have the
values docs/variants.md specifies, each test quoting the passage the value rests on.
"""

from __future__ import annotations

import re

import pytest

from spadille.kernel.common.errors import RulesetError
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.ruleset import (STATUSES, available_rulesets, load_ruleset, load_ruleset_with,
                                                with_overrides)
from spadille.kernel.quadrille.tables import build_tables, suits_in_pack, trump_order

from citations import REPO, RULES_DIGEST
from spadille.kernel.common.citations import digest_section, normalise

SPADES, CLUBS, HEARTS, DIAMONDS = range(4)
VARIANTS = ("quadrille-a-trois", "mediateur", "italian-modern")
ENC = "seeds/encyclopedie-1765-quadrille.txt"
IT = "seeds/quadrille-come-si-gioca.txt"


def seed_text(source: str) -> str:
    return normalise((REPO / source).read_text(encoding="utf-8"))


def in_seed(passage: str, source: str = ENC) -> bool:
    return normalise(passage) in seed_text(source)


def cites(rs, key: str, passage: str, source: str = ENC) -> bool:
    """The rule quotes ``passage`` (or a passage containing it) from ``source``, and the source has it."""
    rule = rs.rules[key]
    return rule.source == source and normalise(passage) in normalise(rule.passage) and in_seed(passage, source)


@pytest.fixture(scope="module")
def enc():
    return load_ruleset("encyclopedie-1765")


@pytest.fixture(scope="module")
def trois():
    return load_ruleset("quadrille-a-trois")


@pytest.fixture(scope="module")
def med():
    return load_ruleset("mediateur")


@pytest.fixture(scope="module")
def ita():
    return load_ruleset("italian-modern")


# ---------------------------------------------------------------- every file: loads, cites verbatim
def all_rules():
    return [(name, rule) for name in VARIANTS for rule in load_ruleset(name).rules.values()]


def test_the_four_rulesets_ship():
    assert available_rulesets() == sorted(["encyclopedie-1765", *VARIANTS])


@pytest.mark.parametrize("name", VARIANTS)
def test_variant_loads_with_its_name_and_title(name):
    rs = load_ruleset(name)
    assert rs.name == name and rs.title and rs.summary
    assert rs.path == f"{name}.toml"


@pytest.mark.parametrize(("name", "rule"), all_rules(), ids=lambda x: x if isinstance(x, str) else x.key)
def test_every_passage_is_verbatim_in_its_source(name, rule):
    if rule.source.startswith("seeds/"):
        seed = REPO / rule.source
        assert seed.is_file(), f"{name} {rule.key} cites a missing file {rule.source}"
        assert normalise(rule.passage) in seed_text(rule.source), f"{name} {rule.key}: passage not verbatim in {rule.source}"
        return
    found = re.fullmatch(r"RULES\.md §(\d+(?:\.\d+)?)", rule.source)
    assert found, f"{name} {rule.key}: source {rule.source!r} is neither a seed nor a digest section"
    section = digest_section(RULES_DIGEST.read_text(encoding="utf-8"), found.group(1))
    assert normalise(rule.passage.replace("**", "")) in normalise(section.replace("**", "")), (
        f"{name} {rule.key}: passage not in RULES.md §{found.group(1)}")


@pytest.mark.parametrize(("name", "rule"), all_rules(), ids=lambda x: x if isinstance(x, str) else x.key)
def test_every_reading_says_why(name, rule):
    """A value that is not simply stated (an inference, a switch, an erratum) carries a note."""
    assert rule.status in STATUSES
    if rule.status != "stated" and rule.status != "consensus":
        assert rule.note, f"{name} {rule.key} is {rule.status} without a note"
    if rule.choices:
        assert rule.value in rule.choices


@pytest.mark.parametrize("name", VARIANTS)
def test_tables_build_for_every_variant(name):
    rs = load_ruleset(name)
    tables = build_tables(rs)
    pack = sum(1 for s in suits_in_pack(rs) for _ in range(10))
    assert pack == rs["pack.seats"] * rs["pack.hand_size"]
    for trump in (cards.SUITS.index(s) for s in rs["contract.allowed_trumps"]):
        assert tables.card_of_pos[trump, tables.top_pos[trump]] == cards.SPADILLE


# ---------------------------------------------------------------- quadrille à trois
def test_a_trois_three_seats_of_ten_in_thirty_cards(trois):
    """ENC: "Pour jouer ce jeu il ne faut que trente cartes, il faut donc ôter une couleur rouge
    toute entiere, que ce soit cœur ou carreau, n’importe. On jouera avec dix cartes comme au quadrille"."""
    assert in_seed("Pour jouer ce jeu il ne faut que trente cartes")
    assert trois["pack.seats"] == 3 and trois["pack.hand_size"] == 10
    assert cites(trois, "pack.hand_size", "On jouera avec dix cartes comme au quadrille")
    rule = trois.rules["pack.removed_suits"]
    assert cites(trois, "pack.removed_suits", "que ce soit cœur ou carreau, n’importe")
    assert rule.value == ["diamonds"] and rule.status == "switch"
    assert set(map(tuple, rule.choices)) == {("hearts",), ("diamonds",)}
    assert suits_in_pack(trois) == [SPADES, CLUBS, HEARTS]


def test_a_trois_removed_suit_cannot_be_trumps(trois):
    """ENC: "Il n’est point permis de jouer en la couleur qui est ôtée, parce qu’avec spadille seul,
    & des cartes qui fussent rois, on feroit la vole sans qu’on pût s’y opposer"."""
    assert cites(trois, "contract.allowed_trumps", "Il n’est point permis de jouer en la couleur qui est ôtée")
    assert "diamonds" not in trois["contract.allowed_trumps"]
    assert trois["contract.allowed_trumps"] == ["spades", "clubs", "hearts"]
    assert not set(trois["pack.removed_suits"]) & set(trois["contract.allowed_trumps"])


def test_a_trois_ask_demands_a_king(trois):
    """ENC: "Celui qui joue en appellant, après avoir nommé sa couleur, demande un roi tel qu’il le
    juge convenable à son jeu. Celui de ses deux adversaires qui l’a est obligé de le lui donner"."""
    assert cites(trois, "contract.ask_demands_king",
                 "Celui qui joue en appellant, après avoir nommé sa couleur, demande un roi tel qu’il le juge convenable à son jeu")
    assert trois["contract.ask_demands_king"] is True
    assert trois["auction.contracts"] == ["ask", "sans-prendre"]
    rule = trois.rules["exchange.demand_king_of_trumps"]
    # A switch between two readings; the literal one keeps quadrille's ban (tests/test_rule_readings.py).
    assert rule.value is False and rule.status == "switch"
    assert cites(trois, "exchange.demand_king_of_trumps", "un roi tel qu’il le juge convenable à son jeu")


def test_a_trois_the_card_given_may_be_seen_and_costs_nothing_more(trois):
    """ENC: "& de recevoir en échange telle fausse qu’il lui plaît de lui donner, & que le tiers
    est en droit de voir, moyennant quoi il doit faire les six mains pour gagner"."""
    assert cites(trois, "exchange.card_shown", "& que le tiers est en droit de voir")
    assert trois["exchange.card_shown"] is True
    assert trois["exchange.fee"] == 0 and trois["exchange.fee_favourite"] == 0
    assert trois["exchange.favourite_suit"] == "none"
    assert trois["payments.demand_premium"] == 0


def test_a_trois_six_to_win_five_is_remise(trois):
    """ENC: "celui qui jouera, soit en appellant, soit sans prendre, doit faire six mains pour gagner :
    s’il n’en fait que quatre ou moins, elle est codille ; & s’il en fait cinq, elle n’est que remise"."""
    assert cites(trois, "result.win_tricks", "soit en appellant, soit sans prendre, doit faire six mains pour gagner")
    assert cites(trois, "result.remise_tricks", "s’il en fait cinq, elle n’est que remise")
    assert (trois["result.win_tricks"], trois["result.remise_tricks"]) == (6, 5)


def test_a_trois_bete_of_fourteen_made_on_thirteen(trois):
    """ENC: "mais la bête est de quatorze, encore qu’elle soit faite sur treize jettons seulement":
    the table holds the dealer's fiche and one jeton from each of three players."""
    assert cites(trois, "bete.first", "la bête est de quatorze, encore qu’elle soit faite sur treize jettons seulement")
    assert trois["bete.first"] == 14
    assert trois["payments.devant"] + trois["pack.seats"] * trois["payments.au_jeu"] == 13


def test_a_trois_marked_and_paid_as_quadrille(trois, enc):
    """ENC: "Le jeu se marque & se paie comme au quadrille"."""
    assert in_seed("Le jeu se marque & se paie comme au quadrille")
    for key in ("payments.devant", "payments.au_jeu", "payments.jeu", "payments.consolation", "payments.sans_prendre",
                "payments.matador", "payments.scheme", "payments.multiplier_demanded", "bete.after_remise",
                "bete.after_codille", "bete.increment", "bete.growth", "vole.value"):
        assert trois[key] == enc[key], key
    for key in ("payments.jeu", "payments.consolation", "payments.sans_prendre", "bete.after_remise", "bete.increment"):
        assert trois.rules[key].status == "inference", key
        assert cites(trois, key, "Le jeu se marque & se paie comme au quadrille"), key


def test_a_trois_keeps_quadrille_laws_and_their_citations(trois, enc):
    """ENC: "dont on suit en tout les lois, à l’exception des suivantes": the card orders, the play,
    the forced spadille and the vole are quadrille's, quoting the same passages."""
    assert in_seed("dont on suit en tout les lois, à l’exception des suivantes")
    same = [k for k in enc.rules if k.startswith(("ranks.", "play.", "vole."))] + [
        "auction.order", "auction.sans_prendre_over_ask", "auction.asker_preference", "auction.all_pass",
        "auction.forced_spadille_vole", "auction.forced_spadille_lone_payment_exempt", "contract.call_king_of_trumps",
        "contract.self_call", "payments.lone_payment_threshold", "payments.odd_counters"]
    for key in same:
        assert trois[key] == enc[key], key
        assert trois.rules[key].passage == enc.rules[key].passage, key
    assert trois["auction.all_pass"] == "forced-spadille"
    assert trois["contract.queen_call_with_four_kings"] is False


def test_a_trois_red_suit_override(trois):
    """Either red suit may go: hearts out, diamonds may be trumps instead."""
    changed = load_ruleset_with("quadrille-a-trois", ['pack.removed_suits=["hearts"]',
                                                      'contract.allowed_trumps=["spades", "clubs", "diamonds"]'])
    assert changed["pack.removed_suits"] == ["hearts"] and trois["pack.removed_suits"] == ["diamonds"]
    assert suits_in_pack(changed) == [SPADES, CLUBS, DIAMONDS]
    assert [cards.format_card(c) for c in trump_order(changed, DIAMONDS)][:4] == ["♠A", "♦7", "♣A", "♦A"]
    assert changed.text != trois.text


def test_a_trois_allowed_trumps_follow_the_removed_suit(trois):
    """'Il n’est point permis de jouer en la couleur qui est ôtée': the ban moves with the suit
    taken out, unless the trumps are listed explicitly."""
    assert trois.rules["contract.allowed_trumps"].value == "every-suit-in-the-pack"
    hearts_out = load_ruleset_with("quadrille-a-trois", ['pack.removed_suits=["hearts"]'])
    assert hearts_out["contract.allowed_trumps"] == ["spades", "clubs", "diamonds"]
    assert trump_order(hearts_out, DIAMONDS)
    explicit = load_ruleset_with("quadrille-a-trois", ['contract.allowed_trumps=["spades", "clubs", "diamonds", "hearts"]'])
    assert explicit["contract.allowed_trumps"] == ["spades", "clubs", "diamonds", "hearts"]


def test_a_trois_removed_suit_must_be_red(trois):
    with pytest.raises(RulesetError, match=r"is not among its choices"):
        with_overrides(trois, {"pack.removed_suits": ["clubs"]})


# ---------------------------------------------------------------- the médiateur
MED_PREMIUM = "l’on donne une fiche de plus à celui qui joue avec le médiateur, & celui qui joue sans prendre"


def test_mediateur_bids_lowest_first(med):
    """HOY p281 (RULES.md §1.11 (b)): "ask-leave < ask-leave in favourite suit < médiateur < médiateur
    in favourite < sans prendre < sans prendre in favourite"; without a favourite suit."""
    assert med["auction.contracts"] == ["ask", "demand", "sans-prendre"]
    rule = med.rules["auction.contracts"]
    assert rule.source == "RULES.md §1.11" and "< médiateur <" in rule.passage
    assert med["contract.ask_demands_king"] is False and med["pack.seats"] == 4


def test_mediateur_without_favourite_suit(med):
    """ENC: "Quadrille avec le médiateur sans couleur favorite"; HOY: "and a fish: but if the king be
    of the favourite suit, then two fish are to be paid"."""
    assert cites(med, "exchange.favourite_suit", "Quadrille avec le médiateur sans couleur favorite")
    assert med["exchange.favourite_suit"] == "none"
    assert med["exchange.fee"] == med["payments.devant"] == 10  # a fish: one fiche
    assert med["exchange.fee_favourite"] == 2 * med["exchange.fee"]
    assert "two fish" in med.rules["exchange.fee_favourite"].passage
    assert med.rules["exchange.card_shown"].status == "inference" and med.rules["exchange.card_shown"].note


def test_mediateur_pays_one_fiche_more(med):
    """ENC: "l’on donne une fiche de plus à celui qui joue avec le médiateur, & celui qui joue sans prendre"."""
    assert cites(med, "payments.demand_premium", MED_PREMIUM)
    assert cites(med, "payments.sans_prendre", MED_PREMIUM)
    fiche = med["payments.devant"]
    assert med["payments.demand_premium"] == fiche
    assert med["payments.sans_prendre"] == load_ruleset()["payments.sans_prendre"] + fiche


def test_mediateur_arithmetic_13_12_17_16(med):
    """ENC: "Il reçoit treize jettons de chacun, & les leur paye s’il perd codille ; au lieu qu’il n’en
    donne que 12 si elle n’est que remise. Celui qui gagne sans prendre doit recevoir dix-sept jettons de
    chacun ; s’il perd par remise il en donne seize à chacun, & dix-sept par codille"."""
    for words in ("Il reçoit treize jettons de chacun, & les leur paye s’il perd codille",
                  "il n’en donne que 12 si elle n’est que remise",
                  "Celui qui gagne sans prendre doit recevoir dix-sept jettons de chacun",
                  "s’il perd par remise il en donne seize à chacun, & dix-sept par codille"):
        assert in_seed(words)
    jeu, consolation = med["payments.jeu"], med["payments.consolation"]
    premium, sans_prendre = med["payments.demand_premium"], med["payments.sans_prendre"]
    assert med["payments.multiplier_demanded"] == med["payments.multiplier_sans_prendre"] == 1
    assert jeu + consolation + premium == 13  # médiateur won, or lost by codille
    assert consolation + premium == 12  # médiateur lost by remise: no jeu
    assert jeu + consolation + sans_prendre == 17  # sans prendre won, or lost by codille
    assert consolation + sans_prendre == 16  # sans prendre lost by remise


def test_mediateur_vole_one_fiche_and_betes_as_quadrille(med, enc):
    """ENC: "La vole avec le médiateur ne se paye qu’une fiche ; les bêtes se payent comme au quadrille ordinaire"."""
    assert cites(med, "vole.value", "La vole avec le médiateur ne se paye qu’une fiche")
    assert med["vole.value"] == med["payments.devant"] == 10
    assert cites(med, "bete.growth", "les bêtes se payent comme au quadrille ordinaire")
    for key in ("bete.first", "bete.growth", "bete.after_remise", "bete.after_codille", "bete.increment",
                "payments.jeu", "payments.consolation", "payments.au_jeu", "payments.scheme"):
        assert med[key] == enc[key], key


def test_mediateur_override_a_favourite_suit(med):
    changed = with_overrides(med, {"exchange.favourite_suit": "hearts"})
    assert changed["exchange.favourite_suit"] == "hearts" and med["exchange.favourite_suit"] == "none"


# ---------------------------------------------------------------- the Italian page
def test_italian_cites_the_italian_page(ita):
    seeds = {r.source for r in ita.rules.values() if r.source.startswith("seeds/")}
    assert seeds == {IT}
    stated = [r for r in ita.rules.values() if r.status == "stated"]
    assert stated and all(r.source == IT for r in stated)


def test_italian_lists_its_departures(ita):
    """RULES.md §1.13: where the Italian seed deviates from the historical rules."""
    assert len(ita.departures) >= 9
    assert all(isinstance(d, str) and 20 < len(d) < 260 and "\n" not in d for d in ita.departures)
    text = " ".join(ita.departures)
    for topic in ("Dimidiator", "Casco", "called king", "matador privilege", "remise", "codille", "Matador bonus",
                  "vole", "Ponto", "médiateur", "Forced spadille"):
        assert topic in text, topic
    for name in ("encyclopedie-1765", "quadrille-a-trois", "mediateur"):
        assert load_ruleset(name).departures == ()


def test_italian_ladder_alliance_dimidiator_casco_solo(ita):
    """IT: "Ogni contratto deve superare strettamente il precedente"; "Alliance (il più basso)";
    "Solo (il più alto)"."""
    assert cites(ita, "auction.contracts", "Ogni contratto deve superare strettamente il precedente", IT)
    assert in_seed("Alliance (il più basso)", IT) and in_seed("Solo (il più alto)", IT)
    assert ita["auction.contracts"] == ["ask", "demand", "casco", "sans-prendre"]
    assert ita["auction.asker_preference"] is False
    assert ita["contract.ask_demands_king"] is False


def test_italian_dimidiator_is_a_covered_exchange(ita):
    """IT: "scambia carte privatamente con il possessore del Re chiamato (scambio coperto prima del
    gioco)"; "Vittoria Dimidiator: Pagata a 1,5 volte il tasso Alliance"."""
    assert cites(ita, "exchange.card_shown", "scambio coperto prima del gioco", IT)
    assert ita["exchange.card_shown"] is False
    assert ita["exchange.fee"] == 0 and ita["payments.demand_premium"] == 0
    assert ita.rules["exchange.demand_king_of_trumps"].status == "switch" and ita["exchange.demand_king_of_trumps"]
    assert cites(ita, "payments.multiplier_demanded", "Pagata a 1,5 volte il tasso Alliance", IT)
    assert ita["payments.multiplier_demanded"] == 1.5
    assert cites(ita, "payments.multiplier_casco", "Vittoria Casco: Pagata a 2 volte il tasso Alliance", IT)
    assert ita["payments.multiplier_casco"] == 2 and ita["payments.multiplier_called"] == 1


def test_italian_pot_payments(ita):
    """IT: "una puntata iniziale uguale e concordata (per esempio 4 gettoni)"; "ogni avversario versa una
    nuova puntata iniziale uguale"; "riceve un premio solo di 1 gettone"; "quadruplicando la posta"."""
    assert ita["payments.scheme"] == "italian-pot"
    assert cites(ita, "payments.au_jeu", "per esempio 4 gettoni", IT)
    assert ita["payments.au_jeu"] == 4 and ita["payments.devant"] == 0
    assert cites(ita, "payments.jeu", "ogni avversario versa una nuova puntata iniziale uguale", IT)
    assert ita["payments.jeu"] == ita["payments.au_jeu"] and ita["payments.consolation"] == 0
    assert cites(ita, "payments.sans_prendre", "riceve un premio solo di 1 gettone", IT)
    assert ita["payments.sans_prendre"] == 1 and ita["payments.multiplier_sans_prendre"] == 0
    assert cites(ita, "payments.codille_multiplier", "quadruplicando la posta", IT)
    assert ita["payments.codille_multiplier"] == 4
    assert cites(ita, "payments.lone_payment_threshold", "L'Hombre paga come se avesse vinto", IT)
    assert ita["payments.lone_payment_threshold"] == 10


def test_italian_matador_bonus(ita):
    """IT: "Un giocatore che deteneva tutti e tre i Matadores ... aggiunge un bonus di 1 gettone pagato da
    ogni avversario; detenere tutte e quattro le briscole più alte ... aggiunge 2 gettoni da ciascuno"."""
    assert cites(ita, "payments.matador", "aggiunge un bonus di 1 gettone pagato da ogni avversario", IT)
    assert cites(ita, "payments.matador_count", "aggiunge 2 gettoni da ciascuno", IT)
    assert ita["payments.matador_count"] == "top-three-or-four-in-one-hand" and ita["payments.matador"] == 1
    assert ita["payments.matadors_on_loss"] is False


def test_italian_vole_announced_triple_plus_three(ita):
    """IT: "Pagamento triplo normale e un ulteriore bonus di 3 gettoni da ogni avversario, da annunciare
    prima della prima presa per ottenere il bonus pieno"."""
    for key in ("vole.multiplier", "vole.value", "vole.after_straight_tricks"):
        assert cites(ita, key, "da annunciare prima della prima presa", IT), key
    assert (ita["vole.multiplier"], ita["vole.value"], ita["vole.after_straight_tricks"]) == (3, 3, 0)
    assert ita["vole.needs_called_card_seen"] is False


def test_italian_called_king_duty_and_no_matador_privilege(ita):
    """IT: "Il Re chiamato deve essere giocato quando viene guidato il suo seme e non può essere guidato
    dal suo stesso possessore"."""
    assert cites(ita, "play.called_king_duty", "Il Re chiamato deve essere giocato quando viene guidato il suo seme", IT)
    assert ita["play.called_king_duty"] is True
    assert ita["play.matador_privilege"] == "none" and ita.rules["play.matador_privilege"].status == "switch"


def test_italian_forced_spadille_is_a_plain_alliance(ita):
    """IT: "Chiama un Re non-briscola il cui possessore diventa partner silenzioso, esattamente come in un
    Alliance volontario"."""
    assert cites(ita, "auction.forced_spadille_lone_payment_exempt", "esattamente come in un Alliance volontario", IT)
    assert ita["auction.all_pass"] == "forced-spadille"
    assert ita["auction.forced_spadille_lone_payment_exempt"] is False
    assert ita["auction.forced_spadille_vole"] is True


def test_italian_red_list_omits_the_king_and_we_keep_it(ita):
    """IT: "rossi: Regina, Fante, poi 2, 3, 4, 5, 6" (no King); the order keeps K after ponto
    (RULES.md §1.13, 1)."""
    rule = ita.rules["ranks.red_trump"]
    assert rule.status == "erratum" and "Re" not in re.findall(r"\w+", rule.passage)
    assert cites(ita, "ranks.red_trump", "rossi: Regina, Fante, poi 2, 3, 4, 5, 6", IT)
    assert [cards.format_card(c) for c in trump_order(ita, HEARTS)] == [
        "♠A", "♥7", "♣A", "♥A", "♥K", "♥Q", "♥J", "♥2", "♥3", "♥4", "♥5", "♥6"]
    assert [cards.format_card(c) for c in trump_order(ita, CLUBS)][:4] == ["♠A", "♣2", "♣A", "♣K"]


def test_italian_overrides(ita):
    changed = load_ruleset_with("italian-modern", ["payments.au_jeu=2", "payments.scheme=encyclopedie",
                                                   "play.matador_privilege=led-card"])
    assert changed["payments.au_jeu"] == 2 and changed["payments.scheme"] == "encyclopedie"
    assert changed.departures == ita.departures
    with pytest.raises(RulesetError, match="must be a multiple of 0.5"):
        with_overrides(ita, {"payments.multiplier_demanded": 1.25})

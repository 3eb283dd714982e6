"""Reversis rules on hand-built positions, each test quoting the passage it checks (the reference
engine; the kernel must agree with it, tests/test_reversis_parity.py)."""

from __future__ import annotations

import itertools

import pytest

from spadille.kernel.reversis import layout as L
from spadille.kernel.reversis.cards import QUINOLA, parse_card, parse_hand
from spadille.kernel.reversis.policies import seat_policies
from spadille.kernel.reversis.reference.engine import PlayedDeal, Trick, _pay_trick, play_position
from spadille.kernel.reversis.reference.espagnolette import is_espagnolette
from spadille.kernel.reversis.reference.ledger import Ledger
from spadille.kernel.reversis.reference.partie import natural_winner, partie_value
from spadille.kernel.reversis.reference.play import FORCED, GIVEN, PLAYED, card_kind, legal_cards
from spadille.kernel.reversis.reference.settle import settle
from spadille.kernel.reversis.ruleset import load_reversis_ruleset

HEURISTIC = seat_policies("heuristic")


@pytest.fixture(scope="module")
def dj():
    return load_reversis_ruleset()


def cards(text: str) -> set[int]:
    return {c for c in range(48) if parse_hand(text) >> c & 1}


def fill(fixed: dict[int, str], ecart: str = "") -> tuple[list[set[int]], set[int]]:
    """Hands holding the ``fixed`` cards, the rest dealt round the table from the low cards up;
    the écart is ``ecart`` or the last four cards left."""
    hands = [cards(fixed.get(p, "")) for p in range(4)]
    spare = cards(ecart)
    rest = [c for c in sorted(range(48), key=lambda c: (c % 12, c)) if c not in spare
            and not any(c in h for h in hands)]
    p = 0
    while any(len(h) < 11 for h in hands):     # round the table, so nobody gets all the high cards
        if len(hands[p]) < 11:
            hands[p].add(rest.pop())
        p = (p + 1) % 4
    return hands, spare | set(rest)


def payments(deal, category):
    return [(p.payer, p.receiver, p.amount, p.trick) for p in deal.ledger.payments if p.category == category]


# ---------------------------------------------------------------- play: legal cards and the kind of each card
def test_must_follow_and_the_espagnolette_may_renounce():
    """"Must follow suit; if void, may play any card" (RULES.md §2.1); "L' espagnolette a le droit de
    renoncer en toute couleur pendant les neuf premières levées" (seed)."""
    hand = cards("sA s9 hJ d2")
    assert legal_cards(hand, 0, first_lead=False, eldest_leads_heart=False, privileged=False) == cards("sA s9")
    assert legal_cards(hand, 3, first_lead=False, eldest_leads_heart=False, privileged=False) == hand
    assert legal_cards(hand, 0, first_lead=False, eldest_leads_heart=False, privileged=True) == hand
    # "Le premier en cartes doit toujours commencer par jouer du cœur s'il en [a]" (enc1765)
    assert legal_cards(hand, None, first_lead=True, eldest_leads_heart=True, privileged=False) == cards("hJ")
    assert legal_cards(hand, None, first_lead=False, eldest_leads_heart=True, privileged=False) == hand


def test_aces_and_quinola_given_forced_played():
    """"Celui qui donne un as en renonce" (given); "Le joueur à qui on force un as" (forced: no
    other card of the suit); "Un ou plusieurs as joués" (led, or played holding another)."""
    assert card_kind(parse_card("dA"), cards("dA s2"), 0) == GIVEN
    assert card_kind(parse_card("dA"), cards("dA s2"), 2) == FORCED
    assert card_kind(parse_card("dA"), cards("dA d2"), 2) == PLAYED
    assert card_kind(parse_card("dA"), cards("dA d2"), None) == PLAYED
    assert card_kind(QUINOLA, cards("hJ s2"), 0) == GIVEN
    assert card_kind(QUINOLA, cards("hJ s2"), 1) == FORCED
    assert card_kind(QUINOLA, cards("hJ h2"), 1) == PLAYED
    assert card_kind(parse_card("dK"), cards("dK"), 0) == "ordinary"


def _trick(dj, number, leader, taker, plays):
    deal = PlayedDeal(dealt=[], talon=[], discards=[], ecart=set(), hands_at_play=[])
    _pay_trick(dj, deal, number, leader, taker, [(p, parse_card(c), kind) for p, c, kind in plays])
    return deal


def test_ace_payments_double_in_vis_a_vis_and_at_la_bonne(dj):
    """"touche une fiche de celui qui fera celle levée ; si c'est l'as de carïeau il eu recevra deux";
    "Tous ces payemens sont doubles en vis-à-vis"; "encore doubles .1 la premicic et à la dernière
    bonne" (seed)."""
    deal = _trick(dj, 3, 0, 0, [(1, "sA", GIVEN)])
    assert payments(deal, L.C_ACES) == [(0, 1, 1, 3)]
    deal = _trick(dj, 3, 0, 3, [(1, "dA", GIVEN)])              # 1 and 3 sit opposite
    assert payments(deal, L.C_ACES) == [(3, 1, 4, 3)]
    deal = _trick(dj, 10, 0, 3, [(1, "dA", GIVEN)])             # and at the first bonne
    assert payments(deal, L.C_ACES) == [(3, 1, 8, 10)]
    deal = _trick(dj, 11, 2, 1, [(1, "cA", FORCED)])            # forced: the holder pays the leader
    assert payments(deal, L.C_ACES) == [(1, 2, 2, 11)]
    hoyle = load_reversis_ruleset(preset="hoyle", override_texts=["aces.forced_payer=holder"])
    assert payments(_trick(hoyle, 10, 2, 1, [(1, "cA", FORCED)]), L.C_ACES) == [(1, 2, 1, 10)]   # "à la bonne"


def test_the_seeds_worked_examples_force_the_quinola_at_la_bonne(dj):
    """"si pai hasaril l'on f.içail le quinola en vis-à-vis à la première ou dernière bonne, on
    loucherait huit jetons ou quarante fiches de son vis-.\\-vis, el deux jetons de chacun des autres
    joueurs; el si on le forçait ainsi de côté, celui-ci payerait quatre jetons, le vis-à-vis en
    payerait quatre, et le troisième joueur en payerait deux." (seed). "f.içail" reads "forçait"
    (the ç kept, t written l; "ainsi" then goes on with the same act): both examples are forcings."""
    # forcing the forcer's vis-à-vis's quinola at trick 10: 40 fiches from him, 10 from each other
    deal = _trick(dj, 10, 0, 0, [(2, "hJ", FORCED)])
    assert sorted(payments(deal, L.C_QUINOLA)) == [(1, 0, 10, 10), (2, 0, 40, 10), (3, 0, 10, 10)]
    # forced "de côté" at a bonne: the holder 4 jetons, the forcer's vis-à-vis 4, the third 2
    deal = _trick(dj, 11, 0, 0, [(1, "hJ", FORCED)])
    assert sorted(payments(deal, L.C_QUINOLA)) == [(1, 0, 20, 11), (2, 0, 20, 11), (3, 0, 10, 11)]
    assert deal.quinola_fate == L.Q_FORCED
    # placing is priced by "on recevra un jelon ou cinq fiches": the taker alone, doubled twice here
    assert payments(_trick(dj, 10, 2, 2, [(0, "hJ", GIVEN)]), L.C_QUINOLA) == [(2, 0, 20, 10)]


# ---------------------------------------------------------------- whole positions
def test_quinola_placed_takes_the_remise(dj):
    """"Il place de cette façon son quinola ... et tire conséquemment la remise"; "en donnant le
    cjuiuola en renonce , on recevra un jelon ou cinq fiches" (seed)."""
    hands, ecart = fill({0: "s2 s3 s4", 1: "hJ hA d2 d3 d4 d5 d6 d7 d8 d9 dK", 3: "sK"})
    deal = play_position(dj, hands, ecart, {0: [parse_card("s2")], 1: [QUINOLA], 3: [parse_card("sK")]}, HEURISTIC)
    assert deal.quinola_fate == L.Q_PLACED and deal.quinola_trick == 1
    assert deal.tricks[0].taker == 3
    assert payments(deal, L.C_QUINOLA)[0] == (3, 1, 10, 1)       # 1 and 3 sit opposite: doubled
    assert deal.reversis == L.REV_NONE
    assert payments(deal, L.C_REMISE) == [(L.POOL, 1, deal.p0, 0)]


def test_reversis_made_refunds_everything_and_is_paid_double_by_the_vis_a_vis(dj):
    """"Le rerersis se paye seize fiches de chaque joueur, et . Irente-deux du vis-à-vis"; "Tous les
    paj-emens susdits cessent dès qu'il j' a reversa ... on rend à celui qui a payé" (seed)."""
    hands, ecart = fill({0: "sA sK sQ sJ s9 s8 s7 s6 s5 hA hK", 1: "cA dA"}, ecart="s4 s3 s2 c2")
    deal = play_position(dj, hands, ecart, {}, HEURISTIC)
    record = deal.record()
    assert deal.reversis == L.REV_MADE and deal.undertaker == 0
    assert sorted(payments(deal, L.C_REVERSIS)) == [(1, 0, 16, 0), (2, 0, 32, 0), (3, 0, 16, 0)]
    side = [record[L.D_PAY + c * 5: L.D_PAY + c * 5 + 5] for c in (L.C_ACES, L.C_QUINOLA, L.C_REFUND)]
    assert any(side[0]) and list(side[0] + side[1] + side[2]) == [0] * 5     # the aces given, refunded
    assert payments(deal, L.C_PARTIE) == [] and payments(deal, L.C_REMISE) == []
    assert deal.partie_winner == L.NOBODY
    assert sum(record[L.D_NET: L.D_NET + 5]) == 0


def test_le_plus_grand_coup(dj):
    """"excepté le seul cas où le joueur qui aurait joué le quinola ferait encore le reversis (et encore
    faut-il qu'il ait joué le quinola avant la bonne) ... c'est le plus grand coup" (seed)."""
    hands, ecart = fill({0: "hA hK hQ hJ sA sK sQ sJ s9 s8 s7"})
    deal = play_position(dj, hands, ecart, {0: [parse_card(c) for c in ("hA", "hK", "hQ", "hJ")]}, HEURISTIC)
    assert deal.reversis == L.REV_MADE and deal.quinola_trick == 4
    assert payments(deal, L.C_REMISE) == [(L.POOL, 0, deal.p0, 0)]
    # the quinola played at the dernière bonne: "on ne tire point la remise, mais Ion se fait payer du reversis fait"
    late = play_position(dj, hands, ecart, {0: [parse_card(c) for c in
                                                ("hA", "hK", "hQ", "sA", "sK", "sQ", "sJ", "s9", "s8", "s7", "hJ")]},
                         HEURISTIC)
    assert late.reversis == L.REV_MADE and late.quinola_trick == 11 and payments(late, L.C_REMISE) == []


def test_le_coup_le_plus_cher(dj):
    """"Mais si le joueur eût joué le quinola à l'une des neuf premières levées , et qu on lui rompît le
    reversis , il payerait le reversis rompu, et en outre ferait la remise : c'est le coup le plus cber."
    and "Celui qui rompt le reversis à la bonae , reçoit soixantequatre fiches" (seed)."""
    hands, ecart = fill({0: "hA hK hQ hJ sA sK sQ sJ s9 c2 d2"}, ecart="h2 h3 h4 h5")
    order = ("hA", "hK", "hQ", "hJ", "sA", "sK", "sQ", "sJ", "s9", "c2", "d2")
    deal = play_position(dj, hands, ecart, {0: [parse_card(c) for c in order]}, HEURISTIC)
    assert deal.reversis == L.REV_BROKEN and deal.undertaker == 0
    assert deal.breaker == deal.tricks[9].taker != 0
    assert payments(deal, L.C_REVERSIS) == [(0, deal.breaker, 64, 0)]
    assert payments(deal, L.C_REMISE) == [(0, L.POOL, deal.p0, 0)]


# ---------------------------------------------------------------- settlement on hand-built trick results
def _finished(takers, points_to, quinola_holder=-1, quinola_fate=L.Q_NONE, quinola_trick=0, privileged=-1,
              used=False, ecart="s2 s3 s4 s5"):
    """A deal whose tricks were taken by ``takers``; ``points_to`` gives the point cards of each trick
    (the other cards are pointless fillers: only the takers and points matter to the settlement)."""
    spare = itertools.cycle(sorted(c for c in range(48) if c % 12 >= 4 and c not in cards(ecart)))
    tricks = []
    for number, taker in enumerate(takers, start=1):
        won = cards(points_to.get(number, ""))
        tricks.append(Trick(number, taker, sorted(won) + [next(spare) for _ in range(4 - len(won))], taker))
    kept = next((number for number, taker in enumerate(takers, start=1) if taker == privileged), 0)
    deal = PlayedDeal(dealt=[], talon=[], discards=[], ecart=cards(ecart), hands_at_play=[], tricks=tricks,
                      ledger=Ledger(), privileged=privileged, espagnolette_used=used,
                      espagnolette_trick=kept if privileged >= 0 else 0,
                      quinola_holder=quinola_holder, quinola_fate=quinola_fate, quinola_trick=quinola_trick,
                      pool_start=40, p0=45)
    return deal


def test_the_partie_and_its_tie_breaks(dj):
    """"Winner of the partie = fewest points in tricks"; "he who dealt last wins" (RULES.md §2.3);
    "le plus près de celui qui a fait à gauche, gagne le talon; mais celui qui n'a point de levée,
    l'emporte sur lui" (RULES.md §2.10); "La partie se paye aussi double, si c'esl le vis-à-vis <jui la
    gagne." (seed)."""
    assert partie_value(cards("dA hJ sK c2"), "ecart") == 5 + 4 + 3 + 0 + 4
    assert partie_value(cards("dA hJ sK c2"), "talon-1765") == 5 + 2 + 4
    assert natural_winner([0, 1, 2, 3], [0, 0, 5, 0], [2, 0, 3, 0], "dealer-last") == 3
    assert natural_winner([0, 1, 2, 3], [0, 0, 5, 0], [2, 0, 3, 1], "dealer-last") == 1
    assert natural_winner([0, 1, 2, 3], [0, 0, 5, 0], [2, 1, 3, 1], "dealer-left") == 1
    assert natural_winner([0, 1, 2, 3], [0, 0, 5, 0], [0, 1, 3, 0], "dealer-left") == 0
    deal = _finished([1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2], {1: "sA hA", 2: "dA"})   # 0 took nothing
    settle(dj, deal)
    value = partie_value(deal.ecart, "ecart")
    assert deal.partie_winner == 0 and value == 4
    assert sorted(payments(deal, L.C_PARTIE)) == [(1, 0, 4, 0), (2, 0, 8, 0), (3, 0, 4, 0)]


def test_espagnolette_wins_the_partie_and_pays_alone_for_a_reversis(dj):
    """"il gagne toujours la partie, de quelque manière qu'il soit placé"; "Si quelqu'un fait le re>ersis ,
    l espagnolette paye seul ]K)ur toute la compagnie." (seed)."""
    deal = _finished([2, 2, 3, 0, 2, 3, 0, 0, 3, 0, 2], {7: "sA hA dA cA"}, privileged=1, used=True)
    settle(dj, deal)
    assert deal.partie_winner == 1 and not deal.all_costs      # he took no trick: 0 points beat nobody
    made = _finished([0] * 11, {}, privileged=1, used=True)
    settle(dj, made)
    assert payments(made, L.C_REVERSIS) == [(1, 0, 64, 0)]
    broken = _finished([0] * 9 + [3, 0], {}, privileged=1, used=True)
    settle(dj, broken)   # "l'espagnolclle paye tout le reversis à celui qui rompt"
    assert payments(broken, L.C_REVERSIS) == [(1, 3, 64, 0)]
    waived = _finished([0] * 11, {}, privileged=1, used=False)
    settle(dj, waived)
    assert len(payments(waived, L.C_REVERSIS)) == 3


def test_tous_les_frais(dj):
    """"s'il est assez maladroit pour avoir gardé une grosse carte , par laquelle il se trouve dans la
    nécessité de faire une des deux dernières levées , alors il fait tous les frais de la partie":
    he loses and pays the partie, makes the remise if he placed the quinola, "rend au double les as
    ou quinoia qu il peut avoir donnés" (seed)."""
    deal = _finished([2, 2, 3, 3, 2, 3, 3, 2, 3, 1, 2], {1: "sK", 3: "cK"}, quinola_holder=1,
                     quinola_fate=L.Q_PLACED, quinola_trick=2, privileged=1, used=True)
    deal.ledger.pay(L.C_QUINOLA, 2, 1, 5, 2, "quinola placed")
    deal.gifts.append(deal.ledger.payments[-1])
    deal.ledger.pay(L.C_ACES, 3, 1, 2, 4, "ace given")
    deal.gifts.append(deal.ledger.payments[-1])
    settle(dj, deal)
    assert deal.all_costs and deal.partie_winner == 0               # 0 took nothing: the natural winner
    assert payments(deal, L.C_PARTIE) == []
    costs = payments(deal, L.C_ALL_COSTS)
    value = partie_value(deal.ecart, "ecart")
    assert costs == [(1, 0, value, 0), (1, L.POOL, deal.p0, 0), (1, 2, 10, 0), (1, 3, 4, 0)]
    # "Qu'il fait la remise s'il a placé le quiaola" (Hoyle: "instead of receiving it"): his placed
    # quinola does not take the remise first, so the remise costs him the pool, as a gorged one does
    assert payments(deal, L.C_REMISE) == [] and deal.remise_taker == L.NOBODY and deal.remise_maker == 1
    # "il ne ferait j>as la remise, si, étant espagnolette par quatre as, un des autres joueurs placnil le <]uinola"
    four_aces = _finished([2, 2, 3, 3, 2, 3, 3, 2, 3, 1, 2], {}, quinola_holder=2, quinola_fate=L.Q_PLACED,
                          quinola_trick=2, privileged=1, used=True)
    settle(dj, four_aces)
    assert four_aces.remise_maker == L.NOBODY and four_aces.remise_taker == 2


def test_espagnolette_definitions():
    """"Trois as et le quinola, quatre as et le quiuola, ou simplement quatre as" (seed); "either simply
    four aces, or three aces and one quinola, or two aces and two quinolas" (RULES.md §2.7)."""
    assert is_espagnolette(cards("sA hA dA hJ"), "aces-and-quinola")
    assert is_espagnolette(cards("sA hA dA cA"), "aces-and-quinola")
    assert not is_espagnolette(cards("sA hA dA hQ"), "aces-and-quinola")
    assert is_espagnolette(cards("sA hA dA hQ"), "hoyle")
    assert is_espagnolette(cards("sA hA hJ hQ"), "hoyle")
    assert not is_espagnolette(cards("sA hA dA cA"), "none")

"""The readings issue 41 made switches, on hand-built positions and on the deals the audit named
(the reference engine; the kernel must agree with it, tests/test_reversis_parity.py). Each test
quotes the passages of both readings."""

from __future__ import annotations

import itertools

import pytest

from spadille.kernel.reversis import layout as L
from spadille.kernel.reversis.cards import parse_card, parse_hand
from spadille.kernel.reversis.policies import seat_policies
from spadille.kernel.reversis.reference import play_deal
from spadille.kernel.reversis.reference.engine import PlayedDeal, Trick, _pay_trick, play_position
from spadille.kernel.reversis.reference.ledger import Ledger
from spadille.kernel.reversis.reference.play import FORCED
from spadille.kernel.reversis.reference.settle import settle
from spadille.kernel.reversis.ruleset import load_reversis_ruleset

HEURISTIC = seat_policies("heuristic")


def rules(*overrides: str, preset: str = "dj"):
    return load_reversis_ruleset(preset=preset, override_texts=list(overrides))


def cards(text: str) -> set[int]:
    return {c for c in range(48) if parse_hand(text) >> c & 1}


def payments(deal, category):
    return sorted((p.payer, p.receiver, p.amount) for p in deal.ledger.payments if p.category == category)


# ---------------------------------------------------------------- point 1: a trick that stays with him
def _kept_trick_one(ruleset):
    """The eldest holds an espagnolette and keeps trick 1 (the clubs above his ♣9 are in the écart),
    then the heuristic plays on, using the privilege whenever it may."""
    eldest = "sA hA dA hJ c9 c8 s2 s3 d2 d3 h2"
    rest = sorted(c for c in range(48) if c not in cards(eldest) | cards("cA cK cQ cJ"))
    hands = [cards(eldest), set(rest[0::3]), set(rest[1::3]), set(rest[2::3])]
    return play_position(ruleset, hands, cards("cA cK cQ cJ"), {0: [parse_card("c9")]}, HEURISTIC)


def test_a_trick_kept_in_tricks_1_to_9_ends_the_privilege_under_the_seeds_reading():
    """"h' espagnolette n'est pas censc avoir perdu son droit pour avoir fourni de la couleur que Ion
    demande, et même pour avoir pris; il faudrait pour cela que la levée lui restât"; "Si
    l'espagnolette n'entre pas d'ailleurs, il jouira de tous ses autres droits" (seed)."""
    deal = _kept_trick_one(rules())
    assert deal.privileged == 0 and deal.tricks[0].taker == 0 and deal.espagnolette_trick == 1
    assert not deal.espagnolette_used and not deal.all_costs      # he may no longer renounce at will
    hand = set(deal.hands_at_play[0])
    for t in deal.tricks:
        mine, led = t.cards[(0 - t.leader) % 4], t.cards[0] // 12
        if t.number > 1 and t.leader != 0:                        # he followed suit whenever he could
            assert mine // 12 == led or not any(c // 12 == led for c in hand), t
        hand.discard(mine)


def test_a_trick_kept_makes_him_pay_tous_les_frais_under_hoyles_reading():
    """"but if obliged to win a trick, he then pays the party to the other, and returns the
    consolations he may have received for aces or quinolas" (Hoyle p. 286)."""
    deal = _kept_trick_one(rules("espagnolette.trick_kept=all-costs"))
    assert deal.espagnolette_used and deal.all_costs and deal.partie_winner != 0
    assert payments(deal, L.C_ALL_COSTS) and payments(deal, L.C_PARTIE) == []


def test_the_audits_deal_6756_settles_as_each_reading_says():
    """`spadille show reversis --seed 1 --deal 6756`: the eldest keeps trick 1, then (before issue
    41) renounced by privilege at trick 3, placed the quinola and took the partie."""
    seed = play_deal(rules(), HEURISTIC, 1, 6756)
    assert seed.privileged == 0 and seed.espagnolette_trick == 1
    assert seed.tricks[2].cards[3] == parse_card("cA")         # he must follow clubs: his ace is forced
    assert not seed.espagnolette_used and seed.partie_winner == 3
    hoyle = play_deal(rules("espagnolette.trick_kept=all-costs"), HEURISTIC, 1, 6756)
    assert hoyle.tricks[2].cards[3] == parse_card("hJ") and hoyle.quinola_fate == L.Q_PLACED
    assert hoyle.all_costs and hoyle.partie_winner != 0 and hoyle.remise_taker == L.NOBODY


# ---------------------------------------------------------------- point 2: tous les frais after a placed quinola
def test_the_audits_deal_553_the_placed_quinola_costs_him_the_remise():
    """"2°. Qu'il fait la remise s'il a placé le quiaola" (seed); "and if he have a quinola, he must
    pay the stake to the pool, instead of receiving it" (Hoyle p. 286): he never takes it first."""
    deal = play_deal(rules(), HEURISTIC, 1, 553)
    assert deal.privileged == 2 and deal.quinola_fate == L.Q_PLACED and deal.all_costs
    assert deal.remise_taker == L.NOBODY and deal.remise_maker == 2
    assert payments(deal, L.C_REMISE) == []
    assert (2, L.POOL, deal.p0) in payments(deal, L.C_ALL_COSTS)


def test_tous_les_frais_returns_his_own_consolations_once_under_hoyle():
    """"il rend au double les as ou quinoia qu il peut avoir donnés ... ou bien aussi l'as ou le
    quinoia que les autres joueurs ont pu sn donner" (seed) against "returns the consolations he may
    have received for aces or quinolas" (Hoyle)."""
    for reading, expected in (("double-every-gift", [(2, 0, 4), (2, 1, 2), (2, 1, 10), (2, 3, 2)]),
                              ("own-consolations", [(2, 0, 2), (2, 1, 1), (2, 1, 5), (2, 3, 1)])):
        deal = play_deal(rules(f"espagnolette.all_costs_return={reading}"), HEURISTIC, 1, 553)
        returned = [p for p in payments(deal, L.C_ALL_COSTS) if p[1] != L.POOL and p[2] != deal.partie_value]
        assert returned == expected, reading


# ---------------------------------------------------------------- point 4: what forcing the quinola is
def _heart_trick(ruleset, taker):
    """Trick 3: position 0 leads a heart, position 1's lone quinola follows, ``taker`` takes it."""
    deal = PlayedDeal(dealt=[], talon=[], discards=[], ecart=set(), hands_at_play=[])
    _pay_trick(ruleset, deal, 3, 0, taker, [(1, parse_card("hJ"), FORCED)])
    return deal


def test_the_quinola_is_forced_by_a_higher_heart_and_its_player_is_paid():
    """"Si par as , roi ou dame de cœur, l'un forçait le quiuola ... ce qui est dû à celui qui force"
    (seed); "If, by another player having the ace or king of hearts ... he pays the stake and his
    consolation to him that forces" (Hoyle)."""
    third = _heart_trick(rules(), 2)                              # position 2's heart took it
    assert third.quinola_fate == L.Q_FORCED
    assert payments(third, L.C_QUINOLA) == [(0, 2, 10), (1, 2, 10), (3, 2, 5)]
    own = _heart_trick(rules(), 1)                                # the quinola took its own trick: played
    assert own.quinola_fate == L.Q_PLAYED and payments(own, L.C_QUINOLA) == []
    assert own.deferred == [(L.C_QUINOLA, 1, 10, 3)]


def test_any_heart_lead_forces_it_and_pays_the_leader():
    """"au contraire, qu'il est forcé, c'est-à-dire quand on est obligé de le donner sur un cœur, il
    fait payer la remise" (seed), read as any heart lead the lone quinola must follow."""
    ruleset = rules("quinola.forced_by=any-heart-lead")
    for taker in (1, 2):
        deal = _heart_trick(ruleset, taker)
        assert deal.quinola_fate == L.Q_FORCED
        assert payments(deal, L.C_QUINOLA) == [(1, 0, 10), (2, 0, 10), (3, 0, 5)]


# ---------------------------------------------------------------- point 5: who pays what Hoyle prices otherwise
def test_an_ace_forced_is_paid_by_every_player_under_hoyle():
    """"Le joueur à qui on force un as, paye une fiche à celui qui le force" (seed) against "The
    person who forces an ace receives the same payments from all the players." (Hoyle)."""
    for reading, expected in (("holder", [(1, 0, 1)]), ("each-player", [(1, 0, 1), (2, 0, 2), (3, 0, 1)])):
        deal = PlayedDeal(dealt=[], talon=[], discards=[], ecart=set(), hands_at_play=[])
        _pay_trick(rules(f"aces.forced_payer={reading}"), deal, 4, 0, 1, [(1, parse_card("sA"), FORCED)])
        assert payments(deal, L.C_ACES) == expected, reading


@pytest.mark.parametrize(("reading", "expected"), [
    ("holder", [(1, 0, 10)]),
    ("as-forced", [(1, 0, 10), (2, 0, 10), (3, 0, 5)]),
])
def test_the_quinola_played_is_paid_as_if_forced(reading, expected):
    """"Un ou plusieurs as joués, de même que le quinola joué ou gorgé, se payent comme s'ils eussent
    été forcés, et se payent à celui qui gagne la partie" (seed): by its holder, or, read as a
    forcing is paid, by every player; Hoyle: "pay the same as if they had been forced"."""
    takers = [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2]                    # position 0 takes nothing: he wins the partie
    tricks = []
    filler = itertools.cycle(sorted(c for c in range(48) if c % 12 >= 4))   # pointless cards: 0 points each
    for number, taker in enumerate(takers, start=1):
        tricks.append(Trick(number, taker, [next(filler) for _ in range(4)], taker))
    deal = PlayedDeal(dealt=[], talon=[], discards=[], ecart=cards("s2 s3 s4 s5"), hands_at_play=[], tricks=tricks,
                      ledger=Ledger(), quinola_holder=1, quinola_fate=L.Q_PLAYED, quinola_trick=5,
                      deferred=[(L.C_QUINOLA, 1, 10, 5)], pool_start=40, p0=45)
    settle(rules(f"payments.played_paid_by={reading}"), deal)
    assert deal.partie_winner == 0
    assert payments(deal, L.C_QUINOLA) == expected

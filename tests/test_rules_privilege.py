"""The matador privilege, exactly as RULES.md §1.4 states it, on hand-built positions.

The three true matadors are spadille, manille and basto. When trumps are LED, a matador
ranking above the led card need not be played; a hand whose only trumps are such matadors
may play anything; a lower, unguarded matador must follow. Only the led card counts: a
higher matador played later in the trick forces nothing.
"""

from __future__ import annotations



from spadille.kernel.quadrille.ruleset import with_overrides
from spadille.kernel.quadrille.tables import build_tables

from positions import legal, names

SPADES, CLUBS, HEARTS, DIAMONDS = range(4)






def test_ordinary_trump_led_only_matadors_above_it_may_play_anything(tables):
    """HOY p265 (RULES.md §1.4): "if an ordinary trump be led, you are not obliged to play a
    matadore"; "only matadors above the led card: may renege (play anything)"."""
    assert legal(tables, HEARTS, "spadille basto ♠K ♦3", led="♥5") == names("spadille basto ♠K ♦3")
    assert legal(tables, HEARTS, "♥7 ♠K", led="♥K") == names("♥7 ♠K")
    assert legal(tables, SPADES, "♠2 ♣K", led="♠5") == names("♠2 ♣K")    # manille in black is the deuce


def test_holding_an_ordinary_trump_one_must_play_a_trump_but_may_keep_the_matador(tables):
    """RULES.md §1.4 (iii): "when you hold an obligatory trump you must follow with *a* trump but
    may keep the matador (HOY "you are not obliged to play a matadore")"."""
    assert legal(tables, HEARTS, "♥7 ♥3 ♠K", led="♥5") == names("♥7 ♥3")
    assert legal(tables, HEARTS, "spadille ♥A ♠K", led="♥5") == names("spadille ♥A")   # ponto is no matador


def test_spadille_led_forces_an_unguarded_manille_or_basto(tables):
    """ENC-SP (RULES.md §1.4): "spadille a le privilege de forcer les autres matadors quand il a
    été joué la premiere carte, & que ceux qui les ont n'ont pas d'autre a-tout à fournir"."""
    assert legal(tables, HEARTS, "♥7 ♠K ♦3", led="spadille") == names("♥7")
    assert legal(tables, HEARTS, "basto ♠K ♦3", led="spadille") == names("basto")
    assert legal(tables, HEARTS, "♥7 basto ♠K", led="spadille") == names("♥7 basto")
    assert legal(tables, CLUBS, "♣2 ♠K", led="spadille") == names("♣2")


def test_manille_led_forces_an_unguarded_basto_but_not_spadille(tables):
    """HOY p265 (RULES.md §1.4): "if manille be led, and you have basto unguarded, that must be
    played"; ENC-SP: "le matador supérieur forçant toujours l'inférieur"."""
    assert legal(tables, HEARTS, "basto ♠K ♦3", led="♥7") == names("basto")
    assert legal(tables, HEARTS, "spadille ♠K ♦3", led="♥7") == names("spadille ♠K ♦3")
    assert legal(tables, SPADES, "basto ♥K", led="♠2") == names("basto")


def test_basto_led_leaves_both_higher_matadors_free(tables):
    """ENC-SP (RULES.md §1.4): "Il en est de même du baste à l'égard de la manille, le matador
    supérieur forçant toujours l'inférieur" — basto is the lowest matador and forces none."""
    assert legal(tables, DIAMONDS, "spadille ♦7 ♠K", led="basto") == names("spadille ♦7 ♠K")


def test_a_higher_matador_played_later_forces_nothing(tables):
    """AUJ PA10 (RULES.md §1.4): "celui qui a Baste ou Manille, n'est pas obligé de les mettre,
    quand même Espadille auroit été joué sur cette premiere triomphe inférieure"."""
    assert legal(tables, HEARTS, "basto ♠K ♦3", led="♥5", best="spadille") == names("basto ♠K ♦3")
    assert legal(tables, HEARTS, "basto ♠K ♦3", led="♥5", best="♥7") == names("basto ♠K ♦3")


def test_matador_below_the_led_card_is_not_privileged(tables):
    """HOY law 6 (RULES.md §1.4): "No matadore can be forced but by a superior mat; but the
    superior forces the inferior, when led by the first player"."""
    assert legal(tables, CLUBS, "basto ♥K", led="♣2") == names("basto")


def test_without_the_privilege_trumps_are_an_ordinary_suit(ruleset):
    """The play.matador_privilege switch "none": "'none' plays trumps as an ordinary suit"."""
    none = build_tables(with_overrides(ruleset, {"play.matador_privilege": "none"}))
    assert legal(none, HEARTS, "spadille ♠K", led="♥5") == names("spadille")
    assert legal(none, HEARTS, "spadille basto ♥3 ♠K", led="♥5") == names("spadille basto ♥3")

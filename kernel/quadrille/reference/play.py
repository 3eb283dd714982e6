"""Which cards a player may play to a trick, and who wins the trick (RULES.md §1.3, §1.4).

Cards are natural ids; a trick is the list of cards already played to it, in play order.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .ranking import Ranking
from .rules import Rules


def legal_cards(hand: Iterable[int], trick: Sequence[int], ranking: Ranking, rules: Rules) -> list[int]:
    """The cards of ``hand`` that may be played to ``trick``, ascending natural ids.

    The leader plays anything. Otherwise "il faut qu'il fournisse tant qu'il a de la couleur
    jouée" (ENC): follow the led card's effective suit when able; a trump lead is answered
    under the matador privilege; a player void in a plain led suit may discard or ruff freely
    unless ``play.must_trump`` / ``play.must_overtrump`` say otherwise.
    """
    hand = sorted(hand)
    if not trick:
        return hand
    led_card = trick[0]
    led_suit = ranking.effective_suit[led_card]
    same_suit = [card for card in hand if ranking.effective_suit[card] == led_suit]
    if led_suit == ranking.trump:
        return _answer_to_trump_lead(hand, same_suit, led_card, ranking, rules)
    if same_suit:
        return same_suit
    return _void_in_plain_lead(hand, trick, ranking, rules)


def _answer_to_trump_lead(hand: list[int], trumps_held: list[int], led_card: int,
                          ranking: Ranking, rules: Rules) -> list[int]:
    """Trumps were led: follow with a trump, except for the matador privilege (RULES.md §1.4).

    "spadille a le privilege de forcer les autres matadors quand il a été joué la premiere
    carte, & que ceux qui les ont n'ont pas d'autre a-tout à fournir. Il en est de même du
    baste à l'égard de la manille, le matador supérieur forçant toujours l'inférieur" (ENC-SP).
    Only the LED card counts (AUJ PA10: a higher matador played later forces nothing). A
    matador above the led card is exempt; a player whose only trumps are exempt matadors may
    play any card, one who also holds an obliged trump must play a trump (any of them, HOY p265
    "you are not obliged to play a matadore").
    """
    if not trumps_held:
        return hand
    if not rules.matador_privilege:
        return trumps_held
    led_strength = ranking.strength[led_card]
    exempt = [card for card in trumps_held
              if card in ranking.matadors and ranking.strength[card] > led_strength]
    obliged = [card for card in trumps_held if card not in exempt]
    return trumps_held if obliged else hand


def _void_in_plain_lead(hand: list[int], trick: Sequence[int], ranking: Ranking, rules: Rules) -> list[int]:
    """Void in the led plain suit: "L'on n'est point obligé de couper ... ni de mettre au dessus
    quand on le pourroit" (ENC), so any card, unless the ruleset switches on the duty to trump
    (``play.must_trump``) and, with it, to beat a trump already on the trick if able
    (``play.must_overtrump``; without the power to beat it, any trump will do)."""
    trumps_held = [card for card in hand if ranking.is_trump(card)]
    if not rules.must_trump or not trumps_held:
        return hand
    if rules.must_overtrump:
        best = trick[trick_winner(trick, ranking)]
        if ranking.is_trump(best):
            higher = [card for card in trumps_held if ranking.strength[card] > ranking.strength[best]]
            if higher:
                return higher
    return trumps_held


def trick_winner(trick: Sequence[int], ranking: Ranking) -> int:
    """Index (in play order) of the card that wins ``trick``: the highest trump, else the
    highest card of the led suit; off-suit plain cards never win."""
    led_suit = ranking.effective_suit[trick[0]]
    best_index = 0
    for index, card in enumerate(trick):
        suit = ranking.effective_suit[card]
        if suit != led_suit and suit != ranking.trump:
            continue
        if ranking.strength[card] > ranking.strength[trick[best_index]]:
            best_index = index
    return best_index


def cards_shown_absent(card: int, trick: Sequence[int], ranking: Ranking, rules: Rules) -> set[int]:
    """What the table learns a player does NOT hold when he plays ``card`` off the led suit
    of ``trick`` (the cards already on it). Read backwards from the legal-play rules above:
    off a plain lead he has none of that suit; with ``must_trump`` and no trump played, no
    trump either; with ``must_overtrump`` and an under-trump, no trump above the winning one;
    off a trump lead, no trump except the matadors above the led card, which the privilege
    let him keep back (RULES.md §1.3-1.4). Following suit reveals nothing."""
    led_card = trick[0]
    led_suit = ranking.effective_suit[led_card]
    if ranking.effective_suit[card] == led_suit:
        return set()
    if led_suit == ranking.trump:
        kept_back = {m for m in ranking.matadors if ranking.strength[m] > ranking.strength[led_card]}
        return set(ranking.trumps) - (kept_back if rules.matador_privilege else set())
    absent = set(ranking.plain[led_suit])
    if rules.must_trump:
        if not ranking.is_trump(card):
            absent |= set(ranking.trumps)
        elif rules.must_overtrump:
            best = trick[trick_winner(trick, ranking)]
            if ranking.is_trump(best) and ranking.strength[card] < ranking.strength[best]:
                absent |= {t for t in ranking.trumps if ranking.strength[t] > ranking.strength[best]}
    return absent


def called_king_duty(legal: list[int], hand: Iterable[int], trick: Sequence[int], called: int,
                     ranking: Ranking) -> list[int]:
    """``play.called_king_duty`` (the Italian page, RULES.md §1.13 item 3: "Il Re chiamato deve
    essere giocato quando viene guidato il suo seme e non può essere guidato dal suo stesso
    possessore"), applied to the cards ``legal_cards`` allows: the holder of the called card
    must play it when its effective suit is led, and may not lead it while he has another card.
    Anyone else, or a game with nothing called (``called`` < 0), is unaffected."""
    if called < 0 or called not in hand or called not in legal:
        return legal
    if not trick:
        others = [card for card in legal if card != called]
        return others if others else legal
    if ranking.effective_suit[trick[0]] == ranking.effective_suit[called]:
        return [called]
    return legal


def duty_shows_absent(card: int, trick: Sequence[int], called: int, ranking: Ranking) -> bool:
    """Under ``play.called_king_duty``: does playing ``card`` to ``trick`` (the cards already on
    it, at least the lead) show the player does not hold the called card? Yes when the called
    card's effective suit was led and he played another card: had he held it, he would have had
    to play it."""
    return (called >= 0 and bool(trick) and card != called
            and ranking.effective_suit[trick[0]] == ranking.effective_suit[called])

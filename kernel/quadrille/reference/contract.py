"""After the auction: the contract, the cards the ombre may call or demand, and the friend
(RULES.md §1.5-§1.6, §1.11; docs/variants.md "Trumps, the call and the demand")."""

from __future__ import annotations

from typing import Sequence

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards

from .rules import Rules

NOBODY = -1
NO_CARD = -1


def spadille_holder(hands: Sequence[set[int]]) -> int:
    """The seat dealt spadille (seat 0 if spadille is not in the pack)."""
    for seat, hand in enumerate(hands):
        if cards.SPADILLE in hand:
            return seat
    return 0


def contract_of_auction(declarer: int, kind: int, rules: Rules) -> int:
    """The contract before the call, from the winning bid (docs/variants.md):

    * nobody bidding is forced spadille ("celui qui a spadille ... est obligé de jouer en
      appellant un roi"), FORCED whether he then calls or demands;
    * ALONE is sans prendre;
    * ASK a called game, or a demanded king under ``contract.ask_demands_king`` (quadrille à
      trois: "Celui qui joue en appellant, après avoir nommé sa couleur, demande un roi tel qu'il
      le juge convenable à son jeu", ENC);
    * DEMAND the demanded king (the médiateur, "a king, which any person may demand, in order
      to play sans prendre", HOY p281);
    * CASCO the casco game (CASCO_GAME).
    """
    if declarer == NOBODY:
        return L.FORCED
    if kind == L.ALONE:
        return L.SANS_PRENDRE
    if kind == L.DEMAND or (kind == L.ASK and rules.ask_demands_king):
        return L.DEMANDED
    if kind == L.CASCO:
        return L.CASCO_GAME
    return L.CALLED


def demands_a_king(contract: int, rules: Rules) -> bool:
    """Does the ombre demand a king instead of calling one? For DEMANDED, and for forced
    spadille under ``contract.ask_demands_king`` ("Same for forced spadille (AUJ/CG)", RULES.md
    §1.11 (a))."""
    return contract == L.DEMANDED or (contract == L.FORCED and rules.ask_demands_king)


def legal_calls(ombre_hand: set[int], trump: int, rules: Rules) -> list[int]:
    """The cards the ombre may call, ascending natural ids.

    * the kings of the plain suits: "L'on ne peut point appeller le roi de la couleur en
      laquelle on joue" (ENC), unless ``contract.call_king_of_trumps``;
    * with every king of the pack in hand and ``contract.queen_call_with_four_kings``, also the
      queens of the plain suits: "Celui qui a les quatre rois peut appeller la dame d'un de ses
      quatre rois, excepté de celui qui est triomphe" (ENC);
    * his own cards only with ``contract.self_call``: "Celui qui a un ou plusieurs rois, peut
      appeller un des rois qu'il a" (ENC).
    """
    kings = [cards.card_of(suit, cards.KING) for suit in rules.suits_in_pack]
    calls = [king for king in kings if cards.suit_of(king) != trump or rules.call_king_of_trumps]
    if rules.queen_call_with_four_kings and all(king in ombre_hand for king in kings):
        calls += [cards.card_of(suit, cards.QUEEN) for suit in rules.suits_in_pack if suit != trump]
    if not rules.self_call:
        calls = [card for card in calls if card not in ombre_hand]
    return sorted(calls)


def legal_demands(ombre_hand: set[int], trump: int, rules: Rules) -> list[int]:
    """The kings the ombre may demand, ascending natural ids: the kings of the pack he does not
    hold ("un roi tel qu'il le juge convenable à son jeu", ENC; "a king, which any person may
    demand", HOY), the king of trumps only with ``exchange.demand_king_of_trumps``. Empty when
    there is none: then nothing is exchanged."""
    kings = [cards.card_of(suit, cards.KING) for suit in rules.suits_in_pack]
    return sorted(king for king in kings
                  if king not in ombre_hand and (cards.suit_of(king) != trump or rules.demand_king_of_trumps))


def casco_calls(ombre_hand: set[int], rules: Rules) -> list[int]:
    """The kings a casco ombre may call, ascending natural ids. He calls before trumps are named
    ("The holder of both black Aces makes an alliance by calling a King and letting his partner
    name trumps", PAR p28 via RULES.md §1.11 (i)), so any king of the pack; his own only with
    ``contract.self_call``; no queen call."""
    kings = [cards.card_of(suit, cards.KING) for suit in rules.suits_in_pack]
    return sorted(king for king in kings if rules.self_call or king not in ombre_hand)


def friend_of(called: int, ombre: int, hands: Sequence[set[int]]) -> int:
    """The holder of the called card, NOBODY if the ombre holds it himself or nothing was called
    (a demanded king makes no friend: call this only for a called card)."""
    for seat, hand in enumerate(hands):
        if called in hand and seat != ombre:
            return seat
    return NOBODY


def contract_after_call(contract: int, friend: int) -> int:
    """A called game whose called card is the ombre's own is played alone (SELF_CALLED: "il est
    obligé de faire six mains seul, & il perd ou gagne seul"). Forced spadille stays FORCED."""
    if contract == L.CALLED and friend == NOBODY:
        return L.SELF_CALLED
    return contract


def side_of(ombre: int, friend: int) -> tuple[int, ...]:
    """The ombre and his friend (if any): the seats that play for the contract."""
    return (ombre,) if friend == NOBODY else (ombre, friend)

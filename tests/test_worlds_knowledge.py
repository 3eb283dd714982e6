"""What a seat may infer about the hidden hands from the play, on hand-built histories.

Each case states the rule it rests on (RULES.md §1.3 follow suit, §1.4 the matador privilege,
§1.5-1.6 the call) and checks the derived "cannot hold" sets card by card. The per-play
inference is also checked against the kernel's own ``legal_plays`` on random hands: a hand is
ruled out exactly when the card played would not have been legal with it.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille._rules import beats, legal_plays
from spadille.kernel.quadrille.ruleset import with_overrides
from spadille.kernel.quadrille.search.knowledge import KnowledgeError, derive_knowledge, note_play
from spadille.kernel.quadrille.search.worlds import count_worlds
from spadille.kernel.quadrille.tables import build_tables

SPADES, CLUBS, HEARTS, DIAMONDS = range(4)


def hand(text: str) -> int:
    return cards.Hand.parse(text).mask


def names(text: str) -> set[str]:
    return {cards.format_card(c) for c in cards.Hand.parse(text)}


def play_list(tricks: list[str]) -> list[tuple[int, int]]:
    """Tricks written 'seat:card seat:card ...', e.g. '0:♥5 1:♠K 2:♥4 3:♥Q'."""
    out = []
    for trick in tricks:
        for token in trick.split():
            seat, card = token.split(":")
            out.append((int(seat), cards.parse_card(card)))
    return out


def know(tables, trump, observer, own, tricks, ombre=-1, contract=L.SANS_PRENDRE, called=None):
    return derive_knowledge(tables, trump, observer, hand(own), play_list(tricks), ombre, contract,
                            cards.parse_card(called) if called else -1)


def cannot_hold(tables, knowledge, seat) -> set[str]:
    """The unseen cards ``seat`` cannot hold, by name (only unseen cards are worth sampling)."""
    mask = int(knowledge.excluded[seat]) & knowledge.unseen
    return {cards.format_card(int(tables.card_of_pos[knowledge.trump, p])) for p in range(40) if mask >> p & 1}


def unseen(tables, knowledge) -> set[str]:
    return {cards.format_card(int(tables.card_of_pos[knowledge.trump, p])) for p in range(40) if knowledge.unseen >> p & 1}


# The observer's hands below hold no card the assertions are about.
OBSERVER_3 = "♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♣K ♣Q ♣J"        # seat 3, before playing to trick 1
OBSERVER_0 = "♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♣K ♣Q"           # seat 0, after leading trick 1


# ---------------------------------------------------------------- follow suit (§1.3)
def test_a_plain_suit_renege_rules_out_the_suit_but_not_spadille(tables):
    """RULES.md §1.3: "Must follow suit if able"; §1.2: the black aces "never belong to their
    natural suit", so failing to follow spades says nothing about spadille."""
    kn = know(tables, HEARTS, 3, OBSERVER_3, ["0:♠K 1:♥3 2:♣2"])
    spades_out = names("♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2")
    assert cannot_hold(tables, kn, 1) == spades_out
    assert cannot_hold(tables, kn, 2) == spades_out
    assert cannot_hold(tables, kn, 0) == set()
    assert "♠A" in unseen(tables, kn)


def test_no_duty_to_trump_so_a_discard_says_nothing_of_trumps(tables):
    """RULES.md §1.3 (ENC): "L'on n'est point obligé de couper lorsque l'on n'a point de la
    couleur jouée": a seat that discards on a plain lead may still hold every trump."""
    kn = know(tables, HEARTS, 3, OBSERVER_3, ["0:♠K 1:♣2"])
    assert not cannot_hold(tables, kn, 1) & names("spadille basto ♥7 ♥A ♥K ♥6")


# ---------------------------------------------------------------- the matador privilege (§1.4)
def test_reneging_an_ordinary_trump_lead_may_keep_all_three_matadors(tables):
    """RULES.md §1.4 (HOY p265): "if an ordinary trump be led, you are not obliged to play a
    matadore". Trumps led (♥5) and not followed: no trump but spadille, manille (♥7), basto."""
    kn = know(tables, HEARTS, 3, OBSERVER_3, ["0:♥5 1:♠K"])
    assert cannot_hold(tables, kn, 1) == names("♥A ♥K ♥Q ♥J ♥2 ♥3 ♥4 ♥6")
    assert not cannot_hold(tables, kn, 1) & names("spadille ♥7 basto")


def test_in_black_trumps_the_privilege_keeps_the_deuce_as_manille(tables):
    """RULES.md §1.2/§1.4: in black the manille is the deuce of trumps, and it is exempt above ♠5."""
    kn = know(tables, SPADES, 3, OBSERVER_3, ["0:♠5 1:♥K"])
    assert cannot_hold(tables, kn, 1) == names("♠K ♠Q ♠J ♠7 ♠6 ♠4 ♠3")
    assert not cannot_hold(tables, kn, 1) & names("spadille ♠2 basto")


def test_reneging_when_spadille_is_led_means_no_trump_at_all(tables):
    """RULES.md §1.4 (AUJ PA10): "si Espadille étoit la premiere carte jouée, celui qui auroit la
    Manille ou le Baste seul de triomphe, seroit obligé de le fournir": after a spadille lead a
    renege shows no basto and no manille either."""
    kn = know(tables, HEARTS, 3, OBSERVER_3, ["0:spadille 1:♠K"])
    assert cannot_hold(tables, kn, 1) == names("♥7 basto ♥A ♥K ♥Q ♥J ♥2 ♥3 ♥4 ♥5 ♥6")
    assert "♣A" in cannot_hold(tables, kn, 1)   # basto, by its card name


def test_reneging_manille_leaves_only_spadille_and_basto_leaves_two(tables):
    """RULES.md §1.4 (ENC-SP): "le matador supérieur forçant toujours l'inférieur": manille led
    forces basto but not spadille; basto led forces neither higher matador."""
    after_manille = know(tables, HEARTS, 3, OBSERVER_3, ["0:♥7 1:♠K"])
    assert cannot_hold(tables, after_manille, 1) == names("basto ♥A ♥K ♥Q ♥J ♥2 ♥3 ♥4 ♥5 ♥6")
    after_basto = know(tables, HEARTS, 3, OBSERVER_3, ["0:basto 1:♠K"])
    assert cannot_hold(tables, after_basto, 1) == names("♥A ♥K ♥Q ♥J ♥2 ♥3 ♥4 ♥5 ♥6")


def test_following_a_trump_lead_with_an_exempt_matador_reveals_nothing(tables):
    """RULES.md §1.4 (iii): one holding other trumps must play *a* trump and may play the matador,
    so playing spadille on ♥5 fits every hand: nothing is learnt."""
    kn = know(tables, HEARTS, 3, OBSERVER_3, ["0:♥5 1:spadille 2:♥K"])
    assert cannot_hold(tables, kn, 1) == set() and cannot_hold(tables, kn, 2) == set()


def test_a_higher_matador_played_later_does_not_force_the_renege(tables):
    """RULES.md §1.4 (ii) (AUJ PA10): "quand même Espadille auroit été joué sur cette premiere
    triomphe inférieure": only the LED card counts, so after ♥5 then spadille a renege may still
    hide manille and basto."""
    kn = know(tables, HEARTS, 3, OBSERVER_3, ["0:♥5 1:spadille 2:♠K"])
    assert cannot_hold(tables, kn, 2) == names("♥A ♥K ♥Q ♥J ♥2 ♥3 ♥4 ♥6")


def test_exclusions_accumulate_over_tricks(tables):
    """RULES.md §1.4: a renege on an ordinary trump (trick 1) leaves the three matadors; a second
    renege on manille (trick 2, led by the winner of trick 1) leaves only spadille."""
    kn = know(tables, HEARTS, 0, OBSERVER_0[:-3], ["0:♥5 1:♠K 2:♥4 3:♥Q", "3:♥7 0:♥6 1:♠Q 2:♥3"])
    assert cannot_hold(tables, kn, 1) == names("basto ♥A ♥K ♥J ♥2")
    assert {"♠A"} <= unseen(tables, kn) - cannot_hold(tables, kn, 1)
    assert cannot_hold(tables, kn, 2) == set() and cannot_hold(tables, kn, 3) == set()
    assert list(kn.counts) == [8, 8, 8, 8]


def test_without_the_privilege_a_trump_renege_means_no_trump(ruleset):
    """RULES.md §1.4 is a switch: with play.matador_privilege = none a renege on any trump lead
    shows a hand without trumps."""
    tables = build_tables(with_overrides(ruleset, {"play.matador_privilege": "none"}))
    kn = know(tables, HEARTS, 3, OBSERVER_3, ["0:♥5 1:♠K"])
    assert cannot_hold(tables, kn, 1) == names("spadille ♥7 basto ♥A ♥K ♥Q ♥J ♥2 ♥3 ♥4 ♥6")


def test_must_trump_and_overtrump_variants(ruleset):
    """RULES.md §1.3 gives no duty to trump; the switches play.must_trump / must_overtrump add
    them. Then a discard shows no trump, and trumping under a trump shows none above it."""
    must = build_tables(with_overrides(ruleset, {"play.must_trump": True}))
    kn = know(must, HEARTS, 3, OBSERVER_3, ["0:♠K 1:♣2 2:♥3"])
    spades_out = names("♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2")
    assert cannot_hold(must, kn, 1) == spades_out | names("spadille ♥7 basto ♥A ♥K ♥Q ♥J ♥2 ♥4 ♥5 ♥6")
    assert cannot_hold(must, kn, 2) == spades_out
    over = build_tables(with_overrides(ruleset, {"play.must_trump": True, "play.must_overtrump": True}))
    kn = know(over, HEARTS, 0, OBSERVER_0, ["0:♠K 1:♥K 2:♥3 3:♥A"])
    assert cannot_hold(over, kn, 2) == spades_out | names("spadille ♥7 basto")   # ♥A was played by seat 3
    assert cannot_hold(over, kn, 3) == spades_out


# ---------------------------------------------------------------- the contract and the call (§1.5-1.6)
def test_a_called_king_may_lie_anywhere_else_unless_self_calling_is_barred(ruleset, tables):
    """RULES.md §1.6: the holder of the called king is the secret friend; calling one's own king
    is allowed (ENC), so the ombre may hold it. With contract.self_call off, he cannot."""
    kn = know(tables, HEARTS, 3, OBSERVER_3, [], ombre=0, contract=L.CALLED, called="♠K")
    assert "♠K" in unseen(tables, kn) and all("♠K" not in cannot_hold(tables, kn, s) for s in range(3))
    barred = build_tables(with_overrides(ruleset, {"contract.self_call": False}))
    kn = know(barred, HEARTS, 3, OBSERVER_3, [], ombre=0, contract=L.CALLED, called="♠K")
    assert "♠K" in cannot_hold(barred, kn, 0)
    assert "♠K" not in cannot_hold(barred, kn, 1) | cannot_hold(barred, kn, 2)


def test_the_friend_holds_the_called_card_and_once_played_it_is_gone(tables):
    """The friend knows he is the friend (the card is in his hand); once the card is played every
    seat knows its holder and there is nothing left to sample."""
    friend = know(tables, HEARTS, 3, OBSERVER_3, [], ombre=0, contract=L.CALLED, called="♣K")
    assert "♣K" not in unseen(tables, friend)
    played = know(tables, HEARTS, 3, OBSERVER_3.replace("♣K", "♣7"), ["0:♠K 1:♠Q 2:♣K"],
                  ombre=0, contract=L.CALLED, called="♣K")
    assert "♣K" not in unseen(tables, played)


def test_a_called_queen_means_the_ombre_was_dealt_every_king(tables):
    """RULES.md §1.6 (ENC; HOY law 12): only a player holding all four kings may call a queen,
    so the kings still out are the ombre's."""
    kn = know(tables, HEARTS, 3, "♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♣J ♣7 ♣6", ["0:♦K 1:♦6 2:♦7"],
              ombre=0, contract=L.CALLED, called="♣Q")
    kings = names("♠K ♣K ♥K")
    for seat in (1, 2):
        assert kings <= cannot_hold(tables, kn, seat)
    assert not kings & cannot_hold(tables, kn, 0)


def test_a_forced_ombre_holds_spadille(tables):
    """RULES.md §1.5 (ENC): when all pass "celui qui a spadille, après l'avoir montré ou accusé,
    est obligé de jouer en appellant un roi"."""
    kn = know(tables, HEARTS, 3, OBSERVER_3, [], ombre=1, contract=L.FORCED, called="♠K")
    assert "♠A" in cannot_hold(tables, kn, 0) and "♠A" in cannot_hold(tables, kn, 2)
    assert "♠A" not in cannot_hold(tables, kn, 1)


def test_an_ask_with_nothing_callable_shows_the_ombres_kings(ruleset):
    """RULES.md §1.6 with self-calling off: nothing called means every callable king was the
    ombre's; holding all four kings he could call a queen, so then the queens were his too. That
    "if" hangs on the king of trumps: resolved when he plays it (queens his) or another seat
    shows a queen (no king of trumps); unresolved, the knowledge says it is not exact."""
    tables = build_tables(with_overrides(ruleset, {"contract.self_call": False}))
    own = "♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦6 ♣J ♣7 ♣6"
    open_case = know(tables, HEARTS, 3, own, [], ombre=0, contract=L.SELF_CALLED)
    kings, queens = names("♠K ♣K ♦K"), names("♠Q ♣Q ♦Q")
    assert kings <= cannot_hold(tables, open_case, 1) & cannot_hold(tables, open_case, 2)
    assert not open_case.exact
    shown = know(tables, HEARTS, 3, own.replace(" ♣6", ""), ["0:♥K 1:♥2 2:♥3 3:♣6"],
                 ombre=0, contract=L.SELF_CALLED)
    assert shown.exact and kings | queens <= cannot_hold(tables, shown, 1) & cannot_hold(tables, shown, 2)
    other_queen = know(tables, HEARTS, 3, own, ["0:♠7 1:♠Q"], ombre=0, contract=L.SELF_CALLED)
    assert other_queen.exact and "♥K" in cannot_hold(tables, other_queen, 0)
    assert not queens & cannot_hold(tables, other_queen, 2)


# ---------------------------------------------------------------- counts, unseen cards, bad histories
def test_counts_and_unseen_cards_mid_trick(tables):
    kn = know(tables, HEARTS, 3, OBSERVER_3, ["0:♠K 1:♥3"])
    assert list(kn.counts) == [9, 9, 10, 10]
    assert len(unseen(tables, kn)) == 40 - 10 - 2
    assert kn.exact and count_worlds(kn) > 0


@pytest.mark.parametrize("tricks, own, message", [
    (["1:♠K"], OBSERVER_3, "play 1: seat 1 plays out of turn"),
    (["0:♠K 1:♠K"], OBSERVER_3, "play 2: ♠K was already played"),
    (["0:♦K"], OBSERVER_3, "play 1: ♦K was already played or is in the observer's hand"),
    ([], OBSERVER_0, "the observer holds 9 cards but should hold 10"),
    (["0:♥5 1:♠K 2:♥4 3:♥6", "0:♥7"], OBSERVER_3[:-3], "play 5: seat 0 plays out of turn"),
])
def test_impossible_histories_are_refused(tables, tricks, own, message):
    with pytest.raises(KnowledgeError, match=message):
        know(tables, HEARTS, 3, own, tricks)


# ---------------------------------------------------------------- the inference against legal_plays itself
VARIANTS = {
    "base": {},
    "no privilege": {"play.matador_privilege": "none"},
    "must trump": {"play.must_trump": True},
    "must overtrump": {"play.must_trump": True, "play.must_overtrump": True},
    "three seats": {"pack.seats": 3, "pack.removed_suits": ["diamonds"],
                    "contract.allowed_trumps": ["spades", "clubs", "hearts"]},
}


@pytest.fixture(scope="module")
def variant_tables(ruleset):
    return {name: build_tables(with_overrides(ruleset, changes)) for name, changes in VARIANTS.items()}


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(VARIANTS)), st.data())
def test_a_play_rules_out_exactly_the_hands_that_would_have_made_it_illegal(variant_tables, name, data):
    """For a random trick so far (led card, a second card) and a random hand holding the card
    played: legal_plays allows the card iff the hand avoids what note_play excluded."""
    tables = variant_tables[name]
    trump = data.draw(st.sampled_from([t for t in range(4) if tables.top_pos[t] > 0]))
    positions = [p for p in range(40) if tables.card_of_pos[trump, p] >= 0]
    order = data.draw(st.permutations(positions))
    led, second, card = order[0], order[1], order[2]
    best = second if beats(np.int64(second), np.int64(led), np.int64(trump), tables.block_of_pos) else led
    if data.draw(st.booleans()):
        best = led   # the second card may not have been played yet
    rest = order[3:]
    held = data.draw(st.lists(st.sampled_from(rest), max_size=9, unique=True))
    hand_mask = np.uint64(sum(1 << p for p in held) | 1 << card)
    legal = int(legal_plays(hand_mask, np.int64(led), np.int64(best), np.int64(trump), tables.rules,
                            tables.block_of_pos, tables.block_mask, tables.top_pos))
    excluded = np.zeros(1, dtype=np.uint64)
    note_play(excluded, 0, np.int64(card), np.int64(led), np.int64(best), np.int64(trump), tables.rules,
              tables.block_of_pos, tables.block_mask, tables.top_pos)
    ruled_out = int(excluded[0]) & int(hand_mask) & ~(1 << card)
    assert bool(legal >> card & 1) == (ruled_out == 0)


def test_the_oracle_above_sees_the_privilege(tables):
    """The comparison with legal_plays can fail: a renege on ♥5 with basto in hand is legal, and
    note_play must not exclude basto (were it to, the property above would catch it)."""
    trump = HEARTS
    pos = lambda text: int(tables.pos_of_card[trump, cards.parse_card(text)])  # noqa: E731
    excluded = np.zeros(1, dtype=np.uint64)
    note_play(excluded, 0, np.int64(pos("♠K")), np.int64(pos("♥5")), np.int64(pos("♥5")), np.int64(trump),
              tables.rules, tables.block_of_pos, tables.block_mask, tables.top_pos)
    hand_mask = np.uint64(1 << pos("♠K") | 1 << pos("basto"))
    legal = int(legal_plays(hand_mask, np.int64(pos("♥5")), np.int64(pos("♥5")), np.int64(trump), tables.rules,
                            tables.block_of_pos, tables.block_mask, tables.top_pos))
    assert legal >> pos("♠K") & 1 and not int(excluded[0]) >> pos("basto") & 1
    assert int(excluded[0]) >> pos("♥K") & 1

"""The card exchange (declare.exchange = one-call): "On pourra appeller une carte qu'on désire, &
la remplacer par une carte du même ordre ou d'un degré supérieur, sans nommer, ni montrer celle
que l'on donne en échange." Hands keep five cards, only legal exchanges happen, sessions stay
reproducible, and the analyses compare with and without, paired on the same deals."""

from __future__ import annotations

import numpy as np
import pytest

from spadille.analyses.cabriolet.cases import case_values, exchange_comparison
from spadille.kernel.cabriolet import layout as L
from spadille.kernel.cabriolet._deal import deal_hands
from spadille.kernel.cabriolet._exchange import exchange_calls
from spadille.kernel.cabriolet.cards import card, kernel_masks, parse_hand
from spadille.kernel.cabriolet.ruleset import load_cabriolet_ruleset
from spadille.kernel.cabriolet.simulate import SessionConfig, run_sessions
from spadille.kernel.common._rng import seed_deal

RANKS, SUITS = kernel_masks()


@pytest.fixture(scope="module")
def exchange():
    return load_cabriolet_ruleset("cabriolet-lacombe-1798", ["declare.exchange=one-call"])


def _calls(texts, turned):
    hands = np.array([parse_hand(t) for t in texts] + [0] * (6 - len(texts)), dtype=np.uint64)
    log = np.zeros((6, 3), dtype=np.int64)
    done = exchange_calls(hands, len(texts), turned, RANKS, SUITS, 1, 1, log)
    return hands, log, done


def test_a_mariage_one_card_short_calls_it_and_pays_with_a_higher_card():
    texts = ["♥K ♥Q ♠7 ♠8 ♦A", "♥J ♣7 ♣8 ♣9 ♣10", "♦7 ♦8 ♦9 ♦10 ♠9", "♠10 ♠J ♦J ♦Q ♣A"]
    hands, log, done = _calls(texts, card(3, 0))  # the dealer's ♣A turned
    heart_jack, diamond_ace = card(1, 3), card(2, 0)
    assert log[0].tolist() == [1, heart_jack, diamond_ace]  # seat 1 gives ♥J, gets the ♦A (higher), not ♥K/♥Q
    assert hands[1] == parse_hand("♦A ♣7 ♣8 ♣9 ♣10")
    # the dealer holds ♠J ♦J: he calls a third jack, the ♥J (now seat 0's); of rank J or higher he
    # keeps his jacks and may not give the turned ♣A, so he gives the ♦Q; one call each
    assert log[3].tolist() == [0, heart_jack, card(2, 2)]
    assert hands[0] == parse_hand("♥K ♥Q ♦Q ♠7 ♠8") and hands[3] == parse_hand("♠10 ♠J ♦J ♥J ♣A")
    assert done == 2


def test_no_card_of_the_same_rank_or_higher_no_exchange():
    texts = ["♥K ♥Q ♠7 ♠8 ♦9", "♥J ♣7 ♣8 ♣9 ♣10", "♦7 ♦8 ♠9 ♦10 ♠10", "♠A ♣A ♦A ♥A ♥7"]
    hands, log, done = _calls(texts, card(1, 6))
    assert log[0, 0] == -1 and log[0, 1] == card(1, 3) and done == 0
    assert hands[0] == parse_hand(texts[0])


@pytest.mark.parametrize("n", [4, 6])
def test_random_deals_keep_five_cards_and_only_legal_exchanges(n):
    state = np.zeros(2, dtype=np.uint64)
    deck = np.zeros(32, dtype=np.int64)
    hands = np.zeros(6, dtype=np.uint64)
    log = np.zeros((6, 3), dtype=np.int64)
    total = 0
    for k in range(3000):
        seed_deal(state, 7, k)
        turned = deal_hands(state, deck, n, hands)
        before = [int(h) for h in hands[:n]]
        total += exchange_calls(hands, n, turned, RANKS, SUITS, 1, 1, log)
        replay = list(before)
        for j in range(n):
            holder, called, given = (int(x) for x in log[j])
            if holder < 0:
                continue
            assert holder != j and replay[holder] >> called & 1 and not replay[j] >> called & 1
            assert replay[j] >> given & 1 and given % 8 <= called % 8 and turned not in (called, given)
            replay[j] ^= (1 << called) | (1 << given)
            replay[holder] ^= (1 << called) | (1 << given)
        assert replay == [int(h) for h in hands[:n]]
        assert all(bin(h).count("1") == 5 for h in replay) and hands[n - 1] >> np.uint64(turned) & np.uint64(1)
        union = 0
        for h in replay:
            assert not union & h
            union |= h
        assert union == sum(before)
    assert total > 1000


def test_sessions_with_the_exchange_balance_and_do_not_depend_on_batches(exchange):
    config = SessionConfig(exchange, 5, 9, 300, 10, ("all", "jeu"))
    one = run_sessions(config, batch=300).out
    other = run_sessions(SessionConfig(exchange, 5, 9, 300, 10, ("all", "jeu"), threads=1), batch=37).out
    assert (one == other).all() and one[:, :, L.OUT_EXCHANGES].sum() > 0
    assert (one[:, :, L.OUT_NET:L.OUT_NET + 6].sum(axis=2) + one[:, :, L.OUT_LEFTOVER] == 0).all()
    plain = run_sessions(SessionConfig(load_cabriolet_ruleset("cabriolet-lacombe-1798", ["declare.exchange=off"]),
                                       5, 9, 300, 10, ("all", "jeu"))).out
    assert plain[:, :, L.OUT_EXCHANGES].sum() == 0


def test_exchange_comparison_is_paired_on_the_same_deals():
    rules = load_cabriolet_ruleset("cabriolet-lacombe-1798", ["declare.exchange=off"])
    frame = exchange_comparison(rules, 4, 2000, 20, 3)
    assert list(frame["case"])[-1] == "total" and (frame["sessions"] == 2000).all()
    assert np.allclose(frame["one_call_per_deal"] - frame["off_per_deal"], frame["diff"])
    assert ((frame["diff_ci_low"] <= frame["diff"]) & (frame["diff"] <= frame["diff_ci_high"])).all()
    assert frame.attrs["exchanges_per_deal"] > 0.5
    plain = case_values(run_sessions(SessionConfig(rules, 4, 3, 2000, 20, ("all",))))
    assert np.allclose(plain["per_deal"].to_numpy(), frame["off_per_deal"].to_numpy())
    # completing mariages is what the policy calls for most: their value rises, clearly
    assert frame.set_index("case").at["mariage légitime", "clear"]

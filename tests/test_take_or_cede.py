"""The asker's answer to a force: the forced deals found, the answer really fixed both ways, and the
paired figures against a direct replay."""

from __future__ import annotations

import math

import numpy as np
import pytest

from spadille.analyses.paired import paired_difference
from spadille.analyses.quadrille import decision_maps as dm
from spadille.analyses.quadrille.take_or_cede import (ALWAYS_CEDE, ALWAYS_TAKE, _answer_policies, take_or_cede,
                                                      take_sentence)
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.variants import Force, Variant, deals_of_seed, play_variants

SEED, DEALS = 31, 6_000


@pytest.fixture(scope="module")
def answers(ruleset, heuristic4):
    return take_or_cede(ruleset, heuristic4, DEALS, SEED, min_n=10)


def test_forced_deals_are_found_and_counted_per_seat(answers):
    table = answers.table
    assert answers.forced > 50 and answers.deals == DEALS
    assert table[table["seat"] == "all"]["n"].sum() == answers.forced
    per_seat = table[table["seat"] != "all"]
    assert per_seat["n"].sum() == answers.forced
    assert "dealer" not in set(per_seat["seat"])        # nobody speaks after him to force his ask


def test_the_answer_is_fixed_both_ways_and_paired(ruleset, heuristic4, answers):
    """Replayed directly: taking makes the asker the ombre of every forced deal, ceding never."""
    seat = 0
    hands, ids = deals_of_seed(ruleset, SEED, 0, DEALS)
    ask = play_variants(ruleset, heuristic4, [Variant("ask", Force(seat=seat, bid=L.ASK))], hands, ids, SEED)
    forced = (ask[:, 0, L.OUT_BIDS + seat] == L.ASK) & (ask[:, 0, L.OUT_BIDS + 1:L.OUT_BIDS + 4] > L.ASK).any(axis=1)
    both = play_variants(ruleset, heuristic4, [
        Variant("take", Force(seat=seat, bid=L.ASK), _answer_policies(heuristic4, seat, ALWAYS_TAKE)),
        Variant("cede", Force(seat=seat, bid=L.ASK), _answer_policies(heuristic4, seat, ALWAYS_CEDE))],
        hands[forced], ids[forced], SEED)
    assert (both[:, 0, L.OUT_OMBRE] == seat).all() and (both[:, 1, L.OUT_OMBRE] != seat).all()
    # the auction up to the answer is the same deal both ways
    assert np.array_equal(both[:, 0, L.OUT_BIDS:L.OUT_BIDS + 4], both[:, 1, L.OUT_BIDS:L.OUT_BIDS + 4])
    classes = dm.hand_classes(hands[forced, seat], ruleset)
    rows = answers.table[answers.table["seat"] == "eldest"]
    assert rows["n"].sum() == forced.sum()
    for row in rows.itertuples(index=False):
        mask = (classes["matadors"] == row.matadors) & (classes["trumps"] == row.trumps)
        n, mean, _, _ = paired_difference(both[mask, 0, L.OUT_PAY + seat], both[mask, 1, L.OUT_PAY + seat])
        assert n == row.n and math.isclose(mean, row.take_minus_cede, abs_tol=1e-12)


def test_weak_hands_cede_and_the_sentence_says_so(answers):
    weak = answers.table[(answers.table["seat"] == "all") & (answers.table["trumps"] <= 4)
                         & (answers.table["matadors"] <= 1) & (answers.table["n"] >= 30)]
    assert len(weak) and (weak["ci_high"] < 0).all()     # a sans prendre on 4 trumps and no matador loses
    text = take_sentence(answers, "the heuristic", min_n=10)
    assert "cede" in text and "nan" not in text.lower() and f"{answers.forced:,}" in text


def test_a_ruleset_without_the_preference_has_nothing_to_decide(heuristic4):
    italian = load_ruleset("italian-modern")
    result = take_or_cede(italian, heuristic4, 500, SEED)
    assert not result.offered and result.forced == 0 and result.table.empty
    assert "no preference" in take_sentence(result, "the heuristic")


def test_an_interrupt_keeps_the_finished_batches(ruleset, heuristic4, monkeypatch):
    from spadille.analyses.quadrille import take_or_cede as module

    monkeypatch.setattr(module, "BATCH", 1_000)
    calls = []

    def progress(n):
        calls.append(n)
        if len(calls) == 2:
            raise KeyboardInterrupt

    result = take_or_cede(ruleset, heuristic4, 5_000, SEED, progress=progress)
    assert result.deals == 2_000 and result.metadata["interrupted"]
    first = take_or_cede(ruleset, heuristic4, 2_000, SEED)
    assert result.forced == first.forced

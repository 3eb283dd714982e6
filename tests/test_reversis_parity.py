"""The numba kernel equals the reference engine, column by column of every deal's record (the
discards, every card of every trick, every payment): 10,000 seeded deals per policy under the
seed's rules (1,500 for the strong policy), and sessions under every preset."""

from __future__ import annotations

import numpy as np
import pytest

from spadille.kernel.reversis import layout as L
from spadille.kernel.reversis.policies import seat_policies
from spadille.kernel.reversis.reference import play_deal, play_session
from spadille.kernel.reversis.ruleset import PRESETS, load_reversis_ruleset
from spadille.kernel.reversis.simulate import ReversisConfig, deal_records

PARITY_DEALS = 10_000


def _mismatches(rows, records):
    return [k for k, (row, record) in enumerate(zip(rows, records)) if not np.array_equal(row, record)]


@pytest.mark.parametrize(("policy", "deals"), [("random", PARITY_DEALS), ("heuristic", PARITY_DEALS),
                                               ("strong", 1_500)])
def test_kernel_equals_reference_on_many_deals(policy, deals):
    rules = load_reversis_ruleset()
    policies = seat_policies(policy)
    rows = deal_records(ReversisConfig(rules, policies, seed=2026, deals=deals))
    records = [play_deal(rules, policies, 2026, k).record() for k in range(deals)]
    assert _mismatches(rows, records) == []


@pytest.mark.parametrize("preset", ["dj", "hoyle"])
def test_the_strong_policy_plays_alike_in_both_engines_beside_the_others(preset):
    """The strong policy with the heuristic's parameters that experiments vary (waiving the
    privilege, going for the reversis), among the other policies, in sessions."""
    rules = load_reversis_ruleset(preset=preset)
    policies = seat_policies(["strong:espagnolette=0", "strong:reversis_from=3", "heuristic", "strong"])
    sessions, length = 40, 5
    rows = deal_records(ReversisConfig(rules, policies, seed=17, deals=sessions * length, session_length=length))
    records = [d.record() for s in range(sessions) for d in play_session(rules, policies, 17, s, length)]
    assert _mismatches(rows, records) == []


@pytest.mark.parametrize("preset", PRESETS)
def test_kernel_equals_reference_in_sessions_under_every_preset(preset):
    rules = load_reversis_ruleset(preset=preset, override_texts=["partie.payer=pool"] if preset == "hoyle" else ())
    policies = seat_policies(["random", "heuristic:reversis_from=5", "heuristic:espagnolette=0,break=0",
                              "heuristic"])
    sessions, length = 60, 6
    rows = deal_records(ReversisConfig(rules, policies, seed=11, deals=sessions * length, session_length=length))
    records = [d.record() for s in range(sessions) for d in play_session(rules, policies, 11, s, length)]
    assert _mismatches(rows, records) == []
    assert rows[:, L.D_POOL_START].max() > 4 * rules["pool.opening_per_player"]   # the pool carried over


# Every reading of issue 41 that no preset above plays, with those the deals need to show them.
READINGS = ["quinola.forced_by=any-heart-lead", "espagnolette.trick_kept=all-costs",
            "payments.played_paid_by=as-forced", "aces.forced_payer=each-player",
            "espagnolette.all_costs_return=own-consolations"]


@pytest.mark.parametrize("readings", [(), READINGS[:1], READINGS[1:]], ids=["dj", "any-heart", "hoyle-readings"])
def test_kernel_equals_reference_on_espagnolette_deals_under_every_reading(readings):
    """The espagnolette's readings only act on the deals that hold one (about 1 in 60): the first
    150 such deals of 12,000, each compared whole."""
    rules = load_reversis_ruleset(override_texts=list(readings))
    policies = seat_policies(["heuristic", "heuristic:reversis_from=5", "random", "heuristic"])
    rows = deal_records(ReversisConfig(rules, policies, seed=41, deals=12_000))
    chosen = np.flatnonzero(rows[:, L.D_ESP_POS] >= 0)[:150]
    assert len(chosen) == 150 and rows[chosen, L.D_ESP_TRICK].any() and rows[chosen, L.D_ESP_ALL_COSTS].any()
    records = [play_deal(rules, policies, 41, int(k)).record() for k in chosen]
    assert _mismatches(rows[chosen], records) == []


def test_deals_do_not_depend_on_batches_or_threads():
    rules = load_reversis_ruleset()
    config = ReversisConfig(rules, seat_policies("random"), seed=5, deals=3000, threads=1)
    from spadille.kernel.reversis.simulate import run_sessions

    one = np.concatenate(run_sessions(config, want_rows=True, batch_deals=3000).rows)
    many = np.concatenate(run_sessions(ReversisConfig(rules, seat_policies("random"), seed=5, deals=3000),
                                       want_rows=True, batch_deals=700).rows)
    assert np.array_equal(one, many)

"""pimc's node budget: a sampled deal whose scoring needs more search nodes is set aside.

The solver's side: a scoring given a node limit either finishes with the values it would have
without one, or gives up (GAVE_UP) with the hands as they were and the table still sound. The
player's side: with a budget, which deals are set aside depends on what the solver's table
holds, so the deal loop empties it at every deal; a budgeted pimc must then play each deal the
same alone or among others, on one thread or two, and as the reference engine plays it.
"""

from __future__ import annotations

import numpy as np

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille._engine import budgeted_search
from spadille.kernel.quadrille.bench_dd import random_deals, random_endings
from spadille.kernel.quadrille.policies import POLICIES, kernel_arrays, make_seat_policy
from spadille.kernel.quadrille.reference import play_deals
from spadille.kernel.quadrille.search._dd import GAVE_UP, card_values_counted
from spadille.kernel.quadrille.search.solver import DoubleDummySolver
from spadille.kernel.quadrille.simulate import RunConfig, simulate
from spadille.kernel.quadrille.variants import Variant, deals_of_seed, play_variants

HEURISTIC = make_seat_policy("heuristic")
BUDGETED = make_seat_policy("pimc", {"samples": 6, "node_budget": 2000.0})


def _score(solver, position, limit):
    """(value, nodes, values by card, hands after) of scoring every card of the player to move."""
    out = np.zeros(40, dtype=np.int64)
    args = solver._arguments(position.hands, position.trump, position.side, position.to_move, (), 0)
    hands = args[0]
    value, counters = card_values_counted(*args, solver.compress8, solver.table, solver.shapes,
                                          np.int64(solver.stamp), np.int64(0), np.int64(10), np.int64(-1),
                                          np.int64(limit), out)
    return int(value), int(counters[0]), {int(p): int(v) for p, v in enumerate(out) if v >= 0}, hands.copy()


def test_a_limit_at_the_nodes_needed_finishes_and_one_below_gives_up(tables):
    """From an empty table the work is fixed: a limit of exactly the nodes an unlimited scoring
    expands lets it finish with the same values; one node fewer makes it give up, hands intact."""
    solver = DoubleDummySolver(tables)
    checked = 0
    for position in random_deals(tables, 12, seed=31) + random_endings(tables, 12, tricks_left=6, seed=32):
        solver.clear()
        value, nodes, values, _ = _score(solver, position, 0)
        if nodes < 2:
            continue
        solver.clear()
        assert _score(solver, position, nodes)[:3] == (value, nodes, values)
        solver.clear()
        gave_up, expanded, _, hands = _score(solver, position, nodes - 1)
        assert gave_up == GAVE_UP and expanded == nodes
        assert hands.tolist() == [int(h) for h in position.hands]
        checked += 1
    assert checked >= 20


def test_what_a_scoring_that_gave_up_left_in_the_table_is_still_true(tables):
    """Scorings cut short at many limits, one table throughout; every finished scoring, on that
    table, must equal a fresh table's exact values."""
    shared = DoubleDummySolver(tables)
    fresh = DoubleDummySolver(tables)
    positions = random_deals(tables, 10, seed=33)
    finished = 0
    for round_ in range(3):
        for index, position in enumerate(positions):
            limit = (0, 40, 400, 4000)[(index + round_) % 4]
            value, _, values, _ = _score(shared, position, limit)
            if value == GAVE_UP:
                continue
            fresh.clear()
            exact, _, exact_values, _ = _score(fresh, position, 0)
            assert (value, values) == (exact, exact_values), (round_, index, limit)
            finished += 1
    assert finished >= 10


def _rows(ruleset, policies, deals, first_deal=0, threads=1, seed=3):
    return simulate(RunConfig(ruleset, policies, seed=seed, deals=deals, first_deal=first_deal, threads=threads,
                              record=True)).rows


def test_a_budgeted_pimc_plays_each_deal_the_same_alone_or_among_others(ruleset):
    policies = (BUDGETED, HEURISTIC, BUDGETED, BUDGETED)
    together = _rows(ruleset, policies, 8)
    alone = np.vstack([_rows(ruleset, policies, 1, first_deal=deal) for deal in range(8)])
    assert np.array_equal(together, alone)
    assert np.array_equal(together, _rows(ruleset, policies, 8, threads=2))


def test_a_budgeted_pimc_replays_a_deal_the_same_after_playing_it(ruleset):
    """The decision maps replay each deal under every action at one table: a second replay finds
    the first's positions in the table, so without a fresh table it would set fewer deals aside."""
    hands, deal_ids = deals_of_seed(ruleset, 11, 0, 6)
    policies = (BUDGETED, BUDGETED, HEURISTIC, BUDGETED)
    out = play_variants(ruleset, policies, [Variant("first"), Variant("again")], hands, deal_ids, 11, threads=1)
    assert np.array_equal(out[:, 0], out[:, 1])


def test_a_budgeted_pimc_agrees_with_the_reference_engine(ruleset):
    policies = (BUDGETED, HEURISTIC, HEURISTIC, BUDGETED)
    rows = _rows(ruleset, policies, 8)
    reference = play_deals(ruleset, policies, 3, 0, 8)
    differing = np.nonzero((rows != reference).any(axis=1))[0]
    assert differing.size == 0, f"deals {differing.tolist()} differ"


def test_the_budget_changes_play_and_a_budget_no_deal_reaches_does_not(ruleset):
    unlimited = make_seat_policy("pimc", {"samples": 6, "node_budget": 0.0})
    generous = make_seat_policy("pimc", {"samples": 6, "node_budget": 1e9})
    tight = make_seat_policy("pimc", {"samples": 6, "node_budget": 1.0})
    cards = slice(L.COL_CARDS, L.COL_CARDS + 4 * L.MAX_TRICKS)
    base = _rows(ruleset, (unlimited,) * 4, 10)
    assert np.array_equal(base, _rows(ruleset, (generous,) * 4, 10))
    # one node a deal: every decision rests on its last sampled deal alone, which plays otherwise
    assert not np.array_equal(base[:, cards], _rows(ruleset, (tight,) * 4, 10)[:, cards])


def test_the_table_is_emptied_only_where_a_budgeted_pimc_plays():
    def budgeted(*policies):
        ids, params = kernel_arrays(policies)
        return bool(budgeted_search(ids, params, 4))

    unlimited = make_seat_policy("pimc", {"node_budget": 0.0})
    assert not budgeted(HEURISTIC, HEURISTIC, HEURISTIC, HEURISTIC)
    assert not budgeted(make_seat_policy("dd"), unlimited, HEURISTIC, HEURISTIC)
    assert budgeted(HEURISTIC, HEURISTIC, BUDGETED, HEURISTIC)
    assert budgeted(make_seat_policy("pimc"), HEURISTIC, HEURISTIC, HEURISTIC)  # the default has a budget
    # a role pimc plays reads pimc's defaults in the seat's row
    friend_pimc = make_seat_policy("heuristic", roles={"friend": "pimc"})
    default = POLICIES["pimc"].params["node_budget"].default
    assert budgeted(friend_pimc, HEURISTIC, HEURISTIC, HEURISTIC) == (default > 0)

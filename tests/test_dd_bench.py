"""`spadille bench dd`'s measures run and return plain records (a smoke test on a few positions)."""

from __future__ import annotations

from spadille.kernel.quadrille import bench_dd


def test_the_measures_return_plain_records(ruleset):
    """Each measure returns a record whose as_dict holds only plain numbers and words, with a
    fixed seed, so the CLI can print or save it; the random positions pass the solver's checks."""
    full = bench_dd.full_deal_times(4, ruleset)
    endings = bench_dd.ending_rate(6, 7, ruleset)
    cost = bench_dd.card_value_cost(3, ruleset)
    for record in (full, endings, cost):
        assert all(isinstance(v, (int, float, str)) for v in record.as_dict().values())
    assert full.positions == 4 and endings.positions == 6 and cost.positions == 3
    assert 0 <= full.mean_side_tricks <= 10 and 0 <= endings.mean_side_tricks <= 7
    assert full.mean_nodes > 0 and cost.ratio > 0
    assert cost.node_ratio >= 1  # scoring the cards starts with the same solve


def test_the_positions_are_reproducible(tables):
    """Same seed, same positions; endings have the stated number of tricks left."""
    assert bench_dd.random_deals(tables, 5) == bench_dd.random_deals(tables, 5)
    for position in bench_dd.random_endings(tables, 5, tricks_left=7):
        assert all(bin(hand).count("1") == 7 for hand in position.hands)


def test_the_pimc_pair_times_both_settings_on_the_same_deals():
    """`bench pimc`: each setting's CPU seconds per deal, then their ratio with a 95% CI; plain
    numbers only. Small settings keep it quick."""
    from spadille.kernel.quadrille.bench import pimc_label, pimc_pair_times
    from spadille.kernel.quadrille.policies import make_seat_policy

    before = make_seat_policy("pimc", {"samples": 3, "window": 0})
    after = make_seat_policy("pimc", {"samples": 3, "window": 1})
    pair = pimc_pair_times(3, seed=5, before=before, after=after)
    rows = pair.rows()
    assert [row["setting"] for row in rows] == ["before", "after", "before / after"]
    assert rows[0]["policy"] == "pimc:samples=3:window=0:node_budget=15000:stop_z=0:stop_after=4" == pimc_label(before)
    assert all(row["deals"] == 3 for row in rows)
    assert all(isinstance(v, (int, float, str)) for row in rows for v in row.values())
    assert (pair.before_seconds > 0).all() and (pair.after_seconds > 0).all()
    assert rows[2]["mean_seconds"] == pair.before_seconds.mean() / pair.after_seconds.mean()


def test_the_targets_rows_compare_each_figure_with_its_limit():
    """`bench dd` sets the full-deal median, mean and p99 beside issue 15's targets: met when at or
    under the limit, in the targets' order."""
    full = {"median_ms": 0.8, "mean_ms": 1.6, "p99_ms": 3.0, "max_ms": 40.0}
    rows = bench_dd.against_targets(full)
    assert [row["figure"] for row in rows] == ["median", "mean", "p99"]
    assert [row["met"] for row in rows] == [True, False, True]
    assert [row["target_ms"] for row in rows] == [0.8, 1.5, 10.0]

"""The progress bars: a real total (never "n/0"), a rate in the bar's own unit (never "0 deals/s")
and an ETA, also for work that counts its size once it starts (the claims)."""

from __future__ import annotations

import io

from rich.console import Console
from rich.progress import TimeRemainingColumn

from spadille.cli.progress import Advance, CountColumn, RateColumn, deal_progress, rate_text


def _render(progress, task_id, column) -> str:
    task = next(t for t in progress.tasks if t.id == task_id)
    return column.render(task).plain


def test_rates_read_in_the_bars_unit():
    assert rate_text(2_000_000, 4.0) == "500,000 deals/s"
    assert rate_text(7, 2.0, "games") == "3.5 games/s"
    # A report part counted in steps, one every 40 s: seconds per step, not "0 deals/s".
    assert rate_text(1, 40.0, "steps") == "40.0 s per step"


def test_a_bar_without_a_known_total_shows_no_made_up_one():
    progress = deal_progress(Console(file=io.StringIO()))
    task = progress.add_task("claims of the period texts", total=None)
    progress.advance(task, 790_400)
    assert _render(progress, task, CountColumn()) == "790,400 deals"


def test_work_that_sets_its_total_gets_a_real_total_rate_and_eta():
    console = Console(file=io.StringIO(), force_terminal=True, width=120)
    progress = deal_progress(console)
    with progress:
        task = progress.add_task("claims", total=None, unit="deals")
        advance = Advance(progress, task)
        advance.set_total(1_000)
        advance(250)
        state = next(t for t in progress.tasks if t.id == task)
        assert state.total == 1_000 and state.completed == 250
        assert _render(progress, task, CountColumn()) == "250/1,000"
        assert any(isinstance(column, TimeRemainingColumn) for column in progress.columns)
        assert _render(progress, task, RateColumn()).endswith(("deals/s", "s per deal"))


def test_advance_runs_its_check_after_each_step():
    progress = deal_progress(Console(file=io.StringIO()))
    task = progress.add_task("games", total=10, unit="games")
    calls = []
    advance = Advance(progress, task, after=lambda: calls.append(1))
    advance(3)
    advance(2)
    assert calls == [1, 1] and progress.tasks[0].completed == 5
    assert "games" in _render(progress, task, RateColumn())


def test_the_whole_report_bar_moves_with_each_part_by_its_share():
    from spadille.cli.progress import WholeRun

    progress = deal_progress(Console(file=io.StringIO()))
    whole = WholeRun(progress, {"baseline": 10.0, "maps": 30.0, "claims": 60.0})
    bar = next(t for t in progress.tasks if t.id == whole.task)
    assert bar.total == 100 and bar.completed == 0
    assert _render(progress, whole.task, CountColumn()) == "0%"
    assert "estimated" in bar.description
    assert _render(progress, whole.task, RateColumn()) == ""
    whole.start("baseline")
    part = progress.add_task("the game as played", total=1_000)
    advance = Advance(progress, part, whole=whole)
    advance(500)
    assert bar.completed == 5.0                   # half of a part worth 10%
    whole.start("maps")                           # the baseline finished: 10%
    assert bar.completed == 10.0
    maps = Advance(progress, progress.add_task("maps", total=200), whole=whole)
    maps(200)
    assert bar.completed == 40.0
    second = Advance(progress, progress.add_task("take or cede", total=100), whole=whole)
    second(10)                                     # a second bar of the same part never moves it back
    assert bar.completed == 40.0
    whole.start("claims")
    claims = Advance(progress, progress.add_task("claims", total=None), whole=whole)
    claims(1_000)                                  # no total yet: the whole bar waits
    assert bar.completed == 40.0
    claims.set_total(4_000)
    claims(1_000)
    assert bar.completed == 40.0 + 60.0 * 0.5
    whole.finish()
    assert bar.completed == 100


def test_the_reports_estimates_scale_with_its_plan(ruleset):
    from spadille.kernel.quadrille.policies import DEFAULT_CARD_PLAY
    from spadille.reports.quadrille.standard import DEFAULT_PART_SECONDS, default_map_deals, estimated_seconds, plan_for

    full = estimated_seconds(plan_for(ruleset, 1, None, False))
    assert full["maps"] == DEFAULT_PART_SECONDS["maps"] and set(full) >= {"baseline", "maps", "claims", "hands"}
    half = estimated_seconds(plan_for(ruleset, 1, default_map_deals(DEFAULT_CARD_PLAY) // 2, False))
    assert abs(half["maps"] - full["maps"] / 2) < 1e-9 and all(v > 0 for v in half.values())


def test_a_report_row_fits_eighty_columns_whole():
    """A long part name folds onto more lines; the count, rate and ETA are never cut to '…'."""
    from spadille.cli.progress import WholeRun

    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=False)
    progress = deal_progress(console)
    whole = WholeRun(progress, {"fixpoint": 1.0})
    part = progress.add_task("bidding that answers to the play (deal replays)", total=72_000, unit="deal replays")
    progress.update(part, completed=36_000)
    whole.start("fixpoint")
    whole.part_done(0.5)
    console.print(progress.make_tasks_table(progress.tasks))
    lines = out.getvalue().splitlines()
    assert all(len(line) <= 80 for line in lines) and "…" not in out.getvalue()
    text = " ".join(" ".join(lines).split())
    assert "36,000/72,000" in text and "deal replays/s" in text and text.count("ETA") == 2
    assert all(word in text.split() for word in "bidding that answers to the play (deal replays)".split())

"""``spadille simulate reversis``: many deals (or sessions) of Reversis, summarised with 95% CIs,
and with ``--out`` one row per deal. Heavy imports live inside the function."""

from __future__ import annotations

from spadille.cli.errors import user_errors
from spadille.cli.options import (BlockDealsOption, DealsOption, OutOption, RuleOption, SchedulerOption, SeedOption,
                                 ThreadsOption)

from .options import PolicyOption, PresetOption, ReversisRulesetOption, SessionLengthOption

ROWS_BATCH = 65_536   # deals per batch when rows are written: bounded memory whatever --deals


def simulate_command(
    deals: DealsOption = 100_000,
    seed: SeedOption = 0,
    ruleset: ReversisRulesetOption = None,
    preset: PresetOption = None,
    rule: RuleOption = None,
    policy: PolicyOption = None,
    session_length: SessionLengthOption = 1,
    threads: ThreadsOption = None,
    out: OutOption = None,
    scheduler: SchedulerOption = None,
    block_deals: BlockDealsOption = None,
) -> None:
    """Play --deals deals of Reversis (sessions of --session-length deals with the pool carried
    over) and print each position's net per deal, the payments by category and how often the
    quinola is placed, forced or played, the reversis made or broken and the espagnolette, all
    with 95% intervals. --out writes one row per deal (Parquet or CSV, with the run's metadata).

    Ctrl-C stops after the current batch: the summary and the --out file then hold the deals
    that finished. With --scheduler the sessions run on a Dask cluster in fixed blocks
    (--block-deals deals each), with the same rows and figures.
    """
    from spadille.cli.run_output import finish

    with user_errors():
        ending = _run(deals, seed, ruleset, preset, rule, policy, session_length, threads, out, scheduler, block_deals)
    finish(ending)


def _run(deals, seed, ruleset, preset, rule, policy, session_length, threads, out, scheduler=None,
         block_deals=None):
    import numpy as np
    from rich.markup import escape

    from spadille.analyses.reversis.rows import deal_table
    from spadille.analyses.reversis.summary import events, net_by_player, net_by_position, payments_by_category
    from spadille.cli.run_output import RunOutput
    from spadille.kernel.reversis import layout as L
    from spadille.kernel.reversis.simulate import ReversisConfig, run_sessions

    from .setup import load_policies, load_rules
    from .view import frame_table

    config = ReversisConfig(load_rules(ruleset, preset, rule), load_policies(policy), seed, deals, session_length,
                            threads)
    config.validate()
    total = config.sessions * session_length
    output = RunOutput(out, scheduler, block_deals, unit="deals", total=total)
    output.check(lambda: deal_table(0, np.zeros((0, L.N_RECORD), dtype=np.int64), session_length))
    with output as running:
        want_rows = out is not None
        on_batch = (lambda first, rows: running.hand_over((first, rows))) if want_rows else None
        batch_deals = ROWS_BATCH if want_rows else 262_144
        if running.runner is None:
            work = lambda: run_sessions(config, want_rows=want_rows, progress=running.advance,  # noqa: E731
                                        on_batch=on_batch, batch_deals=batch_deals)
        else:
            from spadille.analyses.reversis.simulate_blocks import reversis_on

            work = lambda: reversis_on(running.runner, config, want_rows=want_rows,  # noqa: E731
                                       progress=running.advance, on_batch=on_batch, batch_deals=batch_deals)
        result = running.pump(work, running.write_rows(lambda batch: deal_table(*batch, session_length)))
        if result is None:        # a second Ctrl-C before anything finished
            running.commit({}, 0)
            return running.ending
        if not running.commit({**config.metadata(), "deals_done": result.deals_done,
                               "interrupted": result.interrupted}, result.deals_done):
            return running.ending
        meta = config.metadata()
        rate = result.deals_done / result.seconds if result.seconds > 0 else float("nan")
        stdout = running.stdout
        stdout.print(escape(" · ".join([
            f"spadille {meta['spadille_version']}", "reversis", f"seed {seed}",
            f"ruleset {config.ruleset.label} (sha256 {config.ruleset.sha256[:12]})",
            "policies " + ", ".join(meta["policies"]), f"sessions of {session_length}",
            f"{result.deals_done:,} deals in {result.seconds:.1f} s ({rate:,.0f} deals/s)"])), soft_wrap=True)
        running.report_interrupted(result.interrupted, f"{result.deals_done:,} of {total:,} deals finished")
        agg = result.aggregates
        stdout.print(frame_table(net_by_position(agg), "Net fiches per deal by position (95% CI); with_pool_share "
                                                       "adds a quarter of the pool's change"))
        if session_length > 1:
            stdout.print(frame_table(net_by_player(agg, session_length),
                                     "Each player's net fiches per session (opening stake included; 95% CI over "
                                     "sessions)"))
        stdout.print(frame_table(payments_by_category(agg), "Mean fiches per deal, by payment category and account"))
        stdout.print(frame_table(events(agg), "How often, per deal (95% Wilson intervals)"))
        running.report_written("rows")
    return running.ending

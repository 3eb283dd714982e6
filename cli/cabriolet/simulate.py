"""``spadille simulate cabriolet``: sessions of the card game, the value of each case and the
paired comparison of covering policies; with ``--dice``, sessions of the dice game. Heavy imports
live inside the functions."""

from __future__ import annotations

from spadille.cli.errors import user_errors
from spadille.cli.options import (BlockDealsOption, DealsOption, OutOption, RuleOption, SchedulerOption, SeedOption,
                                 ThreadsOption)

from .options import CabrioletParamOption, CabrioletRulesetOption, CoverOption, DiceOption, PlayersOption, RoundsOption

DEFAULT_DEALS = 100_000
DEFAULT_ROUNDS = 20
DEFAULT_COVERS = ("all", "jeu", "figures")
PARAMETERS = ("play_threshold", "others")


def simulate_command(
    deals: DealsOption = DEFAULT_DEALS,
    seed: SeedOption = 0,
    ruleset: CabrioletRulesetOption = None,
    rule: RuleOption = None,
    param: CabrioletParamOption = None,
    session_length: RoundsOption = DEFAULT_ROUNDS,
    threads: ThreadsOption = None,
    out: OutOption = None,
    players: PlayersOption = None,
    cover: CoverOption = None,
    dice: DiceOption = False,
    scheduler: SchedulerOption = None,
    block_deals: BlockDealsOption = None,
) -> None:
    """Play sessions of --session-length deals at a table of --players, the focal seat under each
    --cover policy on the same deals; print the value of each case and the paired comparison of
    the policies. With --dice: sessions of --session-length rounds of throws of three dice
    (--deals counts rounds).

    Ctrl-C stops after the current batch: the summary and the --out file then hold the
    sessions that finished. With --scheduler the sessions run on a Dask cluster in fixed blocks
    (--block-deals sessions each), with the same rows and figures.
    """
    from spadille.cli.run_output import finish

    with user_errors():
        run = run_cabriolet_dice if dice else run_cabriolet
        finish(run(deals, seed, ruleset, rule or [], param or [], session_length, threads, out, players, cover or [],
                   scheduler, block_deals))


def _parameters(param: list[str]) -> dict[str, str]:
    from spadille.kernel.common.errors import SimulationError

    values = {}
    for text in param:
        key, sep, value = text.partition("=")
        if not sep or key not in PARAMETERS:
            raise SimulationError(f"cabriolet takes --param {' or '.join(k + '=...' for k in PARAMETERS)}, not {text!r}")
        values[key] = value
    return values


def _setup(deals, ruleset, rule, param, rounds):
    """What the card and dice games check alike: the parameters, the ruleset, the rounds and sessions."""
    from spadille.kernel.cabriolet.ruleset import DEFAULT_CABRIOLET_RULESET, load_cabriolet_ruleset
    from spadille.kernel.common.errors import SimulationError

    values = _parameters(param)
    rules = load_cabriolet_ruleset(ruleset or DEFAULT_CABRIOLET_RULESET, rule)
    if not 1 <= rounds <= 10_000:
        raise SimulationError(f"--session-length must be between 1 and 10000, not {rounds}")
    sessions = max(1, -(-deals // rounds)) if deals >= 1 else deals
    return values, rules, rounds, sessions


def _play(config, run, rows_of, n_out, unit, out, scheduler, block_deals, report):
    """Run the sessions under the progress bar (Ctrl-C stops between batches), streaming the rows
    to ``out`` when given, here or on the cluster of ``scheduler``; then ``report(running, result)``
    prints the summary. Returns how the run ended (``cli.run_output.Ending``)."""
    import numpy as np

    from spadille.cli.run_output import RunOutput

    output = RunOutput(out, scheduler, block_deals, unit=unit, total=config.sessions * config.rounds)
    output.check(lambda: rows_of(0, np.zeros((0, len(config.variants), n_out), dtype=np.int64)))
    with output as running:
        on_batch = (lambda first, batch: running.hand_over((first, batch))) if out is not None else None
        progress = lambda n: running.advance(n * config.rounds)  # noqa: E731 - the bar counts deals, not sessions
        if running.runner is None:
            work = lambda: run(config, progress=progress, on_batch=on_batch)  # noqa: E731
        else:
            from spadille.analyses.cabriolet.simulate_blocks import cabriolet_on

            work = lambda: cabriolet_on(running.runner, config, progress=progress, on_batch=on_batch)  # noqa: E731
        result = running.pump(work, running.write_rows(lambda batch: rows_of(*batch)))
        if result is None:        # a second Ctrl-C before anything finished
            running.commit({}, 0)
            return running.ending
        if running.commit({**config.metadata(), "sessions_done": result.sessions_done,
                           "interrupted": result.interrupted}, result.sessions_done * config.rounds):
            report(running, result)
            running.report_written("rows")
    return running.ending


def _report_run(running, config, result, title: str, unit: str, details: list[str]) -> None:
    """The run's identifying line and, if it stopped early, how far it got."""
    from rich.markup import escape

    rules = config.ruleset
    meta = config.metadata()
    done = result.sessions_done * config.rounds
    rate = done / result.seconds if result.seconds > 0 else float("nan")
    running.stdout.print(escape(" · ".join([
        f"spadille {meta['spadille_version']}", title, f"seed {config.seed}",
        f"ruleset {rules.name} (sha256 {rules.sha256[:12]})" + "".join(f", {k}={v}" for k, v in rules.overrides),
        f"{config.n_players} players", f"sessions of {config.rounds} {unit}", *details,
        f"{done:,} {unit} x {len(config.variants)} policies in {result.seconds:.1f} s ({rate:,.0f} {unit}/s)"])),
        soft_wrap=True)
    running.report_interrupted(result.interrupted, f"{result.sessions_done:,} of {config.sessions:,} sessions finished")


def run_cabriolet(deals, seed, ruleset, rule, param, session_length, threads, out, players, cover, scheduler=None,
                  block_deals=None):
    """The card game's body; returns how the run ended (``cli.run_output.Ending``)."""
    from spadille.analyses.cabriolet.cases import case_values, policy_comparison, session_rows
    from spadille.kernel.cabriolet.layout import N_OUT
    from spadille.kernel.cabriolet.simulate import SessionConfig, run_sessions
    from spadille.kernel.common.errors import SimulationError

    from .odds_view import frame_table

    values, rules, rounds, sessions = _setup(deals, ruleset, rule, param, session_length)
    try:
        threshold = int(values.get("play_threshold", 3))
    except ValueError:
        raise SimulationError(f"play_threshold must be a whole number of trumps, not {values['play_threshold']!r}") from None
    config = SessionConfig(rules, players if players is not None else 4, seed, sessions, rounds,
                           tuple(cover) if cover else DEFAULT_COVERS, values.get("others", "all"), threshold, threads)
    config.validate()

    def report(running, result) -> None:
        _report_run(running, config, result, "cabriolet", "deals",
                    [f"others cover {config.others}, play with >= {threshold} trumps"])
        comparison = policy_comparison(result)
        running.stdout.print(frame_table(comparison[[c for c in comparison.columns[:9]]],
                                         "Focal seat's net jetons per deal, by covering policy (differences paired on "
                                         "the same deals)"))
        running.stdout.print(frame_table(case_values(result), "Value of each case: focal net jetons per deal (95% CI)"))

    return _play(config, run_sessions, lambda first, batch: session_rows(first, batch, config.variants, config.n_players),
                 N_OUT, "deals", out, scheduler, block_deals, report)


def run_cabriolet_dice(deals, seed, ruleset, rule, param, session_length, threads, out, players, cover,
                       scheduler=None, block_deals=None):
    """``simulate cabriolet --dice``: sessions of rounds of throws; ``--deals`` counts rounds."""
    from spadille.analyses.cabriolet.dice import dice_case_values, dice_session_rows, dice_summary
    from spadille.kernel.cabriolet import layout as L
    from spadille.kernel.cabriolet.simulate import DiceSessionConfig, run_dice_sessions
    from spadille.kernel.common.errors import SimulationError

    from .odds_view import frame_table

    values, rules, rounds, sessions = _setup(deals, ruleset, rule, param, session_length)
    if "play_threshold" in values:
        raise SimulationError("--param play_threshold applies to the card game; the dice game has no play for the jeu")
    config = DiceSessionConfig(rules, players if players is not None else 4, seed, sessions, rounds,
                               tuple(cover) if cover else DEFAULT_COVERS, values.get("others", "all"), threads)
    config.validate()

    def report(running, result) -> None:
        _report_run(running, config, result, "cabriolet with dice", "rounds", [f"others cover {config.others}"])
        summary = dice_summary(result)
        running.stdout.print(frame_table(summary[["policy", "sessions", "net_per_round", "ci_low", "ci_high",
                                                  "net_per_throw", f"minus_{config.variants[0]}", "diff_ci_low",
                                                  "diff_ci_high", "clear"]],
                                         "Dice: focal seat's net jetons per round and per throw, by covering policy "
                                         "(differences paired on the same throws)"))
        values_frame = dice_case_values(result)
        running.stdout.print(frame_table(values_frame[["policy", "case", "p_exact", "thrower_gain", "gain_ci_low",
                                                       "gain_ci_high", "focal_per_throw", "ci_low", "ci_high"]],
                                         "Dice: value of each case: the thrower's gain, and the focal seat's net per "
                                         "throw (95% CI)"))

    return _play(config, run_dice_sessions,
                 lambda first, batch: dice_session_rows(first, batch, config.variants, config.n_players),
                 L.N_DICE_OUT, "rounds", out, scheduler, block_deals, report)

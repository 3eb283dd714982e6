"""``spadille train reversis``: fit the strong policy's weights to the search's values, measure the
fit on held-out decisions, and write them with a stamp of how they were made."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption, SeedOption, ThreadsOption

from .options import PresetOption, ReversisRulesetOption

DEFAULT_DEALS = 10_000
DEFAULT_WORLDS = 16
DEFAULT_SEED = 101
DEFAULT_ESPAGNOLETTES = 3_000
TrainDealsOption = Annotated[int, typer.Option(
    "--deals", help="Deals the search plays at every seat; each leaves some 135 rows (a legal card each).",
    min=100, max=1_000_000)]
WorldsOption = Annotated[int, typer.Option("--worlds", help="Worlds the search values each card in.", min=1,
                                           max=256)]
RolloutOption = Annotated[int, typer.Option(
    "--rollout", help="Who plays the search's rollouts out: 0 the heuristic, 1 the strong policy (its shipped "
                      "weights).", min=0, max=1)]
EspagnolettesOption = Annotated[int, typer.Option(
    "--espagnolette-deals", help="More deals, each holding an espagnolette (1 deal in 70 does): the privilege's "
                                 "play is rare in plain deals.", min=0, max=1_000_000)]
StrongOutOption = Annotated[Optional[Path], typer.Option(
    "--out", metavar="FILE.toml", help="Where to write the weights (default: the shipped file the strong policy "
                                       "loads).", show_default=False)]


def train_command(deals: TrainDealsOption = DEFAULT_DEALS, worlds: WorldsOption = DEFAULT_WORLDS,
                  rollout: RolloutOption = 0, espagnolette_deals: EspagnolettesOption = DEFAULT_ESPAGNOLETTES,
                  seed: SeedOption = DEFAULT_SEED, preset: PresetOption = None,
                  ruleset: ReversisRulesetOption = None, rule: RuleOption = None, threads: ThreadsOption = None,
                  out: StrongOutOption = None) -> None:
    """Fit the strong policy: the search plays --deals deals at every seat (and --espagnolette-deals
    more that hold an espagnolette) and values each legal
    card of each choice over --worlds worlds; the weights of the cards' features are fitted to
    those values (a ridge start, then the expected value of a softmax over each choice's cards),
    on nine deals in ten; the tenth measures the regret, the search's value of its
    best card minus that of the card chosen, for the fit and for the heuristic. The ladder
    (`spadille ladder reversis`) then measures the play against the search itself."""
    with user_errors():
        from rich.console import Console

        from spadille.analyses.reversis.strong_fit import decision_rows, fit_weights, regret, split
        from spadille.cli.quadrille.train import check_weights_target
        from spadille.cli.progress import Advance, StopBetweenBatches, deal_progress
        from spadille.kernel.common.version import package_version
        from spadille.kernel.reversis import strong

        from .setup import load_rules

        rules = load_rules(ruleset, preset, rule)
        target = out or Path(strong.__file__).with_name(strong.SHIPPED)
        check_weights_target(target)
        stderr = Console(stderr=True)
        with StopBetweenBatches(stderr) as stop, deal_progress(stderr) as progress:
            task = progress.add_task("search deals", total=deals + espagnolette_deals, unit="deals")
            rows = decision_rows(rules, seed, deals, worlds, rollout, threads, Advance(progress, task, after=stop.check),
                                 espagnolette_deals)
        fitting, held_out = split(rows)
        weights = fit_weights(fitting)
        measured = regret(held_out, weights)
        fit = {"spadille_version": package_version(), "ruleset": rules.label, "seed": seed, "deals": deals,
               "espagnolette_deals": espagnolette_deals, "worlds": worlds,
               "rollout": ["heuristic", "strong"][rollout], "rows": int(len(rows["value"])),
               "fitted_decisions": int(len(set(fitting["decision"].tolist()))), **{
                   f"held_out_{key}": value for key, value in measured.items()},
               "command": f"spadille train reversis --deals {deals} --espagnolette-deals {espagnolette_deals} "
                          f"--worlds {worlds} --rollout {rollout} --seed {seed}"}
        strong.write_weights(target, weights, fit)
        typer.echo(f"Held out {measured['decisions']:,} decisions: regret {measured['strong_regret']:.2f} fiches a "
                   f"decision for the fit, {measured['heuristic_regret']:.2f} for the heuristic (the search's own "
                   f"values, {worlds} worlds). Wrote {target}")

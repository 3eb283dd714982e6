"""``spadille evaluate reversis "<hand>"``: the discards and the reversis decision of one dealt hand,
ranked with paired 95% intervals."""

from __future__ import annotations

from typing import Annotated

import typer

from spadille.cli.errors import user_errors
from spadille.cli.options import RuleOption, SeedOption, ThreadsOption

from .options import PresetOption, ReversisRulesetOption

HandArgument = Annotated[str, typer.Argument(
    help="The hand as dealt: 11 cards (the dealer 12), e.g. \"sA s9 s5 hJ h4 dK d7 d2 cQ c8 c3\"; suits s h d c or "
         "♠♥♦♣, ranks A K Q J 9 8 7 6 5 4 3 2.", show_default=False)]
PositionOption = Annotated[str, typer.Option("--position", help="eldest, second, third or dealer.")]
DealsOption = Annotated[int, typer.Option("--deals", help="Deals of the other cards, the same for every action.")]
EvaluatePolicyOption = Annotated[str, typer.Option(
    "--policy", help="The card play of the hand and of the other seats: heuristic or strong.")]


def evaluate_command(hand: HandArgument, position: PositionOption = "eldest", deals: DealsOption = 4000,
                     seed: SeedOption = 0, ruleset: ReversisRulesetOption = None, preset: PresetOption = None,
                     rule: RuleOption = None, threads: ThreadsOption = None,
                     policy: EvaluatePolicyOption = "heuristic") -> None:
    """Rank every discard open to the hand and the decision to go for the reversis: each action is
    --policy (the heuristic or the strong policy) with that choice forced, replayed on the same
    --deals deals of the other cards (the other seats play --policy too), with its mean net and
    its paired difference from the policy's own choices, 95% intervals. Ctrl-C stops at once
    (nothing is kept)."""
    with user_errors():
        from rich.console import Console

        from spadille.analyses.reversis.evaluation import ranked
        from spadille.kernel.reversis.cards import format_hand, parse_hand
        from spadille.kernel.reversis.evaluate import evaluate_hand

        from .setup import load_rules
        from .view import frame_table

        from spadille.cli.pipeline import run_until_interrupted

        rules = load_rules(ruleset, preset, rule)
        mask = parse_hand(hand)
        result = run_until_interrupted(lambda: evaluate_hand(rules, mask, position, deals, seed, threads, policy),
                                       Console(stderr=True), "Interrupted: nothing was kept (the actions are "
                                       "compared only on all the deals; rerun with fewer --deals).")
        Console().print(frame_table(ranked(result), f"{format_hand(mask)} ({position}), {rules.label}, seed {seed}, "
                                                    f"{policy} play: net fiches per deal, n = {deals:,} paired deals"))

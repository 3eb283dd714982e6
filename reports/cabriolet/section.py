"""The Cabriolet section of the report: exact odds beside the Monte Carlo, the value of each case
for 4, 5 and 6 players under three covering policies, and a plot of those values; the same for
the dice game (sessions of ROUNDS rounds of throws)."""

from __future__ import annotations

from typing import Callable

from spadille.reports.document import FigureItem, Section, TableItem, figure_png

ROUNDS = 20
PLAYER_COUNTS = (4, 5, 6)
COVERS = ("all", "jeu", "figures")
PART_TITLE = "Cabriolet"  # this game's heading in the report
ODDS_KINDS = {"exact": "share", "simulated": "share", "one_in": "count"}  # chances, as the odds tables show them


def report_deals(scale: float) -> int:
    """Deals of each table size in the standard report, for a report ``scale`` times the default size."""
    return max(20_000, min(50_000_000, round(2_000_000 * scale)))


def report_sections(seed: int, deals: int, threads: int | None = None,
                      progress: Callable[[str, int], Callable[[int], None]] | None = None) -> list[Section]:
    """``deals``: deals of the holdings Monte Carlo at each table size, and of the sessions
    (``deals / ROUNDS`` sessions of ROUNDS deals). ``progress(description, total)`` returns an
    ``advance(n)`` callback, as the standard report's step does."""
    import matplotlib.pyplot as plt
    import pandas as pd

    from spadille.analyses.cabriolet.cases import (case_values, compare_dice, compare_holdings, exchange_comparison,
                                                    policy_comparison)
    from spadille.analyses.cabriolet.dice import DICE_RATE_NOTE, dice_case_values, dice_summary
    from spadille.analyses.cabriolet.plots import plot_case_values, plot_dice_values
    from spadille.kernel.cabriolet.ruleset import load_cabriolet_ruleset
    from spadille.kernel.cabriolet.simulate import DiceSessionConfig, SessionConfig, run_dice_sessions, run_sessions

    rules = load_cabriolet_ruleset()
    odds_frames, value_frames, comparison_frames, dice_values, dice_policies = [], [], [], [], []
    sessions = max(1, deals // ROUNDS)
    for n_players in PLAYER_COUNTS:
        advance = progress(f"cabriolet, {n_players} players", 3) if progress else None
        frame = compare_holdings(rules, n_players, deals, seed, threads)
        frame.insert(0, "players", n_players)
        odds_frames.append(frame)
        if advance:
            advance(1)
        result = run_sessions(SessionConfig(rules, n_players, seed, sessions, ROUNDS, COVERS, threads=threads))
        for frame, target in ((case_values(result), value_frames), (policy_comparison(result), comparison_frames)):
            frame.insert(0, "players", n_players)
            target.append(frame)
        if advance:
            advance(1)
        dice_result = run_dice_sessions(DiceSessionConfig(rules, n_players, seed, sessions, ROUNDS, COVERS,
                                                          threads=threads))
        for frame, target in ((dice_case_values(dice_result), dice_values), (dice_summary(dice_result), dice_policies)):
            frame.insert(0, "players", n_players)
            target.append(frame)
        if advance:
            advance(1)
    exchange_frames = []
    for n_players in PLAYER_COUNTS:
        frame = exchange_comparison(rules, n_players, max(1, sessions // 4), ROUNDS, seed, threads=threads)
        frame.insert(0, "players", n_players)
        exchange_frames.append(frame)
    exchange = pd.concat(exchange_frames, ignore_index=True)
    odds = pd.concat(odds_frames, ignore_index=True)
    values = pd.concat(value_frames, ignore_index=True)
    comparison = pd.concat(comparison_frames, ignore_index=True)
    dice = compare_dice(rules, deals, seed, threads)
    dice_value_table = pd.concat(dice_values, ignore_index=True)
    dice_policy_table = pd.concat(dice_policies, ignore_index=True)
    meta = {"game": "cabriolet", "seed": seed, "ruleset": rules.name, "ruleset_sha256": rules.sha256,
            "deals": deals, "sessions": sessions, "rounds": ROUNDS,
            "policies": {"focal_covering": list(COVERS), "others_covering": "all",
                         "play": "play for the jeu with >= 3 trumps; greedy card play"}}

    figure, ax = plt.subplots(figsize=(9, 4.5))
    plot_case_values(values[values["players"] == 4].drop(columns="players"), ax)
    dice_figure, dice_ax = plt.subplots(figsize=(9, 4.5))
    cases_only = dice_value_table[(dice_value_table["policy"] == "all") & dice_value_table["p_exact"].notna()]
    plot_dice_values(cases_only, dice_ax)
    items = [
        TableItem("cabriolet-odds", "Exact and simulated odds of each holding",
                  odds.drop(columns=["key"]), "Exact: all 201,376 hands (per hand) and closed forms for one-rank "
                  "holdings (table); an exact of – means Monte Carlo only. Per hand uses the eldest's hand.",
                  max_rows=81, metadata=meta, kinds=ODDS_KINDS),
        TableItem("cabriolet-dice", "Dice: each case's chance, exact over 216 throws and simulated",
                  dice.drop(columns=["key"]), "The face map is a reconstruction (docs/cabriolet.md). " + DICE_RATE_NOTE,
                  metadata={**meta, "throws": deals}, kinds=ODDS_KINDS),
        TableItem("cabriolet-case-values", "Value of each case: the focal player's net jetons per deal",
                  values, f"Sessions of {ROUNDS} deals, stake 1; what is left on the board at the end counts as "
                  "spent.", max_rows=120, metadata=meta),
        TableItem("cabriolet-policies", "Covering policies compared on the same deals", comparison,
                  "Differences are paired session by session; 'clear' = the 95% interval excludes 0.",
                  metadata=meta),
        FigureItem("cabriolet-case-values-plot", "Value of each case, four players", figure_png(figure),
                   "Net jetons per deal from each case, 95% intervals.", meta),
        TableItem("cabriolet-exchange", "Calling a card (the exchange) against not calling, on the same deals",
                  exchange, "declare.exchange = one-call against off, everyone covering all nine cases; the focal "
                  "player's net per deal by case; differences paired session by session, 'clear' = the 95% "
                  "interval excludes 0. The exchange is a reconstruction (docs/cabriolet.md).", max_rows=40,
                  metadata={**meta, "sessions": max(1, sessions // 4)}),
        TableItem("cabriolet-dice-values", "Dice: value of each case",
                  dice_value_table[dice_value_table["policy"] == "all"].drop(columns=["key", "effect"]),
                  f"Sessions of {ROUNDS} rounds of throws, everyone covers all nine cases, stake 1. thrower_gain: "
                  "jetons the thrower gains on a throw of the case; focal_per_throw: one player's net per throw "
                  "of the table from that case (stakes and total below); what is left on the board at the end "
                  "counts as spent.", max_rows=40, data=dice_value_table, metadata={**meta, "game": "cabriolet-dice"}),
        TableItem("cabriolet-dice-policies", "Dice: covering policies compared on the same throws",
                  dice_policy_table, "Net per round and per throw of the focal player; differences paired "
                  "session by session; board flows per session.", metadata={**meta, "game": "cabriolet-dice"}),
        FigureItem("cabriolet-dice-values-plot", "Dice: what each case brings the thrower", figure_png(dice_figure),
                   "Jetons per throw of each case, everyone covering all; 95% intervals.",
                   {**meta, "game": "cabriolet-dice"}),
    ]
    text = ("Cabriolet after Lacombe (1798): five cards each from the piquet pack; nine board cases won by "
            "holdings of kings, queens and jacks, the four aces, and a play for the jeu. Where the text is silent "
            "(the trick rules, the dice faces, the exchange) the engine follows the reconstructions of "
            "docs/cabriolet.md.")
    return [Section("Cabriolet", [text], items)]

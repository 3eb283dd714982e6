"""The Cabriolet section of the report: exact odds beside the Monte Carlo, the value of each case
for 4, 5 and 6 players under three covering policies, and a plot of those values."""

from __future__ import annotations

from typing import Callable

from spadille.reports.document import FigureItem, Section, TableItem, figure_png

ROUNDS = 20
PLAYER_COUNTS = (4, 5, 6)
COVERS = ("all", "jeu", "figures")


def cabriolet_section(seed: int, deals: int, threads: int | None = None,
                      progress: Callable[[str, int], Callable[[int], None]] | None = None) -> list[Section]:
    """``deals``: deals of the holdings Monte Carlo at each table size, and of the sessions
    (``deals / ROUNDS`` sessions of ROUNDS deals). ``progress(description, total)`` returns an
    ``advance(n)`` callback, as the standard report's step does."""
    import matplotlib.pyplot as plt
    import pandas as pd

    from spadille.analyses.cabriolet import case_values, compare_dice, compare_holdings, policy_comparison
    from spadille.analyses.cabriolet_plots import plot_case_values
    from spadille.kernel.cabriolet.ruleset import load_cabriolet_ruleset
    from spadille.kernel.cabriolet.simulate import SessionConfig, run_sessions

    rules = load_cabriolet_ruleset()
    odds_frames, value_frames, comparison_frames = [], [], []
    sessions = max(1, deals // ROUNDS)
    for n_players in PLAYER_COUNTS:
        advance = progress(f"cabriolet, {n_players} players", 2) if progress else None
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
    odds = pd.concat(odds_frames, ignore_index=True)
    values = pd.concat(value_frames, ignore_index=True)
    comparison = pd.concat(comparison_frames, ignore_index=True)
    dice = compare_dice(rules, deals, seed, threads)
    meta = {"game": "cabriolet", "seed": seed, "ruleset": rules.name, "ruleset_sha256": rules.sha256,
            "deals": deals, "sessions": sessions, "rounds": ROUNDS,
            "policies": {"focal_covering": list(COVERS), "others_covering": "all",
                         "play": "play for the jeu with >= 3 trumps; greedy card play"}}

    figure, ax = plt.subplots(figsize=(9, 4.5))
    plot_case_values(values[values["players"] == 4].drop(columns="players"), ax)
    items = [
        TableItem("cabriolet-odds", "Exact and simulated odds of each holding",
                  odds.drop(columns=["key"]), "Exact: all 201,376 hands (per hand) and closed forms for one-rank "
                  "holdings (table); NaN exact = Monte Carlo only. Per hand uses the eldest's hand.",
                  max_rows=81, metadata=meta),
        TableItem("cabriolet-dice", "Dice: each case's chance, exact over 216 throws and simulated",
                  dice.drop(columns=["key"]), "The face map is a reconstruction (docs/cabriolet.md).",
                  metadata={**meta, "throws": deals}),
        TableItem("cabriolet-case-values", "Value of each case: the focal player's net jetons per deal",
                  values, f"Sessions of {ROUNDS} deals, stake 1; what is left on the board at the end counts as "
                  "spent.", max_rows=120, metadata=meta),
        TableItem("cabriolet-policies", "Covering policies compared on the same deals", comparison,
                  "Differences are paired session by session; 'clear' = the 95% interval excludes 0.",
                  metadata=meta),
        FigureItem("cabriolet-case-values-plot", "Value of each case, four players", figure_png(figure),
                   "Net jetons per deal from each case, 95% intervals.", meta),
    ]
    text = ("Cabriolet after Lacombe (1798): five cards each from the piquet pack; nine board cases won by "
            "holdings of kings, queens and jacks, the four aces, and a play for the jeu. Where the text is silent "
            "(the trick rules, the dice faces, the exchange) the engine follows the reconstructions of "
            "docs/cabriolet.md.")
    return [Section("Cabriolet", [text], items)]

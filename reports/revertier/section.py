"""The Révertier (reconstructed) section of the report: the first player's advantage, game length,
the kinds of win, the policies compared on the same dice with colours swapped (hitting against
running among them), and how each reconstruction switch moves these figures."""

from __future__ import annotations

from typing import Callable

from spadille.reports.document import Section, TableItem

PAIRS = (("heuristic", "random"), ("hitter", "runner"), ("hitter", "heuristic"), ("runner", "heuristic"))
# The heuristic plays about six times faster than the policies that list every play of a throw
# (random, hitter, runner) and expectimax costs about a hundred of those a game, so the pairings
# play fewer games than the heuristic runs: the report's part stays about a minute on two cores.
PAIR_SHARE = 4
EXPECTIMAX_SHARE = 100
# How the switch table reads: shares of games, means a game, and each paired difference's interval.
SWITCH_KINDS = {"first_wins": "share", "jan": "share", "special": "share", "blocked": "share",
                "throws": "mean:1", "hits": "mean:1", "first_points_vs_default": "gain", "throws_vs_default": "gain:1"}
SWITCH_TITLES = {"games": "games (n)", "first_wins": "first player wins", "first_points_vs_default":
                 "first player's points vs default", "fp_diff_low": "95% CI", "throws": "throws a game",
                 "throws_vs_default": "throws vs default", "th_diff_low": "95% CI", "jan": "won by a jan",
                 "special": "special wins", "blocked": "won by blocking", "hits": "hits a game",
                 "clear": "a difference clear at 95%"}
PART_TITLE = "Révertier (reconstructed)"  # this game's heading in the report


def report_deals(scale: float) -> int:
    """Games of each run in the standard report, for a report ``scale`` times the default size."""
    return max(100, min(2_000_000, round(2_000 * scale)))


def report_sections(seed: int, deals: int, threads: int | None = None,
                    progress: Callable[[str, int], Callable[[int], None]] | None = None) -> list[Section]:
    """``deals``: games of each run (the baseline, each policy pairing twice, each switch value)."""
    import pandas as pd

    from spadille.analyses.revertier.compare import comparison_row
    from spadille.analyses.revertier.games import summary
    from spadille.analyses.revertier.sensitivity import sensitivity_table, variants
    from spadille.kernel.revertier.ruleset import DEFAULT_REVERTIER_RULESET, load_revertier_ruleset
    from spadille.kernel.revertier.simulate import GameConfig, run_games

    rules = load_revertier_ruleset()

    def play(ruleset, policies=("heuristic", "heuristic"), games=deals):
        return run_games(GameConfig(ruleset, seed, games, policies, threads)).out

    advance = progress("révertier, baseline and policies", 1 + len(PAIRS) + 1) if progress else None
    baseline = summary(play(rules))
    if advance:
        advance(1)
    comparisons = []
    pair_games = max(min(deals, 100), deals // PAIR_SHARE)
    for first, second in (*PAIRS, ("expectimax", "heuristic")):
        games = pair_games if first != "expectimax" else max(20, deals // EXPECTIMAX_SHARE)
        a_first, b_first = play(rules, (first, second), games), play(rules, (second, first), games)
        comparisons.append(comparison_row(first, second, a_first, b_first))
        if advance:
            advance(1)
    step = progress("révertier, switch sensitivity", len(variants(rules))) if progress else None
    sensitivity = sensitivity_table(
        rules, play, lambda overrides, preset: load_revertier_ruleset(DEFAULT_REVERTIER_RULESET, preset, overrides),
        step)
    meta = {"game": "revertier", "reconstructed": True, "seed": seed, "ruleset": rules.name,
            "ruleset_sha256": rules.sha256, "games": deals, "switches": {r.key: r.value for r in rules.switches()},
            "policies": "heuristic against heuristic unless named"}
    label = f"{rules.label()}; switches: {rules.switch_values()}"
    items = [
        TableItem("revertier-baseline", "Révertier (reconstructed): the first player's advantage, game length and "
                  "kinds of win", baseline, f"{label}. Heuristic against heuristic, {deals:,} games; 95% intervals "
                  "(Wilson for shares, normal for means).", metadata=meta),
        TableItem("revertier-policies", "Révertier (reconstructed): policies compared on the same dice, colours "
                  "swapped", pd.DataFrame(comparisons),
                  f"{label}. Each pair plays game k twice with the same dice, the policies swapping seats; points "
                  "a game for the first policy (+1 a single win, +2 a jan), paired over the games; 'clear' = the "
                  "95% interval excludes 0. hitter against runner is the value of hitting against running. "
                  f"{pair_games:,} pairs a row; expectimax plays "
                  f"{max(20, deals // EXPECTIMAX_SHARE):,}.", metadata=meta,
                  kinds={"wins": "share", "points": "gain"}, headers={"pairs": "pairs (n)", "points": "points a game",
                                                                       "wins": "wins"}),
        TableItem("revertier-switches", "Révertier (reconstructed): how each reconstruction switch changes the "
                  "figures", sensitivity,
                  f"Every other value of every switch, and each preset, against the default ({rules.switch_values()}), "
                  f"heuristic against heuristic on the same {deals:,} games. first_points_vs_default and "
                  "throws_vs_default are paired differences game by game; 'clear' = one of their 95% intervals "
                  "excludes 0: that open point matters for these figures.", max_rows=40, metadata=meta,
                  kinds=SWITCH_KINDS, headers=SWITCH_TITLES),
    ]
    text = ("Révertier is a reconstruction: the French article survives only to the set-up and the first throw "
            "(the seed's Dictionnaire des jeux); the rest is borrowed from Cotton's Verquere (1674), Fiske's "
            "Svensk brädspel (1905) and the Swedish codifications, with every open point a switch "
            "(docs/revertier.md, RULES.md §4). Every figure below names the switch values it ran under.")
    return [Section("Révertier (reconstructed)", [text], items)]

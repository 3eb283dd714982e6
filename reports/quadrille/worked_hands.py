"""The report's worked examples: hands the period texts talk about, evaluated action by action.

Each hand illustrates a piece of advice (RULES.md §5) so a reader can see the numbers behind
it on one concrete hand; the claims section tests the advice over whole classes of hands.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class WorkedHand:
    name: str
    hand: str
    seat: str
    why: str


WORKED_HANDS = (
    WorkedHand("spadille-alone", "spadille ♣K Q 4 ♥5 4 ♦Q 6 3 ♠6", "eldest",
               "Spadille and little else: \"Possedere solo lo Spadille raramente giustifica il Solo\" (IT)."),
    WorkedHand("three-matadors", "spadille basto ♥7 A K 4 3 ♣K 5 ♦6", "eldest",
               "All three matadors and a long trump suit: \"di solito un Solo\" (IT)."),
    WorkedHand("calling-hand", "basto ♥7 K Q 4 ♠K 5 ♣6 ♦Q 3", "second",
               "Two matadors, five hearts and a side king: a classic ask (call a king)."),
    WorkedHand("mediocre", "♥K 6 4 ♠K 6 ♣Q 7 ♦A 5 3", "third",
               "A mediocre hand, the kind IT says can play for a remise (Q15)."),
)


def evaluate_worked_hands(ruleset, deals: int, seed: int, threads=None, progress=None):
    """(summary frame, {name: ranked table}) for the worked hands, heuristic play; each table
    carries its evaluation's metadata in ``attrs``. A hand that the ruleset's pack or seats
    cannot hold (a diamond under quadrille à trois) is left out."""
    import pandas as pd

    from spadille.analyses.quadrille.evaluation import evaluate_hand, hand_metadata, parse_hand

    from spadille.kernel.quadrille.cards import CardError

    summaries = []
    tables = {}
    evaluation = None
    for worked in WORKED_HANDS:
        try:
            focal, hand = parse_hand(ruleset, worked.hand, worked.seat)
        except CardError:
            continue  # the hand or its seat does not exist under this ruleset (quadrille à trois)
        policies, metadata = hand_metadata(ruleset, "heuristic", focal, hand, deals, seed, None)
        evaluation = evaluate_hand(ruleset, policies, hand, focal, deals, seed, threads=threads, progress=progress,
                                   metadata=metadata)
        table = evaluation.table
        best, runner = table.iloc[0], table.iloc[1]
        passing = table[table["action"] == "pass"].iloc[0]
        summaries.append({
            "hand": metadata["hand"], "seat": worked.seat, "n": evaluation.deals,
            "best_action": best["action"], "best_mean_pay": best["mean_pay"],
            "best_ci_low": best["pay_ci_low"], "best_ci_high": best["pay_ci_high"],
            "runner_up": runner["action"], "margin": best["margin_over_next"],
            "margin_ci_low": best["margin_ci_low"], "margin_ci_high": best["margin_ci_high"],
            "pass_mean_pay": passing["mean_pay"], "why": worked.why,
        })
        columns = ["action", "n", "mean_pay", "pay_ci_low", "pay_ci_high", "p_declared", "p_win", "p_remise",
                   "p_codille", "p_vole_made", "p_vole_point"]
        tables[worked.name] = table[columns].copy()
        tables[worked.name].attrs = dict(evaluation.metadata)
        if evaluation.interrupted:
            raise KeyboardInterrupt
    frame = pd.DataFrame(summaries)
    if evaluation is not None:
        frame.attrs = {key: value for key, value in evaluation.metadata.items() if key not in ("hand", "seat")}
    return frame, tables

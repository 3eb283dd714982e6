"""The report's "bidding that answers to the play": the heuristic's hand-set bidding thresholds
against the ones its own card play earns (analyses/quadrille/bidding_fixpoint.py)."""

from __future__ import annotations

from typing import Callable

import pandas as pd

from spadille.reports import formatting as fmt
from spadille.reports.document import Section, TableItem


def bidding_section(ruleset, seed: int, deals: int, threads: int | None,
                    step: Callable[[str, int], Callable[[int], None]], card_play: str = "heuristic",
                    max_iterations: int = 8):
    """(sections, the fixpoint) under ``card_play``'s card play; ([], None) for a ruleset it does
    not handle."""
    from spadille.analyses.quadrille.bidding_fixpoint import bidding_fixpoint, work
    from spadille.kernel.quadrille.policies import make_seat_policy

    if tuple(ruleset["auction.contracts"]) != ("ask", "sans-prendre"):
        return [], None
    base = make_seat_policy(card_play)
    progress = step("bidding that answers to the play (deal replays)", work(ruleset, deals, max_iterations))
    result = bidding_fixpoint(ruleset, base, deals, seed, max_iterations=max_iterations, threads=threads,
                              progress=progress)
    return [Section("Bidding that answers to the play", _sentences(result, card_play), [
        TableItem("bidding-fixpoint", "Each seat's thresholds, round by round", _iterations_view(result),
                  "estimated tricks from which the seat asks and goes sans prendre; gain: what the round's thresholds "
                  "pay over the last round's on the fitted deals, jetons a deal, paired, 95% CI",
                  data=result.iterations, metadata=result.metadata, kinds={c: "text" for c in
                                                                          _iterations_view(result).columns}),
        TableItem("bidding-held-out", "The final thresholds over the starting ones, on held-out deals",
                  _held_out_view(result), "jetons a deal for the seat, paired on the same deals, the other seats at "
                  "their final thresholds", data=result.held_out, metadata=result.metadata,
                  kinds={c: "text" for c in _held_out_view(result).columns}),
    ])], result


def _sentences(result, card_play: str) -> list[str]:
    start_ask, start_alone = result.start[0]
    rounds = result.iterations["iteration"].max()
    fitted = result.deals // 2
    how = (f"they stopped moving after {rounds} round{'s' if rounds != 1 else ''}" if result.settled else
           f"they were still moving after {rounds} rounds, the most allowed; the last round's are given")
    seats = result.held_out.to_dict("records")
    finals = "; ".join(
        f"{row['seat']} asks from {ask:.1f} and goes sans prendre from {alone:.1f} "
        f"({fmt.estimate(row['gain'], row['ci_low'], row['ci_high'], 'gain')} a deal over the starting pair)"
        for row, (ask, alone) in zip(seats, result.final))
    who = "The heuristic" if card_play == "heuristic" else f"The `{card_play}` policy, like the heuristic,"
    set_by = {"heuristic": "set by hand", "learned": "strong's, tuned against the heuristic's table"}.get(
        card_play, "tuned against the heuristic's table")
    play = "the heuristic's" if card_play == "heuristic" else f"{card_play}"
    return [
        f"{who} bids on an estimate of the tricks a hand takes: it asks from {start_ask:.2f} estimated "
        f"tricks (in a suit where a king can be called) and goes sans prendre from {start_alone:.2f}, numbers "
        f"{set_by}. Here each seat's pair is set instead by what its bids pay under {play} card play at a table "
        f"that plays it: every "
        f"one of {fitted:,} deals is replayed with the seat's bid fixed to pass, ask and sans prendre, the pair "
        "(on a grid of 0.1) whose bids would have paid most is read off exactly, and the seat takes it; then the "
        "next seat answers the others as they now bid, and so on round the table, until a round moves no pair; "
        f"{how}.",
        f"On {result.deals - fitted:,} other deals the fit never saw, with the other seats at their final "
        f"thresholds: {finals}. `{result.card_play}` plays the cards throughout; the asker's answer to a force keeps "
        "its threshold. A seat's thresholds answer the others' bidding as well as the card play, so they "
        "differ by seat. The decision maps and the verdicts are played at these thresholds.",
    ]


def _iterations_view(result) -> pd.DataFrame:
    table = result.iterations
    view = pd.DataFrame({
        "round": table["iteration"], "seat": table["seat"],
        "ask from": [f"{v:.1f}" for v in table["ask_threshold"]],
        "sans prendre from": [f"{v:.1f}" for v in table["alone_threshold"]],
        "moved by": [f"{v:.1f}" for v in table["moved"]],
        "gain over the last round [95% CI]": [
            "unchanged" if moved == 0 else fmt.estimate(m, lo, hi, "gain")
            for moved, m, lo, hi in zip(table["moved"], table["fit_gain"], table["fit_ci_low"], table["fit_ci_high"])],
        "hands (n)": [fmt.count(n) for n in table["n_fit"]],
    })
    view.attrs = dict(table.attrs)
    return view


def _held_out_view(result) -> pd.DataFrame:
    table = result.held_out
    view = pd.DataFrame({
        "seat": table["seat"],
        "starting (ask, sans prendre)": [f"{a:.2f}, {b:.2f}" for a, b in result.start],
        "final (ask, sans prendre)": [f"{a:.1f}, {b:.1f}" for a, b in result.final],
        "gain [95% CI]": [fmt.estimate(m, lo, hi, "gain") for m, lo, hi in
                          zip(table["gain"], table["ci_low"], table["ci_high"])],
        "hands (n)": [fmt.count(n) for n in table["n"]],
    })
    view.attrs = dict(table.attrs)
    return view

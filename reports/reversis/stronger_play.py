"""The Reversis part's card play: the ladder that measures it against the search, and the claims
under the strong policy with the heuristic's verdicts beside them."""

from __future__ import annotations

import math

from dataclasses import replace

import pandas as pd

PLAY = "strong"                  # the card play the part's verdicts rest on
BESIDE = "heuristic"             # the card play they rested on before, shown where it differs
REFERENCE = "search"             # the ladder's reference: Monte Carlo rollouts, 12 worlds
LADDER_RUNGS = ("heuristic", "strong")
PRESET_ROWS = ("enc1765", "hague1785", "dj", "hoyle")


def ladder_deals(deals: int) -> int:
    """Deals of the report's ladder: the search plays three seats of every play (about 400 deals
    a CPU-second), so a small share of the part's deals."""
    return max(200, min(4_000, deals // 800))


def ladder_part(seed: int, deals: int, threads: int | None) -> dict:
    """The ladder of the heuristic and the strong policy against the search: its table and the
    overall rows by rung."""
    from spadille.analyses.reversis.ladder import OVERALL, Rung, ladder, ladder_metadata
    from spadille.kernel.reversis.policies import parse_policy
    from spadille.kernel.reversis.ruleset import load_reversis_ruleset

    rules = load_reversis_ruleset()
    reference = parse_policy(REFERENCE)
    rungs = [Rung(name, parse_policy(name), deals) for name in LADDER_RUNGS]
    result = ladder(rules, rungs, reference, seed, threads, metadata=ladder_metadata(rules, rungs, reference, seed))
    table = result.table.merge(result.speed[["label", "deals_per_second"]], on="label")
    view = table[~table["reference"]].drop(columns=["reference", "deals"]).rename(
        columns={"label": "policy", "policy": "described", "deals_per_second": "deals/s (its plays)"})
    view = view.drop(columns=["described"])
    overall = {row["label"]: row for row in table[table["group"] == OVERALL].to_dict("records")}
    return {"frame": view.reset_index(drop=True), "overall": overall, "deals": deals,
            "metadata": result.metadata}


def claims_under(play: str, seed: int, deals: int, threads: int | None, sweep_deals: int | None = None):
    """The shipped Reversis claims with ``play`` where they name the heuristic, each at ``deals``
    under its own preset: {id: result}; with ``sweep_deals``, also each under every preset:
    {id: {preset: (estimate, verdict)}}."""
    from spadille.analyses.claims import check_claim, load_claims
    from spadille.analyses.claims.verdict import judge_interval
    from spadille.analyses.reversis.claims.experiment import with_card_play
    from spadille.kernel.reversis.ruleset import load_reversis_ruleset

    claims = [claim for claim in load_claims() if claim.game == "reversis"]
    results, sweep = {}, {}
    for claim in claims:
        played = replace(claim, experiment=with_card_play(claim.experiment, play))
        results[claim.id] = check_claim(played, seed=seed, scale=deals / claim.deals, threads=threads)
        if sweep_deals is None:
            continue
        sweep[claim.id] = {}
        for preset in PRESET_ROWS:
            spec = replace(played.experiment, ruleset=load_reversis_ruleset(preset=preset))
            estimate = check_claim(replace(played, experiment=spec), seed=seed, scale=sweep_deals / claim.deals,
                                   threads=threads).estimate
            sweep[claim.id][preset] = (estimate, judge_interval(claim.verdict, estimate.ci_low, estimate.ci_high)[0])
    return results, sweep


def _figures(result) -> tuple[str, str]:
    from spadille.reports import formatting as fmt

    e = result.estimate
    if e.n and (e.estimate is None or math.isnan(e.estimate)):
        return "no case", "–"   # deals were played, but none met the claim's event at this size
    if not e.n or not e.ci_text():
        return (e.text if e.n else "–"), "–"
    return fmt.figures_like(e.estimate, e.ci_low, e.ci_high, e.text)


def claims_table(strong: dict, heuristic: dict) -> pd.DataFrame:
    """One row a claim: its estimate, interval and verdict under each card play, and whether the
    verdict moved."""
    rows = []
    for cid in sorted(strong):
        s, h = strong[cid], heuristic[cid]
        s_shown, s_ci = _figures(s)
        h_shown, h_ci = _figures(h)
        rows.append({"claim": cid, "statement": s.claim.title, "preset": s.claim.experiment.ruleset.preset,
                     "stated": s.claim.verdict.stated(), "n": s.estimate.n, f"{PLAY}": s_shown,
                     f"{PLAY} 95% CI": s_ci, f"{PLAY} verdict": s.verdict, f"{BESIDE}": h_shown,
                     f"{BESIDE} 95% CI": h_ci, f"{BESIDE} verdict": h.verdict,
                     "moved": "yes" if s.verdict != h.verdict else "no", "reason": s.reason})
    return pd.DataFrame(rows)


def presets_table(sweep: dict, stated: dict) -> pd.DataFrame:
    """Each claim under every preset: 'estimate [CI] n=… verdict' cells."""
    from spadille.reports import formatting as fmt

    rows = []
    for cid in sorted(sweep):
        row = {"claim": cid, "stated": stated[cid]}
        for preset, (estimate, verdict) in sweep[cid].items():
            if estimate.n and estimate.ci_text():
                shown, interval = fmt.figures_like(estimate.estimate, estimate.ci_low, estimate.ci_high, estimate.text)
                row[preset] = f"{shown} {interval} n={estimate.n:,} {verdict}"
            else:
                row[preset] = f"n={estimate.n or 0:,} {verdict}"
        rows.append(row)
    return pd.DataFrame(rows)


def moved_sentence(table: pd.DataFrame) -> str:
    """Which claims' verdicts the stronger card play moved, in words."""
    moved = table[table["moved"] == "yes"]
    if moved.empty:
        return (f"No claim's verdict moves from the {BESIDE} to the {PLAY} policy; the estimates differ as the "
                f"table shows.")
    return ("Verdicts that move from the " + BESIDE + " to the " + PLAY + " policy: " + "; ".join(
        f"{row['claim']} ({row['statement'].lower()}), {row[BESIDE + ' verdict']} under the {BESIDE} "
        f"({_shown(row, BESIDE)}) and {row[PLAY + ' verdict']} under the {PLAY} ({_shown(row, PLAY)})"
        for _, row in moved.iterrows()) + ".")


def _shown(row, play: str) -> str:
    interval = row[f"{play} 95% CI"]
    return row[play] if interval == "–" else f"{row[play]} {interval}"

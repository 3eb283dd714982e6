"""The report's claims part: each claim of the period texts with its verdict, and the bid claims set
beside the decision map (analyses/quadrille/claims/map_agreement.py)."""

from __future__ import annotations

from spadille.reports import formatting as fmt
from spadille.reports.document import Section, TableItem

HEURISTIC_SHARE = 0.25   # of each claim's deals, for the heuristic's sensitivity column


def claims_sections(plan, step, data=None) -> list[Section]:
    """The claims part; ``data`` the report's decision map (None without one), set beside the bid claims."""
    from spadille.analyses.claims import check_claims, load_claims
    from spadille.analyses.claims.verdict import OUTCOMES

    # claims that name no ruleset run under the report's, and those that name no policy under its card play
    claims = load_claims(ruleset=plan.ruleset, card_play=plan.card_play)
    frame = check_claims(claims, seed=plan.seed, scale=plan.claims_scale, threads=plan.threads,
                         progress=step(f"claims of the period texts ({plan.card_play})", 0))
    agreement = _map_agreement(plan, claims, frame, data, step)
    heuristic = _under_heuristic(plan, claims, step)
    view = _claims_view(frame, agreement, heuristic)
    counts = frame["verdict"].value_counts().to_dict()
    summary = ", ".join(f"{counts[v]} {v}" for v in OUTCOMES if v in counts)   # an "error" row is counted too
    paragraphs = [
        f"Each claim is a TOML file (`analyses/quadrille/claims/files/`, format in `docs/claims.md`) with the quote, its source "
        f"passage, an experiment and the rule that turns the estimate into a verdict. Verdicts: {summary}. "
        "Arithmetic statements of the *Encyclopédie* are checked by counting, the strategy advice by paired "
        "simulation. A claim about what pays is judged as the maps judge a bid: by the mean payment, paired on the "
        "same deals. Each row names the ruleset and unit it is tested under (an Italian tip under the Italian "
        "ladder), its criterion and its note.",
        _card_play_paragraph(plan, frame, heuristic),
    ]
    paragraphs += [f"- {sentence}" for sentence in _differences(frame, heuristic, plan.card_play)]
    items = [TableItem("claims", "Verdicts", view, "estimate with its 95% CI, in the claim's own decimals; see the CSV "
                       "for every column", max_rows=60, data=frame, headers={"n": "n", "estimate": "estimate"},
                       kinds={"estimate": "text", "95% CI": "text"})]
    if agreement is not None and len(agreement):
        from spadille.analyses.quadrille.claims.map_agreement import agreement_sentence

        paragraphs.append("**Claims beside the decision map.** Where a claim speaks of hands the map classes (its "
                          "`[map]` table), the map's paired difference between the same two bids, pooled over those "
                          "classes and seat, is set beside the claim's own experiment played under the map's ruleset:")
        paragraphs += [f"- {agreement_sentence(row)}" for row in agreement.itertuples(index=False)]
        items.append(TableItem("claims-and-map", "Claims beside the decision map", agreement,
                               "agree: both intervals leave out 0 on the same side; jetons a deal, paired, 95% CI"))
    return [Section("The period advice, checked", paragraphs, items)]


def _map_agreement(plan, claims, frame, data, step):
    """The claims with map classes beside the report's map (None without one), each claim tested
    under another ruleset run again under the map's."""
    from spadille.analyses.claims import check_claims
    from spadille.analyses.claims.claim import reread_under
    from spadille.analyses.quadrille.claims.map_agreement import map_agreement

    if data is None or data.interrupted:
        return None
    compared = [c for c in claims if c.map_classes is not None]
    tested = dict(zip(frame["claim"], frame["ruleset"]))
    again = [reread_under(c, plan.ruleset, plan.card_play) for c in compared if tested.get(c.id) != plan.ruleset.name]
    again = [c for c in again if c is not None]
    reread = (check_claims(again, seed=plan.seed, scale=plan.claims_scale, threads=plan.threads,
                           progress=step("claims under the map's ruleset", 0)) if again else None)
    return map_agreement(compared, frame, data, reread)


def _under_heuristic(plan, claims, step):
    """The claims the report's card play plays because they name no policy, checked again with the
    heuristic at every seat on a share of their deals (HEURISTIC_SHARE): the sensitivity of their
    verdicts to the card play. None when the report's card play is the heuristic."""
    from spadille.analyses.claims import check_claims, load_claims

    if plan.card_play == "heuristic":
        return None
    played = {c.id for c in claims if getattr(c.experiment, "policy", None) == plan.card_play}
    again = [c for c in load_claims(ruleset=plan.ruleset, card_play="heuristic")
             if c.id in played and getattr(c.experiment, "policy", None) == "heuristic"]
    if not again:
        return None
    return check_claims(again, seed=plan.seed, scale=plan.claims_scale * HEURISTIC_SHARE, threads=plan.threads,
                        progress=step("claims under the heuristic, for comparison", 0))


def _card_play_paragraph(plan, frame, heuristic) -> str:
    """Which card play the verdicts rest on, and what the heuristic column is."""
    played = frame["policies"].astype(str).str.startswith(plan.card_play).sum() if "policies" in frame else 0
    text = (f"**Card play.** A claim that names no policy is played with every seat on {plan.card_play} "
            f"({played} of the {len(frame)} claims here; its own bidding thresholds, not the maps' fixpoint), since "
            "advice about good play should be judged by good play; a claim that names one (dd, or a role played by "
            "pimc) keeps it. A claim's note describes its experiment; where it says the heuristic, read the "
            "policies column.")
    if heuristic is not None and len(heuristic):
        text += (f" The column *under the heuristic* plays the same {len(heuristic)} claims with the heuristic's card "
                 f"play at every seat, on {HEURISTIC_SHARE:.0%} of the deals (seed {plan.seed}), as a sensitivity "
                 "check: where the two verdicts differ, it is said below.")
    return text


def _differences(frame, heuristic, card_play: str) -> list[str]:
    """One sentence per claim whose verdict differs between the report's card play and the heuristic."""
    from spadille.analyses.claims.verdict import INCONCLUSIVE

    if heuristic is None or not len(heuristic):
        return []
    other = _by_claim(heuristic)
    sentences = []
    for record in frame.to_dict("records"):
        theirs = other.get(record["claim"])
        if theirs is None or theirs["verdict"] == record["verdict"]:
            continue
        estimate, interval = _claim_figures(record)
        their_estimate, their_interval = _claim_figures(theirs)
        # opposite verdicts say the advice depends on the play; a decided against an undecided one may
        # only be the smaller sample
        why = (" The advice holds under one card play and fails under the other."
               if INCONCLUSIVE not in (record["verdict"], theirs["verdict"]) else "")
        if "measured the same on all" in str(record.get("reason", "")):
            why += (f" Under {card_play} play the two arms measured the same on every deal: its other rules decide "
                    "before the one the claim changes, so there it does not test the advice.")
        sentences.append(f"{record['claim']} ({record['title']}): **{record['verdict']}** under {card_play} play, "
                         f"{estimate} {interval} (n = {_count(record['n'])}); **{theirs['verdict']}** under the "
                         f"heuristic's, {their_estimate} {their_interval} (n = {_count(theirs['n'])}).{why}")
    if not sentences:
        counted = "the one claim keeps" if len(heuristic) == 1 else f"each of the {len(heuristic)} claims keeps"
        return [f"The verdicts agree: {counted} its verdict under the heuristic's card play."]
    return sentences


def _by_claim(frame) -> dict:
    """Each claim's record of a verdict frame, by claim id (empty for None)."""
    return {} if frame is None else {record["claim"]: record for record in frame.to_dict("records")}


def _count(n) -> str:
    return f"{int(n):,}" if n == n and n is not None else "–"


def _claims_view(frame, agreement=None, heuristic=None):
    """The verdict table as read: each estimate and interval in the decimals its claim states
    (a share to 4, a mean to 2, a difference signed), a count as its exact text; with the decision
    map's word on the same hands where a claim names them, and the heuristic's verdict where the
    claim was played again with it."""
    import pandas as pd

    other = _by_claim(heuristic)
    rows = []
    for record in frame.to_dict("records"):
        row = {key: record[key] for key in ("claim", "statement", "source", "tested_under", "experiment", "criterion",
                                            "n") if key in record}
        row["estimate"], row["95% CI"] = _claim_figures(record)
        row.update({key: record[key] for key in ("verdict", "reason") if key in record})
        if other:
            theirs = other.get(record["claim"])
            row["under the heuristic"] = ("–" if theirs is None else
                                          "{} {} · {}".format(*_claim_figures(theirs), theirs["verdict"]))
        if agreement is not None and len(agreement):
            match = agreement[agreement["claim"] == record["claim"]]
            row["the decision map"] = match["agreement"].iloc[0] if len(match) else "–"
        row["note"] = record.get("note", "")
        rows.append(row)
    view = pd.DataFrame(rows)
    view.attrs = dict(frame.attrs)
    return view


def _claim_figures(record: dict) -> tuple[str, str]:
    """(estimate, '[low, high]') of one claim's row, in the decimals of its own estimate text;
    an exact count keeps its text ('203/494') and 'exact'."""
    estimate, interval = fmt.figures_like(record.get("estimate"), record.get("ci_low"), record.get("ci_high"),
                                          record.get("estimate_text"))
    if str(record.get("ci_text") or "") == "exact":
        interval = "exact"
    return estimate, interval

"""The report's claims part: each claim of the period texts with its verdict, and the bid claims set
beside the decision map (analyses/claims/map_agreement.py)."""

from __future__ import annotations

from spadille.reports import formatting as fmt
from spadille.reports.document import Section, TableItem


def claims_sections(plan, step, data=None) -> list[Section]:
    """The claims part; ``data`` the report's decision map (None without one), set beside the bid claims."""
    from spadille.analyses.claims import check_claims, load_claims
    from spadille.analyses.claims.verdict import OUTCOMES

    claims = load_claims(ruleset=plan.ruleset)  # claims that name no ruleset run under the report's
    frame = check_claims(claims, seed=plan.seed, scale=plan.claims_scale, threads=plan.threads,
                         progress=step("claims of the period texts", 0))
    agreement = _map_agreement(plan, claims, frame, data, step)
    view = _claims_view(frame, agreement)
    counts = frame["verdict"].value_counts().to_dict()
    summary = ", ".join(f"{counts[v]} {v}" for v in OUTCOMES if v in counts)   # an "error" row is counted too
    paragraphs = [
        f"Each claim is a TOML file (`analyses/claims/`, format in `docs/claims.md`) with the quote, its source "
        f"passage, an experiment and the rule that turns the estimate into a verdict. Verdicts: {summary}. "
        "Arithmetic statements of the *Encyclopédie* are checked by counting, the strategy advice by paired "
        "simulation. A claim about what pays is judged as the maps judge a bid: by the mean payment, paired on the "
        "same deals. Each row names the ruleset and unit it is tested under (an Italian tip under the Italian "
        "ladder), its criterion and its note.",
    ]
    items = [TableItem("claims", "Verdicts", view, "estimate with its 95% CI, in the claim's own decimals; see the CSV "
                       "for every column", max_rows=60, data=frame, headers={"n": "n", "estimate": "estimate"},
                       kinds={"estimate": "text", "95% CI": "text"})]
    if agreement is not None and len(agreement):
        from spadille.analyses.claims.map_agreement import agreement_sentence

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
    from spadille.analyses.claims.map_agreement import map_agreement

    if data is None or data.interrupted:
        return None
    compared = [c for c in claims if c.map_classes is not None]
    tested = dict(zip(frame["claim"], frame["ruleset"]))
    again = [reread_under(c, plan.ruleset) for c in compared if tested.get(c.id) != plan.ruleset.name]
    again = [c for c in again if c is not None]
    reread = (check_claims(again, seed=plan.seed, scale=plan.claims_scale, threads=plan.threads,
                           progress=step("claims under the map's ruleset", 0)) if again else None)
    return map_agreement(compared, frame, data, reread)


def _claims_view(frame, agreement=None):
    """The verdict table as read: each estimate and interval in the decimals its claim states
    (a share to 4, a mean to 2, a difference signed), a count as its exact text; with the decision
    map's word on the same hands where a claim names them."""
    import pandas as pd

    rows = []
    for record in frame.to_dict("records"):
        row = {key: record[key] for key in ("claim", "statement", "source", "tested_under", "experiment", "criterion",
                                            "n") if key in record}
        row["estimate"], row["95% CI"] = _claim_figures(record)
        row.update({key: record[key] for key in ("verdict", "reason") if key in record})
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

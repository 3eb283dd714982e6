"""The Reversis section of the report: the espagnolette's privilege (claim r1), the reversis's
outcomes (claim r2), the quinola by the hearts held, the dealer's advantage, going for the
reversis by hand shape, and how the presets change the picture; verdicts in words with CIs."""

from __future__ import annotations

from typing import Callable

from spadille.reports.document import Section, TableItem

PRESET_ROWS = ("enc1765", "hague1785", "dj", "hoyle")
PART_TITLE = "Reversis"  # this game's heading in the report


def report_deals(scale: float) -> int:
    """Deals of each Reversis experiment, for a report ``scale`` times the default size."""
    return max(20_000, min(20_000_000, round(500_000 * scale)))


def _ci(low: float, high: float, places: int = 2) -> str:
    """An interval in as many decimals as the estimate it follows."""
    return f"95% CI {low:+.{places}f} to {high:+.{places}f}"


def _preset_table(seed: int, deals: int, threads):
    import pandas as pd

    from spadille.analyses.reversis.summary import events, net_by_position
    from spadille.kernel.reversis.policies import seat_policies
    from spadille.kernel.reversis.ruleset import load_reversis_ruleset
    from spadille.kernel.reversis.simulate import ReversisConfig, run_sessions

    rows = []
    for preset in PRESET_ROWS:
        rules = load_reversis_ruleset(preset=preset)
        result = run_sessions(ReversisConfig(rules, seat_policies("heuristic"), seed, deals, 1, threads))
        shares = events(result.aggregates).set_index("event")["share"]
        net = net_by_position(result.aggregates).set_index("position")["net_per_deal"]
        rows.append({"preset": preset, "deals": result.deals_done, "quinola placed": shares["quinola placed"],
                     "quinola forced": shares["quinola forced"], "reversis made": shares["reversis made"],
                     "espagnolette used": shares["espagnolette privilege used"],
                     "eldest net": net["eldest (0)"], "dealer net": net["dealer (3)"], "pool net": net["pool"]})
    return pd.DataFrame(rows)


def claim_verdicts(seed: int, deals: int, threads=None) -> tuple[dict, "pd.DataFrame", "pd.DataFrame"]:
    """The shipped Reversis claims (r1, r2, ...) checked at ``deals`` each, under their own preset,
    then each under every preset at a quarter of the deals (at least 20,000): (results by id, the
    verdict table, the presets' table)."""
    from dataclasses import replace

    import pandas as pd

    from spadille.analyses.claims import check_claim, load_claims
    from spadille.analyses.claims.verdict import judge_interval
    from spadille.kernel.reversis.ruleset import load_reversis_ruleset
    from spadille.reports import formatting as fmt

    claims = [claim for claim in load_claims() if claim.game == "reversis"]
    results = {claim.id: check_claim(claim, seed=seed, scale=deals / claim.deals, threads=threads)
               for claim in claims}
    table = pd.DataFrame([{"claim": r.claim.id, "statement": r.claim.title, "preset": r.claim.experiment.ruleset.preset,
                           "policies": r.claim.experiment.describe_policies(), "n": r.estimate.n,
                           "estimate": r.estimate.estimate, "ci_low": r.estimate.ci_low,
                           "ci_high": r.estimate.ci_high, "stated": r.claim.verdict.stated(), "verdict": r.verdict,
                           "reason": r.reason} for r in results.values()])
    sweep_deals = max(20_000, deals // 4)
    rows = []
    for claim in claims:
        row = {"claim": claim.id, "stated": claim.verdict.stated()}
        for preset in PRESET_ROWS:
            spec = replace(claim.experiment, ruleset=load_reversis_ruleset(preset=preset))
            estimate = check_claim(replace(claim, experiment=spec), seed=seed, scale=sweep_deals / claim.deals,
                                   threads=threads).estimate
            verdict = judge_interval(claim.verdict, estimate.ci_low, estimate.ci_high)[0]
            shown, interval = fmt.figures_like(estimate.estimate, estimate.ci_low, estimate.ci_high, estimate.text)
            row[preset] = (f"{shown} {interval} n={estimate.n:,} {verdict}"
                           if estimate.n and estimate.ci_text() else f"n={estimate.n or 0:,} {verdict}")
        rows.append(row)
    return results, table, pd.DataFrame(rows)


def _claims_view(table, results):
    """The verdict table as read: each estimate and interval in its own claim's decimals (a rate
    beside a mean in fiches), the rest as it is."""
    from spadille.reports import formatting as fmt

    view = table.drop(columns=["estimate", "ci_low", "ci_high"])
    figures = [fmt.figures_like(row["estimate"], row["ci_low"], row["ci_high"], results[row["claim"]].estimate.text)
               for _, row in table.iterrows()]
    at = list(table.columns).index("estimate")
    view.insert(at, "estimate", [shown for shown, _ in figures])
    view.insert(at + 1, "95% CI", [interval for _, interval in figures])
    view.attrs = dict(table.attrs)
    return view


def _claim_words(result) -> str:
    e = result.estimate
    if e.text.strip().lower() in ("nan", "+nan", "-nan", "n/a"):
        return f"without an estimate (too few deals), n = {e.n or 0:,}: {result.verdict}"
    interval = f", 95% CI {e.ci_text()}" if e.ci_text() else ""
    return f"{e.text}{interval}, n = {e.n or 0:,}: {result.verdict}"


def report_sections(seed: int, deals: int, threads: int | None = None,
                    progress: Callable[[str, int], Callable[[int], None]] | None = None) -> list[Section]:
    """``deals``: deals of each experiment (each arm replays the same deals); the search's comparison
    plays a fiftieth of them (at least 2,000)."""
    import pandas as pd

    from spadille.analyses.reversis import experiments as E
    from spadille.kernel.reversis.ruleset import load_reversis_ruleset

    advance = progress("reversis", 8) if progress else (lambda n: None)
    dj = load_reversis_ruleset()
    hoyle = load_reversis_ruleset(preset="hoyle")
    meta = {"game": "reversis", "seed": seed, "ruleset": dj.name, "deals": deals, "policies": ["heuristic"]}
    esp = {name: E.espagnolette_use(rules, seed, deals, threads) for name, rules in (("dj", dj), ("hoyle", hoyle))}
    advance(1)
    outcomes = E.reversis_outcomes(dj, seed, deals, threads)
    verdict = E.r2_verdict(outcomes["frame"])
    advance(1)
    quinola = E.quinola_fates(dj, seed, deals, threads)
    advance(1)
    dealer = E.dealer_advantage(dj, seed, deals, threads)
    advance(1)
    attempts = E.reversis_attempts(dj, seed, deals, threads)
    advance(1)
    presets = _preset_table(seed, deals, threads)
    advance(1)
    exchange = E.exchange_value(dj, load_reversis_ruleset(preset="hague1785"), seed, deals, threads)
    search_deals = max(2_000, deals // 50)     # the search costs about a millisecond a deal
    search = E.search_margin(dj, seed, search_deals, threads)
    advance(1)
    claims, claims_table, claims_presets = claim_verdicts(seed, deals, threads)
    advance(1)

    d = esp["dj"]["difference"]
    n_used, frais, frais_low, frais_high = esp["dj"]["all_costs"]
    h = esp["hoyle"]["difference"]
    r1 = (f"**r1, the espagnolette ({claims['r1'].verdict}).** On the {d['n']:,} deals of {deals:,} where a player "
          f"holds an espagnolette as play begins, using the privilege (shedding, in tricks 1-9, the costliest card "
          f"that does not take the trick) instead of waiving it is worth {d['difference']:+.1f} fiches a deal to him "
          f"({_ci(d['ci_low'], d['ci_high'], 1)}, paired on the same deals; preset dj, the heuristic at every seat): "
          f"\"tous les avantages du jeu sont pour lui\". When used, it ends in \"tous les frais\" on {frais:.2%} of "
          f"deals ({frais_low:.2%} to {frais_high:.2%}, n = {n_used:,}). Under Hoyle's whole-game window the margin "
          f"is {h['difference']:+.1f} ({_ci(h['ci_low'], h['ci_high'], 1)}, n = {h['n']:,}).")
    best, dear = outcomes["frame"].iloc[0], outcomes["frame"].iloc[2]
    r2 = (f"**r2 and r3, the reversis's outcomes.** With every player going for the reversis after taking the first "
          f"three tricks (heuristic:reversis_from=3, preset dj), the reversis made after playing the quinola before "
          f"la bonne pays its maker {best['mean']:+.1f} fiches (n = {int(best['player_deals'])}); against the best "
          f"other outcome ('{verdict['runner_up']}') its margin is {_claim_words(claims['r2'])} for \"le plus grand "
          f"coup\"" + (" (at a fresh table the remise and the partie together pay more than the reversis and the "
                        "remise)" if claims["r2"].verdict == "contradicted" else "")
          + f". Broken after the quinola was played before la bonne it costs {dear['mean']:+.1f} "
          f"(n = {int(dear['player_deals'])}); its margin below the next dearest ('{verdict['next_dearest']}') is "
          f"{_claim_words(claims['r3'])} for \"le coup le plus cher\".")
    further = ("**The other claims of the seed and the Hague rules** (`spadille claims`, each under its preset and "
               "card play, table reversis-claims): " + "; ".join(
                   f"{cid}, {claims[cid].claim.title.lower()}: {_claim_words(claims[cid])}"
                   for cid in sorted(claims) if cid not in ("r1", "r2", "r3")) + ".")
    dealer_text = (f"**The dealer's advantage** (\"comme il y a de l'avantage à donner les Cartes\", 1785): the "
                   f"dealer's net minus the mean of the three others' is {dealer['difference']:+.2f} fiches a deal "
                   f"({_ci(dealer['ci_low'], dealer['ci_high'])}, n = {dealer['n']:,}) under the heuristic; "
                   + ("a measurable advantage." if dealer["ci_low"] > 0 else
                      "no advantage is measurable at this size." if dealer["ci_high"] > 0 else
                      "a measurable disadvantage."))
    q1, q5 = quinola.iloc[0], quinola.iloc[-1]
    quinola_text = (f"**The quinola** is placed {q1['p_placed']:.1%} of the time when it is its holder's only heart "
                    f"and forced {q1['p_forced']:.1%} (its holder then nets {q1['holder_net']:+.1f} fiches); with "
                    f"five hearts or more it is placed {q5['p_placed']:.1%} and its holder nets "
                    f"{q5['holder_net']:+.1f}. Long hearts protect the quinola.")
    hague = ("hague1785 differs from dj only by the optional exchange, which the heuristic never declines, so "
             "their rows agree; enc1765 has no espagnolette and pays the 1765 talon.")
    worse = exchange.iloc[1:3]
    keep = exchange.iloc[3]
    exchange_text = ("**The exchange.** For the eldest, discarding " + "; discarding ".join(
        f"{row['case'].split(',')[0]} changes his net by {row['difference']:+.2f} fiches a deal "
        f"({_ci(row['ci_low'], row['ci_high'])})" for _, row in worse.iterrows())
        + f", against the heuristic's discard of the card with most points from a short suit. Under the optional "
          f"exchange (hague1785), keeping his hand changes it by {keep['difference']:+.2f} "
          f"({_ci(keep['ci_low'], keep['ci_high'])}, n = {keep['n']:,}): that is what the exchange is worth to him.")
    search_text = (f"**The search policy** (Monte Carlo rollouts over worlds consistent with the seat's hand, "
                   f"the cards played, its own discard and the voids shown, 8 worlds a decision, the heuristic "
                   f"playing the rollouts out) beats the heuristic in the eldest's seat by "
                   f"{search['difference']:+.2f} fiches a deal ({_ci(search['ci_low'], search['ci_high'])}, "
                   f"n = {search['n']:,} paired deals).")
    presets_text = ("**How the presets change the answers** (table reversis-claims-presets, each claim replayed "
                    "under every rule layer): " + "; ".join(
                        f"{row['claim']}: " + ", ".join(f"{p} {row[p].split()[-1]}" for p in PRESET_ROWS)
                        for _, row in claims_presets.iterrows())
                    + ". enc1765 has no espagnolette, so the espagnolette's claims have no deals there.")
    missing = ("The claims r1-r7 are the same experiments `spadille claims` runs (their files in analyses/claims/ "
               "quote the seed); `spadille evaluate reversis \"<hand>\"` ranks one hand's discards and its "
               "reversis decision the same way, paired on the same deals.")
    items = [
        TableItem("reversis-espagnolette", "The espagnolette: using the privilege against waiving it (dj)",
                  esp["dj"]["frame"], "The espagnolette's own net fiches per deal, on the same deals.", metadata=meta),
        TableItem("reversis-outcomes", "Each player's net by how the deal ended for him (dj)", outcomes["frame"],
                  f"Policy {outcomes['policy']} for every player; every (deal, position) counted once.",
                  metadata={**meta, "policies": [outcomes["policy"]]}),
        TableItem("reversis-quinola", "The quinola's fate and its holder's net, by the hearts dealt to him",
                  quinola, "Heuristic play; Wilson intervals on the shares.", metadata=meta,
                  headers={"holder_net": "holder's net", "placed_ci": "95% CI", "forced_ci": "95% CI",
                           "played_ci": "95% CI", "p_placed": "placed", "p_forced": "forced", "p_played": "played"}),
        TableItem("reversis-positions", "Net fiches per deal by position (dj)", dealer["frame"],
                  "A fresh table each deal; the pool's change is not shared out here.", metadata=meta),
        TableItem("reversis-attempts", "Going for the reversis after the first N tricks, by hand shape",
                  attempts, "The eldest's net, his policy against never going for it, paired on the same deals; "
                  "differing = deals where the play differed (no interval when none did).", metadata=meta),
        TableItem("reversis-exchange", "Which card to discard, and what the exchange is worth (the eldest)",
                  exchange, "Net fiches per deal of the eldest; differences paired on the same deals.",
                  metadata=meta),
        TableItem("reversis-search", "The search policy against the heuristic (the eldest)",
                  pd.DataFrame([search]), "Paired on the same deals; the others play the heuristic.",
                  metadata={**meta, "deals": search_deals, "policies": ["search:worlds=8 (eldest)", "heuristic"]}),
        TableItem("reversis-presets", "How the presets change the game", presets,
                  "Heuristic play, a fresh table each deal; shares per deal, nets in fiches per deal.",
                  metadata=meta),
        TableItem("reversis-claims", "The Reversis claims and their verdicts", _claims_view(claims_table, claims),
                  "Each claim under its own preset and card play (docs/claims.md); 95% intervals, each in its "
                  "claim's own decimals.", data=claims_table,
                  metadata={**meta, "policies": sorted({r.claim.experiment.policy for r in claims.values()})}),
        TableItem("reversis-claims-presets", "The Reversis claims under each preset", claims_presets,
                  "Estimate [95% CI], n and verdict of each claim replayed under every preset, on a quarter of the "
                  "deals (at least 20,000).",
                  metadata={**meta, "deals": max(20_000, deals // 4),
                            "policies": sorted({r.claim.experiment.policy for r in claims.values()})}),
    ]
    text = ("Reversis after the Dictionnaire des jeux (the seed), with the 1765, 1785 and Hoyle layers as presets "
            "(docs/reversis.md). The kernel equals the reference engine on every card and payment in CI.")
    return [Section("Reversis", [text, r1, r2, further, quinola_text, dealer_text, exchange_text, search_text, hague,
                                  presets_text, missing], items)]

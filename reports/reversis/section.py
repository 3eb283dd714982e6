"""The Reversis section of the report, under the strong policy's card play: the ladder that
measures it against the search, the claims with the heuristic's verdicts beside them, the
espagnolette's privilege (r1), the reversis's outcomes (r2, r3), the quinola by the hearts held,
the dealer's advantage, going for the reversis by hand shape, the exchange, and how the presets
change the picture; verdicts in words with CIs."""

from __future__ import annotations

from typing import Callable

from spadille.reports.document import Section, TableItem

from .stronger_play import BESIDE, PLAY, PRESET_ROWS, REFERENCE, claims_table, claims_under, ladder_deals, \
    ladder_part, moved_sentence, presets_table

PART_TITLE = "Reversis"  # this game's heading in the report
STEPS = 9


def report_deals(scale: float) -> int:
    """Deals of each Reversis experiment, for a report ``scale`` times the default size."""
    return max(20_000, min(20_000_000, round(500_000 * scale)))


def _ci(low: float, high: float, places: int = 2) -> str:
    """An interval in as many decimals as the estimate it follows."""
    return f"95% CI {low:+.{places}f} to {high:+.{places}f}"


def _preset_table(seed: int, deals: int, threads, play: str):
    import pandas as pd

    from spadille.analyses.reversis.summary import events, net_by_position
    from spadille.kernel.reversis.policies import seat_policies
    from spadille.kernel.reversis.ruleset import load_reversis_ruleset
    from spadille.kernel.reversis.simulate import ReversisConfig, run_sessions

    rows = []
    for preset in PRESET_ROWS:
        rules = load_reversis_ruleset(preset=preset)
        result = run_sessions(ReversisConfig(rules, seat_policies(play), seed, deals, 1, threads))
        shares = events(result.aggregates).set_index("event")["share"]
        net = net_by_position(result.aggregates).set_index("position")["net_per_deal"]
        rows.append({"preset": preset, "deals": result.deals_done, "quinola placed": shares["quinola placed"],
                     "quinola forced": shares["quinola forced"], "reversis made": shares["reversis made"],
                     "espagnolette used": shares["espagnolette privilege used"],
                     "eldest net": net["eldest (0)"], "dealer net": net["dealer (3)"], "pool net": net["pool"]})
    return pd.DataFrame(rows)


def _claim_words(result) -> str:
    e = result.estimate
    if e.text.strip().lower() in ("nan", "+nan", "-nan", "n/a"):
        return f"without an estimate (too few deals), n = {e.n or 0:,}: {result.verdict}"
    interval = f", 95% CI {e.ci_text()}" if e.ci_text() else ""
    return f"{e.text}{interval}, n = {e.n or 0:,}: {result.verdict}"


def _beside(claim_id: str, strong: dict, heuristic: dict) -> str:
    """' (the heuristic: …)' where the heuristic's verdict differs, else ''."""
    if strong[claim_id].verdict == heuristic[claim_id].verdict:
        return ""
    return f" (under the {BESIDE}: {_claim_words(heuristic[claim_id])})"


def report_sections(seed: int, deals: int, threads: int | None = None,
                    progress: Callable[[str, int], Callable[[int], None]] | None = None) -> list[Section]:
    """``deals``: the part's size. The strong policy's experiments and claims play half of them (a
    quarter for the exchange, the attempts and the presets; a sixteenth for each claim under each
    preset), the heuristic's figures beside them half too, and the ladder ``ladder_deals(deals)``
    against the search: about 60 s on two quiet cores at the default size, warm."""
    import pandas as pd

    from spadille.analyses.reversis import experiments as E
    from spadille.kernel.reversis.ruleset import load_reversis_ruleset

    advance = progress("reversis", STEPS) if progress else (lambda n: None)
    half, quarter, sixteenth = max(10_000, deals // 2), max(10_000, deals // 4), max(10_000, deals // 16)
    dj, hoyle = load_reversis_ruleset(), load_reversis_ruleset(preset="hoyle")
    meta = {"game": "reversis", "seed": seed, "ruleset": dj.name, "deals": half, "policies": [PLAY]}
    ladder = ladder_part(seed, ladder_deals(deals), threads)
    advance(1)
    strong, sweep = claims_under(PLAY, seed, half, threads, sweep_deals=sixteenth)
    heuristic, _ = claims_under(BESIDE, seed, half, threads)
    claims = claims_table(strong, heuristic)
    advance(1)
    esp = {name: E.espagnolette_use(rules, seed, half, threads, play=PLAY) for name, rules in (("dj", dj),
                                                                                              ("hoyle", hoyle))}
    esp_beside = E.espagnolette_use(dj, seed, half, threads, play=BESIDE)
    advance(1)
    outcomes = E.reversis_outcomes(dj, seed, half, threads, play=PLAY)
    verdict = E.r2_verdict(outcomes["frame"])
    advance(1)
    quinola = E.quinola_fates(dj, seed, half, threads, play=PLAY)
    quinola_beside = E.quinola_fates(dj, seed, half, threads, play=BESIDE)
    advance(1)
    dealer = E.dealer_advantage(dj, seed, half, threads, play=PLAY)
    advance(1)
    attempts = E.reversis_attempts(dj, seed, quarter, threads, play=PLAY)
    advance(1)
    presets = _preset_table(seed, quarter, threads, PLAY)
    advance(1)
    exchange = E.exchange_value(dj, load_reversis_ruleset(preset="hague1785"), seed, quarter, threads, play=PLAY)
    advance(1)

    lad = ladder["overall"]
    s_row, h_row = lad[PLAY], lad[BESIDE]
    play_text = (f"**Card play.** Every figure of this part is under the **strong** policy at every seat (a linear "
                 f"score of each card's features, fitted to the search's rollout values: `spadille train reversis`, "
                 f"docs/reversis.md §9), unless it names the {BESIDE}. Against the searching reference ({REFERENCE}: "
                 f"Monte Carlo rollouts, 12 worlds a decision) in duplicate play, the strong policy at one position "
                 f"wins {s_row['gain']:+.2f} fiches a deal ({_ci(s_row['ci_low'], s_row['ci_high'])}) and the "
                 f"{BESIDE} {h_row['gain']:+.2f} ({_ci(h_row['ci_low'], h_row['ci_high'])}), n = {s_row['n']:,} "
                 f"(deal, position) pairs each, the search at the other three positions (table reversis-ladder, "
                 f"`spadille ladder reversis`). The strong policy plays about "
                 f"{int(round(s_row['deals_per_second'] / 10) * 10):,} of those deals a second; "
                 f"`spadille bench reversis` times it alone.")
    d = esp["dj"]["difference"]
    n_used, frais, frais_low, frais_high = esp["dj"]["all_costs"]
    h = esp["hoyle"]["difference"]
    b = esp_beside["difference"]
    r1 = (f"**r1, the espagnolette ({strong['r1'].verdict}).** On the {d['n']:,} deals of {half:,} where a player "
          f"holds an espagnolette as play begins, using the privilege instead of waiving it is worth "
          f"{d['difference']:+.1f} fiches a deal to him ({_ci(d['ci_low'], d['ci_high'], 1)}, paired on the same "
          f"deals; preset dj, the strong policy at every seat; under the {BESIDE} "
          f"{b['difference']:+.1f}, {_ci(b['ci_low'], b['ci_high'], 1)}, n = {b['n']:,}): \"tous les avantages du "
          f"jeu sont pour lui\". A trick he keeps in tricks 1-9 ends his privilege (espagnolette.trick_kept = "
          f"ordinary-game, the seed). When used, it ends in \"tous les frais\" on {frais:.2%} of deals "
          f"({frais_low:.2%} to {frais_high:.2%}, n = {n_used:,}). Under Hoyle's rules (the whole-game window, a "
          f"trick kept costing him all) the margin is {h['difference']:+.1f} "
          f"({_ci(h['ci_low'], h['ci_high'], 1)}, n = {h['n']:,}).")
    best, dear = outcomes["frame"].iloc[0], outcomes["frame"].iloc[2]
    r2 = (f"**r2 and r3, the reversis's outcomes.** With every player going for the reversis after taking the first "
          f"three tricks (strong:reversis_from=3, preset dj), the reversis made after playing the quinola before "
          f"la bonne pays its maker {best['mean']:+.1f} fiches (n = {int(best['player_deals'])}); against the best "
          f"other outcome ('{verdict['runner_up']}') its margin is {_claim_words(strong['r2'])} for \"le plus grand "
          f"coup\"{_beside('r2', strong, heuristic)}. Broken after the quinola was played before la bonne it costs "
          f"{dear['mean']:+.1f} (n = {int(dear['player_deals'])}); its margin below the next dearest "
          f"('{verdict['next_dearest']}') is {_claim_words(strong['r3'])} for \"le coup le plus cher\""
          f"{_beside('r3', strong, heuristic)}.")
    further = ("**The other claims of the seed and the Hague rules** (`spadille claims`, each under its preset, the "
               "strong policy where the claim names the heuristic; table reversis-claims): " + "; ".join(
                   f"{cid}, {strong[cid].claim.title.lower()}: {_claim_words(strong[cid])}"
                   f"{_beside(cid, strong, heuristic)}" for cid in sorted(strong) if cid not in ("r1", "r2", "r3"))
               + ". " + moved_sentence(claims))
    dealer_text = (f"**The dealer's advantage** (\"comme il y a de l'avantage à donner les Cartes\", 1785): the "
                   f"dealer's net minus the mean of the three others' is {dealer['difference']:+.2f} fiches a deal "
                   f"({_ci(dealer['ci_low'], dealer['ci_high'])}, n = {dealer['n']:,}); "
                   + ("a measurable advantage." if dealer["ci_low"] > 0 else
                      "no advantage is measurable at this size." if dealer["ci_high"] > 0 else
                      "a measurable disadvantage."))
    q1, q5, h1 = quinola.iloc[0], quinola.iloc[-1], quinola_beside.iloc[0]
    quinola_text = (f"**The quinola** is placed {q1['p_placed']:.1%} of the time when it is its holder's only heart "
                    f"and forced {q1['p_forced']:.1%} (forced by a higher heart, quinola.forced_by = higher-heart; "
                    f"its holder then nets {q1['holder_net']:+.1f} fiches; under the {BESIDE} placed "
                    f"{h1['p_placed']:.1%}, forced {h1['p_forced']:.1%}, net {h1['holder_net']:+.1f}); with five "
                    f"hearts or more it is placed {q5['p_placed']:.1%} and its holder nets {q5['holder_net']:+.1f}.")
    worse, keep = exchange.iloc[1:3], exchange.iloc[3]
    exchange_text = ("**The exchange.** For the eldest, discarding " + "; discarding ".join(
        f"{row['case'].split(',')[0]} changes his net by {row['difference']:+.2f} fiches a deal "
        f"({_ci(row['ci_low'], row['ci_high'])})" for _, row in worse.iterrows())
        + f", against the discard of the card with most points from a short suit (the strong policy discards as "
          f"the heuristic does). Under the optional exchange (hague1785), keeping his hand changes it by "
          f"{keep['difference']:+.2f} ({_ci(keep['ci_low'], keep['ci_high'])}, n = {keep['n']:,}).")
    presets_text = ("**How the presets change the answers** (table reversis-claims-presets, each claim replayed under "
                    "every rule layer, the strong policy): " + "; ".join(
                        f"{cid}: " + ", ".join(f"{p} {verdict}" for p, (_, verdict) in sweep[cid].items())
                        for cid in sorted(sweep))
                    + ". enc1765 has no espagnolette, so the espagnolette's claims have no deals there; hague1785 "
                      "differs from dj only by the optional exchange.")
    missing = ("The claims r1-r7 are the experiments `spadille claims` runs (their files in analyses/reversis/claims/files/ quote "
               "the seed; they name the heuristic, which this part replaces by the strong policy); `spadille "
               "evaluate reversis \"<hand>\" --policy strong` ranks one hand's discards and its reversis decision "
               "the same way, paired on the same deals.")
    claims_meta = {**meta, "policies": [PLAY, BESIDE]}
    items = [
        TableItem("reversis-ladder", "Each card play against the search, at the same position on the same deals",
                  ladder["frame"], f"Gain: the position's net fiches a deal minus the search's there, the search at "
                  f"the other three positions; 95% CIs over deals; roles from the all-search play.",
                  metadata={**ladder["metadata"], "seed": seed, "policies": list(ladder["overall"])}),
        TableItem("reversis-claims", "The Reversis claims under the strong policy, the heuristic's verdicts beside",
                  claims, "Each claim under its own preset (docs/claims.md); 95% intervals in each claim's own "
                  "decimals; 'moved' when the two card plays' verdicts differ.", metadata=claims_meta),
        TableItem("reversis-espagnolette", "The espagnolette: using the privilege against waiving it (dj)",
                  esp["dj"]["frame"], "The espagnolette's own net fiches per deal, on the same deals; strong policy.",
                  metadata=meta),
        TableItem("reversis-outcomes", "Each player's net by how the deal ended for him (dj)", outcomes["frame"],
                  f"Policy {outcomes['policy']} for every player; every (deal, position) counted once.",
                  metadata={**meta, "policies": [outcomes["policy"]]}),
        TableItem("reversis-quinola", "The quinola's fate and its holder's net, by the hearts dealt to him",
                  quinola, "Strong policy; Wilson intervals on the shares.", metadata=meta,
                  headers={"holder_net": "holder's net", "placed_ci": "95% CI", "forced_ci": "95% CI",
                           "played_ci": "95% CI", "p_placed": "placed", "p_forced": "forced", "p_played": "played"}),
        TableItem("reversis-positions", "Net fiches per deal by position (dj)", dealer["frame"],
                  "A fresh table each deal; the pool's change is not shared out here; strong policy.", metadata=meta),
        TableItem("reversis-attempts", "Going for the reversis after the first N tricks, by hand shape",
                  attempts, "The eldest's net, his policy against never going for it, paired on the same deals; "
                  "differing = deals where the play differed (no interval when none did); strong policy.",
                  metadata={**meta, "deals": quarter}),
        TableItem("reversis-exchange", "Which card to discard, and what the exchange is worth (the eldest)",
                  exchange, "Net fiches per deal of the eldest; differences paired on the same deals; strong policy.",
                  metadata={**meta, "deals": quarter}),
        TableItem("reversis-presets", "How the presets change the game", presets,
                  "Strong policy, a fresh table each deal; shares per deal, nets in fiches per deal.",
                  metadata={**meta, "deals": quarter}),
        TableItem("reversis-claims-presets", "The Reversis claims under each preset (strong policy)",
                  presets_table(sweep, {cid: r.claim.verdict.stated() for cid, r in strong.items()}),
                  f"Estimate [95% CI], n and verdict of each claim replayed under every preset, on {sixteenth:,} "
                  f"deals.", metadata={**meta, "deals": sixteenth}),
    ]
    text = ("Reversis after the Dictionnaire des jeux (the seed), with the 1765, 1785 and Hoyle layers as presets "
            "(docs/reversis.md). The kernel equals the reference engine on every card and payment in CI, the strong "
            "policy's included.")
    return [Section(PART_TITLE, [text, play_text, r1, r2, further, quinola_text, dealer_text, exchange_text,
                                 presets_text, missing], items)]

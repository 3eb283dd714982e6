"""The standard strategy report: what ``spadille report`` runs, part by part.

Parts, in order: the game as the heuristic players play it (contracts and outcomes); the
strength ladder (what random and double-dummy play win a deal against the heuristic); the
decision maps (which hands pass, ask or go sans prendre, by matadors and trumps, and by kings
and voids); the vole; how the thresholds move when card play is double-dummy or PIMC; the
claims of the period texts with verdicts; worked evaluations of hands the texts discuss; and
the parts of the other games that join this report (the caller names them: ``companions``,
from the registry of games; Cabriolet gives the value of each case of its board). The report
is titled for all the games: Quadrille's sections sit under a Quadrille heading and every other
game's under its own (its module's ``PART_TITLE``).

Sizes come from one number, the decision map's deals (``plan_for``); every other part scales
with it, so ``--deals`` and ``--quick`` shrink or grow the whole report together. A Ctrl-C
stops the part in progress; the report then holds the parts that finished (and the part cut
short, with the deals it finished, if that part can say so).
"""

from __future__ import annotations

import importlib
from functools import partial
import math
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from spadille.kernel.quadrille.policies import CARD_PLAYS, DEFAULT_CARD_PLAY
from spadille.kernel.quadrille.ruleset import Ruleset

from spadille.reports import formatting as fmt
from spadille.reports.document import Report, Section, TableItem

from .card_play import previous_play
from .part_support import PartInterrupted, Step

DEFAULT_MAP_DEALS = 4_000_000
# The learned player plays about half strong's deals a second in the maps (6.9 against 3.3 CPU-seconds
# a 100,000 map deals, 2026-12-07), so its default map is half the size and the report keeps its time;
# the other parts keep their default sizes (a report's scale is its map over its play's default).
PLAY_MAP_DEALS = {"learned": 2_000_000}
# The check of each seat's rule under pimc (reports/quadrille/rule_check.py): a first look at
# RULE_CHECK_FIRST hands of each kind, then hands where a decision seems nearest, RULE_CHECK_HANDS in all.
RULE_CHECK_FIRST = 20
RULE_CHECK_HANDS = 4500
MAX_CONFIRM_HANDS = 10_000_000
QUICK_MAP_DEALS = 100_000
QUADRILLE_PARTS = ("baseline", "ladder", "maps", "rules", "sensitivity", "claims", "hands")
# The stronger-play ladder (the maps again under dd and pimc card play) is not in the default report:
# at the sizes a default run affords (1,000 dd deals, 64 pimc) it left most classes without an answer
# and cost minutes. `--stronger-play` adds it.
DEFAULT_PARTS = tuple(part for part in QUADRILLE_PARTS if part != "sensitivity")
PART_NAMES = {"baseline": "the game as played", "ladder": "the strength ladder and the bidding fixpoint", "maps": "decision maps, verdicts and the vole",
              "rules": "each seat's rule under pimc",
              "sensitivity": "stronger play", "claims": "the period advice", "hands": "worked hands"}
# The report covers every game of the registry that has a part; Quadrille's sections come first,
# under their own heading, then each other game's under its own.
REPORT_TITLE = "spadille strategy report: the games of the Académie des jeux"
QUADRILLE_TITLE = "Quadrille: which hands call a king, go sans prendre or try the vole"


@dataclass(frozen=True)
class ReportPlan:
    ruleset: Ruleset
    seed: int
    map_deals: int                     # heuristic decision map
    baseline_deals: int                # simulate, heuristic
    sensitivity: dict                  # card-play policy -> deals (a prefix of the map's deals)
    ladder: dict                       # policy -> deals of the strength ladder (reports/quadrille/ladder.py)
    claims_scale: float
    evaluation_deals: int              # per worked hand
    answer_deals: int = 0              # deals scanned for the asker's take-or-cede answer
    table_return_samples: int = 0      # sessions followed to value a jeton left on the table
    fixpoint_deals: int = 0            # deals of the bidding fixpoint (half fitted, half held out)
    card_play: str = "heuristic"       # the policy whose card play the verdicts rest on
    previous_play: str | None = None   # the play the verdicts rested on before (card_play.PREVIOUS)
    previous_map_deals: int = 0        # its own map beside the verdicts' (0: none)
    rule_check_hands: int = 0          # hands dealt to order to check each seat's rule under pimc, all parts (0: none)
    rule_check_first: int = RULE_CHECK_FIRST   # hands of each kind at the check's first look
    # other games' parts: (game, module under spadille.reports, deals), in the order they follow
    companions: tuple[tuple[str, str, int], ...] = ()
    threads: int | None = None
    quick: bool = False
    parts: tuple[str, ...] = QUADRILLE_PARTS

    def describe(self) -> dict:
        return {"map_deals": self.map_deals, "baseline_deals": self.baseline_deals,
                "sensitivity_deals": dict(self.sensitivity), "ladder_deals": dict(self.ladder),
                "claims_scale": self.claims_scale, "evaluation_deals": self.evaluation_deals,
                "answer_deals": self.answer_deals, "table_return_samples": self.table_return_samples,
                "fixpoint_deals": self.fixpoint_deals, "card_play": self.card_play,
                "previous_play": self.previous_play, "previous_map_deals": self.previous_map_deals,
                "rule_check_hands": self.rule_check_hands, "rule_check_first": self.rule_check_first,
                **{f"{game}_deals": deals for game, _, deals in self.companions}, "quick": self.quick}


def plan_for(ruleset: Ruleset, seed: int, deals: int | None, quick: bool, threads: int | None = None,
             companions: Sequence[tuple[str, str]] = (), stronger_play: bool = False,
             card_play: str = DEFAULT_CARD_PLAY, confirm_hands: int | None = None) -> ReportPlan:
    """Sizes of every part from the decision map's deals (default: about ten minutes on two cores).

    ``companions``: (game, module under spadille.reports) of each other game whose part follows
    Quadrille's; the module's ``report_deals(scale)`` sizes it and ``report_sections`` builds it."""
    from spadille.kernel.quadrille.simulate import MAX_SEED
    from spadille.kernel.common.errors import SimulationError

    map_deals = deals if deals is not None else (QUICK_MAP_DEALS if quick else default_map_deals(card_play))
    if not isinstance(map_deals, int) or not 1_000 <= map_deals <= 10**9:
        raise SimulationError(f"--deals must be between 1,000 and 1,000,000,000, not {map_deals!r}")
    if not 0 <= seed <= MAX_SEED:
        raise SimulationError(f"--seed must be between 0 and {MAX_SEED}, not {seed}")
    scale = map_deals / default_map_deals(card_play)
    # dd costs about 0.05 s a deal and pimc 1.8 s with one focal seat a deal (2 cores)
    sensitivity = {"heuristic": max(200, round(4_000 * scale)), "dd": max(40, round(1_000 * scale)),
                   "pimc": max(8, round(64 * scale))}
    if quick and deals is None:
        sensitivity = {"heuristic": 200, "dd": 40, "pimc": 8}
    # The strength ladder: random and the heuristic are cheap (a few seconds at 20,000 deals, each
    # played once per seat); dd about a hundredth of a second a deal and seat on two cores.
    cheap = max(1_000, min(100_000, round(20_000 * scale)))
    if card_play not in CARD_PLAYS:
        raise SimulationError(f"--card-play must be one of {', '.join(CARD_PLAYS)}, not {card_play!r}")
    # the verdicts' card play has its rung too (the learned player plays about 0.4x the heuristic's deals a second)
    ladder = {"random": cheap, "heuristic": cheap, "strong": cheap, card_play: cheap,
              "dd": max(20, min(2_000, round(200 * scale)))}
    before = previous_play(card_play)
    return ReportPlan(
        ruleset=ruleset, seed=seed, map_deals=map_deals,
        baseline_deals=max(10_000, round(DEFAULT_MAP_DEALS // 2 * scale)),
        sensitivity=sensitivity,
        ladder=ladder,
        claims_scale=min(4.0, max(0.02, scale)) if not quick else 0.02,
        evaluation_deals=max(300, min(20_000, round(4_000 * math.sqrt(scale)))),
        # about a tenth of a forced ask comes per deal scanned; a tenth of the map's deals gives the
        # classes with 2-3 true matadors (where the answer turns) a few hundred hands each
        answer_deals=max(1_000, map_deals // 10),
        # a sample costs about two deals (most tables are taken at the next deal); 200,000 give each
        # seat's value a 95% interval of about ±0.004 jetons a jeton, in a few seconds
        table_return_samples=max(2_000, min(1_000_000, round(200_000 * scale))),
        # each round replays the fitted half once per seat and bid; at 80,000 deals a seat's held-out
        # gain has a 95% interval of about ±0.06 jetons a deal
        fixpoint_deals=max(2_000, min(1_000_000, round(80_000 * scale))),
        card_play=card_play,
        # the previous play's verdicts beside the card play's (its own bidding and card play): a tenth of
        # the map's deals is enough to see where a class's best bid differs clearly
        previous_play=before,
        previous_map_deals=0 if before is None else max(1_000, map_deals // 10),
        # four kinds of hand a seat, each hand played twice by pimc at every seat, sampled until decided:
        # the first look and the budget shrink with the report (--confirm-hands sets the budget)
        rule_check_first=max(4, min(RULE_CHECK_FIRST, round(RULE_CHECK_FIRST * math.sqrt(scale)))),
        rule_check_hands=_confirm_hands(confirm_hands, scale, quick and deals is None),
        companions=tuple((game, module, _companion(module).report_deals(scale)) for game, module in companions),
        threads=threads, quick=quick,
        parts=(QUADRILLE_PARTS if stronger_play else DEFAULT_PARTS) + tuple(game for game, _ in companions),
    )


def default_map_deals(card_play: str) -> int:
    """The decision map's deals in a default report resting on ``card_play``."""
    return PLAY_MAP_DEALS.get(card_play, DEFAULT_MAP_DEALS)


def _confirm_hands(given: int | None, scale: float, quick: bool) -> int:
    """The check's budget of hands: --confirm-hands, else RULE_CHECK_HANDS scaled with the report
    (96 for --quick, as many as its old fixed six hands a part). At about an eighth of a second a
    hand on two idle cores (each hand played twice with pimc in every seat), 4,500 hands are about
    five minutes on a quiet machine (300 s, 2026-12-07). 4,500 rather than 3,000: under the learned
    card play the thresholds sit nearer where pimc is indifferent, and on the default report's seed
    3,000 hands decided 10 of the 16 parts, 4,500 decide 14 (under strong, 3,000 decided 12; a
    simulation of the check with strong's parts' means and spreads gave 10.8 decided parts on average
    at 2,000 hands, 11.9 at 3,000 and 12.6 at 3,500)."""
    from spadille.kernel.common.errors import SimulationError

    if given is not None:
        if not isinstance(given, int) or not 0 <= given <= MAX_CONFIRM_HANDS:
            raise SimulationError(f"--confirm-hands must be between 0 and {MAX_CONFIRM_HANDS:,}, not {given!r}")
        return given
    if quick:
        return 96
    return max(64, round(RULE_CHECK_HANDS * math.sqrt(scale)))


# Seconds each part took in the default report (learned card play) on the 2-core machine from a cold
# numba cache, so compiling included, with the warm-up compiling the later parts beside it (measured
# 2026-12-07 evening on a quiet machine, 10 min 33 s from a fresh clone: `spadille report quadrille
# --confirm-hands 4500`; only the shares matter to the whole-report bar, and its rate and ETA come from
# the clock; "sensitivity" is not in the default report and is an estimate, the maps' share of an
# earlier measure); estimated_seconds scales them.
DEFAULT_PART_SECONDS = {"baseline": 32.0, "ladder": 136.0, "maps": 93.0, "rules": 300.0, "sensitivity": 130.0,
                        "claims": 28.0, "hands": 1.0}
DEFAULT_COMPANION_SECONDS = {"cabriolet": 16.0, "reversis": 21.0, "revertier": 3.0}


def estimated_seconds(plan: ReportPlan) -> dict[str, float]:
    """Each part's expected seconds: what it took at the default size, scaled by its own sample
    size (a numba compile on a cold cache adds a few minutes at the start). The shares of the
    whole-report bar (cli/progress.WholeRun)."""
    scale = plan.map_deals / default_map_deals(plan.card_play)
    sizes = {"baseline": plan.baseline_deals / max(10_000, DEFAULT_MAP_DEALS // 2), "ladder": scale, "maps": scale,
             "rules": plan.rule_check_hands / RULE_CHECK_HANDS, "sensitivity": scale, "claims": plan.claims_scale,
             "hands": plan.evaluation_deals / 4_000}
    out = {}
    for name in plan.parts:
        if name in DEFAULT_PART_SECONDS:
            out[name] = DEFAULT_PART_SECONDS[name] * sizes[name]
        else:
            deals = next(d for game, _, d in plan.companions if game == name)
            default = _companion(next(m for g, m, _ in plan.companions if g == name)).report_deals(1.0)
            out[name] = DEFAULT_COMPANION_SECONDS.get(name, 30.0) * deals / max(1, default)
    return out


def _companion(module: str):
    return importlib.import_module(f"spadille.reports.{module}")


def build_report(plan: ReportPlan, step: Step, log: Callable[[str], None] | None = None,
                 starting: Callable[[str], None] | None = None) -> tuple[Report, bool]:
    """Run the parts; ``step(description, total)`` returns a progress callback for one part,
    ``starting`` hears each part's name as it starts and ``log`` how long it took. Returns the
    report and whether it was interrupted."""
    from spadille.kernel.common.version import package_version

    metadata = {
        "spadille_version": package_version(), "game": "quadrille", "analysis": "report", "seed": plan.seed,
        "ruleset": plan.ruleset.name, "ruleset_overrides": {k: v for k, v in plan.ruleset.overrides},
        "plan": plan.describe(),
        "policies": [_policy_description(plan.card_play)],
    }
    report = Report(REPORT_TITLE, metadata, _under([_introduction(plan)], QUADRILLE_TITLE))
    shared: dict = {}   # what a later part needs of an earlier one: the claims part sets claims beside the map
    parts = {"baseline": _baseline, "ladder": partial(_ladder, shared=shared), "maps": partial(_maps, shared=shared),
             "rules": partial(_rules, shared=shared), "sensitivity": _sensitivity,
             "claims": partial(_claims, shared=shared),
             "hands": _hands, **{game: _companion_part(module, deals) for game, module, deals in plan.companions}}
    titles = {game: part_title(game, module) for game, module, _ in plan.companions}
    interrupted = False
    for name in plan.parts:
        started = time.perf_counter()
        if starting is not None:
            starting(name)
        try:
            report.sections += _under(parts[name](plan, step), titles.get(name, QUADRILLE_TITLE))
            if log is not None:
                log(f"{PART_NAMES.get(name, titles.get(name, name))}: {time.perf_counter() - started:,.0f} s")
        except PartInterrupted as stopped:
            report.sections += _under(stopped.sections, titles.get(name, QUADRILLE_TITLE))
            interrupted = True
            break
        except KeyboardInterrupt:
            interrupted = True
            break
    metadata["interrupted"] = interrupted
    fixpoint = shared.get("bidding")
    if fixpoint is not None:   # the stamp names what every seat played: the card play at its own thresholds
        metadata["policies"] = [f"{plan.card_play} card play, each seat bidding at the fixpoint's thresholds: "
                                f"{fixpoint.stamp()}"]
    report.sections = _leading_first(report.sections)
    if interrupted:
        report.sections.append(Section("Interrupted", [
            "The run was stopped before every part finished; the parts above are complete unless they say otherwise."]))
    return report, interrupted


def _leading_first(sections: list[Section]) -> list[Section]:
    """Each part's leading sections (its verdicts, made once the maps are done) first in the part,
    so the report opens on what it found; then the part's other sections in the order they were
    made (how to read the figures first)."""
    out: list[Section] = []
    for section in sections:
        if section.leading:
            continue
        if not any(s.part == section.part for s in out):
            out += [s for s in sections if s.leading and s.part == section.part]
        out.append(section)
    return out


def part_title(game: str, module: str) -> str:
    """The heading of a game's part of the report: its module's ``PART_TITLE``, else its name."""
    return getattr(_companion(module), "PART_TITLE", game.capitalize())


def _under(sections: list[Section], title: str) -> list[Section]:
    """The sections, each placed under its game's heading (a section that names its own part keeps it)."""
    for section in sections:
        if section.part is None:
            section.part = title
    return sections


# ---------------------------------------------------------------- parts
def _policy_description(name: str = "heuristic") -> str:
    from spadille.kernel.quadrille.policies import make_seat_policy

    return make_seat_policy(name).describe()


def _long_phrase(name: str) -> str:
    from .card_play import card_play_phrase

    return card_play_phrase(name)


def _introduction(plan: ReportPlan) -> Section:
    return Section("How to read the Quadrille figures", [
        f"Every figure comes from simulated deals of the ruleset `{plan.ruleset.name}` ({plan.ruleset.title}) "
        "and carries its number of observations **n** and a 95% confidence interval. "
        "Comparisons between actions are paired: every action replays the very same deals from the same random "
        "stream, so their difference is measured deal by deal.",
        "A payment is the net jetons of the hand in question for one deal at a fresh table (the antes included; "
        "a bête put on the table counts as spent). The verdicts also value a jeton left on the table at its "
        "expected return in a long session, and say where that changes a bid. 1 fiche = 10 jetons.",
        f"The verdicts rest on {_long_phrase(plan.card_play)}. "
        f"The claims use {plan.card_play}'s card play where they name no policy, with the heuristic's beside it; "
        "the game as played and the worked hands use the heuristic (a club player's trick estimate "
        "and card-play rules); a table that says dd (double-dummy: it sees every hand, as if all were open) or "
        "pimc (sampling the unseen hands and solving each) plays so.",
        f"Seed {plan.seed}; rerunning `spadille report --seed {plan.seed}` with the same sizes reproduces every number.",
    ])


def _baseline(plan: ReportPlan, step: Step) -> list[Section]:
    from spadille.analyses.quadrille.summary import contract_summary, outcome_summary
    from spadille.kernel.quadrille.policies import make_seat_policy
    from spadille.kernel.quadrille.simulate import RunConfig, simulate

    seats = plan.ruleset["pack.seats"]
    config = RunConfig(plan.ruleset, (make_seat_policy("heuristic"),) * seats, plan.seed, plan.baseline_deals,
                       threads=plan.threads)
    from spadille.analyses.distributed.runner import active_runner

    if active_runner() is None:
        result = simulate(config, progress=step("the game as played", plan.baseline_deals))
    else:  # `--scheduler`: block by block on the cluster, the same aggregates
        from spadille.analyses.quadrille.simulate_blocks import simulate_on

        result = simulate_on(active_runner(), config, progress=step("the game as played", plan.baseline_deals))
    if result.interrupted:
        raise KeyboardInterrupt
    contracts = contract_summary(result)
    outcomes = outcome_summary(result)
    run_metadata = {**config.metadata(), "deals_done": result.deals_done}
    return [Section("The game as the heuristic players play it", [
        f"{result.deals_done:,} deals, every seat playing the heuristic policy: how often each contract is played, "
        "and how it ends. This is the background against which the decision maps compare actions."],
        [TableItem("contracts", "Contracts", contracts[["contract", "count", "n", "estimate", "ci_low", "ci_high"]],
                   f"share of the {result.deals_done:,} deals, 95% Wilson intervals", metadata=run_metadata,
                   kinds={"estimate": "share"},
                   headers={"count": "deals with it (n)", "n": "deals (n)", "estimate": "share of deals"}),
         _outcome_item(outcomes, run_metadata)])]


def _ladder(plan: ReportPlan, step: Step, shared: dict | None = None) -> list[Section]:
    from .bidding import bidding_section
    from .ladder import ladder_sections

    sections = ladder_sections(plan.ruleset, plan.seed, plan.ladder, plan.threads, step)
    bidding, fixpoint = bidding_section(plan.ruleset, plan.seed, plan.fixpoint_deals, plan.threads, step,
                                        plan.card_play)
    if shared is not None and fixpoint is not None:
        shared["bidding"] = fixpoint
    return sections + bidding


def _outcome_item(outcomes, run_metadata) -> TableItem:
    grid = _outcome_grid(outcomes)
    headers = {name: f"{fmt.title(name)} [95% CI]" for name in grid.columns if name not in ("contract", "n")}
    headers["n"] = "deals (n)"
    headers.update({"ombre_payment": "ombre's payment [95% CI]", "side_payment": "side's payment [95% CI]"})
    return TableItem("outcomes", "Outcomes and payments by contract, all ombre seats", grid,
                     "estimate [95% CI]: rates with Wilson intervals, payments (jetons a deal) with normal intervals; "
                     "the CSV has every seat", data=outcomes, metadata=run_metadata, headers=headers)


def _outcome_grid(outcomes):
    """One row per contract (all ombre seats together): each measure as 'estimate [low, high]'."""
    import pandas as pd

    rows = outcomes[outcomes["ombre"] == "all"]
    grid = {}
    for row in rows.itertuples(index=False):
        entry = grid.setdefault(row.contract, {"contract": row.contract, "n": row.n})
        kind = "share" if row.kind == "rate" else "gain"
        entry[row.measure] = fmt.estimate(row.estimate, row.ci_low, row.ci_high, kind)
    frame = pd.DataFrame(list(grid.values()))
    frame.attrs = dict(outcomes.attrs)
    return frame


def _maps(plan: ReportPlan, step: Step, shared: dict | None = None) -> list[Section]:
    from .maps_part import maps_sections

    return maps_sections(plan, step, shared)


def _sensitivity(plan: ReportPlan, step: Step) -> list[Section]:
    from .maps_part import sensitivity_sections

    return sensitivity_sections(plan, step)


def _rules(plan: ReportPlan, step: Step, shared: dict | None = None) -> list[Section]:
    """Each seat's rule of thumb, nobody having bid before it, checked under pimc on hands dealt
    to order; placed right after the verdicts it checks. Nothing without a finished map or with no deals asked for."""
    from .rule_check import check_design, rule_check_section
    from .verdicts import mark_rules

    data = (shared or {}).get("map")
    if data is None or data.interrupted or not plan.rule_check_hands:
        return []
    design = check_design(plan.rule_check_first, plan.rule_check_hands)
    checked = rule_check_section(plan.ruleset, data, shared["policies"], design, plan.seed, plan.threads, step,
                                 plan.card_play)
    if checked is None:
        return []
    section, marks, counted = checked
    if "verdicts" in shared:
        mark_rules(*shared["verdicts"], marks, counted)
    section.leading = True
    return [section]


def _claims(plan: ReportPlan, step: Step, shared: dict | None = None) -> list[Section]:
    from .claims_part import claims_sections

    return claims_sections(plan, step, (shared or {}).get("map"))


def _hands(plan: ReportPlan, step: Step) -> list[Section]:
    from .worked_hands import WORKED_HANDS, evaluate_worked_hands

    summary, tables = evaluate_worked_hands(plan.ruleset, plan.evaluation_deals, plan.seed, threads=plan.threads,
                                            progress=step("worked hands", plan.evaluation_deals * len(WORKED_HANDS)))
    if not tables:
        return []
    others = (plan.ruleset["pack.seats"] - 1) * plan.ruleset["pack.hand_size"]
    items = [TableItem("worked-hands", "Best action for each worked hand", summary,
                       f"n = {plan.evaluation_deals:,} paired deals of the other {others} cards per hand")]
    for worked in WORKED_HANDS:
        if worked.name not in tables:
            continue
        items.append(TableItem(f"hand-{worked.name}", f"{fmt.hand(worked.hand)} ({worked.seat})",
                               tables[worked.name], worked.why, max_rows=12))
    return [Section("Worked hands", [
        "Hands the period texts talk about, evaluated with `spadille evaluate`: every action on the same deals of "
        "the other cards, ranked by mean payment."], items)]


def _companion_part(module: str, deals: int) -> Callable[[ReportPlan, Step], list[Section]]:
    """Another game's part of the report, at the size the plan gave it."""
    def part(plan: ReportPlan, step: Step) -> list[Section]:
        return _companion(module).report_sections(plan.seed, deals, threads=plan.threads, progress=step)
    return part

"""What opens the report's first page: how strong the verdicts' card play is against pimc, the rules
at a glance, and how each rule of thumb moved from the play the verdicts rested on before."""

from __future__ import annotations

import pandas as pd

from spadille.reports import formatting as fmt
from spadille.reports.document import TableItem

ROLE_WORDS = {"ombre": "the ombre", "friend": "his friend", "defender": "a defender"}
CONTRACT_WORDS = {"called": "a called game", "self-called": "a game called on his own king",
                  "sans-prendre": "a sans prendre", "forced-spadille": "a forced spadille",
                  "demand": "a demanded king", "casco": "a casco"}
# the contract whose defence decides whether a bid's threshold is sound
DEFENDED = {"ask": "called", "sans-prendre": "sans-prendre", "demand": "demand", "casco": "casco"}
BID_VERBS = {"ask": "ask", "sans-prendre": "go sans prendre", "demand": "demand", "casco": "go casco"}
GAMES_DEFENDED = {"ask": "a called game", "sans-prendre": "a sans prendre", "demand": "a demand", "casco": "a casco"}
BID_HEADERS = {"ask": "ask from (trumps, by true matadors)", "sans-prendre": "sans prendre from",
               "demand": "demand from", "casco": "casco from"}


def _estimate(gain: float, low: float, high: float, n: int) -> str:
    return f"{fmt.estimate(gain, low, high, 'gain')} (n = {n:,})"


def strength_paragraph(policy: str) -> str:
    """The play's team against pimc's, by contract and role, from the shipped measurement."""
    from spadille.analyses.quadrille.strength import FILE, measured, shipped_policies

    strength = measured(policy)
    if strength is None:
        return (f"**How strong the play is.** `{policy}`'s card play has not been measured against pimc (the shipped "
                f"measurement, {FILE}, holds {', '.join(shipped_policies())}): run `spadille ladder quadrille "
                "--reference pimc --team --by contract,role` to see how far its verdicts can be trusted.")
    parts = [f"as {ROLE_WORDS.get(row.role, row.role)} in {CONTRACT_WORDS.get(row.contract, row.contract)} "
             f"{_estimate(row.gain, row.ci_low, row.ci_high, row.n)}" for row in strength.cells.itertuples(index=False)]
    stamp = strength.stamp
    seeds = stamp.get("seed")
    pooled = (f" for S = {', '.join(map(str, seeds))}, independent deals pooled"
              if isinstance(seeds, list) and len(seeds) > 1 else "")
    return (f"**How strong the play is.** These verdicts rest on `{policy}`'s card play, so they are as sound as it "
            f"is. Playing a whole team against pimc's other team (pimc bidding for everyone; each deal against the "
            f"same deal played by pimc throughout; `{stamp['command']}`{pooled}, version {stamp['spadille_version']}), its "
            f"seats gain, in jetons a deal a seat: {'; '.join(parts)}; overall "
            f"{_estimate(*strength.overall)}, the contracts weighted by how often pimc's bidding makes them. A "
            "negative gain is what pimc's play of the same cards would have added: a margin below it may be the "
            "play's own weakness rather than the hand's worth.")


STAMP_KEYS = ("command", "seed", "ruleset", "spadille_version", "reference", "mode")


def strength_item(policies: list[str]) -> TableItem:
    """The measured policies side by side, a column each (the CSV: one tidy row a policy and cell).
    Each policy keeps its own measurement's stamp; where the policies were measured on different
    numbers of deals, a cell's n follows its estimate instead of standing in a column of its own."""
    from spadille.analyses.quadrille.strength import CELL_COLUMNS, measured

    measurements = [strength for strength in map(measured, policies) if strength is not None]
    tidy = [strength.cells.assign(policy=strength.policy) for strength in measurements]
    data = (pd.concat(tidy, ignore_index=True)[["policy", *CELL_COLUMNS]] if tidy
            else pd.DataFrame(columns=["policy", *CELL_COLUMNS]))
    sizes = data.groupby(["contract", "role"], sort=False)[["deals", "n"]].nunique()
    shared = bool((sizes <= 1).all().all())
    rows: dict[tuple[str, str], dict] = {}
    for strength in measurements:
        for row in strength.cells.itertuples(index=False):
            record = rows.setdefault((row.contract, row.role), {"contract": row.contract, "role": row.role})
            if shared:
                record.update(deals=f"{int(row.deals):,}", n=f"{int(row.n):,}")
            text = fmt.estimate(row.gain, row.ci_low, row.ci_high, "gain")
            record[strength.policy] = text if shared else f"{text}, n = {int(row.n):,}"
    view = pd.DataFrame(list(rows.values()))
    stamps = {strength.policy: {key: strength.stamp[key] for key in STAMP_KEYS} for strength in measurements}
    first = next(iter(stamps.values()), {})
    view.attrs = data.attrs = {"analysis": "strength_against_pimc", **first,
                               **({"stamps": stamps} if any(stamp != first for stamp in stamps.values()) else {})}
    sizes_note = ("n: the seat-deals of the cell; deals: the deals of that contract" if shared
                  else "n: the seat-deals of the cell, each policy's own measurement")
    return TableItem("strength-against-pimc", "The card play against pimc, by contract and role (team mode)", view,
                     "jetons a deal a seat that the policy's team gains over pimc's play of the same cards, 95% CI; "
                     + sizes_note, data=data, kinds={column: "text" for column in view.columns})


def glance_item(thresholds: pd.DataFrame, bids: list[str], vole_rules: dict[str, str], card_play: str) -> TableItem:
    from spadille.analyses.quadrille.at_a_glance import at_a_glance

    frame = at_a_glance(thresholds, bids, vole_rules)
    headers = {bid: BID_HEADERS.get(bid, f"{bid} from") for bid in bids}
    headers["vole"] = "the vole at the point"
    return TableItem("at-a-glance", f"At a glance: when to bid, with {card_play}", frame,
                     "per seat and situation, the fewest trumps in the best suit from which the bid (or a higher one) is "
                     "the map's best, by the hand's true matadors (0: 6 means six trumps with no true matador; never: "
                     "no trump count makes it the best); the vole: when to go on at the point (the ruleset's reading)",
                     headers=headers)


def moves_items(now: pd.DataFrame, before: pd.DataFrame, now_play: str, before_play: str, now_policy: str,
                before_policy: str) -> tuple[list[str], TableItem | None]:
    """The before/after table of the thresholds and the sentences on the bolder bids: where one play
    bids from fewer trumps and its defence of that contract is the weaker against pimc, the bolder
    bid is an artefact of that defence."""
    from spadille.analyses.quadrille.at_a_glance import bolder_bids, threshold_moves, trumps_text
    from spadille.analyses.quadrille.strength import defence

    moves = threshold_moves(now, before)
    if moves.empty:
        return [], None
    shown = moves.copy()
    for column in ("from_before", "from_now"):
        shown[column] = [trumps_text(value) for value in shown[column]]
    shown["moved"] = [("" if value is pd.NA or pd.isna(value) else f"{int(value):+d}") for value in moves["moved"]]
    item = TableItem("thresholds-before-after", f"The rules of thumb before ({before_play}) and now ({now_play})", shown,
                     f"per seat, situation, bid and true matadors: the trumps from which the bid (or a higher one) is "
                     f"best; before: under {before_play}, on fewer deals of the same seed; moved: now less before "
                     "(negative: bolder now)",
                     headers={"from_before": f"from (before: {before_policy})", "from_now": f"from (now: {now_policy})"})
    changed = int(moves["moved"].fillna(0).ne(0).sum() + (moves["from_before"].isna() ^ moves["from_now"].isna()).sum())
    sentences = [f"**How the rules moved.** Of the {len(moves)} thresholds (seat, situation, bid and true matadors) "
                 f"both plays give, {changed} differ between {before_play} and {now_play} (table "
                 "thresholds-before-after)."]
    from spadille.analyses.quadrille.at_a_glance import SITUATIONS

    for side, policy, play, other_policy, other_play in (("now", now_policy, now_play, before_policy, before_play),
                                                         ("before", before_policy, before_play, now_policy, now_play)):
        bolder = bolder_bids(moves, side)
        for bid, rows in bolder.groupby("bid", sort=False):
            contract = DEFENDED.get(str(bid))
            mine = defence(policy, contract) if contract else None
            theirs = defence(other_policy, contract) if contract else None
            verb = BID_VERBS.get(str(bid), str(bid))
            cases = ", ".join(sorted({f"{row.seat} ({SITUATIONS.get(row.auction, row.auction)})"
                                      for row in rows.itertuples(index=False)}))
            said = f"under {play}, the rule has {cases} {verb} from fewer trumps than under {other_play}"
            named = str(bid).replace("-", " ")
            game = GAMES_DEFENDED.get(str(bid), f"a {named}")   # the game the bid makes, as its defenders meet it
            if mine is None or theirs is None:
                sentences.append(f"{said[0].upper()}{said[1:]}; one of the plays was not measured against pimc, so "
                                 "whether that is its defence's doing is not known.")
            elif mine[2] < theirs[1]:
                sentences.append(
                    f"**The bolder {named} under `{policy}` is an artefact of its defence**: {said}, but against "
                    f"{game} `{policy}`'s defenders gain {_estimate(*mine)} a seat against pimc, `{other_policy}`'s "
                    f"{_estimate(*theirs)}. That is a softer defence than a searching one would put up, so the extra "
                    f"trumps the `{other_policy}` rule asks for are the safer rule.")
            else:
                sentences.append(
                    f"{said[0].upper()}{said[1:]}; `{policy}`'s defence against {game} is not clearly weaker "
                    f"({_estimate(*mine)} a seat against pimc, `{other_policy}`'s {_estimate(*theirs)}), so this "
                    "bolder bid is not shown to be an artefact of the defence.")
    return sentences, item

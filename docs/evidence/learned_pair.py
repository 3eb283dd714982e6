"""Two learned fits in one team ladder against pimc, and their difference paired deal by deal.

  .venv/bin/python docs/evidence/learned_pair.py NEW.toml OLD.toml OUT.csv [SEED] [PER_CONTRACT] [CONTRACTS]

is the ladder of

  spadille ladder quadrille --reference pimc --team --by contract,role \
      --policies learned:weights=NEW.toml,learned:weights=OLD.toml \
      --per-contract called=400,sans-prendre=400,forced-spadille=400 --seed 11 --out OUT.csv

(the same screened deals, the same plays, the same cells and the same file, written by the same code,
and its --json records beside it as OUT.json),
with one more column the command does not print: each cell's gain of NEW less OLD, paired over the
same (deal, seat) pairs, with its 95% interval over deals (analyses/quadrille/ladder.paired_difference,
cell by cell). NEW plays first; a Ctrl-C keeps the fits that finished (the ladder's own rule).

NEW may name several files, joined by commas (NEW1.toml,NEW2.toml): each plays in the same run and is
paired with OLD, one column a file (pimc's own play, the longest part, is then shared). CONTRACTS
(default called,sans-prendre,forced-spadille) keeps the deals of those contracts alone, say
forced-spadille: the deals of a contract are the same first PER_CONTRACT of the screen whichever
others are kept, so its cells are those of the full run (the "overall" row is then theirs alone).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path


def main(new: str, old: str, out: str, seed: int = 11, per_contract: int = 400,
         contracts: str = "called,sans-prendre,forced-spadille") -> None:
    from spadille.analyses.quadrille.ladder import LadderEntry, ladder, ladder_metadata, records
    from spadille.analyses.quadrille.ladder_cells import estimate, groups
    from spadille.analyses.quadrille.ladder_deals import contract_codes, screened_plan
    from spadille.analyses.rowfile import check_output_path, write_table
    from spadille.cli.quadrille.ladder_view import json_text
    from spadille.cli.quadrille.seating import parse_policy_spec
    from spadille.kernel.quadrille.cards import SEAT_NAMES
    from spadille.kernel.quadrille.ruleset import load_ruleset

    check_output_path(out)
    rules = load_ruleset()
    seats = SEAT_NAMES[rules["pack.seats"]]
    reference = parse_policy_spec("pimc")
    news = new.split(",")
    labels = {f"new{i + 1 if len(news) > 1 else ''}": f"learned:weights={path}" for i, path in enumerate(news)}
    labels["old"] = f"learned:weights={old}"
    entries = [LadderEntry("pimc", reference, per_contract)]
    entries += [LadderEntry(text, parse_policy_spec(text), per_contract) for text in labels.values()]
    quotas = {code: per_contract for code in contract_codes(contracts.split(","))}
    plan = screened_plan(rules, reference, seed, per_contract=quotas)
    started, done = time.perf_counter(), [0]

    def progress(plays: int) -> None:
        done[0] += plays
        print(f"{done[0]:,} deal-plays, {time.perf_counter() - started:,.0f} s", file=sys.stderr, flush=True)

    metadata = ladder_metadata(rules, entries, reference, seed, True, plan)
    result = ladder(rules, entries, reference, seed, None, progress, metadata, team=True, plan=plan)
    if result.interrupted:
        result.metadata["interrupted"] = True
    if not result.entries:
        sys.exit("interrupted before any fit finished")
    write_table(out, result.table.merge(result.speed.drop(columns=["policy", "reference", "deals"]), on="label"),
                result.metadata)
    # the ladder's own --json records too, so that a run can stand as analyses/quadrille/strength_against_pimc.json's entry
    Path(out).with_suffix(".json").write_text(json_text(result, records(result)) + "\n", encoding="utf-8")
    table = result.table
    for name, label in labels.items():
        print(f"{name}: {label}")
    print(f"{'cell':28} {'n':>6} " + " ".join(f"{name:>22}" for name in labels)
          + "".join(f" {name + ' - old (paired)':>22}" for name in list(labels)[:-1]))
    finished = [label for label in labels.values() if label in result.gains]
    deals = min(len(result.gains[label]) for label in finished)
    for by, group, _, _, members in groups(result.auction, seats):
        if by not in ("overall", "contract,role"):
            continue
        shown = []
        for label in labels.values():
            row = table[(table["label"] == label) & (table["group"] == group)]
            shown.append("-" if row.empty else
                         f"{row.iloc[0]['gain']:+.2f} [{row.iloc[0]['ci_low']:+.2f}, {row.iloc[0]['ci_high']:+.2f}]")
        pairs = []
        for name in list(labels)[:-1]:
            pair = "-"
            if labels[name] in result.gains and labels["old"] in result.gains:
                difference = result.gains[labels[name]][:deals] - result.gains[labels["old"]][:deals]
                _, n, mean, low, high = estimate(difference, members[:deals], plan)
                pair = f"{mean:+.2f} [{low:+.2f}, {high:+.2f}]"
            pairs.append(pair)
        n = int(members[:deals].sum())
        print(f"{group:28} {n:>6,} " + " ".join(f"{text:>22}" for text in shown)
              + "".join(f" {pair:>22}" for pair in pairs), flush=True)


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) not in (3, 4, 5, 6):
        sys.exit(__doc__)
    main(args[0], args[1], args[2], *(int(a) for a in args[3:5]), *args[5:])

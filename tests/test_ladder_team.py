"""`spadille ladder --team --by --per-contract`: the team seat's row, the cells by contract and role,
deals screened by contract, and a Ctrl-C that keeps the policies that finished."""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from spadille.analyses.paired import ratio_mean_ci, stratified_ratio_ci
from spadille.analyses.quadrille import ladder as ladder_module
from spadille.analyses.quadrille.ladder import LadderEntry, ladder
from spadille.analyses.quadrille.ladder_deals import screened_plan
from spadille.analyses.quadrille.ladder_team import TEAMS, screen_policy, team_policy
from spadille.cli.app import app
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import card_rules
from spadille.kernel.quadrille.policies import POLICIES, kernel_arrays, make_seat_policy
from spadille.kernel.quadrille.variants import Variant, deals_of_seed, play_variants

runner = CliRunner()
HEURISTIC = make_seat_policy("heuristic")
STRONG = make_seat_policy("strong")
PIMC = make_seat_policy("pimc")


def _rules_of(row: np.ndarray, role: str) -> np.ndarray:
    at = L.CARD_RULES + card_rules.ROLES.index(role) * L.N_CARD_RULES
    return row[at:at + L.N_CARD_RULES]


def test_a_team_seat_bids_as_the_reference_and_plays_each_role_as_its_team():
    strong_row, heuristic_row = (kernel_arrays((p,))[1][0] for p in (STRONG, HEURISTIC))
    for name, roles in TEAMS.items():
        ids, rows = kernel_arrays((team_policy(STRONG, HEURISTIC, roles),))
        row = rows[0]
        assert ids[0] == L.POLICY_HEURISTIC and (row[L.ROLE_POLICY:L.ALT_RULES] == -1).all()
        assert (row[[L.H_ASK, L.H_ALONE, L.H_TAKE_FORCED]] == heuristic_row[[L.H_ASK, L.H_ALONE, L.H_TAKE_FORCED]]).all()
        for role in card_rules.ROLES:
            expected = strong_row if role in roles else heuristic_row
            assert (_rules_of(row, role) == _rules_of(expected, role)).all(), (name, role)
    # against pimc: a pimc seat at pimc's own values, handing the team's roles to the heuristic's kernel
    pimc_row = kernel_arrays((PIMC,))[1][0]
    ids, rows = kernel_arrays((team_policy(STRONG, PIMC, TEAMS["defenders"]),))
    assert ids[0] == L.POLICY_PIMC
    handed = rows[0][L.ROLE_POLICY:L.ALT_RULES]
    for index, role in enumerate(card_rules.ROLES):
        assert handed[index] == (L.POLICY_HEURISTIC if role in TEAMS["defenders"] else -1), role
    for key, param in POLICIES["pimc"].params.items():
        assert rows[0][param.index] == pimc_row[param.index], key
    assert (_rules_of(rows[0], "defender_alone") == _rules_of(strong_row, "defender_alone")).all()


def test_a_pair_one_row_cannot_hold_is_refused_in_one_sentence():
    from spadille.kernel.common.errors import SimulationError

    with pytest.raises(SimulationError, match="cannot seat pimc:samples=40 against pimc: one seat's row"):
        team_policy(make_seat_policy("pimc", {"samples": 40}), PIMC, TEAMS["side"])


def test_the_whole_table_as_the_team_plays_the_candidate_with_the_reference_bidding(ruleset):
    """Both teams handed to strong is strong's card play at the heuristic's bidding values, deal by deal."""
    hands, ids = deals_of_seed(ruleset, 5, 0, 400)
    everyone = card_rules.ROLES
    bidding = {key: HEURISTIC.value(key) for key, param in POLICIES["heuristic"].params.items()
               if not (param.card_rule or param.shorthand)}
    plain = make_seat_policy("strong", bidding)
    team = team_policy(STRONG, HEURISTIC, everyone)
    out = play_variants(ruleset, (plain,) * 4, [Variant("plain"), Variant("team", policies=(team,) * 4)], hands, ids, 5)
    assert (out[:, 0] == out[:, 1]).all()
    screened = play_variants(ruleset, (screen_policy(PIMC),) * 4, [Variant("screen")], hands, ids, 5)
    heuristic = play_variants(ruleset, (HEURISTIC,) * 4, [Variant("all")], hands, ids, 5)
    assert (screened == heuristic).all()   # pimc bids as the heuristic at the same values


@pytest.fixture(scope="module")
def team_ladder(ruleset):
    entries = [LadderEntry("strong", STRONG, 3000), LadderEntry("random", make_seat_policy("random"), 3000),
               LadderEntry("heuristic", HEURISTIC, 3000)]
    return ladder(ruleset, entries, HEURISTIC, seed=9, team=True)


def test_team_mode_keeps_the_reference_auction_and_splits_by_contract_and_role(team_ladder):
    speed = team_ladder.speed.set_index("label")
    assert speed.loc["strong", "role_changed"] == 0 and speed.loc["random", "role_changed"] == 0
    assert speed.loc["strong", "plays"] == 2 * 3000
    table = team_ladder.table[team_ladder.table["label"] == "random"].set_index("group")
    assert table.loc["overall", "n"] == 3000 * 4
    cells = table[table["by"] == "contract,role"]
    assert cells["n"].sum() == 3000 * 4       # plain quadrille plays a contract every deal: every pair has a cell
    assert {"called / ombre", "called / friend", "called / defender", "sans-prendre / ombre",
            "sans-prendre / defender"} <= set(cells.index)
    assert table.loc["called / ombre", "n"] == table.loc["called", "deals"]
    assert table.loc["sans-prendre / defender", "n"] == 3 * table.loc["sans-prendre", "deals"]
    for group in ("overall", "called / ombre", "called / defender", "sans-prendre / ombre"):
        assert table.loc[group, "ci_high"] < 0, group   # random card play loses in every role


def test_a_screened_cell_is_the_unscreened_cell_on_the_same_deals(ruleset, team_ladder):
    """--contracts sans-prendre --deals 3000 keeps the sans prendre deals of the first 3,000 and plays them
    from their own streams: the same gains, cell for cell, as the ladder of all 3,000 deals. The intervals
    differ by a hair: among all deals the number of sans prendre is itself drawn, in the screen it is given."""
    plan = screened_plan(ruleset, HEURISTIC, 9, deals=3000, contracts=(L.SANS_PRENDRE,))
    assert (plan.stratum == L.SANS_PRENDRE).all() and plan.weights == {L.SANS_PRENDRE: 1.0}
    result = ladder(ruleset, [LadderEntry("strong", STRONG, 3000)], HEURISTIC, seed=9, team=True, plan=plan)
    mine = result.table[(result.table["label"] == "strong")].set_index("group")
    whole = team_ladder.table[team_ladder.table["label"] == "strong"].set_index("group")
    for group in ("sans-prendre / ombre", "sans-prendre / defender"):
        assert mine.loc[group, "n"] == whole.loc[group, "n"] and mine.loc[group, "gain"] == whole.loc[group, "gain"]
        for column in ("ci_low", "ci_high"):
            assert mine.loc[group, column] == pytest.approx(whole.loc[group, column], rel=0.01), (group, column)


def test_per_contract_screening_keeps_the_first_deals_of_each_contract(ruleset):
    plan = screened_plan(ruleset, HEURISTIC, 4, per_contract={L.CALLED: 50, L.FORCED: 30})
    assert plan.contracts == (L.CALLED, L.FORCED)
    assert int((plan.stratum == L.CALLED).sum()) == 50 and int((plan.stratum == L.FORCED).sum()) == 30
    assert (np.diff(plan.ids) > 0).all() and sum(plan.weights.values()) == pytest.approx(1.0)
    assert 0.9 < plan.weights[L.CALLED] < 1.0


def test_the_stratified_interval_is_the_ratio_interval_for_one_stratum():
    rng = np.random.default_rng(2)
    sums, counts = rng.integers(-30, 30, 400), rng.integers(0, 4, 400)
    strata = np.zeros(400, dtype=np.int64)
    assert stratified_ratio_ci(sums, counts, strata, {0: 1.0}) == pytest.approx(ratio_mean_ci(sums, counts))
    # two strata drawn equally but weighing 0.9 and 0.1: the mean is the weighted one
    strata[200:] = 1
    sums = np.where(strata == 0, 2, 12).astype(np.int64) + rng.integers(-1, 2, 400)
    n, mean, low, high = stratified_ratio_ci(sums, np.ones(400), strata, {0: 0.9, 1: 0.1})
    assert n == 400 and mean == pytest.approx(0.9 * sums[:200].mean() + 0.1 * sums[200:].mean())
    assert low < mean < high


def test_ctrl_c_keeps_the_policies_that_finished(ruleset, monkeypatch):
    played = []
    real = ladder_module._play

    def interrupted_at_the_third_policy(ruleset, plan, variants, *args):
        played.append(variants[0].label)
        if variants[0].label.startswith("random"):
            raise KeyboardInterrupt
        return real(ruleset, plan, variants, *args)

    monkeypatch.setattr(ladder_module, "_play", interrupted_at_the_third_policy)
    entries = [LadderEntry("heuristic", HEURISTIC, 200), LadderEntry("strong", STRONG, 200),
               LadderEntry("random", make_seat_policy("random"), 200)]
    result = ladder(ruleset, entries, HEURISTIC, seed=1, team=True)
    assert result.interrupted and [e.label for e in result.entries] == ["heuristic", "strong"]
    assert result.unfinished == ("random",) and set(result.table["label"]) == {"heuristic", "strong"}
    # the command prints what finished and leaves with 130
    monkeypatch.setattr(ladder_module, "_play", interrupted_at_the_third_policy)
    out = runner.invoke(app, ["ladder", "quadrille", "--policies", "strong,random", "--deals", "200", "--team",
                              "--json"])
    assert out.exit_code == 130
    assert [p["name"] for p in json.loads(out.stdout)["policies"]] == ["heuristic", "strong"]
    assert "Interrupted: the ladder shows the policies that finished (heuristic, strong); random did not finish" \
        in out.stderr


def test_the_command_prints_the_cells_and_refuses_bad_splits():
    result = runner.invoke(app, ["ladder", "quadrille", "--policies", "strong", "--team", "--by", "contract,role",
                                 "--per-contract", "called=60,sans-prendre=40", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "ladder quadrille --team" in result.stdout and "called 60, sans-prendre 40 of" in result.stdout
    assert "sans-prendre / ombre" in result.stdout and "called / friend" in result.stdout
    for args, message in ((["--by", "colour"], "Error: --by 'colour': give role, seat, contract or contract,role"),
                          (["--per-contract", "40", "--deals", "10"], "Error: give --deals or --per-contract, not both"),
                          (["--per-contract", "vole=3"], "Error: unknown contract 'vole'; contracts: called, "),
                          (["--team", "--reference", "pimc", "--policies", "pimc:samples=3"],
                           "Error: team mode cannot seat pimc:samples=3 against pimc")):
        refused = runner.invoke(app, ["ladder", "quadrille", *args])
        assert refused.exit_code == 1 and refused.output.startswith(message), refused.output


def test_strong_takes_a_team_against_pimc_at_a_tiny_size(ruleset):
    reference = make_seat_policy("pimc", {"samples": 4})
    result = ladder(ruleset, [LadderEntry("strong", STRONG, 3)], reference, seed=3, team=True)
    speed = result.speed.set_index("label")
    assert speed.loc["strong", "role_changed"] == 0 and speed.loc["strong", "plays"] == 6
    assert result.table.set_index(["label", "group"]).loc[("strong", "overall"), "n"] == 12

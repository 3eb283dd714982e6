"""The analyses and commands under the variant rulesets: the evaluator's actions, the decision
maps' bids, the claims under `--ruleset`, and `spadille show` / `evaluate` / `simulate` at the
boundary (docs/variants.md)."""

from __future__ import annotations

import numpy as np
import pytest
from typer.testing import CliRunner

from spadille.analyses.claims import check_claim, load_claims
from spadille.analyses.quadrille import decision_maps as dm
from spadille.analyses.quadrille.evaluation import evaluate_hand, hand_actions, parse_hand
from spadille.cli.app import app
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset, with_overrides

from citations import REPO

runner = CliRunner()
CASCO_HAND = "spadille basto ♥7 K Q 3 ♣K 5 ♦6 ♠4"


def labels(ruleset_name: str, hand: str, seat: str = "eldest") -> list[str]:
    ruleset = load_ruleset(ruleset_name)
    focal, mask = parse_hand(ruleset, hand, seat)
    return [variant.label for variant in hand_actions(ruleset, mask, focal, vole=False)]


def test_the_mediateur_hand_can_demand_every_king_it_lacks():
    # holds ♣K and ♥K; the kings of spades and diamonds may be demanded, but not the king of
    # trumps: "L’on ne peut point appeller le roi de la couleur en laquelle on joue" (the default reading)
    got = labels("mediateur", CASCO_HAND)
    assert "demand ♥ ♠K" in got and "demand ♥ ♥K" not in got  # ♥K is its own
    assert "demand ♠ ♠K" not in got and "demand ♥ ♦K" in got and "demand ♦ ♦K" not in got
    assert not any(label.startswith("demand") and "♣K" in label for label in got)
    assert "casco call ♠K" not in got  # no casco in the médiateur's ladder
    # Hoyle's reading, "a king, which any person may demand": the king of trumps too
    focal, mask = parse_hand(load_ruleset("mediateur"), CASCO_HAND, "eldest")
    lenient = with_overrides(load_ruleset("mediateur"), {"exchange.demand_king_of_trumps": True})
    assert "demand ♠ ♠K" in [v.label for v in hand_actions(lenient, mask, focal, vole=False)]


def test_the_italian_ladder_offers_casco_only_with_both_black_aces():
    assert "casco call ♠K" in labels("italian-modern", CASCO_HAND)
    assert not any(label.startswith("casco") for label in labels("italian-modern", "♠K Q J ♣K Q ♥K Q ♦K Q J"))


def test_the_a_trois_ask_demands_and_diamonds_are_refused():
    got = labels("quadrille-a-trois", "spadille basto ♥7 K 3 ♠K 5 4 ♣Q 6")
    assert "ask ♥ demand ♣K" in got and not any("♦" in label for label in got)
    with pytest.raises(cards.CardError, match="not in the pack"):
        parse_hand(load_ruleset("quadrille-a-trois"), "spadille basto ♥7 K 3 ♠K 5 4 ♣Q ♦6", "eldest")
    with pytest.raises(cards.CardError, match="unknown seat 'third'"):
        parse_hand(load_ruleset("quadrille-a-trois"), "spadille basto ♥7 K 3 ♠K 5 4 ♣Q 6", "third")


def test_a_fixed_demand_takes_the_king_and_plays_alone():
    ruleset = load_ruleset("mediateur")
    focal, hand = parse_hand(ruleset, CASCO_HAND, "eldest")
    policies = tuple(make_seat_policy("heuristic") for _ in range(4))
    evaluation = evaluate_hand(ruleset, policies, hand, focal, 300, seed=4)
    row = evaluation.table.set_index("action").loc["demand ♥ ♠K · stop"]
    # eldest speaks first, so the demand is always his to make; only a later sans prendre
    # (which outranks it, and against which a médiateur has no preference) takes the game away
    assert 0.9 < row["p_declared"] <= 1.0
    assert row["n"] == 300


def test_map_layout_follows_the_ladder():
    layout = dm.map_layout(load_ruleset("italian-modern"))
    assert layout.bids == ("pass", "ask", "demand", "casco", "sans-prendre")
    assert layout.actions[:3] == ("pass", "ask", "ask+vole") and len(layout.actions) == 9
    assert ("sans-prendre", "casco") in layout.comparisons and ("demand+vole", "demand") in layout.comparisons
    assert layout.threshold_comparisons[0] == ("ask", "pass")
    assert dm.map_layout(load_ruleset("encyclopedie-1765")) == dm.PLAIN
    assert dm.PLAIN.comparisons == (("ask", "pass"), ("sans-prendre", "pass"), ("sans-prendre", "ask"),
                                    ("ask+vole", "ask"), ("sans-prendre+vole", "sans-prendre"))


def test_a_mediateur_decision_map_compares_the_demand():
    ruleset = load_ruleset("mediateur")
    data = dm.decision_map(ruleset, (make_seat_policy("heuristic"),) * 4, 400, seed=2, focal_seats=(0,))
    assert set(data.ev_by_class["action"]) == set(dm.map_layout(ruleset).actions)
    assert "ev_demand" in data.best_by_class.columns
    overall = data.ev_by_class[(data.ev_by_class["scheme"] == "overall") & (data.ev_by_class["seat"] == "eldest")]
    assert (overall.set_index("action").loc["demand", "p_declared"]) > 0.9
    assert set(data.vole["contract"]) == {"ask", "demand", "sans-prendre"}


def test_a_three_seat_decision_map_runs():
    ruleset = load_ruleset("quadrille-a-trois")
    data = dm.decision_map(ruleset, (make_seat_policy("heuristic"),) * 3, 300, seed=2)
    assert set(data.ev_by_class["seat"]) == {"eldest", "second", "dealer", "all"}


def test_claims_under_another_ruleset(tmp_path):
    """Claims without a ruleset of their own run under the one asked for; figures of the
    40-card game keep theirs; a claim the variant cannot hold is inconclusive, with why."""
    shipped = {claim.id: claim for claim in load_claims(ruleset="quadrille-a-trois")}
    assert shipped["q21"].experiment.ruleset.name == "quadrille-a-trois"
    assert shipped["enc-trumps-red"].experiment.ruleset.name == "encyclopedie-1765"
    assert shipped["it-solo-vs-enc"].experiment.ruleset.name == "italian-modern"
    # a tip of the Italian page keeps its page's game (analyses/claims/works.py), whatever is asked
    assert shipped["q16a"].experiment.ruleset.name == "italian-modern"
    text = (tmp_path / "q21.toml")
    original = (REPO / "analyses" / "quadrille" / "claims" / "files" / "q21.toml").read_text(encoding="utf-8")
    text.write_text(original.replace('kind = "compare_rules"', 'kind = "compare_rules"\nfocal = "third"'),
                    encoding="utf-8")
    claim = load_claims(text, ruleset="quadrille-a-trois")[0]
    assert claim.inapplicable.startswith("does not apply under ruleset 'quadrille-a-trois'")
    result = check_claim(claim, scale=0.01)
    assert result.verdict == "inconclusive" and "third" in result.reason


def test_claims_command_takes_a_ruleset():
    result = runner.invoke(app, ["claims", "--claims", "analyses/quadrille/claims/files/enc-trumps-red.toml",
                                 "--ruleset", "mediateur"])
    assert result.exit_code == 0, result.output
    assert "under mediateur.toml" in result.stdout and "supported" in result.stdout
    bad = runner.invoke(app, ["claims", "--ruleset", "nope"])
    assert bad.exit_code == 1 and bad.stderr.startswith("Error: unknown ruleset 'nope'")
    lonely = runner.invoke(app, ["claims", "--rule", "vole.value=20"])
    assert lonely.exit_code != 0 and "--rule needs --ruleset" in lonely.stderr


@pytest.mark.parametrize("name", ["quadrille-a-trois", "mediateur", "italian-modern"])
def test_commands_accept_every_ruleset(name):
    seats = load_ruleset(name)["pack.seats"]
    shown = runner.invoke(app, ["show", "quadrille", "--ruleset", name, "--deal", "2"])
    assert shown.exit_code == 0, shown.output
    assert f"ruleset {name}" in shown.stdout
    simulated = runner.invoke(app, ["simulate", "quadrille", "--ruleset", name, "--deals", "2000"])
    assert simulated.exit_code == 0, simulated.output
    hand = "spadille basto ♥7 K 3 ♠K 5 4 ♣Q 6"
    evaluated = runner.invoke(app, ["evaluate", "quadrille", hand, "--ruleset", name, "--deals", "200"])
    assert evaluated.exit_code == 0, evaluated.output
    assert "Best:" in evaluated.stdout
    assert seats in (3, 4)


def test_show_names_the_exchange():
    """A demanded king: the row names the king, its former holder and the card given for it."""
    from spadille.kernel.quadrille.simulate import RunConfig, simulate

    ruleset = load_ruleset("mediateur")
    rows = simulate(RunConfig(ruleset, (make_seat_policy("heuristic"),) * 4, 0, 60, record=True)).rows
    deal = int(np.nonzero(rows[:, L.COL_GIVEN] >= 0)[0][0])
    shown = runner.invoke(app, ["show", "quadrille", "--ruleset", "mediateur", "--deal", str(deal)])
    king = cards.format_card(int(rows[deal, L.COL_CALLED]))
    given = cards.format_card(int(rows[deal, L.COL_GIVEN]))
    assert f"demanded {king} from" in shown.stdout and f"gave {given}" in shown.stdout

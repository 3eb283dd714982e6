"""The hand evaluator: its actions, its paired estimates, and `spadille evaluate` at the boundary."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from spadille.analyses.paired import paired_difference
from spadille.analyses.quadrille.evaluation import evaluate_hand, hand_actions, parse_hand, vole_decisions
from spadille.cli.app import app
from spadille.kernel.quadrille import cards
from spadille.kernel.quadrille.cards import CardError

runner = CliRunner()
STRONG = "spadille basto ♥7 A K Q 3 ♣K ♦K ♠7"


def test_hand_text_in_english_and_french_letters_and_by_name(ruleset):
    english = parse_hand(ruleset, "♠A ♣A ♥7 ♥A ♥K ♥Q ♥3 ♣K ♦K ♠7", "eldest")
    french = parse_hand(ruleset, "spadille basto 7h Ah Rh Dh 3h Rc Rd 7s", "eldest")
    assert english == french == (0, cards.Hand.parse(STRONG).mask)
    assert parse_hand(ruleset, STRONG, "dealer")[0] == 3


@pytest.mark.parametrize(("text", "seat", "message"), [
    ("spadille basto ♥7 A K Q 3 ♣K ♦K", "eldest", "the hand has 9 cards"),
    (STRONG, "north", "unknown seat 'north'"),
    ("manille basto ♥A K Q 3 ♣K ♦K ♠7 ♠6", "eldest", "'manille' names a different card in each trump suit"),
    ("spadille basto ♥7 A K Q 3 ♣K ♦K ♠9", "eldest", "not in the 40-card pack"),
])
def test_bad_hands_are_named(ruleset, text, seat, message):
    with pytest.raises(CardError, match=message):
        parse_hand(ruleset, text, seat)


def test_every_action_is_listed_once(ruleset):
    hand = cards.Hand.parse(STRONG).mask
    actions = hand_actions(ruleset, hand, focal_seat=0)
    labels = [a.label for a in actions]
    assert len(labels) == len(set(labels))
    # pass; 4 trumps x 3 callable kings (the kings of the three plain suits, own ones included
    # by the self-call rule) and 4 sans prendre, each with a stop and a vole version
    assert labels[0] == "pass"
    assert len(labels) == 1 + 2 * (4 * 3 + 4)
    assert "ask ♥ call ♣K (own) · stop" in labels and "ask ♥ call ♠K · vole" in labels
    assert all(a.force.seat == 0 for a in actions)


def test_estimates_are_paired_and_ranked(ruleset, heuristic4):
    hand = cards.Hand.parse(STRONG).mask
    evaluation = evaluate_hand(ruleset, heuristic4, hand, 0, 600, seed=3)
    table = evaluation.table
    assert evaluation.deals == 600 and (table["n"] == 600).all()
    assert table["mean_pay"].is_monotonic_decreasing
    assert (table["pay_ci_low"] <= table["mean_pay"]).all() and (table["mean_pay"] <= table["pay_ci_high"]).all()
    first, second = table["action"].iloc[:2]
    n, mean, low, high = paired_difference(evaluation.view.pay[:, evaluation.labels.index(first)],
                                           evaluation.view.pay[:, evaluation.labels.index(second)])
    assert mean == pytest.approx(table["margin_over_next"].iloc[0])
    # eldest asking or going alone always plays; passing, this hand is forced only when all pass
    assert (table.loc[table["action"] != "pass", "p_declared"] == 1).all()
    assert table.loc[table["action"] == "pass", "p_declared"].iloc[0] == 0
    # a strong hand: sans prendre in hearts beats passing on these very deals
    pay = evaluation.view.pay
    assert paired_difference(pay[:, evaluation.labels.index("sans prendre ♥ · stop")], pay[:, 0])[2] > 0
    decisions = vole_decisions(evaluation)
    assert set(decisions["contract"]) == {label[:-7] for label in evaluation.labels if label.endswith(" · stop")}


def test_same_seed_same_numbers(ruleset, heuristic4):
    hand = cards.Hand.parse(STRONG).mask
    one = evaluate_hand(ruleset, heuristic4, hand, 1, 300, seed=8).table
    two = evaluate_hand(ruleset, heuristic4, hand, 1, 300, seed=8).table
    assert one.equals(two)


def test_condition_on_the_other_hands(ruleset, heuristic4):
    hand = cards.Hand.parse(STRONG).mask
    evaluation = evaluate_hand(ruleset, heuristic4, hand, 0, 200, seed=4, condition="trumps(dealer, hearts) >= 4")
    assert evaluation.deals == 200 and evaluation.tried > 200


# ---------------------------------------------------------------- the command
def evaluate(*args: str):
    return runner.invoke(app, ["evaluate", "quadrille", *args])


def test_command_prints_the_ranked_table_and_the_best_action(tmp_path):
    out = tmp_path / "actions.csv"
    result = evaluate(STRONG, "--deals", "400", "--seed", "5", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "Actions ranked by mean payment" in result.stdout
    assert "Best: sans prendre ♥" in result.stdout
    assert "seed 5" in result.stdout and "encyclopedie-1765" in result.stdout
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# spadille: ") and '"analysis": "evaluate"' in text.splitlines()[0]


@pytest.mark.parametrize(("args", "message"), [
    (["spadille basto ♥7"], "Error: the hand has 3 cards"),
    ([STRONG, "--seat", "north"], "Error: unknown seat 'north'"),
    ([STRONG, "--condition", "trumps(dealer, hearts) > 9"], "Error: condition 'trumps(dealer, hearts) > 9' matched 0"),
    ([STRONG, "--condition", "frobs(dealer) > 1"], "Error:"),
    ([STRONG, "--deals", "0"], "Error:"),
])
def test_command_errors_are_one_line(args, message):
    result = evaluate(*args)
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert lines[-1].startswith(message), result.stderr
    assert "Traceback" not in result.output


def test_fixed_cards_of_other_seats_are_where_they_were_put(ruleset, heuristic4):
    """With the other three hands fixed too there is one deal: every replay of it is the same
    (the heuristic draws nothing), so each action's payment does not vary at all."""
    hand = cards.Hand.parse(STRONG).mask
    rest = [card for card in range(40) if not hand >> card & 1]
    fixed = {seat: cards.mask_of(rest[10 * (seat - 1):10 * seat]) for seat in (1, 2, 3)}
    evaluation = evaluate_hand(ruleset, heuristic4, hand, 0, 30, seed=2, fixed=fixed)
    assert (evaluation.view.pay == evaluation.view.pay[0]).all()
    loose = evaluate_hand(ruleset, heuristic4, hand, 0, 30, seed=2, fixed={1: fixed[1]})
    assert not (loose.view.pay == loose.view.pay[0]).all()
    result = evaluate(STRONG, "--deals", "50", "--fix", "dealer=♥K")
    assert result.exit_code == 1 and "♥K is fixed in two seats" in result.stderr

"""`spadille solve`: a readable double-dummy answer, and one-line errors for malformed deals."""

import pytest
from typer.testing import CliRunner

from spadille.cli.app import app

RUNNER = CliRunner()
# Eldest holds the six best hearts-trumps and the ♣K Q ♠K Q: with third he takes every trick.
DEAL = ("spadille ♠K Q J 7 ♣K Q ♥K Q J / ♠6 5 4 3 2 ♣J 7 6 5 4 / ♣3 2 ♥7 6 5 4 3 2 ♦A K / "
        "♥A ♦Q J 7 6 5 4 3 2 basto")


def solve(*args):
    return RUNNER.invoke(app, ["solve", "quadrille", *args])


def test_prints_the_value_and_every_legal_card():
    result = solve(DEAL, "--trump", "hearts", "--ombre", "eldest", "--friend", "third")
    assert result.exit_code == 0, result.output
    assert "eldest + third take 10 of 10 tricks: win." in " ".join(result.output.split())
    assert result.output.count("best") >= 1 and "♥K" in result.output


@pytest.mark.parametrize(("deal", "message"), [
    (DEAL.replace("♦A K", "♦A A"), "Error: card ♦A appears twice"),
    (DEAL.replace("♦A K", "♦A 8"), "Error: card ♦8 is not in the 40-card pack (no 8, 9 or 10)"),
    (DEAL.replace("♦A K", "♦A 8♠"), "Error: card '8♠' is not in the 40-card pack (no 8, 9 or 10)"),
    (DEAL.replace("♠6 5 4 3 2", "♠6 5 4 3"), "Error: second holds 9 cards; each hand has 10"),
    (DEAL.replace("♦A K", "♦A ♠K"), "Error: card ♠K is in two hands"),
    ("♠A / ♠K", "Error: the deal has 2 hands separated by '/', but 4 seats play"),
])
def test_malformed_deals_name_the_card_or_the_count(deal, message):
    result = solve(deal, "--trump", "hearts", "--ombre", "eldest")
    assert result.exit_code == 1
    assert result.output.strip() == message or result.output.strip().startswith(message)


def test_a_bad_seat_is_named():
    result = solve(DEAL, "--trump", "hearts", "--ombre", "fourth")
    assert result.exit_code == 1
    assert result.output.strip() == "Error: --ombre must be one of eldest, second, third, dealer, not 'fourth'"

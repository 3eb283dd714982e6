"""The range of one seat's payment for one deal (analyses/quadrille/payment_range.py): it bounds
the interval of a mean whose every deal paid the same, so it must hold every payment that can
happen, and the printed figures of the Encyclopédie must lie inside it."""

from __future__ import annotations

import pytest

from spadille.analyses.quadrille.payment_range import difference_range, payment_range
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.reference.deal import play_deals
from spadille.kernel.quadrille.ruleset import load_ruleset


@pytest.mark.parametrize("name", ["encyclopedie-1765", "italian-modern", "mediateur", "quadrille-a-trois"])
def test_every_played_payment_lies_in_the_range(name):
    ruleset = load_ruleset(name)
    lowest, highest = payment_range(ruleset)
    assert lowest < 0 < highest
    seats = ruleset["pack.seats"]
    policies = tuple(make_seat_policy("heuristic") for _ in range(seats))
    rows = play_deals(ruleset, policies, seed=5, first_deal=0, n=150)
    pays = rows[:, L.COL_PAY:L.COL_PAY + seats]
    assert lowest <= pays.min() and pays.max() <= highest
    assert difference_range(ruleset) == (lowest - highest, highest - lowest)


def test_the_printed_payments_lie_in_the_range():
    # "doit recevoir dix-sept jettons de chacun": a sans prendre won at the médiateur table gets
    # 3 x 17 and the table; lost by codille, it pays 3 x 17.
    lowest, highest = payment_range(load_ruleset("mediateur"))
    assert highest >= 3 * 17 and lowest <= -3 * 17

"""How the report names the seats' policies: the fixpoint's four near-copies of one description
become the shared part once and the thresholds by seat."""

from __future__ import annotations

from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.reports.quadrille.card_play import seats_playing

SEATS = ("eldest", "second", "third", "dealer")


def test_one_policy_at_every_seat_is_named_once():
    described = make_seat_policy("heuristic").describe()
    assert seats_playing([described] * 4, SEATS) == f"`{described}`"


def test_policies_differing_in_thresholds_name_them_by_seat():
    values = [(3.5, 5.2), (3.5, 5.1), (3.7, 5.0), (4.0, 5.0)]
    described = [make_seat_policy("strong", {"ask_threshold": ask, "alone_threshold": alone}).describe()
                 for ask, alone in values]
    text = seats_playing(described, SEATS)
    assert text.startswith("`strong(") and text.count("`") == 2 and "ask_threshold=" not in text
    assert "with ask_threshold and alone_threshold by seat: eldest 3.5 and 5.2, second 3.5 and 5.1, third 3.7 and 5, " \
           "dealer 4 and 5" in text
    shared = make_seat_policy("strong").describe()
    for pair in shared[len("strong("):-1].split(", "):
        if not pair.startswith(("ask_threshold=", "alone_threshold=")):
            assert pair in text


def test_other_mixes_are_listed_as_they_describe_themselves():
    heuristic, strong = make_seat_policy("heuristic").describe(), make_seat_policy("strong").describe()
    assert seats_playing([heuristic, strong, heuristic, strong], SEATS) == f"`{heuristic}`; `{strong}`"
    assert seats_playing([heuristic, strong], SEATS) == f"`{heuristic}`; `{strong}`"

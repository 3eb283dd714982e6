"""What the table learns when a player does not follow: the kernel's ``revealed_absent`` and
the reference's ``cards_shown_absent`` agree, and a player's later cards never contradict it.

RULES.md §1.3: "il faut qu'il fournisse tant qu'il a de la couleur jouée" (ENC), so a card
off a plain lead shows a void; §1.4: off a trump lead he may still hold the matadors above
the led card, which the privilege let him keep back.
"""

import pytest

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille._rules import revealed_absent
from spadille.kernel.quadrille.policies import make_seat_policy
from spadille.kernel.quadrille.reference.play import cards_shown_absent, trick_winner
from spadille.kernel.quadrille.reference.ranking import ranking
from spadille.kernel.quadrille.reference.rules import read_rules
from spadille.kernel.quadrille.ruleset import with_overrides
from spadille.kernel.quadrille.simulate import RunConfig, simulate
from spadille.kernel.quadrille.tables import build_tables

VARIANTS = [{}, {"play.must_trump": True, "play.must_overtrump": True}, {"play.matador_privilege": "none"}]


def off_suit_plays(rows, rs):
    """(trump, trick so far, card, the rest of that player's cards) for every card played off the led suit."""
    for row in rows:
        if row[L.COL_CONTRACT] == L.NO_CONTRACT:
            continue
        trump = int(row[L.COL_TRUMP])
        order = ranking(rs, trump)
        tricks = []
        for k in range(10):
            leader = int(row[L.COL_LEADERS + k])
            cards = [int(row[L.COL_CARDS + 4 * k + i]) for i in range(4)]
            tricks.append((leader, cards))
        for k, (leader, cards) in enumerate(tricks):
            for i in range(1, 4):
                seat = (leader + i) % 4
                if order.effective_suit[cards[i]] == order.effective_suit[cards[0]]:
                    continue
                later = [c for lead, cs in tricks[k + 1:] for j, c in enumerate(cs) if (lead + j) % 4 == seat]
                yield trump, order, cards[:i], cards[i], later


@pytest.mark.parametrize("overrides", VARIANTS, ids=["encyclopedie", "must-overtrump", "no-privilege"])
def test_kernel_and_reference_learn_the_same_and_it_is_true(ruleset, overrides):
    rs = with_overrides(ruleset, overrides)
    tables, rules = build_tables(rs), read_rules(rs)
    policies = tuple(make_seat_policy("random") for _ in range(4))
    rows = simulate(RunConfig(rs, policies, seed=3, deals=1500, record=True)).rows
    checked = 0
    for trump, order, trick, card, later in off_suit_plays(rows, rs):
        reference = cards_shown_absent(card, trick, order, rules)
        best = trick[trick_winner(trick, order)]
        kernel = int(revealed_absent(tables.pos_of_card[trump, card], tables.pos_of_card[trump, trick[0]],
                                     tables.pos_of_card[trump, best], trump, tables.rules, tables.block_of_pos,
                                     tables.block_mask, tables.top_pos))
        assert kernel == sum(1 << int(tables.pos_of_card[trump, c]) for c in reference)
        assert not reference & set(later), "a player later played a card the table had ruled out"
        checked += 1
    assert checked > 5000


def test_a_reneged_trump_lead_keeps_the_higher_matadors_possible(ruleset):
    """AUJ PA10: an ordinary trump led, the holder of basto alone need not play it; so not
    following shows no trump except spadille, manille and basto may still be there."""
    hearts = 2
    order = ranking(ruleset, hearts)
    low_trump = 2 * 10 + 5  # ♥6, the lowest red trump
    absent = cards_shown_absent(0 * 10 + 9, [low_trump], order, read_rules(ruleset))  # ♠K played on it
    assert set(order.matadors).isdisjoint(absent)
    assert absent == set(order.trumps) - set(order.matadors)

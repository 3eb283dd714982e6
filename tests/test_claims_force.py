"""The focal seat's fixed decisions in a claim, and the trick quantities of every kind that measures.

A fixed bid or call the rules never allow is refused when the claim is read, in one line naming the
key; one that depends on the deal (an ask over an ask) is counted when the claim runs and said in its
reason. The ombre's own tricks, his friend's and whether he reaches k are metrics of the simulated
kinds; ``force`` fixes the focal seat's bid, trump and call in ``compare_play`` too.
"""

from __future__ import annotations

import pytest

from spadille.analyses.claims import ClaimError, check_claim, load_claims

from claim_files import RATE as ITALIAN_RATE, write_claim

RATE = ITALIAN_RATE.replace('kind = "rate"\n', 'kind = "rate"\nruleset = "encyclopedie-1765"\n')
ASK_HEARTS = 'force = { bid = "ask", trump = "hearts" }'


@pytest.mark.parametrize("force, message", [
    ('force = { bid = "ask", trump = "hearts", call = "Kh" }',
     "experiment.force.call: ♥K may not be called with hearts trumps under ruleset 'encyclopedie-1765'"),
    ('force = { bid = "ask", trump = "hearts", call = "Jc" }', "experiment.force.call: ♣J may never be called"),
    ('force = { bid = "alone", trump = "hearts", call = "Kc" }',
     "experiment.force.call: call ♣K is fixed, but the bid 'sans-prendre' calls no card"),
    ('force = { bid = "demand", trump = "hearts" }',
     "experiment.force.bid: ruleset 'encyclopedie-1765' offers no demand bid"),
    ('force = { bid = "ask", trump = "hearts", call = "spadille" }', "♠A may never be called"),
])
def test_a_fixed_decision_the_rules_never_allow_is_refused(tmp_path, force, message):
    with pytest.raises(ClaimError) as info:
        load_claims(write_claim(tmp_path, "bad", RATE.replace(ASK_HEARTS, force)))
    assert message in str(info.value) and "\n" not in str(info.value)


def test_a_self_call_of_a_fixed_king_is_refused(tmp_path):
    """The Encyclopédie lets the ombre call a king he holds; a ruleset that does not, refuses it."""
    text = RATE.replace('fixed = "spadille"', 'fixed = "spadille Kc"\nrules = { "contract.self_call" = false }').replace(
        ASK_HEARTS, 'force = { bid = "ask", trump = "hearts", call = "Kc" }')
    with pytest.raises(ClaimError, match="♣K is among the focal seat's fixed cards"):
        load_claims(write_claim(tmp_path, "self", text))


def test_a_bid_not_open_on_some_deals_is_said_in_the_reason(tmp_path):
    """The dealer's fixed ask is a pass wherever an earlier seat asked first: counted, never hidden."""
    text = RATE.replace('fixed = "spadille"\n', 'focal = "dealer"\nfixed = "spadille"\n')
    result = check_claim(load_claims(write_claim(tmp_path, "late", text), card_play="heuristic")[0], seed=1)
    assert "the fixed bid ask was not open to the focal seat on " in result.reason
    assert "of the 300 deals (its policy decided there)" in result.reason
    eldest = check_claim(load_claims(write_claim(tmp_path, "first", RATE), card_play="heuristic")[0], seed=1)
    assert "not open" not in eldest.reason


@pytest.mark.parametrize("metric, extra, unit", [
    ("tricks", 'among = "declared"\n', "tricks a deal"),
    ("tricks_at_least", 'k = 3\namong = "declared"\n', "share of deals"),
    ("friend_tricks", "", "tricks a deal"),
    ("side_tricks", "", "tricks a deal"),
])
def test_trick_quantities(tmp_path, metric, extra, unit):
    """The ombre's own tricks, his friend's, the side's, and whether he makes three himself ("call only
    with a fair chance of making three tricks yourself")."""
    text = RATE.replace('metric = "win"\n', f'metric = "{metric}"\n{extra}')
    result = check_claim(load_claims(write_claim(tmp_path, metric, text), card_play="heuristic")[0], seed=2)
    record = result.record()
    assert record["unit"] == unit and 0 <= result.estimate.ci_low <= result.estimate.estimate <= result.estimate.ci_high
    bound = 1 if metric == "tricks_at_least" else 10
    assert result.estimate.ci_high <= bound and result.estimate.n >= 30
    if metric == "tricks_at_least":
        assert "at least 3 tricks" in record["criterion"]


def test_compare_play_fixes_the_focal_bid(tmp_path):
    """force in compare_play: eldest asks in hearts on every deal, in both arms."""
    from test_claims_play import write

    path = write(tmp_path, 'situation = "role == ombre and on_lead"\nrole = "ombre"\nmetric = "tricks"\n'
                           'deals = 300\ncondition = "trumps(me, hearts) >= 5"\n'
                           'force = { bid = "ask", trump = "hearts" }', '{ "ombre.draw_trumps" = 11 }', "{}")
    claim = load_claims(path, card_play="heuristic")[0]
    assert "eldest forced: ask ♥" in claim.experiment.describe()
    result = check_claim(claim, seed=4)
    assert result.estimate.n > 100 and "not open" not in result.reason
    with pytest.raises(ClaimError, match="may not be called with hearts trumps"):
        load_claims(write(tmp_path, 'situation = "on_lead"\nrole = "ombre"\nmetric = "pay"\ndeals = 300\n'
                                    'force = { bid = "ask", trump = "hearts", call = "Kh" }',
                          '{ "ombre.draw_trumps" = 11 }', "{}"))

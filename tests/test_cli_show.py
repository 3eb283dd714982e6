"""`spadille show`: one deal, printed from the kernel's row."""

from __future__ import annotations

import numpy as np
import pytest
from typer.testing import CliRunner

from spadille.cli.app import app
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.cards import SEAT_NAMES, SUITS, Hand, format_card
from spadille.kernel.quadrille.ruleset import load_ruleset
from spadille.kernel.quadrille.simulate import RunConfig, play_one, simulate

runner = CliRunner()
SEATS = SEAT_NAMES[4]


def show(*args: str):
    return runner.invoke(app, ["show", "quadrille", *args])


def squeeze(text: str) -> str:
    return " ".join(text.split())


def test_show_prints_the_deal_as_played(ruleset, heuristic4):
    result = show("--seed", "1", "--deal", "3")
    assert result.exit_code == 0, result.output
    out = squeeze(result.stdout)
    row = play_one(ruleset, heuristic4, 1, 3)
    assert out.startswith("Deal 3 of seed 1 · ruleset encyclopedie-1765 · heuristic(")
    for seat in range(4):
        assert squeeze(f"{SEATS[seat]} {Hand(int(row[L.COL_HANDS + seat])).format()}") in out
    contract = L.CONTRACT_NAMES[row[L.COL_CONTRACT]]
    trump = int(row[L.COL_TRUMP])
    assert f"Contract: {contract} · ombre {SEATS[row[L.COL_OMBRE]]} · trumps" in out
    assert f"trumps {'♠♣♥♦'[trump]} {SUITS[trump]}" in out
    for trick in range(10):
        leader, winner = int(row[L.COL_LEADERS + trick]), int(row[L.COL_WINNERS + trick])
        played = "  ".join(f"{SEATS[(leader + k) % 4]} {format_card(int(row[L.COL_CARDS + 4 * trick + k]))}"
                           for k in range(4))
        assert f"│ {trick + 1} │ {SEATS[leader]} │ {squeeze(played)} │ {SEATS[winner]} │" in out
    tricks = " · ".join(f"{s} {row[L.COL_TRICKS + i]}" for i, s in enumerate(SEATS))
    assert f"Tricks: {tricks} · side {row[L.COL_SIDE_TRICKS]}" in out
    assert f"Outcome: {L.OUTCOME_NAMES[row[L.COL_OUTCOME]]} · vole {L.VOLE_NAMES[row[L.COL_VOLE]]}" in out
    pays = " · ".join(f"{s} {row[L.COL_PAY + i]:+d}" for i, s in enumerate(SEATS))
    assert f"Payments (jetons, antes included): {pays} · table {row[L.COL_POOL]:+d}" in out


def test_show_with_other_policies_differs_and_is_reproducible():
    first = show("--seed", "7", "--deal", "0", "--policy", "random")
    again = show("--seed", "7", "--deal", "0", "--policy", "random")
    heuristic = show("--seed", "7", "--deal", "0")
    assert first.exit_code == 0 and first.stdout == again.stdout
    assert "random at every seat" in first.stdout
    assert first.stdout != heuristic.stdout


def test_show_a_redealt_deal(tmp_path, ruleset, random4):
    text = ruleset.text.replace('[auction.all_pass]\nvalue = "forced-spadille"', '[auction.all_pass]\nvalue = "redeal"')
    assert text != ruleset.text
    path = tmp_path / "redeal.toml"
    path.write_text(text, encoding="utf-8")
    rows = simulate(RunConfig(load_ruleset(path), random4, seed=3, deals=400, record=True)).rows
    deal = int(np.flatnonzero(rows[:, L.COL_CONTRACT] == L.NO_CONTRACT)[0])
    result = show("--seed", "3", "--deal", str(deal), "--ruleset", str(path), "--policy", "random")
    assert result.exit_code == 0, result.output
    assert "Contract: none (all passed; the deal is redealt)" in result.stdout
    assert "Play" not in result.stdout and "Outcome:" not in result.stdout
    assert "eldest    pass" in result.stdout


@pytest.mark.parametrize("args, message", [
    (["--deal", "-1"], "--deal must be between 0 and 1e+11, not -1"),
    (["--seed", "-3"], "--seed must be between 0 and 9223372036854775807, not -3"),
    (["--ruleset", "nope"], "unknown ruleset 'nope'; available: encyclopedie-1765, italian-modern, mediateur, quadrille-a-trois (option --ruleset)"),
    (["--seat-policy", "third=bridge"], "unknown policy 'bridge'; available: random, heuristic, strong, dd, pimc, learned (option --seat-policy)"),
])
def test_show_errors(args, message):
    result = show(*args)
    assert (result.exit_code, result.stderr, result.stdout) == (1, f"Error: {message}\n", "")



def test_the_force_answer_names_the_bid_that_overbid_the_ask():
    """At the médiateur an ask may be overbid by a demand, not only by a sans prendre: the asker
    then cedes to (or takes) the demand, and show says so."""
    from spadille.kernel.quadrille.policies import make_seat_policy

    rows = simulate(RunConfig(load_ruleset("mediateur"), (make_seat_policy("heuristic"),) * 4, 0, 3000,
                              record=True)).rows
    forced = rows[rows[:, L.COL_FORCE] != L.NO_FORCE]
    bids = forced[:, L.COL_BIDS:L.COL_BIDS + 4]
    by_demand = forced[(bids == L.DEMAND).any(axis=1) & ~(bids == L.ALONE).any(axis=1)]
    assert len(by_demand) > 0
    answer = "cedes to the demand" if by_demand[0, L.COL_FORCE] == L.CEDE else "takes the demand himself"
    shown = show("--ruleset", "mediateur", "--deal", str(int(by_demand[0, L.COL_DEAL])))
    assert shown.exit_code == 0, shown.output
    auction = squeeze(shown.stdout.split("Contract")[0])
    assert answer in auction and "sans prendre" not in auction

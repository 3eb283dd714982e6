"""The strong policy: its shipped file, its registry entry, parity with the reference engine in every
variant, and `spadille train quadrille` end to end on a tiny run (kernel/quadrille/strong.py,
analyses/quadrille/tuning.py, cli/quadrille/train.py)."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from spadille.analyses.quadrille.tuning import NOT_TUNED, decode, dimensions
from spadille.cli.app import app
from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille import policies as registry
from spadille.kernel.quadrille import strong
from spadille.kernel.quadrille.policies import POLICIES, PolicyError, kernel_arrays, make_seat_policy
from spadille.kernel.quadrille.ruleset import load_ruleset

from test_parity import compare

runner = CliRunner()
STAMP_KEYS = ("command", "version", "seed", "deals", "iterations", "held_out_seed", "held_out_deals",
              "held_out_gain", "held_out_ci_low", "held_out_ci_high")


def test_the_shipped_file_loads_with_its_stamp():
    shipped = strong.read_strong()
    assert shipped.params, "the shipped strong.toml changes nothing: it is the heuristic"
    for key in STAMP_KEYS:
        assert key in shipped.stamp, key
    assert shipped.stamp["command"].startswith("spadille train quadrille")
    assert shipped.stamp["held_out_seed"] != shipped.stamp["seed"]
    assert shipped.stamp["held_out_ci_low"] <= shipped.stamp["held_out_gain"] <= shipped.stamp["held_out_ci_high"]


def test_strong_is_the_heuristic_with_the_files_values_in_range():
    shipped = strong.read_strong().params
    spec, heuristic = POLICIES["strong"], POLICIES["heuristic"]
    assert spec.kernel_id == heuristic.kernel_id == L.POLICY_HEURISTIC and spec.values_of == "heuristic"
    for key, param in spec.params.items():
        assert param.low <= param.default <= param.high, key
        if not param.shorthand:
            assert param.default == shipped.get(key, heuristic.params[key].default), key
    _, row = kernel_arrays([make_seat_policy("strong")] * 4)
    _, same = kernel_arrays([make_seat_policy("heuristic", shipped)] * 4)
    assert (row == same).all()  # the kernel cannot tell strong from the heuristic at these values


def test_the_bids_it_was_not_tuned_on_keep_the_heuristics_values():
    for key in NOT_TUNED:
        assert key not in strong.read_strong().params
        assert POLICIES["strong"].params[key].default == POLICIES["heuristic"].params[key].default


@pytest.mark.parametrize("name", ["quadrille-a-trois", "mediateur", "italian-modern"])
def test_strong_beats_the_heuristic_in_the_variants_it_was_not_tuned_on(name):
    """Tuned on the Encyclopédie's rules alone; in each variant it must still win, on the ladder."""
    from spadille.analyses.quadrille.ladder import LadderEntry, ladder

    entry = LadderEntry("strong", make_seat_policy("strong"), 4000)
    table = ladder(load_ruleset(name), [entry], make_seat_policy("heuristic"), seed=11).table
    overall = table[(table["label"] == "strong") & (table["group"] == "overall")].iloc[0]
    assert overall["ci_low"] > 0, (name, overall["gain"], overall["ci_low"])


def test_strong_takes_parameters_like_the_heuristic():
    policy = make_seat_policy("strong", {"friend.lead_master_trump": 0, "ask_threshold": 4})
    assert policy.value("friend.lead_master_trump") == 0 and policy.value("ask_threshold") == 4
    untouched = [k for k, p in POLICIES["strong"].params.items() if p.card_rule and k != "friend.lead_master_trump"]
    assert all(policy.value(k) == POLICIES["strong"].params[k].default for k in untouched)
    assert make_seat_policy("strong").describe().startswith("strong(")
    with pytest.raises(PolicyError, match="outside"):
        make_seat_policy("strong", {"ombre.draw_card": 3})


@pytest.mark.parametrize(("text", "message"), [
    ('[params]\n"ombre.nothing" = 1\n', "'ombre.nothing' is not a parameter of the heuristic"),
    ('[params]\n"draw_trumps" = 1\n', "'draw_trumps' is not a parameter of the heuristic"),  # a shorthand
    ('[params]\n"ombre.draw_card" = 5\n', "ombre.draw_card = 5 is outside [0, 2]"),
    ('[params]\n"ask_threshold" = "high"\n', "must be a number"),
    ('[other]\n', "unknown table 'other'"),
    ('[params\n', "not valid TOML"),
])
def test_a_bad_strong_file_is_one_sentence(tmp_path, monkeypatch, text, message):
    path = tmp_path / "strong.toml"
    path.write_text(text)
    monkeypatch.setattr(strong, "SHIPPED", path)
    with pytest.raises(PolicyError, match=re.escape(message)):
        registry._strong_spec(POLICIES["heuristic"])


@pytest.mark.parametrize("name", ["encyclopedie-1765", "quadrille-a-trois", "mediateur", "italian-modern"])
def test_strong_plays_like_the_reference_engine_in_every_variant(name):
    ruleset = load_ruleset(name)
    seats = ruleset["pack.seats"]
    mixed = [make_seat_policy("strong"), make_seat_policy("heuristic"), make_seat_policy("strong"),
             make_seat_policy("random")][:seats]
    compare(ruleset, [make_seat_policy("strong")] * seats, seed=515, first_deal=0, deals=300, session_length=5,
            case=f"{name}, strong")
    compare(ruleset, mixed, seed=516, first_deal=100, deals=300, case=f"{name}, strong mixed")


def test_decode_rounds_whole_numbers_and_clips_to_the_range():
    dims = dimensions()
    assert len(dims) == len([p for p in POLICIES["heuristic"].params.values() if not p.shorthand]) - len(NOT_TUNED)
    assert decode([0.0] * len(dims), dims) == {d.name: d.default for d in dims}
    far = decode([100.0] * len(dims), dims)
    assert all(far[d.name] == d.high for d in dims)
    some = decode([0.7] * len(dims), dims)
    for d in dims:
        assert d.low <= some[d.name] <= d.high
        if d.integral:
            assert some[d.name] == int(some[d.name]), d.name


TINY = ["train", "quadrille", "--seed", "5", "--deals", "60", "--iterations", "2", "--population", "4",
        "--held-out-deals", "60", "--threads", "1"]


def test_a_tiny_training_run_writes_a_file_that_loads_and_plays(tmp_path, monkeypatch, ruleset):
    out = tmp_path / "tuned.toml"
    result = runner.invoke(app, [*TINY, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "held-out seed 6" in result.output
    tuned = strong.read_strong(out)
    assert tuned.stamp["command"] == ("spadille train quadrille --seed 5 --deals 60 --iterations 2 --population 4 "
                                      "--held-out-seed 6 --held-out-deals 60")
    assert tuned.stamp["held_out_seed"] == 6 and tuned.stamp["population"] == 4
    again = tmp_path / "again.toml"
    assert runner.invoke(app, [*TINY, "--out", str(again)]).exit_code == 0
    assert again.read_text() == out.read_text()  # the same arguments, the same file
    # the file is what strong loads: built from it, strong plays legal cards, as the reference engine does
    monkeypatch.setattr(strong, "SHIPPED", out)
    spec = registry._strong_spec(POLICIES["heuristic"])
    monkeypatch.setitem(POLICIES, "strong", spec)
    compare(ruleset, [make_seat_policy("strong")] * 4, seed=9, first_deal=0, deals=200, case="tiny strong")
    assert not list(tmp_path.glob(".strong-*"))  # the atomic write left no temporary file


@pytest.mark.parametrize(("args", "message"), [
    (["--deals", "0"], "Error: --deals must be a positive whole number, not 0"),
    (["--iterations", "0"], "Error: --iterations must be a positive whole number, not 0"),
    (["--population", "1"], "Error: --population must be at least 2, not 1"),
    (["--seed", "3", "--held-out-seed", "3"], "Error: --held-out-seed must differ from --seed (3)"),
    (["--out", "/nonexistent-folder/strong.toml"], "does not exist"),
    (["--out", "strong.txt"], "must end in .toml"),
])
def test_bad_training_input_is_one_error_line_before_any_work(args, message):
    result = runner.invoke(app, ["train", "quadrille", *args])
    assert result.exit_code == 1
    assert message in result.output and result.output.count("Error:") == 1
    assert "generation" not in result.output

"""The claims checker: the shipped claim files, their citations, their verdicts, the loader's
refusals, user claims picked up without code, and `spadille claims` on the command line.

Every shipped claim runs here in small-sample mode (QUICK_SCALE); the full-size figures are
the command's business. Seed passages must stand in their seed word for word (whitespace
aside), as tests/test_ruleset.py checks the ruleset's; digest passages in the RULES.md section
they name.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from spadille.analyses.claims import (GAMES, KINDS, QUICK_SCALE, VERDICTS, ClaimError, check_claim,
                                      check_claims, load_claims)
from spadille.analyses.claims.verdict import VerdictRule, judge_interval
from spadille.analyses.quadrille.claims.counts import QUANTITIES
from spadille.analyses.quadrille.claims.simulated import METRICS
from spadille.cli import claims as claims_cli

from claim_files import RATE_WITHOUT_NOTE
from citations import REPO, RULES_DIGEST
from spadille.kernel.common.citations import digest_section, normalise

CLAIMS_DIR = REPO / "analyses" / "quadrille" / "claims" / "files"
# every game's shipped claims (analyses/<game>/claims/files/)
SHIPPED = sorted(p.stem for p in (REPO / "analyses").glob("*/claims/files/*.toml"))
EXACT_VERDICTS = {
    "enc-trumps-red": "supported",
    "enc-trumps-black": "contradicted",
    "enc-bete-remise": "supported",
    "enc-bete-codille": "supported",
    "enc-mediateur": "supported",
    "dist-true-matadors": "supported",
    "dist-trumps-red": "supported",
    "dist-trumps-black": "supported",
}
REVERSIS = tuple(stem for stem in SHIPPED if stem.startswith("r") and stem[1:].isdigit())   # r1, r2, ...: Reversis



@pytest.fixture(scope="module")
def shipped():
    return {claim.id: claim for claim in load_claims()}


@pytest.fixture(scope="module")
def quick(shipped):
    """Every shipped claim checked once in small-sample mode: one row per claim."""
    return check_claims(list(shipped.values()), seed=0, scale=QUICK_SCALE).set_index("claim")


# ---------------------------------------------------------------- the shipped files
def test_the_shipped_claims_are_the_files_of_the_folder(shipped):
    assert sorted(shipped) == SHIPPED
    for wanted in ("q15", "q16a", "q16b", "q17", "q18", "q21", "r1", "r2", *EXACT_VERDICTS):
        assert wanted in shipped


@pytest.mark.parametrize("claim_id", SHIPPED)
def test_every_passage_is_verbatim_in_its_source(shipped, claim_id):
    source = shipped[claim_id].source
    assert source.passages
    if source.seed is not None:
        seed = REPO / source.seed
        assert seed.is_file(), f"{claim_id} cites a missing seed {source.seed}"
        text = normalise(seed.read_text(encoding="utf-8"))
        for passage in source.passages:
            assert normalise(passage) in text, f"{claim_id}: passage not verbatim in {source.seed}: {passage!r}"
        return
    if source.text is not None:   # a text shipped beside the claims (Hoyle's maxims)
        text = normalise((CLAIMS_DIR / source.text).read_text(encoding="utf-8"))
        for passage in source.passages:
            assert normalise(passage) in text, f"{claim_id}: passage not verbatim in {source.text}: {passage!r}"
        return
    number = re.fullmatch(r"RULES\.md §([\d.]+)", source.digest).group(1)
    section = normalise(digest_section(RULES_DIGEST.read_text(encoding="utf-8"), number).replace("**", ""))
    for passage in source.passages:
        assert normalise(passage) in section, f"{claim_id}: passage not in RULES.md §{number}"


@pytest.mark.parametrize("claim_id", SHIPPED)
def test_every_claim_quotes_translates_and_explains(shipped, claim_id):
    claim = shipped[claim_id]
    assert claim.title and claim.quote.text and claim.quote.translation and claim.quote.language
    assert claim.game in GAMES
    if claim.kind.simulated:
        assert claim.note, "a simulated claim says in its note how the experiment reads it"
        searching = claim.experiment.policy in ("dd", "pimc")  # a second a deal: hundreds, not thousands
        assert claim.deals >= (200 if searching else 10_000)


def test_a_full_run_stays_within_a_few_minutes(shipped):
    # The kernel plays about 300,000 deals a second a core; a full run should stay near a minute
    # on two cores, counting every arm (and both actions of a compare_rules) as a played deal. The
    # card-play claims (compare_play, compare_seats: Hoyle's maxims and their kin, issue 14) add
    # about 3.8 M played deals of their own, so the budget is the 5 M of the others plus 4 M.
    played = 0
    for claim in shipped.values():
        if claim.kind.simulated:
            spec = claim.experiment
            played += claim.deals * len(spec.arms) * max(1, len(getattr(spec, "actions", ())))
    assert played <= 10_300_000


# ---------------------------------------------------------------- verdicts in small-sample mode
@pytest.mark.parametrize("claim_id", SHIPPED)
def test_every_claim_runs_and_gets_a_verdict(quick, shipped, claim_id):
    row = quick.loc[claim_id]
    assert row["verdict"] in VERDICTS and row["reason"]
    claim = shipped[claim_id]
    if claim.id in REVERSIS:
        # Played by the Reversis kernel (tests/test_reversis_claims.py checks their verdict logic).
        assert claim.kind.name == "reversis" and row["deals"] >= 200 and row["seed"] == 0
        assert f"under preset {claim.experiment.ruleset.preset}" in row["experiment"]
        assert row["policies"].startswith(f"{claim.experiment.policy} at every seat")
    elif claim.kind.simulated:
        assert row["n"] > 0 and row["deals"] >= 200 and row["tried"] >= row["deals"]
        assert row["ci_low"] <= row["estimate"] <= row["ci_high"]
        assert math.isfinite(row["ci_low"]) and math.isfinite(row["ci_high"])
        assert row["seed"] == 0 and row["policies"].startswith(f"{claim.experiment.policy}(")
    else:   # computed, not dealt: a count, or a probability summed exactly
        assert row["kind"] in ("count", "probability") and row["ci_text"] == "exact" and row["method"] == "exact"
    assert row["spadille_version"] and row["source_work"] == claim.source.work and row["source"] == claim.source.cite()


@pytest.mark.parametrize("claim_id", sorted(EXACT_VERDICTS))
def test_arithmetic_claims_get_their_exact_verdicts(quick, claim_id):
    row = quick.loc[claim_id]
    assert row["verdict"] == EXACT_VERDICTS[claim_id], row["reason"]


def test_the_black_trump_count_is_eleven_not_ten(quick):
    row = quick.loc["enc-trumps-black"]
    assert (row["estimate"], row["ci_low"], row["ci_high"]) == (11.0, 11.0, 11.0)
    assert row["reason"] == "computed 11, stated 10"
    assert quick.loc["enc-trumps-red", "estimate"] == 12.0


def test_the_counted_figures(quick):
    assert quick.loc["enc-bete-remise", "estimate_text"] == "14, 42, 56"
    assert quick.loc["enc-bete-codille", "estimate_text"] == "14, 28"
    assert quick.loc["enc-mediateur", "estimate_text"] == "13, 13, 12, 17, 16, 17"
    assert quick.loc["dist-true-matadors", "estimate_text"] == "203/494, 435/988, 135/988, 3/247"
    assert quick.loc["dist-trumps-red", "estimate_text"].startswith("0.0155, 0.0978, 0.2420")


def test_a_remise_is_free_on_the_italian_ladder_and_not_under_the_encyclopedie(quick, shipped, tmp_path):
    # The Italian page's tip, under its own game: a remise pays nobody and every seat antes again
    # alike, so the ombre pays nothing beyond the table ("senza pagare")...
    row = quick.loc["q15"]
    assert row["tested_under"] == "italian-modern (its source's own game)"
    # Every remise paid exactly 0 beyond the table, yet the interval admits the outcomes not seen
    # (stats.mean_interval): at this small sample it is too wide to call ...
    assert row["estimate"] == 0 and row["ci_low"] < 0 < row["ci_high"]
    # ... and with some 1,100 remises it lies within the claim's one chip.
    assert check_claim(shipped["q15"], seed=0, scale=0.05).verdict == "supported"
    # ... while under the Encyclopédie's rules, named by the claim, he pays the consolation and his
    # share of the bête: far from "senza pagare".
    text = (CLAIMS_DIR / "q15.toml").read_text(encoding="utf-8")
    (tmp_path / "q15-enc.toml").write_text(text.replace("[experiment]\n", "[experiment]\nruleset = \"encyclopedie-1765\"\n"),
                                           encoding="utf-8")
    enc = check_claims(load_claims(tmp_path / "q15-enc.toml", ruleset="italian-modern"), seed=0,
                       scale=QUICK_SCALE).iloc[0]
    assert enc["tested_under"] == "encyclopedie-1765 (named by the claim)"
    assert enc["verdict"] == "contradicted" and enc["ci_high"] < -5


@pytest.mark.parametrize("claim_id", SHIPPED)
def test_every_claim_shows_its_context(quick, shipped, claim_id):
    row, claim = quick.loc[claim_id], shipped[claim_id]
    assert row["quote"] == claim.quote.text and row["translation"] and row["language"]
    assert claim.quote.text in row["statement"] and claim.quote.translation in row["statement"]
    # the period work and the place in it, never the digest alone
    assert claim.source.section and row["source"].endswith(claim.source.section)
    assert not row["source"].startswith("RULES.md")
    if claim.source.seed is not None:
        # the original words themselves stand in the seed, piece by piece between ellipses
        text = normalise((REPO / claim.source.seed).read_text(encoding="utf-8"))
        for piece in (p.strip(" .,;") for p in claim.quote.text.split("…")):
            assert not piece or normalise(piece) in text, piece
    assert row["criterion"] and ("supported" in row["criterion"] or "not run" in row["criterion"])
    assert row["note"] == " ".join(claim.note.split())
    assert row["tested_under"] and row["unit"] and row["tested_under"].split(" (")[0] in row["experiment"]
    if claim.source.work == "IT":
        assert row["tested_under"].startswith("italian-modern")
    if claim.kind.simulated and claim.kind.name != "reversis" and claim.experiment.metric.name.startswith("pay"):
        assert row["criterion"].startswith("the mean payment")


def test_a_tip_about_what_pays_is_judged_by_the_paired_mean_payment(quick):
    for claim_id in ("q16a", "q16b"):
        row = quick.loc[claim_id]
        assert row["kind"] == "compare_actions" and row["unit"] == "chips a deal"
        assert "paired on the same deals" in row["criterion"] and "Solo (sans-prendre ♥) vs Alliance (ask ♥)" in row["experiment"]


def test_the_ruleset_the_claim_names_wins_then_its_works_then_the_runs(tmp_path):
    text = (CLAIMS_DIR / "q18.toml").read_text(encoding="utf-8")
    (tmp_path / "work.toml").write_text(text, encoding="utf-8")
    (tmp_path / "named.toml").write_text(text.replace("[experiment]\n", "[experiment]\nruleset = \"mediateur\"\n"),
                                         encoding="utf-8")
    # a work with no game of its own (its passages stay checked in the seed they stand in)
    (tmp_path / "run.toml").write_text(text.replace('work = "IT"', 'work = "ENC"'), encoding="utf-8")
    claims = {c.id: c for c in load_claims(tmp_path, ruleset="quadrille-a-trois")}
    assert claims["named"].experiment.ruleset.name == "mediateur"
    assert claims["work"].experiment.ruleset.name == "italian-modern"
    assert claims["run"].experiment.ruleset.name == "quadrille-a-trois"
    assert claims["run"].experiment.ruleset_reason == "the run's"


def test_a_quote_not_in_its_seed_and_an_unknown_work_are_refused(tmp_path):
    text = (CLAIMS_DIR / "q18.toml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("Guida le briscole subito", "Guida le briscole sempre", 1), encoding="utf-8")
    with pytest.raises(ClaimError, match=r"bad.toml: quote.text: the quote is not verbatim in seeds/quadrille"):
        load_claims(bad)
    bad.write_text(text.replace('work = "IT"', 'work = "XYZ"'), encoding="utf-8")
    with pytest.raises(ClaimError, match=r"bad.toml: source.work: unknown work 'XYZ'"):
        load_claims(bad)
    bad.write_text(text.replace('work = "IT"', 'work = "XYZ"\nwork_title = "A book"'), encoding="utf-8")
    assert load_claims(bad)[0].source.cite().startswith("A book, ")


def test_the_progress_total_is_the_deals_played(shipped):
    class Bar:
        def __init__(self):
            self.total, self.done = None, 0

        def __call__(self, n):
            self.done += n

        def set_total(self, total):
            self.total = total

    bar = Bar()
    chosen = [shipped[c] for c in ("q18", "q16b", "enc-trumps-red")]
    check_claims(chosen, seed=0, scale=0.003, progress=bar)
    assert bar.total == bar.done > 0


def test_a_check_is_reproducible_and_thread_count_free(shipped):
    claim = shipped["q18"]
    first = check_claim(claim, seed=3, scale=0.005, threads=1)
    again = check_claim(claim, seed=3, scale=0.005)
    assert first.estimate == again.estimate and first.verdict == again.verdict
    other = check_claim(claim, seed=4, scale=0.005)
    assert other.estimate.estimate != first.estimate.estimate


# ---------------------------------------------------------------- the verdict rule
@pytest.mark.parametrize("rule, low, high, verdict", [
    (VerdictRule("greater", than=0.0), 0.1, 0.3, "supported"),
    (VerdictRule("greater", than=0.0), -0.3, -0.1, "contradicted"),
    (VerdictRule("greater", than=0.0), -0.1, 0.3, "inconclusive"),
    (VerdictRule("less", than=0.5), 0.1, 0.3, "supported"),
    (VerdictRule("less", than=0.5), 0.6, 0.7, "contradicted"),
    (VerdictRule("less", than=0.5), 0.4, 0.6, "inconclusive"),
    (VerdictRule("equal", value=(0,), tolerance=1), -0.5, 0.5, "supported"),
    (VerdictRule("equal", value=(0,), tolerance=1), -3.0, -2.0, "contradicted"),
    (VerdictRule("equal", value=(0,), tolerance=1), -1.5, 0.5, "inconclusive"),
    (VerdictRule("greater", than=0.0), math.nan, math.nan, "inconclusive"),
])
def test_the_verdict_rule(rule, low, high, verdict):
    assert judge_interval(rule, low, high)[0] == verdict


# ---------------------------------------------------------------- faulty files
GOOD = (CLAIMS_DIR / "q17.toml").read_text(encoding="utf-8")


def refusal(tmp_path: Path, text: str) -> str:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ClaimError) as caught:
        load_claims(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    return message[len(f"{path}: "):]


@pytest.mark.parametrize("old, new, expected", [
    ('title = "Call the king of your longest suit, never of a void"\n', "",
     "title: missing key (a short statement of the claim)"),
    ("deals = 200000\n", "", "experiment.deals: missing key (default number of deals)"),
    ('kind = "compare_policies"', 'kind = "compare_moons"',
     "experiment.kind: unknown kind 'compare_moons' (choose one of: " + ", ".join(KINDS) + ")"),
    ('metric = "pay"', 'metric = "foo"',
     "experiment.metric: unknown metric 'foo' (choose one of: " + ", ".join(METRICS) + ")"),
    ("deals = 200000", 'deals = "many"', "experiment.deals: must be a whole number, not text 'many'"),
    ("than = 0", 'than = "zero"', "verdict.than: must be a number, not text 'zero'"),
    ("than = 0", "than = nan", "verdict.than: must be a finite number, not nan"),
    ("than = 0", "than = -inf", "verdict.than: must be a finite number, not -inf"),
    ("deals = 200000", "deals = 200000\ndealz = 3", "experiment.dealz: unknown key (this table takes: "),
    ("params = { call_long_suit = 0 }", "params = { call_short_suit = 0 }",
     "experiment.arms[1].params: policy 'heuristic' has no parameter 'call_short_suit'"),
    ('bid = "ask"', 'bid = "sing"', "experiment.force.bid: unknown bid 'sing' (choose one of: pass, ask, alone, demand, casco)"),
    ('game = "quadrille"', 'game = "reversis"',
     "experiment.kind: kind 'compare_policies' plays quadrille, not reversis: a reversis claim takes reversis, planned"),
    ('expect = "greater"', 'expect = "bigger"', "verdict.expect: unknown expectation 'bigger'"),
    ("passages = [\"Nell'Alliance", "passages = [\"Nell'Alleanza",
     "source.passages: not found verbatim in seeds/quadrille-come-si-gioca.txt: \"Nell'Alleanza, chiama"),
])
def test_a_faulty_file_names_the_key_and_the_problem(tmp_path, old, new, expected):
    assert old in GOOD
    assert refusal(tmp_path, GOOD.replace(old, new, 1)).startswith(expected)


def test_a_bad_condition_is_named(tmp_path):
    text = GOOD.replace("best_suit(ombre) == hearts and", "bestsuit(ombre) == hearts and", 1)
    assert refusal(tmp_path, text).startswith("experiment.condition: unknown feature 'bestsuit' (known: trumps,")


def test_a_count_must_state_as_many_figures_as_it_computes(tmp_path):
    text = (CLAIMS_DIR / "enc-mediateur.toml").read_text(encoding="utf-8").replace("value = [13, 13, 12, 17, 16, 17]",
                                                                                  "value = [13, 12, 17, 16]")
    assert refusal(tmp_path, text).startswith("verdict.value: quantity 'mediateur_payments' gives 6 figures")


def test_a_condition_too_rare_to_deal_is_named_when_run(tmp_path):
    # Not an error of the file: the claim is inconclusive, with the rate measured and the limit
    # (tests/test_claims_runs.py: the other claims of the run are still checked).
    path = tmp_path / "rare.toml"
    path.write_text(USER_RATE.replace('condition = "trumps(ombre, hearts) >= 5"', 'condition = "kings(ombre) >= 5"'),
                    encoding="utf-8")
    result = check_claim(load_claims(path)[0], seed=0)
    expected = "too rare for its sample: condition 'kings(ombre) >= 5' matched 0 of"
    assert result.verdict == "inconclusive" and result.reason.startswith(expected)
    assert "limit of 200,000,000" in result.reason and result.estimate.text == "not run"


def test_a_missing_path_and_an_empty_folder_are_refused(tmp_path):
    with pytest.raises(ClaimError, match="no such claim file or folder"):
        load_claims(tmp_path / "nope.toml")
    with pytest.raises(ClaimError, match=r"no claim files \(\*\.toml\) in this folder"):
        load_claims(tmp_path)


# ---------------------------------------------------------------- user claims, no code change
USER_RATE = RATE_WITHOUT_NOTE  # tests/claim_files.py: the same rate claim, with no note
USER_ACTIONS = '''
title = "Asking in the best suit beats passing with spadille and basto"
game = "quadrille"

[quote]
language = "fr"
text = "douze à-tous en rouge"
translation = "twelve trumps in red"

[source]
work = "ENC"
section = "le jeu de quadrille"
seed = "seeds/encyclopedie-1765-quadrille.txt"
passages = ["douze à-tous en rouge"]

[experiment]
kind = "compare_actions"
fixed = "♠A ♣A"
metric = "pay"
deals = 300

[[experiment.arms]]
label = "ask in the best suit"
bid = "ask"
trump = "best"

[[experiment.arms]]
label = "pass"
bid = "pass"

[verdict]
expect = "greater"
than = 0
'''
USER_RULES = '''
title = "The four-trick house rule costs an asking eldest"
game = "quadrille"

[quote]
language = "fr"
text = "Il y a même des maisons où il faut faire quatre mains pour ne point faire la bête seul"
translation = "There are even houses where one must make four tricks not to make the bête alone"

[source]
work = "ENC"
section = "le jeu de quadrille"
seed = "seeds/encyclopedie-1765-quadrille.txt"
passages = ["Il y a même des maisons où il faut faire quatre mains pour ne point faire la bête seul"]

[experiment]
kind = "compare_rules"
force = { bid = "ask" }
metric = "pay"
deals = 300

[[experiment.arms]]
label = "four tricks"
rules = { "payments.lone_payment_threshold" = 4 }

[[experiment.arms]]
label = "three tricks"
rules = {}

[verdict]
expect = "less"
than = 0
'''


def test_user_claims_of_every_kind_run_from_a_folder(tmp_path):
    for name, text in (("u-rate", USER_RATE), ("u-actions", USER_ACTIONS), ("u-rules", USER_RULES)):
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
    claims = load_claims(tmp_path)
    assert [c.id for c in claims] == ["u-actions", "u-rate", "u-rules"]
    frame = check_claims(claims, seed=1).set_index("claim")
    assert list(frame["n"]) == [300, 300, 300]
    assert set(frame["verdict"]) <= set(VERDICTS)
    assert 0.0 <= frame.loc["u-rate", "estimate"] <= 1.0
    assert "ask in the best suit (ask best suit)" in frame.loc["u-actions", "experiment"]


# ---------------------------------------------------------------- the command line
runner = CliRunner()


def cli_app() -> typer.Typer:
    app = typer.Typer()
    app.command("claims")(claims_cli.claims_command)
    app.command("other")(lambda: None)  # two commands, so `claims` is a subcommand as in spadille's app
    return app


def test_the_command_prints_the_verdict_table_of_a_user_folder(tmp_path):
    (tmp_path / "mine.toml").write_text(USER_RATE, encoding="utf-8")
    (tmp_path / "red.toml").write_text((CLAIMS_DIR / "enc-trumps-red.toml").read_text(encoding="utf-8"),
                                       encoding="utf-8")
    result = runner.invoke(cli_app(), ["claims", "--claims", str(tmp_path), "--seed", "2", "--threads", "1"],
                           env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("spadille ") and "seed 2 · deals scale 1 · 2 claims" in out
    for text in ("claim", "statement", "estimate", "95% CI", "verdict", "mine", "red", "300", "12", "exact",
                 "supported"):
        assert text in out


def test_the_command_runs_the_shipped_claims_quickly():
    result = runner.invoke(cli_app(), ["claims", "--quick"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "deals scale 0.01" in out and f"{len(SHIPPED)} claims" in out
    for claim_id in SHIPPED:
        assert claim_id in out
    block = out[out.index("enc-trumps-black · contradicted"):]
    assert "Verdict: contradicted: computed 11, stated 10" in block[:block.index("enc-trumps-red ·")]
    # every claim in context: both languages, the period work, the ruleset, the criterion, the note
    q15 = " ".join(out[out.index("q15 · "):out.index("q16a · ")].split())
    for text in ("“La Remise è spesso giocabile", "Remise is often playable", "Source: Quadrille: “Come si gioca”",
                 "Tested under: italian-modern (its source's own game), in chips a deal", "Criterion: the mean payment",
                 "Note: The page's remise is a gain"):
        assert text in q15, text
    assert "RULES.md: RULES.md" not in out
    assert "no reversis engine yet" not in out          # r1 and r2 are played now


def test_a_bad_claim_file_is_one_error_line(tmp_path):
    bad = tmp_path / "q16.toml"
    bad.write_text(GOOD.replace('metric = "pay"', 'metric = "foo"'), encoding="utf-8")
    result = runner.invoke(cli_app(), ["claims", "--claims", str(bad)])
    assert result.exit_code == 1
    assert result.stderr == (f"Error: {bad}: experiment.metric: unknown metric 'foo' "
                             f"(choose one of: {', '.join(METRICS)})\n")


def test_quick_and_a_scale_together_are_refused():
    result = runner.invoke(cli_app(), ["claims", "--quick", "--deals-scale", "2"])
    assert (result.exit_code, result.stderr) == (1, "Error: give either --deals-scale or --quick, not both\n")


def test_a_bad_scale_is_one_error_line(tmp_path):
    (tmp_path / "mine.toml").write_text(USER_RATE, encoding="utf-8")
    result = runner.invoke(cli_app(), ["claims", "--claims", str(tmp_path), "--deals-scale", "0"])
    assert (result.exit_code, result.stderr) == (
        1, "Error: --deals-scale must be a number above 0 and at most 1000, not 0.0\n")


# ---------------------------------------------------------------- the docs follow the registries
def test_the_docs_name_every_kind_metric_quantity_and_key():
    # the card-play kinds' keys (situations, roles) have their own page, which claims.md points to
    docs = "\n".join((REPO / "docs" / page).read_text(encoding="utf-8") for page in ("claims.md", "claims-card-play.md"))
    names = [*KINDS, *METRICS, *QUANTITIES, *GAMES]
    for kind in KINDS.values():
        names += list(kind.keys)
    for name in names:
        assert f"`{name}`" in docs, f"neither docs/claims.md nor docs/claims-card-play.md mentions `{name}`"

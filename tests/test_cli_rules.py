"""`spadille rules`: card orders and switches, with their citations."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from spadille.cli.app import app

runner = CliRunner()


def rules(*args: str):
    return runner.invoke(app, ["rules", "quadrille", *args])


def squeeze(text: str) -> str:
    return " ".join(text.split())


def test_hearts_order_and_citations(ruleset):
    result = rules("--trump", "hearts")
    assert result.exit_code == 0, result.output
    out = squeeze(result.stdout)
    assert ("Trumps ♥ hearts: 12 trumps, high to low 1. ♠A spadille 2. ♥7 manille 3. ♣A basto 4. ♥A ponto "
            "5. ♥K 6. ♥Q 7. ♥J 8. ♥2 9. ♥3 10. ♥4 11. ♥5 12. ♥6") in out
    assert "♠ spades (9) ♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2" in out
    assert "♦ diamonds (10) ♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦6 ♦7" in out
    assert "Trumps ♠" not in out  # only the suit asked for
    cited = ("ranks.red_trump", "ranks.manille_red", "ranks.red_trump_count", "ranks.black_plain", "ranks.red_plain")
    for key in cited:
        rule = ruleset.rules[key]
        assert squeeze(f"{key} — {rule.source}: “{rule.passage}”") in out


def test_black_trumps_have_eleven_and_no_ponto():
    out = squeeze(rules("--trump", "clubs").stdout)
    assert ("Trumps ♣ clubs: 11 trumps, high to low 1. ♠A spadille 2. ♣2 manille 3. ♣A basto 4. ♣K 5. ♣Q "
            "6. ♣J 7. ♣7 8. ♣6 9. ♣5 10. ♣4 11. ♣3") in out
    assert "ponto" not in out.split("Plain suits")[0]


@pytest.mark.parametrize("spelling", ["hearts", "♥", "h", "H", "coeur"])
def test_suit_spellings_agree(spelling):
    assert rules("--trump", spelling).stdout == rules("--trump", "hearts").stdout


def test_without_trump_every_allowed_suit_is_shown():
    out = rules().stdout
    assert all(f"Trumps {symbol}" in out for symbol in "♠♣♥♦")


def test_switches_are_listed_with_value_choices_and_source(ruleset):
    out = squeeze(rules("--trump", "s").stdout)
    switches = ruleset.switches()
    assert switches
    for rule in switches:
        def shown(v):
            return str(v).lower() if isinstance(v, bool) else str(v)
        line = f"{rule.key} = {shown(rule.value)}"
        if rule.choices:
            line += f" (choices: {', '.join(map(shown, rule.choices))})"
        assert squeeze(line) in out
        assert squeeze(f"{rule.source}: “{rule.passage}”") in out


@pytest.mark.parametrize("args, message", [
    (["--trump", "stars"], "unknown suit 'stars': use spades, clubs, hearts, diamonds or ♠♣♥♦ / s c h d (option --trump)"),
    (["--ruleset", "nope"], "unknown ruleset 'nope'; available: encyclopedie-1765, italian-modern, mediateur, quadrille-a-trois (option --ruleset)"),
])
def test_rules_errors(args, message):
    result = rules(*args)
    assert (result.exit_code, result.stderr, result.stdout) == (1, f"Error: {message}\n", "")


def test_a_suit_the_ruleset_forbids(tmp_path, ruleset):
    text = ruleset.text.replace('[contract.allowed_trumps]\nvalue = ["spades", "clubs", "hearts", "diamonds"]',
                                '[contract.allowed_trumps]\nvalue = ["spades", "clubs", "hearts"]')
    assert text != ruleset.text
    path = tmp_path / "no-diamonds.toml"
    path.write_text(text, encoding="utf-8")
    result = rules("--ruleset", str(path), "--trump", "d")
    assert result.exit_code == 1
    assert result.stderr == ("Error: --trump d: ruleset 'encyclopedie-1765' does not allow diamonds as trumps "
                             "(allowed: spades, clubs, hearts)\n")

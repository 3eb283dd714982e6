"""`spadille rules` with the variant rulesets: the list of rulesets, the Italian page's departures
printed first, the three-handed pack, and --rule overrides."""

from __future__ import annotations

from typer.testing import CliRunner

from spadille.cli.app import app
from spadille.kernel.quadrille.ruleset import available_rulesets, load_ruleset

runner = CliRunner()


def rules(*args: str):
    return runner.invoke(app, ["rules", "quadrille", *args])


def squeeze(text: str) -> str:
    return " ".join(text.split())


def test_list_shows_every_ruleset_with_title_and_summary():
    result = rules("--list")
    assert result.exit_code == 0, result.output
    out = squeeze(result.stdout)
    names = available_rulesets()
    assert set(names) == {"encyclopedie-1765", "quadrille-a-trois", "mediateur", "italian-modern"}
    for name in names:
        rs = load_ruleset(name)
        assert squeeze(f"{name} — {rs.title}") in out
        assert squeeze(rs.summary) in out
    # nine departures, a tenth since the Dimidiator's king of trumps became a named reading, and
    # three the list had missed (no asker's preference, no queen call, every lost Alliance alone)
    assert "Departs from the period texts on 13 points (see spadille rules quadrille --ruleset italian-modern)" in out
    assert out.count("Departs from the period texts") == 1
    assert "Trumps" not in out  # the list only


def test_italian_departures_come_first():
    result = rules("--ruleset", "italian-modern", "--trump", "h")
    assert result.exit_code == 0, result.output
    out = squeeze(result.stdout)
    rs = load_ruleset("italian-modern")
    assert out.startswith(squeeze(f"{rs.title} (italian-modern) {rs.summary} Departs from the period texts:"))
    heading = out.index("Departs from the period texts:")
    trumps = out.index("Trumps ♥ hearts")
    for line in rs.departures:
        assert heading < out.index(squeeze(line)) < trumps, line
    # the page's own card order, with the King it omits kept after ponto
    assert ("Trumps ♥ hearts: 12 trumps, high to low 1. ♠A spadille 2. ♥7 manille 3. ♣A basto 4. ♥A ponto "
            "5. ♥K 6. ♥Q 7. ♥J 8. ♥2") in out
    assert "play.matador_privilege = none (choices: led-card, none)" in out
    assert "payments.scheme = italian-pot (choices: encyclopedie, italian-pot)" in out


def test_period_rulesets_print_no_departures():
    for name in ("encyclopedie-1765", "quadrille-a-trois", "mediateur"):
        result = rules("--ruleset", name, "--trump", "s")
        assert result.exit_code == 0, result.output
        assert "Departs from the period texts" not in result.stdout
        assert squeeze(load_ruleset(name).title) in squeeze(result.stdout)


def test_a_trois_has_no_diamonds():
    out = squeeze(rules("--ruleset", "quadrille-a-trois").stdout)
    assert all(f"Trumps {symbol}" in out for symbol in "♠♣♥")
    assert "Trumps ♦" not in out and "♦ diamonds" not in out
    assert "pack.removed_suits = [diamonds] (choices: [hearts], [diamonds])" in out
    assert "“il faut donc ôter une couleur rouge toute entiere, que ce soit cœur ou carreau, n’importe”" in out


def test_a_trois_refuses_the_removed_suit_as_trumps():
    result = rules("--ruleset", "quadrille-a-trois", "--trump", "d")
    assert result.exit_code == 1
    assert result.stderr == ("Error: --trump d: ruleset 'quadrille-a-trois' does not allow diamonds as trumps "
                             "(allowed: spades, clubs, hearts)\n")


def test_a_trois_with_hearts_removed():
    result = rules("--ruleset", "quadrille-a-trois", "--rule", 'pack.removed_suits=["hearts"]',
                   "--rule", 'contract.allowed_trumps=["spades", "clubs", "diamonds"]')
    assert result.exit_code == 0, result.output
    out = squeeze(result.stdout)
    assert "Trumps ♦ diamonds: 12 trumps" in out
    assert "Trumps ♥" not in out and "♥ hearts" not in out
    assert "pack.removed_suits = [hearts]" in out


def test_a_trois_a_black_suit_cannot_be_removed():
    result = rules("--ruleset", "quadrille-a-trois", "--rule", 'pack.removed_suits=["clubs"]')
    assert result.exit_code == 1 and result.stdout == ""
    assert "is not among its choices" in result.stderr and "pack.removed_suits" in result.stderr


def test_mediateur_switches():
    out = squeeze(rules("--ruleset", "mediateur", "--trump", "c").stdout)
    assert "exchange.favourite_suit = none (choices: none, spades, clubs, hearts, diamonds)" in out
    assert "“Quadrille avec le médiateur sans couleur favorite”" in out
    assert "“les bêtes se payent comme au quadrille ordinaire”" in out

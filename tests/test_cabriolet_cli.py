"""Cabriolet on the command line: `odds cabriolet`, `simulate cabriolet`, the commands it lacks
refusing it in the registry's words, and its report section."""

from __future__ import annotations

from typer.testing import CliRunner

from spadille.analyses.rowfile import read_row_file
from spadille.cli.app import app
from spadille.cli.games import games_with

runner = CliRunner()


def _line(result) -> str:
    return " ".join(result.output.split())


def test_odds_prints_the_exact_tables():
    result = runner.invoke(app, ["odds", "cabriolet", "--players", "5"])
    assert result.exit_code == 0, result.output
    assert "201376" in result.output and "0.4985" in result.output
    dice = runner.invoke(app, ["odds", "cabriolet", "--dice"])
    assert dice.exit_code == 0 and "0.0046" in dice.output and "109" in dice.output


def test_odds_errors_are_one_line(tmp_path):
    result = runner.invoke(app, ["odds", "cabriolet", "--players", "7"])
    assert result.exit_code == 1
    assert _line(result) == ("Error: Cabriolet is played by 4 to 6 players under ruleset 'cabriolet-lacombe-1798', "
                             "not 7")
    bad = tmp_path / "bad.toml"
    from spadille.kernel.cabriolet.ruleset import DEFAULT_CABRIOLET_RULESET
    from test_cabriolet_rules import TOML

    bad.write_text(TOML.read_text(encoding="utf-8").replace('jeu = ["5-5-5"]', 'jeu = ["5-5-5", "4-5-6"]'),
                   encoding="utf-8")
    result = runner.invoke(app, ["odds", "cabriolet", "--dice", "--ruleset", str(bad)])
    assert result.exit_code == 1 and DEFAULT_CABRIOLET_RULESET
    assert "throw '4-5-6' is mapped twice ('jeu' and 'mariage_legitime')" in _line(result)
    assert len(result.output.strip().splitlines()) == 1
    result = runner.invoke(app, ["evaluate", "revertier"])
    assert result.exit_code == 1
    assert _line(result).startswith("Error: revertier has no `spadille evaluate` (a tables game deals no hand"), \
        result.output
    assert "and revertier has `spadille simulate revertier`, `spadille show revertier`" in _line(result)


def test_simulate_cabriolet_writes_rows_with_metadata(tmp_path):
    out = tmp_path / "cab.csv"
    result = runner.invoke(app, ["simulate", "cabriolet", "--deals", "400", "--seed", "3", "--players", "5",
                                 "--cover", "all", "--cover", "jeu+cabriolet", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Value of each case" in result.output
    frame, meta = read_row_file(out)
    assert len(frame) == 40 and set(frame["policy"]) == {"all", "jeu+cabriolet"}
    assert meta["seed"] == 3 and meta["game"] == "cabriolet" and meta["ruleset"] == "cabriolet-lacombe-1798"
    assert meta["policies"]["focal_covering"] == ["all", "jeu+cabriolet"] and meta["spadille_version"]


def test_simulate_cabriolet_bad_input_is_one_line():
    for args, message in [
        (["--players", "3"], "Error: Cabriolet is played by 4 to 6 players"),
        (["--cover", "mariage"], "Error: unknown covering 'mariage'"),
        (["--param", "alone_threshold=3"], "Error: cabriolet takes --param"),
    ]:
        result = runner.invoke(app, ["simulate", "cabriolet", "--deals", "20", *args])
        assert result.exit_code == 1, (args, result.output)
        assert _line(result).startswith(message), result.output


def test_quadrille_commands_refuse_cabriolet():
    from spadille.cli.games import GAMES

    for args in (["report", "cabriolet"], ["evaluate", "cabriolet", "♥K"],
                 ["solve", "cabriolet", "x", "--trump", "h", "--ombre", "eldest"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 1, (args, result.output)
        others = games_with(args[0])  # the games that do have it, from the registry (quadrille first)
        assert others[0] == "quadrille"
        verb = "has" if len(others) == 1 else "have"
        why = f" ({GAMES['cabriolet'].without[args[0]]})" if args[0] in GAMES["cabriolet"].without else ""
        assert _line(result) == (f"Error: cabriolet has no `spadille {args[0]}`{why}; {', '.join(others)} {verb} it, "
                                 "and cabriolet has `spadille simulate cabriolet`, `spadille show cabriolet`, "
                                 "`spadille rules cabriolet`, `spadille odds cabriolet`, `spadille bench cabriolet`"), \
            result.output


def test_each_game_takes_only_its_own_options():
    for args in (["simulate", "quadrille", "--deals", "10", "--players", "5"],
                 ["simulate", "cabriolet", "--deals", "10", "--policy", "random"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and "No such option" in result.output, (args, result.output)


def test_report_section():
    from spadille.reports.cabriolet.section import report_sections
    from spadille.reports.document import FigureItem, TableItem

    calls = []

    def progress(description, total):
        return lambda n: calls.append((description, n))

    sections = report_sections(seed=2, deals=4000, progress=progress)
    items = sections[0].items
    assert [type(i) for i in items].count(TableItem) == 7 and isinstance(items[-1], FigureItem)
    assert items[-1].png.startswith(b"\x89PNG") and items[4].png.startswith(b"\x89PNG")
    assert len(calls) == 9
    exchange = items[5].csv_frame()
    assert items[5].name == "cabriolet-exchange" and set(exchange["players"]) == {4, 5, 6}
    dice = items[6].csv_frame()
    assert set(dice["players"]) == {4, 5, 6} and set(dice["policy"]) == {"all", "jeu", "figures"}
    assert set(items[0].frame["players"]) == {4, 5, 6}


# here, beside simulate's tests, so that the card and dice kernels it times are compiled once
def test_bench_times_cards_and_dice():
    result = runner.invoke(app, ["bench", "cabriolet", "--rounds", "2000", "--threads", "1"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "cards" in result.output and "dice" in result.output and "rounds/s" in result.output

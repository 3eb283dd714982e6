"""Every game's kernel package has the same face: the same public module names, its rulesets in
``rulesets/``, its ruleset class on the one base of kernel/common/, and its errors for the user on
the one base the CLI catches. Where a game's face still differs, ``GAPS`` says so, and the test
fails as soon as the tree and the list disagree (a gap filled or a new one opened)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from spadille.cli.games import GAMES

REPO = Path(__file__).resolve().parent.parent
FACE = ("cards.py", "ruleset.py", "layout.py", "policies.py", "simulate.py", "reference", "rulesets")
# What a game's package lacks today, and why; nothing else may be missing.
GAPS = {
    "revertier": {"cards.py": "a tables game: no cards (its board codes are layout.py)"},
}
DATA_FILES = {"strong.toml", "learned.toml", "win_chances.toml"}   # parameter files beside the modules, not rulesets


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_the_common_module_names(game):
    folder = REPO / "kernel" / game
    missing = {name for name in FACE if not (folder / name).exists()}
    assert missing == set(GAPS.get(game, {})), game


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_games_rulesets_sit_in_rulesets(game):
    folder = REPO / "kernel" / game
    assert list((folder / "rulesets").glob("*.toml"))
    assert {path.name for path in folder.glob("*.toml")} <= DATA_FILES, game


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_games_ruleset_class_shares_the_common_base(game):
    from spadille.kernel.common.ruleset import Ruleset

    module = importlib.import_module(f"spadille.kernel.{game}.ruleset")
    classes = [value for value in vars(module).values()
               if isinstance(value, type) and issubclass(value, Ruleset) and value is not Ruleset]
    assert classes, game


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_games_policies_are_a_registry_of_named_specs(game):
    module = importlib.import_module(f"spadille.kernel.{game}.policies")
    assert module.POLICIES, game
    assert all(spec.name == name and spec.summary for name, spec in module.POLICIES.items()), game


def test_the_cli_catches_one_error_class_that_every_error_for_the_user_derives_from():
    from spadille.analyses.claims.reader import ClaimError
    from spadille.analyses.rowfile import RowFileError
    from spadille.cli.errors import reported_errors
    from spadille.kernel.common.errors import RulesetError, SimulationError, UserError
    from spadille.kernel.quadrille.cards import CardError
    from spadille.kernel.quadrille.conditions import ConditionError
    from spadille.kernel.quadrille.policies import PolicyError
    from spadille.kernel.quadrille.search.solver import SolverError
    from spadille.reports.document import ReportError

    assert reported_errors() == (UserError,)
    for error in (ClaimError, RowFileError, RulesetError, SimulationError, CardError, ConditionError, PolicyError,
                  SolverError, ReportError):
        assert issubclass(error, UserError), error

"""The registry of games: each game's name, rulesets, commands and report part, in one place.

Every game command (``spadille simulate GAME``, ``show``, ``rules``, ``odds``, ...) dispatches
through ``GAMES``: the game names a module and function under ``spadille.cli`` for each command
it supports, and that function declares the game's own options. A game without a command is
refused in one line that says which commands it has. ``spadille --help`` and each command's
help list the games from here, so adding a game means adding its folders and one entry below.

Importing this module must stay cheap: it holds names, never imports of the engines.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Callable, Mapping


@dataclass(frozen=True)
class Command:
    """A command that takes a game as its first argument."""

    name: str
    help: str
    default_game: str | None = None   # the game assumed when the first argument is not a game's name


@dataclass(frozen=True)
class Game:
    name: str
    title: str                          # one line for the help
    commands: Mapping[str, str]         # command -> "module:function" under spadille.cli
    rulesets: str                       # "module:function" returning the shipped ruleset names
    report_part: str | None = None      # a module under spadille.reports whose section joins the standard report
    # A command of WHERE_MEANINGFUL the game does without, and why (said when it is asked for).
    without: Mapping[str, str] = field(default_factory=dict)

    def command_function(self, command: str) -> Callable:
        module, function = self.commands[command].split(":")
        return getattr(importlib.import_module(f"spadille.cli.{module}"), function)

    def ruleset_names(self) -> list[str]:
        module, function = self.rulesets.split(":")
        return list(getattr(importlib.import_module(module), function)())


COMMANDS = {command.name: command for command in (
    Command("simulate", "Play many deals (or sessions) of a game and summarise them with 95% CIs."),
    Command("show", "Replay one deal of a game, move by move."),
    Command("evaluate", "Every action open to one hand, ranked with paired 95% intervals."),
    Command("solve", "Solve a deal with every card visible."),
    Command("rules", "A game's rules as data: the shipped rulesets, their switches and the passages they cite."),
    Command("odds", "Exact odds of a game's hands, by enumeration."),
    Command("report", "The main job: the strategy report, in one folder (Quadrille's report by default).",
            default_game="quadrille"),
    Command("ladder", "The strength ladder: each policy's gain a deal over a reference policy, in every seat in turn, "
                      "with paired 95% CIs and its speed."),
    Command("train", "Fit a policy's parameters into its shipped file (Quadrille's and Reversis's `strong`).",
            default_game="quadrille"),
    Command("bench", "Measure the kernels' speed (Quadrille's by default; `bench dd` times its solver).",
            default_game="quadrille"),
)}

# Every game answers these; a test fails for a game that lacks one.
EVERY_GAME = ("rules", "show", "simulate", "bench")
# Every game answers these too, or says in ``without`` why they mean nothing for it.
WHERE_MEANINGFUL = ("evaluate", "odds")

GAMES = {game.name: game for game in (
    Game(
        "quadrille",
        "the four-handed ombre of the Encyclopédie (1765), with à trois, the médiateur and an Italian ladder",
        commands={
            "simulate": "quadrille.simulate:simulate_command",
            "show": "quadrille.show:show_command",
            "evaluate": "quadrille.evaluate:evaluate_command",
            "solve": "quadrille.solve:solve_command",
            "rules": "quadrille.rules:rules_command",
            "odds": "quadrille.odds:odds_command",
            "report": "quadrille.report:report_command",
            "bench": "quadrille.bench:bench_command",
            "ladder": "quadrille.ladder:ladder_command",
            "train": "quadrille.train:train_command",
        },
        rulesets="spadille.kernel.quadrille.ruleset:available_rulesets",
    ),
    Game(
        "cabriolet",
        "cards and dice on a board of cases, as Lacombe (1798) gives it",
        commands={
            "simulate": "cabriolet.simulate:simulate_command",
            "show": "cabriolet.show:show_command",
            "rules": "cabriolet.rules:rules_command",
            "odds": "cabriolet.odds:odds_command",
            "bench": "cabriolet.bench:bench_command",
        },
        rulesets="spadille.kernel.cabriolet.ruleset:available_cabriolet_rulesets",
        report_part="cabriolet.section",
        without={"evaluate": "a hand's only choices, the one call of the exchange and playing for the jeu, follow "
                             "fixed rules; `simulate cabriolet --cover` and `--param play_threshold=N` compare the "
                             "choices a player makes before the deal on the same deals"},
    ),
    Game(
        "reversis",
        "the quinola and the espagnolette, 48 cards and the fewest points, after the Dictionnaire des jeux",
        commands={
            "simulate": "reversis.simulate:simulate_command",
            "show": "reversis.show:show_command",
            "evaluate": "reversis.evaluate:evaluate_command",
            "rules": "reversis.rules:rules_command",
            "odds": "reversis.odds:odds_command",
            "bench": "reversis.bench:bench_command",
            "ladder": "reversis.ladder:ladder_command",
            "train": "reversis.train:train_command",
        },
        rulesets="spadille.kernel.reversis.ruleset:available_reversis_rulesets",
        report_part="reversis.section",
    ),
    Game(
        "revertier",
        "révertier (reconstructed), the tables game of the Dictionnaire des jeux, completed from its relatives",
        commands={
            "simulate": "revertier.simulate:simulate_command",
            "show": "revertier.show:show_command",
            "rules": "revertier.rules:rules_command",
            "odds": "revertier.odds:odds_command",
            "bench": "revertier.bench:bench_command",
        },
        rulesets="spadille.kernel.revertier.ruleset:available_revertier_rulesets",
        report_part="revertier.section",
        without={"evaluate": "a tables game deals no hand: a decision is the play of one throw from a position of "
                             "thirty men, which `show revertier` replays throw by throw"},
    ),
)}


def games_with(command: str) -> list[str]:
    """The games that have ``command``, in registry order."""
    return [name for name, game in GAMES.items() if command in game.commands]


def missing_command_message(game: str, command: str) -> str:
    """The one line for a game that lacks a command: what it has instead, and who has this one."""
    has = [f"`spadille {other} {game}`" for other in COMMANDS if other in GAMES[game].commands]
    others = games_with(command)
    why = f" ({GAMES[game].without[command]})" if command in GAMES[game].without else ""
    return (f"{game} has no `spadille {command}`{why}; {', '.join(others) or 'no game'} "
            f"{'has' if len(others) == 1 else 'have'} it, and {game} has {', '.join(has)}")


def unknown_game_message(name: str, command: str) -> str:
    return f"unknown game {name!r} for `spadille {command}` (games: {', '.join(games_with(command))})"


def report_companions(game: str) -> list[tuple[str, str]]:
    """The other games whose report part joins ``game``'s report: (name, module under spadille.reports)."""
    return [(name, entry.report_part) for name, entry in GAMES.items() if name != game and entry.report_part]

"""The registry of experiment kinds: what ``[experiment] kind`` may name.

Each kind reads its own keys of ``[experiment]`` (an unknown key is an error), knows how to run,
and says in words what it tested: its ruleset, the unit of its estimate and the criterion of its
verdict. The docs, the CLI and the tests derive from ``KINDS``.

A game's kinds live in its own analyses package and are listed in ``games.py`` by name
("module:attribute"), imported only when a claim is read: this package imports no game. The one
kind of every game is here: ``planned``, an experiment described in words for a game with no
engine yet; it is never run and its verdict is always inconclusive, saying why.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping

from .reader import Table
from .verdict import Estimate, VerdictRule

MAX_DEALS = 10_000_000  # per claim after scaling: the dealt hands are held in memory (32 bytes a deal)

# (spec, rule, seed, deals, threads, progress) -> the estimate
Run = Callable[[Any, VerdictRule, int, int, "int | None", "Callable[[int], None] | None"], Estimate]


@dataclass(frozen=True)
class Kind:
    name: str
    summary: str
    keys: Mapping[str, str]          # its keys in [experiment] -> what they hold (docs)
    read: Callable[[Table], Any]     # -> the experiment's spec
    describe: Callable[[Any], str]   # the experiment in one line
    tested_under: Callable[[Any], tuple[str, str]]   # (ruleset or preset, why it is the one); ('', '') if none
    unit: Callable[[Any], str]       # what the estimate counts: 'jetons a deal', 'share of deals', 'exact figures'
    criterion: Callable[[Any, VerdictRule], str]     # the verdict's criterion in words
    run: Run | None = None
    simulated: bool = False          # run by a kernel, sized by `deals`
    exact: bool = False              # counts: verdict by exact equality
    runnable: bool = True
    game: str | None = None          # the game whose claims may name it (None: any)
    sample: Callable[[Any], int | None] | None = None   # a spec's default deals (None: it deals none)
    check_verdict: Callable[[Any, VerdictRule, Table], None] | None = None   # the verdict's figures against the spec
    map_classes: bool = False        # may name the decision-map classes its hands fall in ([map])
    exact_value_first: bool = False  # an exact estimate's reason leads with the value itself

    def deals_of(self, spec: Any) -> int | None:
        """The default sample size of a spec of this kind: deals played or dealt (None for counts,
        planned experiments and exact probabilities)."""
        if self.sample is not None:
            return self.sample(spec)
        return spec.deals if self.simulated else None


def run_kind(kind: Kind, spec: Any, rule: VerdictRule, seed: int, deals: int, threads: int | None,
             progress: Callable[[int], None] | None) -> Estimate:
    return kind.run(spec, rule, seed, deals, threads, progress)


PLANNED_KEYS = {
    "kind": "planned",
    "description": "the experiment in words: hands, actions or policies compared, metric",
    "condition": "the hands concerned, in words",
    "compare": "the actions or policies compared, in words (a list)",
    "metric": "what would be measured, in words",
    "deals": "the sample size intended",
}


@dataclass(frozen=True)
class PlannedExperiment:
    description: str
    condition: str | None
    compare: tuple[str, ...]
    metric: str | None
    deals: int | None


def _read_planned(table: Table) -> PlannedExperiment:
    table.only(PLANNED_KEYS)
    deals = table.integer("deals", 1, MAX_DEALS, "intended sample size") if table.has("deals") else None
    return PlannedExperiment(table.text("description", "the experiment in words"),
                             table.text("condition", "the hands concerned", required=False),
                             table.strings("compare", "what is compared", required=False),
                             table.text("metric", "what would be measured", required=False), deals)


PLANNED = Kind("planned", "an experiment described in words, not run (a game with no engine yet); always "
                          "inconclusive", PLANNED_KEYS, _read_planned, describe=lambda spec: spec.description,
               tested_under=lambda spec: ("", ""), unit=lambda spec: "",
               criterion=lambda spec, rule: "not run: the experiment is described for a game with no engine yet",
               runnable=False)


def load_entry(entry: str) -> Any:
    """The object a ``"module:attribute"`` entry names, imported now."""
    module, attribute = entry.split(":")
    return getattr(importlib.import_module(module), attribute)


class _Kinds(Mapping[str, Kind]):
    """Every kind by name: each game's (games.py, in its order), then ``planned``; the games' modules
    are imported on first use, so that importing this package stays cheap."""

    def __init__(self) -> None:
        self._kinds: dict[str, Kind] | None = None

    def _all(self) -> dict[str, Kind]:
        if self._kinds is None:
            from .games import GAMES

            kinds: dict[str, Kind] = {}
            for game in GAMES.values():
                if game.kinds is not None:
                    kinds.update(load_entry(game.kinds))
            kinds[PLANNED.name] = PLANNED
            self._kinds = kinds
        return self._kinds

    def __getitem__(self, name: str) -> Kind:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


KINDS: Mapping[str, Kind] = _Kinds()

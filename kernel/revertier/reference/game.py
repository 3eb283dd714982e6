"""One game from the start to a win, with its per-game row (docs/revertier.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from spadille.kernel.common._rng import PythonStream

from .. import layout as C
from .evaluate import pips, win_kind
from .moves import Position, start_position
from .greedy import play
from .policies import choose
from .throw import candidates

POLICY_STREAM_OFFSET = 2**40
PIP_AT = (20, 40, 80)


@dataclass
class GameRecord:
    winner: int
    starter: int
    kind: int
    rolls: int
    hits: list[int]
    pips_at: list[tuple[int, int]]              # after 20, 40, 80 throws and at the end
    positions: list[tuple[int, int, int, Position]] = field(default_factory=list)  # (mover, die1, die2, after)

    def row(self) -> list[int]:
        flat = [value for pair in self.pips_at for value in pair]
        return [self.winner, self.starter, self.kind, C.KIND_POINTS[self.kind], self.rolls, *self.hits, *flat]


def throw_die(stream: PythonStream) -> int:
    return stream.below(6) + 1


def opening(stream: PythonStream, codes) -> tuple[int, int, int]:
    """The seat that begins: one die each, thrown again while equal; and the two dice thrown."""
    while True:
        first, second = throw_die(stream), throw_die(stream)
        if first != second:
            higher = 0 if first > second else 1
            return (1 - higher if codes[C.FIRST_LOWER] else higher), first, second


def play_game(seed: int, game: int, policies: tuple[int, int], codes, keep_positions: bool = False) -> GameRecord:
    dice = PythonStream(seed, game)
    streams = [PythonStream(seed, game + (seat + 1) * POLICY_STREAM_OFFSET) for seat in (0, 1)]
    position = start_position(int(codes[C.MEN]))
    starter, first, second = opening(dice, codes)
    mover = starter
    hits = [0, 0]
    pips_at: list[tuple[int, int]] = []
    rolls, kind, winner = 0, C.KIND_UNFINISHED, -1
    kept: list[tuple[int, int, int, Position]] = []
    while rolls < C.MAX_ROLLS:
        if rolls == 0 and codes[C.OPENING_DICE]:
            die1, die2 = first, second          # start.first_roll = opening-dice: he plays the dice that chose him
        else:
            die1, die2 = throw_die(dice), throw_die(dice)
        if policies[mover] == C.POLICY_HEURISTIC:
            after = play(position, mover, die1, die2, codes)
        else:
            options = candidates(position, mover, die1, die2, codes)
            after = options[choose(policies[mover], options, position, mover, codes, streams[mover])]
        hits[mover] += after[1 - mover][C.BAR] - position[1 - mover][C.BAR]
        position = after
        rolls += 1
        if keep_positions:
            kept.append((mover, die1, die2, position))
        if rolls in PIP_AT:
            pips_at.append((pips(position[0]), pips(position[1])))
        found = win_kind(position, mover, codes)
        if found >= 0:
            kind, winner = found, mover
            break
        mover = 1 - mover
    end = (pips(position[0]), pips(position[1]))
    pips_at += [end] * (len(PIP_AT) - len(pips_at)) + [end]
    return GameRecord(winner, starter, kind, rolls, hits, pips_at, kept)

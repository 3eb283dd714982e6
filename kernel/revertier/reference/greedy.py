"""The heuristic policy: the throw played one die at a time, each move chosen by its own score
(docs/revertier.md, "Policies"). The readable twin of the kernel's _greedy.py.

A move's score reads only the position before it and the two points it touches: pips gained
(with the enemy's pips lost to a hit), blots made or covered, points made or broken, and entry
safety (the enemy's entry points closed or opened, weighed by his men waiting plus one, less my
own, weighed by mine). The move chosen for a die is the best one after which the rest of the
throw can still be played in full; of two different dice, the one whose best opening move scores
higher is played first. So every play this policy makes is one of the throw's legal
candidates (reference/throw.py).
"""

from __future__ import annotations

from .. import layout as C
from .evaluate import WEIGHTS
from .moves import Position, Side, in_no_doubling_zone, move


def _target(source: int, die: int) -> int:
    target = die if source == C.BAR else source + die
    return C.OFF if target > C.POINTS else target


def _exposed(count: int, point: int, opp: Side, codes) -> int:
    """1 if ``count`` men of mine on my ``point`` are a blot an enemy man reaches with one throw."""
    if count != 1:
        return 0
    target = C.opposite(point)
    behind = any(opp[q] > 0 for q in range(max(1, target - 12), target))
    entering = codes[C.ENTRY_MAY_HIT] and opp[C.BAR] > 0 and target <= 6
    return int(behind or entering)


def _entry_closed(landing: int, mine: int, zone: bool, codes) -> int:
    """1 if a man may not enter where the enemy has ``landing`` men and the enterer ``mine``."""
    return int(landing >= 2 or (landing == 1 and not codes[C.ENTRY_MAY_HIT]) or (mine >= 1 and zone))


def _touched(me: Side, opp: Side, point: int, change: int, hit_here: bool, codes) -> tuple[int, int, int, int]:
    """(exposed, made, enemy entries closed, my entries closed), after minus before, at my ``point``."""
    before, after = me[point], me[point] + change
    exposed = _exposed(after, point, opp, codes) - _exposed(before, point, opp, codes)
    made = int(after >= 2) - int(before >= 2)
    other = C.opposite(point)
    theirs_before = opp[other]
    theirs_after = 0 if hit_here else theirs_before
    enemy_closed = mine_closed = 0
    if 13 <= point <= 18:    # the enemy enters on his point `other`, which is my `point`
        zone = in_no_doubling_zone(opp, other, codes)
        enemy_closed = (_entry_closed(after, theirs_after, zone, codes)
                        - _entry_closed(before, theirs_before, zone, codes))
    if point <= 6:           # I enter on my `point`
        zone = in_no_doubling_zone(me, point, codes)
        mine_closed = (_entry_closed(theirs_after, after, zone, codes)
                       - _entry_closed(theirs_before, before, zone, codes))
    return exposed, made, enemy_closed, mine_closed


def move_score(me: Side, opp: Side, source: int, target: int, codes) -> int:
    hit = target != C.OFF and opp[C.opposite(target)] == 1
    pips = target - source + (C.opposite(target) if hit else 0)
    changes = []
    if source != C.BAR:
        changes.append(_touched(me, opp, source, -1, False, codes))
    if target != C.OFF:
        changes.append(_touched(me, opp, target, 1, hit, codes))
    exposed, made, enemy_closed, mine_closed = (sum(parts) for parts in zip(*changes))
    mine_waiting = me[C.BAR] - (source == C.BAR)
    entry = enemy_closed * (1 + opp[C.BAR] + hit) - mine_closed * (1 + mine_waiting)
    w_pip, w_exposed, w_made, w_closed = WEIGHTS
    return w_pip * pips - w_exposed * exposed + w_made * made + w_closed * entry


def can_play(me: Side, opp: Side, die: int, count: int, codes) -> bool:
    """Whether ``count`` more moves of ``die`` can be played one after another."""
    if count == 0:
        return True
    return any(can_play(*after, die, count - 1, codes) for _, after in _moves(me, opp, die, codes))


def _moves(me: Side, opp: Side, die: int, codes) -> list[tuple[int, tuple[Side, Side]]]:
    """(source, (me, opp) after) of every legal move of ``die``, sources ascending."""
    sources = [C.BAR] if me[C.BAR] > 0 else [p for p in range(1, C.POINTS + 1) if me[p] > 0]
    found = []
    for source in sources:
        after = move(me, opp, source, die, codes)
        if after is not None:
            found.append((source, after))
    return found


def best_move(me: Side, opp: Side, die: int, codes, need_die: int = 0, need_count: int = 0):
    """(score, (me, opp) after) of the best legal move of ``die`` that leaves ``need_count`` moves
    of ``need_die`` playable, the lowest source on ties; None when there is none."""
    best = None
    for source, after in _moves(me, opp, die, codes):
        if not can_play(*after, need_die, need_count, codes):
            continue
        value = move_score(me, opp, source, _target(source, die), codes)
        if best is None or value > best[0]:
            best = (value, after)
    return best


def _play_sides(me: Side, opp: Side, die1: int, die2: int, codes) -> tuple[Side, Side]:
    if die1 == die2:
        deepest = next((k for k in range(int(codes[C.DOUBLET_MOVES]), 0, -1) if can_play(me, opp, die1, k, codes)), 0)
        for step in range(deepest):
            _, (me, opp) = best_move(me, opp, die1, codes, die1, deepest - step - 1)
        return me, opp
    high, low = max(die1, die2), min(die1, die2)
    opening_high = best_move(me, opp, high, codes, low, 1)
    opening_low = best_move(me, opp, low, codes, high, 1)
    if opening_high is not None or opening_low is not None:
        # both dice are played: the die whose best opening move scores higher goes first (the
        # higher die on a tie), then the best move of the other die
        if opening_low is None or (opening_high is not None and opening_high[0] >= opening_low[0]):
            return best_move(*opening_high[1], low, codes)[1]
        return best_move(*opening_low[1], high, codes)[1]
    with_high, with_low = best_move(me, opp, high, codes), best_move(me, opp, low, codes)
    if codes[C.ONE_DIE_EITHER] and with_high is not None and with_low is not None:
        return with_high[1] if with_high[0] >= with_low[0] else with_low[1]
    chosen = with_high or with_low
    return chosen[1] if chosen is not None else (me, opp)


def play(position: Position, mover: int, die1: int, die2: int, codes) -> Position:
    """The position after the mover plays the throw (die1, die2) by this policy."""
    me, opp = position[mover], position[1 - mover]
    mine, theirs = _play_sides(me, opp, die1, die2, codes)
    if codes[C.ENTRY_WHOLE_TURN] and me[C.BAR] > 0 and mine[C.BAR] > 0:
        mine, theirs = me, opp    # not every waiting man entered: nothing is played
    return (mine, theirs) if mover == 0 else (theirs, mine)

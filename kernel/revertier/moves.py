"""The kernel's candidates for one throw from one board, as Python can ask for them (tests, show).

``legal_boards(ruleset, board, mover, die1, die2)`` -> int8[n, 2, 27]: the boards (seat 0 first)
the mover may leave, in the sorted order both engines share (docs/revertier.md).
"""

from __future__ import annotations

import numpy as np

from spadille.kernel.common.errors import SimulationError

from .ruleset import RevertierRuleset


def legal_boards(ruleset: RevertierRuleset, board: np.ndarray, mover: int, die1: int, die2: int,
                 workspace=None) -> np.ndarray:
    from ._board import SLOTS, WIDTH
    from ._moves import CAPACITY, OUT, generate, make_workspace, sorted_order

    board = np.asarray(board, dtype=np.int8)
    if board.shape != (2, SLOTS) or mover not in (0, 1) or not (1 <= die1 <= 6 and 1 <= die2 <= 6):
        raise SimulationError("a board is int8[2, 27], the mover 0 or 1 and each die 1 to 6")
    ws = workspace if workspace is not None else make_workspace()
    start = np.concatenate([board[mover], board[1 - mover]])
    n = generate(ws, start, die1, die2, ruleset.codes(), np.zeros(WIDTH, np.int8), np.zeros(4, np.uint64))
    order, spare = np.zeros(CAPACITY, np.int64), np.zeros(CAPACITY, np.int64)
    sorted_order(ws, n, order, spare)
    found = ws[0][OUT, order[:n]].reshape(n, 2, SLOTS)
    return found if mover == 0 else found[:, ::-1, :].copy()

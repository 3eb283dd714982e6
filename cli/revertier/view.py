"""Text views of Révertier: tables of figures and the board after a throw."""

from __future__ import annotations

from spadille.cli import frame_tables

STYLE = {"places": 4}


def frame_table(frame, title: str):
    return frame_tables.frame_table(frame, title, **STYLE)


def one_row_table(row: dict, title: str):
    """A one-row frame as measure | value lines, so it reads in 80 columns."""
    return frame_tables.one_row_table(row, title, **STYLE)


def _opposite(point: int) -> int:
    return (point + 11) % 24 + 1


def board_text(board) -> list[str]:
    """The board in seat 0's track numbers: X = seat 0's men, O = seat 1's (on seat 1's point
    opposite(p)); then both bars, men off and pips."""
    board = [[int(x) for x in side] for side in board]

    def cell(n: int) -> str:
        return f"{n:>3}" if n else "  ."

    lines = []
    for points in (range(1, 13), range(13, 25)):
        lines.append("  point " + "".join(f"{p:>3}" for p in points))
        lines.append("      X " + "".join(cell(board[0][p]) for p in points))
        lines.append("      O " + "".join(cell(board[1][_opposite(p)]) for p in points))
    pips = [25 * side[0] + sum(side[p] * (25 - p) for p in range(1, 25)) for side in board]
    lines.append(f"  bar X {board[0][0]} O {board[1][0]} · off X {board[0][25]} O {board[1][25]}"
                 f" · pips X {pips[0]} O {pips[1]}")
    return lines

"""The ruleset's switch values as small integers, in one int64 array that every kernel takes as an
argument (never a global), and the layout of a position that both engines share.

Plain Python, no numba: the reference engine and the command line read the same codes.
"""

from __future__ import annotations

# Indices into the rule-code array.
MEN = 0               # men per player, 1..15
FIRST_LOWER = 1       # 1: the lower die begins
DOUBLET_MOVES = 2     # 4 or 2
ONE_DIE_EITHER = 3    # 1: any one die may be played when both cannot
ZONE = 4              # ZONE_FIRST_12, ZONE_WITH_START, ZONE_UNTIL_12TH
PRIME_LIMIT = 5       # 1: at most five consecutive made points unless the opponent has one man left
ENTRY_MAY_HIT = 6     # 1: a man entering may hit a lone enemy man
ENTRY_WHOLE_TURN = 7  # 1: unless every waiting man enters, nothing is played
OVERTHROW = 8         # 1: from-highest; 0: exact
SPECIAL = 9           # 1: Fiske's four winning positions
JAN = 10              # JAN_NONE, JAN_COTTON, JAN_FISKE
BLOCKED_WIN = 11      # 1: leaving the opponent no move for any die wins (BERM-R)
OPENING_DICE = 12     # 1: the first player plays the two single dice of the throw for first play
N_CODES = 13

ZONE_FIRST_12, ZONE_WITH_START, ZONE_UNTIL_12TH = 0, 1, 2
JAN_NONE, JAN_COTTON, JAN_FISKE = 0, 1, 2

ZONE_NAMES = {"first-12": ZONE_FIRST_12, "first-12-with-start": ZONE_WITH_START,
              "first-11-until-12th": ZONE_UNTIL_12TH}
JAN_NAMES = {"none": JAN_NONE, "cotton": JAN_COTTON, "fiske": JAN_FISKE}

# A position: int8[2, 27] per player in his own track coordinates:
#   [p, BAR] men waiting to enter, [p, 1..24] men on track point 1..24, [p, OFF] men borne off,
#   [p, REACHED_12] 1 once one of his men has landed on point 12 (Fiske's zone).
BAR = 0
OFF = 25
REACHED_12 = 26
SLOTS = 27
POINTS = 24
HOME_FIRST = 19       # the last six points, 19..24, are where men bear off from

# Kinds of win (per-game rows).
KIND_SINGLE, KIND_SPECIAL, KIND_JAN, KIND_UNFINISHED, KIND_BLOCKED = 0, 1, 2, 3, 4
KIND_NAMES = ("single", "special", "jan", "unfinished", "blocked")
KIND_POINTS = (1, 1, 2, 0, 1)

# Policies.
# heuristic chooses die by die (reference/greedy.py); heuristic-full scores every distinct play of
# the throw with the same four terms, as a whole position (reference/evaluate.py).
POLICY_RANDOM, POLICY_HEURISTIC, POLICY_EXPECTIMAX, POLICY_HITTER, POLICY_RUNNER, POLICY_HEURISTIC_FULL = range(6)
POLICY_NAMES = ("random", "heuristic", "expectimax", "hitter", "runner", "heuristic-full")

# A game that runs this many throws is recorded as unfinished (never seen in practice).
MAX_ROLLS = 4000


def opposite(point: int) -> int:
    """The opponent's track number of my track point 1..24: the piles stand in diagonally opposite
    corners, so my point 1 is his point 13."""
    return (point + 11) % 24 + 1


def start_side(men: int) -> list[int]:
    """One player's 27 slots at the start: every man on his point 1."""
    return [men if slot == 1 else 0 for slot in range(SLOTS)]

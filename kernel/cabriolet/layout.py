"""Integer codes and array layouts shared by the kernels, their wrappers, the analyses and the
reference engine: the rule vectors the session kernels take, and the columns of what they write.

Plain Python, no numba (the kernels read these as compile-time constants). The card game's
session rows (``OUT_*``), the dice game's (``DICE_*``) and the counts of holdings (``COL_*``)
are int64 columns; a session row holds sums over the session's rounds.
"""

from __future__ import annotations

# cases.CASES: the eight figure cases, then the jeu; the dice game's outcomes are the same, then OTHER
MARIAGE, CONFIANCE, CONFIDENCE, INFIDELITE, CONFERENCE, SECRET, CONFIDENS, CABRIOLET, JEU, OTHER = range(10)
N_CASES = 9
N_OUTCOMES = 10
FIGURE_CASES = 7         # cases 0..6 are declared in turn and may be opposed
MAX_PLAYERS = 6

# ---------------------------------------------------------------- counts of holdings (_deal.count_holdings)
N_HOLDINGS = 9           # the eight figure cases and the four aces (cases.HOLDINGS)
# per seat has [0, 6*9), then someone has, two or more hold, deals
COL_SOMEONE = MAX_PLAYERS * N_HOLDINGS
COL_OPPOSED = COL_SOMEONE + N_HOLDINGS
COL_DEALS = COL_OPPOSED + N_HOLDINGS
N_COUNT_COLS = COL_DEALS + 1

# ---------------------------------------------------------------- the card game's sessions (_session)
# rule vector (int64), built by simulate.rule_vector
R_STAKE, R_RESTAKE_EVERY, R_CONFIANCE_SAME, R_PARTS, R_SWEEP_ALL, R_ACES_ANY, R_ACES_PAY, R_OPPOSITION, \
    R_OPPOSER_COVER, R_ELDEST_ONLY, R_MOST_TRICKS, R_MUST_TRUMP, R_EXCHANGE = range(13)
N_RULES = 13

# output columns per session and variant (int64)
OUT_NET = 0              # [0, 6): net jetons of each seat (by seat, not position)
OUT_CASE = 6             # [6, 15): the focal seat's net from each case (collected - staked)
OUT_ACES = 15            # focal: jeu taken with the four aces + payments received - paid
OUT_PENALTY = 16         # focal: jetons put on the jeu after losing the play (<= 0)
OUT_LEFTOVER = 17        # what is left on the board at the end of the session
OUT_PLAYED = 18          # rounds the focal seat played for the jeu
OUT_WON = 19             # ... and won
OUT_CABRIOLETS = 20      # rounds ended by three jacks (any seat)
OUT_PLAYS = 21           # rounds where someone played for the jeu
OUT_COLLECTS = 22        # [22, 31): the focal seat's collections of each case (times)
OUT_EXCHANGES = 31       # exchanges made at the table (declare.exchange = one-call)
N_OUT = 32

# ---------------------------------------------------------------- the dice game's sessions (_dice_session)
# rule vector (int64), built by simulate.dice_rule_vector
D_STAKE, D_RESTAKE_EVERY, D_SWEEP_ALL, D_COLLECT_ANY, D_OTHER_PAY = range(5)
N_DICE_RULES = 5

# output columns per session and variant (int64)
DICE_NET = 0             # [0, 6): net jetons of each seat (by seat)
DICE_FOCAL = 6           # [6, 16): the focal seat's net from the throws of each outcome (anyone's throws)
DICE_FOCAL_STAKED = 16   # the focal seat's stakes on covered cases (<= 0); NET[0] = FOCAL sum + this
DICE_THROWER = 17        # [17, 27): the thrower's gain on throws of each outcome (any seat)
DICE_THROWS = 27         # [27, 37): throws of each outcome (any seat)
DICE_BOARD = 37          # [37, 46): what is on each case at the end of the session
DICE_STAKED = 46         # jetons staked on covered cases by all players
DICE_TO_BOARD = 47       # jetons put on the board by the throws (other, confidens rest, jeu restake)
DICE_FROM_BOARD = 48     # jetons taken off the board by the throws
DICE_FOCAL_THROWS = 49   # throws made by the focal seat
DICE_CABRIOLETS = 50     # parties won by cabriolets
DICE_ROUNDS_CUT = 51     # rounds ended early by cabriolets
N_DICE_OUT = 52

"""What the deal loop keeps of a deal in play for its players: the observation a deciding player
gets (layout O_*), where each seat's card-play rules start, the record of the vole point.

The trick loop (_engine.play_hands) writes the observation a trick at a time: the trick's number
and leader when it starts, the rest (fill_obs) only when a player has a choice to make.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import ZERO, bit, lowest

from . import layout as L
from ._card_play import rules_of_role

# -1 and 0 as int64, not as int literals: numba compiles a callee once more for every literal value
# a call site passes it (and for the literal a variable starts from, before it widens), so the
# deal loop passes these instead wherever it starts a variable or passes a constant.
NONE = np.int64(-1)
NIL = np.int64(0)


@njit(cache=True, _nrt=False)
def fill_obs(obs, seat, n_in_trick, best_pos, best_seat, friend, called_seen, gone, contract, ombre):
    """The deciding player's part of the observation; O_TRICK and O_LEADER are the trick's, written
    when it starts."""
    obs[L.O_SEAT] = seat
    # Only the ombre knows he called his own card; to the others it is a called game.
    obs[L.O_CONTRACT] = L.CALLED if contract == L.SELF_CALLED and seat != ombre else contract
    obs[L.O_N_IN_TRICK] = n_in_trick
    obs[L.O_BEST_POS] = best_pos
    obs[L.O_BEST_SEAT] = best_seat
    known = -1
    if friend >= 0 and (seat == friend or called_seen):
        known = friend
    obs[L.O_FRIEND_KNOWN] = known
    obs[L.O_GONE] = np.int64(gone)


@njit(cache=True, _nrt=False)
def rules_of_seat(obs, seat, friend, contract, ombre):
    """Where ``seat``'s card-play rules start in its row (_card_play.rules_of_role), from what it
    sees at the start of play: its role is fixed from there to the end of the deal."""
    fill_obs(obs, seat, NIL, NONE, NONE, friend, np.bool_(False), ZERO, contract, ombre)
    return rules_of_role(L.CARD_RULES, obs)


@njit(cache=True, _nrt=False)
def _natural(ordered, trump, card_of_pos):
    """The natural mask of an ordered mask under ``trump``."""
    out = ZERO
    rest = ordered
    while rest != ZERO:
        pos = lowest(rest)
        rest ^= bit(pos)
        out |= bit(card_of_pos[trump, pos])
    return out


@njit(cache=True, _nrt=False)
def note_vole_point(res, decider, hand, gone, called_seen, trump, card_of_pos):
    """Record the vole point as ``decider`` meets it (COL_VOLE_*): his cards, the cards gone,
    whether the called card has appeared (or there is none to wait for)."""
    res[L.COL_VOLE_DECIDER] = decider
    res[L.COL_VOLE_HAND] = np.int64(_natural(hand, trump, card_of_pos))
    res[L.COL_VOLE_GONE] = np.int64(_natural(gone, trump, card_of_pos))
    res[L.COL_VOLE_SEEN] = 1 if called_seen else 0

"""The deal loop's policy dispatch for a card and for the vole, specialised at compile time.

``search`` (the name kept from when it told searching alone) is a Kinds pair: which players a run
compiles. Its ``search`` is None in runs where no seat searches, an int64 where some seat plays dd
or pimc; its ``learned`` is None unless some seat plays learned. numba compiles the deal loop once
per type of the pair, and a None half never refers to what it leaves out: a run of random or
heuristic players neither compiles nor loads the double-dummy solver (it and the world sampler
cost about 100 s to compile cold) nor the learned scorer (about 20 s). Its ``roles`` is None unless
some seat has a role another policy plays or a situation: ``role_play`` then never names the
situation test (``_situations.play_of``, about a sixth of a cold heuristic run's compile).
"""

from typing import NamedTuple

import numpy as np
from numba import types
from numba.extending import overload

from . import layout as L
from ._policies import choose_card, choose_card_unlearned, choose_vole
from ._situations import play_of
from .search._players import dd_card, dd_vole, pimc_card, pimc_vole


class Kinds(NamedTuple):
    """Which players a run needs compiled: each None where no seat plays it, np.int64(1) where one does."""

    search: object
    learned: object
    roles: object


def kinds_of(policies) -> Kinds:
    """The Kinds of the seat policies ``policies`` (every variant's, for a paired comparison)."""
    policies = tuple(policies)
    return Kinds(np.int64(1) if any(p.searches for p in policies) else None,
                 np.int64(1) if any(p.plays("learned") for p in policies) else None,
                 # the seats whose row says PLAYS_BY_ROLE (policies.kernel_arrays)
                 np.int64(1) if any(p.roles or p.situation for p in policies) else None)


def _card_chooser(search):
    """choose_card, or the version without the learned player when no seat plays it."""
    if isinstance(search.types[Kinds._fields.index("learned")], types.NoneType):
        return choose_card_unlearned
    return choose_card


def _searches(search) -> bool:
    return not isinstance(search.types[Kinds._fields.index("search")], types.NoneType)


def _plays_by_role(search) -> bool:
    return not isinstance(search.types[Kinds._fields.index("roles")], types.NoneType)


def role_play(search, params, pid, obs, hand, pack_ord, pos_of_card, card_of_pos, block_of_pos, block_mask, vole):
    """``_situations.play_of``'s (policy id, start of the card-play rules, whether the situation held),
    or, in a run where no seat plays by role, its answer for such a seat without the call. Jitted only,
    through the overload below."""
    raise NotImplementedError("role_play runs inside the jitted deal loop only")


@overload(role_play, inline="always")
def _role_play(search, params, pid, obs, hand, pack_ord, pos_of_card, card_of_pos, block_of_pos, block_mask, vole):
    if not _plays_by_role(search):
        # what play_of answers for a row with PLAYS_BY_ROLE = 0, which every row of such a run has
        def own(search, params, pid, obs, hand, pack_ord, pos_of_card, card_of_pos, block_of_pos, block_mask, vole):
            return pid, L.CARD_RULES, False
        return own

    def by_role(search, params, pid, obs, hand, pack_ord, pos_of_card, card_of_pos, block_of_pos, block_mask, vole):
        return play_of(params, pid, obs, hand, pack_ord, pos_of_card, card_of_pos, block_of_pos, block_mask, vole)
    return by_role


def decide_card(search, pid, params, base, seat, legal, hands, start_ord, played, n_seats, obs, ombre, friend, called,
                trump, pack_ord, rules, pos_of_card, block_of_pos, block_mask, top_pos, compress8, dd_table,
                dd_shapes, values, rng):
    """The card ``seat`` plays (ordered position). Jitted only, through the overload below."""
    raise NotImplementedError("decide_card runs inside the jitted deal loop only")


def decide_vole(search, pid, params, base, seat, hands, start_ord, played, n_seats, obs, ombre, friend, called, trump,
                pack_ord, rules, pos_of_card, block_of_pos, block_mask, top_pos, compress8, dd_table, dd_shapes, rng):
    """1 if ``seat`` undertakes the vole. Jitted only, through the overload below."""
    raise NotImplementedError("decide_vole runs inside the jitted deal loop only")


@overload(decide_card, inline="always")
def _decide_card(search, pid, params, base, seat, legal, hands, start_ord, played, n_seats, obs, ombre, friend, called,
                 trump, pack_ord, rules, pos_of_card, block_of_pos, block_mask, top_pos, compress8, dd_table,
                 dd_shapes, values, rng):
    choose = _card_chooser(search)
    if not _searches(search):
        def light(search, pid, params, base, seat, legal, hands, start_ord, played, n_seats, obs, ombre, friend, called,
                  trump, pack_ord, rules, pos_of_card, block_of_pos, block_mask, top_pos, compress8, dd_table,
                  dd_shapes, values, rng):
            return choose(pid, params, base, hands[seat], legal, obs, pack_ord, block_of_pos, block_mask, rng)
        return light

    def searching(search, pid, params, base, seat, legal, hands, start_ord, played, n_seats, obs, ombre, friend, called,
                  trump, pack_ord, rules, pos_of_card, block_of_pos, block_mask, top_pos, compress8, dd_table,
                  dd_shapes, values, rng):
        if pid == L.POLICY_DD:
            return dd_card(params, seat, legal, hands[:n_seats], obs, ombre, friend, trump, rules, block_of_pos,
                           block_mask, top_pos, compress8, dd_table, dd_shapes, values)
        if pid == L.POLICY_PIMC:
            for other in range(n_seats):
                played[other] = start_ord[other] ^ hands[other]
            return pimc_card(params, seat, legal, hands[:n_seats], played[:n_seats], obs, called, pack_ord, rules,
                             pos_of_card, block_of_pos, block_mask, top_pos, compress8, dd_table, dd_shapes, rng)
        return choose(pid, params, base, hands[seat], legal, obs, pack_ord, block_of_pos, block_mask, rng)
    return searching


@overload(decide_vole)
def _decide_vole(search, pid, params, base, seat, hands, start_ord, played, n_seats, obs, ombre, friend, called, trump,
                 pack_ord, rules, pos_of_card, block_of_pos, block_mask, top_pos, compress8, dd_table, dd_shapes, rng):
    if not _searches(search):
        def light(search, pid, params, base, seat, hands, start_ord, played, n_seats, obs, ombre, friend, called, trump,
                  pack_ord, rules, pos_of_card, block_of_pos, block_mask, top_pos, compress8, dd_table, dd_shapes,
                  rng):
            return choose_vole(pid, params, base, hands[seat], obs, pack_ord, block_mask, rng)
        return light

    def searching(search, pid, params, base, seat, hands, start_ord, played, n_seats, obs, ombre, friend, called, trump,
                  pack_ord, rules, pos_of_card, block_of_pos, block_mask, top_pos, compress8, dd_table, dd_shapes,
                  rng):
        if pid == L.POLICY_DD:
            return dd_vole(hands[:n_seats], obs, seat, ombre, friend, trump, rules, block_of_pos, block_mask,
                           top_pos, compress8, dd_table, dd_shapes)
        if pid == L.POLICY_PIMC:
            for other in range(n_seats):
                played[other] = start_ord[other] ^ hands[other]
            return pimc_vole(params, seat, hands[:n_seats], played[:n_seats], obs, called, pack_ord, rules,
                             pos_of_card, block_of_pos, block_mask, top_pos, compress8, dd_table, dd_shapes, rng)
        return choose_vole(pid, params, base, hands[seat], obs, pack_ord, block_mask, rng)
    return searching

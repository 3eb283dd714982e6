"""The deal loop's policy dispatch for a card and for the vole, specialised at compile time.

``search`` is None in runs where no seat searches, and an int64 where some seat plays dd or
pimc. numba compiles the deal loop once per type of ``search``; the None version never
refers to the double-dummy solver, so a run of random or heuristic players neither compiles
nor loads it (the solver and the world sampler cost about 100 s to compile cold).
"""

from numba import types
from numba.extending import overload

from . import layout as L
from ._policies import choose_card, choose_vole
from .search._players import dd_card, dd_vole, pimc_card, pimc_vole


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
    if isinstance(search, types.NoneType):
        def light(search, pid, params, base, seat, legal, hands, start_ord, played, n_seats, obs, ombre, friend, called,
                  trump, pack_ord, rules, pos_of_card, block_of_pos, block_mask, top_pos, compress8, dd_table,
                  dd_shapes, values, rng):
            return choose_card(pid, params, base, hands[seat], legal, obs, pack_ord, block_of_pos, block_mask, rng)
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
        return choose_card(pid, params, base, hands[seat], legal, obs, pack_ord, block_of_pos, block_mask, rng)
    return searching


@overload(decide_vole)
def _decide_vole(search, pid, params, base, seat, hands, start_ord, played, n_seats, obs, ombre, friend, called, trump,
                 pack_ord, rules, pos_of_card, block_of_pos, block_mask, top_pos, compress8, dd_table, dd_shapes, rng):
    if isinstance(search, types.NoneType):
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

"""The decision maps (and so the strength ladder built of them) block by block, through a runner.

A decision map is a sum: each deal adds its focal seats' payments, products of payments and
counts to int64 cells of its hand class (``decision_maps.accumulate``), and batches of any size
give the same sums. ``map_block`` is what a worker runs: the serial map over deals
[first_deal, first_deal + deals) of the seed, returning only its sums. ``map_stats_on`` adds the
blocks' sums in block order, so a map on 1, 2 or 64 workers holds exactly the sums of the run
in this process.
"""

from __future__ import annotations

from typing import Callable, Sequence

from spadille.analyses.distributed.blocks import plan_blocks

MAP_BLOCK = 32_768       # deals a block of a heuristic map (each replayed under every action: about 4 s)
SEARCH_BLOCK = 8         # deals a block when a seat searches (dd: seconds, pimc: tens of seconds)


def map_block(ruleset, policies, focal_seats, rotate: bool, seed: int, first_deal: int, deals: int):
    """One block on a worker: the map's int64 sums over its deals (decision_maps.MapSums, the serial kernel)."""
    from .decision_maps import map_sums

    sums, _done, _interrupted = map_sums(ruleset, tuple(policies), tuple(focal_seats), rotate, seed, first_deal,
                                         deals, threads=None)
    return sums


def default_block_deals(policies) -> int:
    return SEARCH_BLOCK if any(p.searches for p in policies) else MAP_BLOCK


def map_stats_on(runner, sums, ruleset, policies: Sequence, focal_seats: Sequence[int], rotate: bool,
                 seed: int, first_deal: int, deals: int,
                 progress: Callable[[int], None] | None = None) -> tuple[int, bool, list[list[int]]]:
    """Add the map of deals [first_deal, first_deal + deals) into ``sums`` (decision_maps.MapSums), block by block on
    ``runner``: (deals done, interrupted, the deal ranges done)."""
    size = runner.block_deals or default_block_deals(policies)
    blocks = plan_blocks(first_deal, deals, size)
    common = (ruleset, tuple(policies), tuple(focal_seats), rotate, seed)
    items = [(*common, block.start, block.deals) for block in blocks]
    warm = (*common, first_deal, 1) if runner.distributed else None
    done = 0
    ranges: list[list[int]] = []

    def take(index: int, block_sums) -> None:
        nonlocal done, sums
        block = blocks[index]
        sums += block_sums            # in place (MapSums.__iadd__): the caller's sums
        done += block.deals
        if ranges and ranges[-1][1] == block.start:
            ranges[-1][1] = block.stop
        else:
            ranges.append([block.start, block.stop])
        if progress is not None:
            progress(block.deals)

    try:
        runner.map(map_block, items, take, warm_up=warm)
    except KeyboardInterrupt:
        return done, True, ranges
    return done, False, ranges

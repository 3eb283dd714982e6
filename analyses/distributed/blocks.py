"""Fixed blocks of deals: the unit of work a runner hands to a worker.

A block is a half-open range [start, stop) of deal numbers. Blocks never straddle a session
(a run of deals that share a table), so each block replays exactly the deals, and the play, of
the same range in an in-process run.
"""

from __future__ import annotations

from dataclasses import dataclass

from spadille.kernel.common.errors import SimulationError


@dataclass(frozen=True)
class Block:
    index: int
    start: int
    stop: int

    @property
    def deals(self) -> int:
        return self.stop - self.start


def plan_blocks(first_deal: int, deals: int, block_deals: int, session_length: int = 1) -> list[Block]:
    """Blocks of ``block_deals`` deals from ``first_deal`` (the last one shorter), in order."""
    if block_deals < 1 or block_deals % session_length:
        raise SimulationError(f"--block-deals {block_deals} must be a positive multiple of the session length "
                              f"{session_length}")
    return [Block(index, start, min(start + block_deals, first_deal + deals))
            for index, start in enumerate(range(first_deal, first_deal + deals, block_deals))]


def rounded_block(block_deals: int, multiple: int) -> int:
    """``block_deals`` rounded up to a multiple of ``multiple`` (a chunk or a session), at least one."""
    return max(multiple, -(-block_deals // multiple) * multiple)

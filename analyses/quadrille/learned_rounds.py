"""Training the learned player end to end: rounds of positions labelled by pimc, then the fit.

Round 0 plays the training deals with ``strong`` as the learner (one team of each deal, pimc the
other: learned_data.py); every later round plays them with the learned player fitted on all the
rounds before (DAgger: the positions the player itself reaches against pimc, labelled by pimc). The
weights after the last round are fitted on every round's positions, less the held-out deals (one in
ten, by a hash of the deal), on which the stamp measures them: the mean regret a decision (pimc's
best value less the value of the card chosen, in tricks of the side's total as pimc scores them)
of the learned player, of strong and of the lowest legal card, on the last round's held-out positions.

Each round labels the same mix of rulesets and contracts (``MIX``, scaled to ``deals`` a round):
mostly the Encyclopédie's, the lone hand and forced spadille well above their share of play so
that their roles have positions enough, and the variants' contracts too. A round's deals are the
first of each stratum among deals ``round * ROUND_STRIDE ...`` of ``seed``, so rounds never share
a deal. The blocks go through a runner (analyses/distributed: in-process, or a Dask cluster with
``--scheduler``); a block's positions depend only on its arguments, so the weights are the same
on any runner. Between rounds the weights pass through the file's rounding, as the next round's
learner and the shipped file read them alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from spadille.kernel.quadrille import layout as L

from .learned_data import Stratum, label_block, screen_deals
from .learned_training import Design, choices, featurize, fit, read_block, regret

RULESETS = ("encyclopedie-1765", "quadrille-a-trois", "mediateur", "italian-modern")
MIX = (
    Stratum("encyclopedie-1765", L.CALLED, 1200), Stratum("encyclopedie-1765", L.SANS_PRENDRE, 1200),
    Stratum("encyclopedie-1765", L.FORCED, 500),
    Stratum("quadrille-a-trois", L.SANS_PRENDRE, 150), Stratum("quadrille-a-trois", L.FORCED, 150),
    Stratum("quadrille-a-trois", L.DEMANDED, 200),
    Stratum("mediateur", L.CALLED, 150), Stratum("mediateur", L.DEMANDED, 200), Stratum("mediateur", L.SANS_PRENDRE, 100),
    Stratum("italian-modern", L.CALLED, 150), Stratum("italian-modern", L.DEMANDED, 100),
    Stratum("italian-modern", L.CASCO_GAME, 150), Stratum("italian-modern", L.SANS_PRENDRE, 50),
)
MIX_DEALS = sum(s.deals for s in MIX)
ROUND_STRIDE = 10_000_000
HELD_OUT = 10          # one deal in HELD_OUT is held out of the fit
BLOCK_DEALS = 25


@dataclass(frozen=True)
class LabelBlock:
    round: int
    ruleset: str
    contract: int
    index: int
    deals: tuple[int, ...]

    @property
    def name(self) -> str:
        return f"round{self.round}-{self.ruleset}-{L.CONTRACT_NAMES[self.contract]}-{self.index:04d}"


def round_strata(deals: int) -> list[Stratum]:
    """MIX scaled to ``deals`` a round, one deal at least a stratum."""
    scale = deals / MIX_DEALS
    return [Stratum(s.ruleset, s.contract, max(1, round(s.deals * scale))) for s in MIX]


def deals_a_round(deals: int) -> int:
    """The deals a round labels when ``deals`` are asked: the strata's rounding, and their one deal at
    least, may make it a few more or fewer (what a progress bar's total must count)."""
    return sum(s.deals for s in round_strata(deals))


def round_blocks(seed: int, round_index: int, deals: int, block_deals: int = BLOCK_DEALS) -> list[LabelBlock]:
    """The blocks of one round: ``deals`` deals in MIX's proportions (one at least a stratum), in
    blocks of ``block_deals``, interleaved so that a partial round covers every stratum."""
    strata = round_strata(deals)
    blocks = []
    for ruleset in RULESETS:
        found = screen_deals(ruleset, seed, strata, first_deal=round_index * ROUND_STRIDE)
        for contract, numbers in found.items():
            for start in range(0, len(numbers), block_deals):
                blocks.append(LabelBlock(round_index, ruleset, contract, start // block_deals,
                                         tuple(numbers[start:start + block_deals])))
    return sorted(blocks, key=lambda b: (b.index, RULESETS.index(b.ruleset), b.contract))


def block_arguments(block: LabelBlock, seed: int, weights: np.ndarray | None) -> tuple:
    """label_block's arguments for ``block``: the learner's team alternates from deal to deal."""
    learner = "strong" if weights is None else "learned"
    teams = tuple((deal + block.round) % 2 for deal in block.deals)
    return (block.ruleset, RULESETS.index(block.ruleset), seed, block.deals, learner, teams, weights)


def held_out(positions: dict[str, np.ndarray]) -> np.ndarray:
    """The positions of held-out deals: one in HELD_OUT, by a hash of ruleset and deal."""
    key = positions["deal"].astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15) + positions["ruleset"].astype(np.uint64)
    return (key >> np.uint64(40)) % np.uint64(HELD_OUT) == 0


def file_rounding(weights: np.ndarray) -> np.ndarray:
    """The weights as the file writes and reads them back."""
    from spadille.kernel.quadrille.learned import _number

    return np.array([float(_number(float(v))) for v in np.ravel(weights)]).reshape(np.shape(weights))


@dataclass
class TrainingResult:
    weights: np.ndarray
    positions: int                       # positions labelled, all rounds
    decisions: int                       # decisions fitted (two classes or more, values not all equal)
    held_out: dict[str, float] = field(default_factory=dict)   # mean regret a decision: learned, strong, lowest
    held_out_decisions: int = 0


def _concat(parts: Sequence[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    return {key: np.concatenate([part[key] for part in parts]) for key in parts[0]}


def _subset(positions: dict[str, np.ndarray], mask: np.ndarray) -> dict[str, np.ndarray]:
    return {key: value[mask] for key, value in positions.items()}


def train_learned(seed: int, rounds: int, deals: int, runner, on_block: Callable[[LabelBlock, int], None] | None = None,
                  cache: Path | None = None, log: Callable[[str], None] = lambda text: None,
                  block_deals: int = BLOCK_DEALS, network: bool = False,
                  network_roles: Sequence[str] | None = None) -> TrainingResult:
    """``rounds`` rounds of ``deals`` deals, then the final fit (see the module). ``cache``, a folder,
    keeps each block's positions as it finishes and reuses them (a run cut short goes on where it
    stopped); ``on_block(block, positions)`` follows the blocks; ``network``: fit the network too,
    played by ``network_roles`` alone (None: every role; learned_training.fit)."""
    weights = None
    rounds_positions = []
    for round_index in range(rounds):
        blocks = round_blocks(seed, round_index, deals, block_deals)
        found: list[dict[str, np.ndarray] | None] = [None] * len(blocks)
        todo = []
        for index, block in enumerate(blocks):
            path = cache / f"{block.name}.npz" if cache is not None else None
            if path is not None and path.exists():
                found[index] = read_block(path)
                if on_block is not None:
                    on_block(block, len(found[index]["deal"]))
            else:
                todo.append(index)

        def keep(position: int, result: dict[str, np.ndarray]) -> None:
            index = todo[position]
            found[index] = result
            if cache is not None:
                _save(cache / f"{blocks[index].name}.npz", result)
            if on_block is not None:
                on_block(blocks[index], len(result["deal"]))

        runner.map(label_block, [block_arguments(blocks[i], seed, weights) for i in todo], keep)
        positions = _concat([part for part in found if part is not None])
        rounds_positions.append(positions)
        everything = _concat(rounds_positions)
        design = featurize(_subset(everything, ~held_out(everything)), RULESETS)
        weights = file_rounding(fit(design, seed=seed, network=network, roles=network_roles))
        log(f"round {round_index}: {len(positions['deal']):,} positions, fitted on {design.decisions:,} decisions")
    everything = _concat(rounds_positions)
    last = rounds_positions[-1]
    test = featurize(_subset(last, held_out(last)), RULESETS)
    result = TrainingResult(weights, len(everything["deal"]), featurize(_subset(everything, ~held_out(everything)),
                                                                         RULESETS).decisions)
    if test.decisions:
        result.held_out = {"learned": float(regret(test, choices(test, weights)).mean()),
                           "strong": float(strong_regret(test, _subset(last, held_out(last))).mean()),
                           "lowest": float(regret(test, test.start[:-1]).mean())}
        result.held_out_decisions = test.decisions
    return result


def strong_regret(design: Design, positions: dict[str, np.ndarray]) -> np.ndarray:
    """The regret of strong's card in each decision of ``design`` (made from ``positions``)."""
    from spadille.kernel.quadrille._card_play import rules_of_role
    from spadille.kernel.quadrille._policies import choose_card
    from spadille.kernel.quadrille.policies import kernel_arrays, make_seat_policy

    from .learned_training import _tables

    tables = _tables(RULESETS)
    params = kernel_arrays([make_seat_policy("strong")])[1][0]
    rng = np.zeros(2, dtype=np.uint64)
    out = np.zeros(design.decisions)
    for k, index in enumerate(design.decision):
        t = tables[int(positions["ruleset"][index])]
        obs = positions["obs"][index]
        trump = int(obs[L.O_TRUMP])
        card = choose_card(np.int64(L.POLICY_HEURISTIC), params, rules_of_role(np.int64(L.CARD_RULES), obs),
                           positions["hand"][index],
                           positions["legal"][index], obs, np.bitwise_or.reduce(t.block_mask[trump]), t.block_of_pos,
                           t.block_mask, rng)
        a, b = design.start[k], design.start[k + 1]
        # the class of the card played: the highest class whose lowest card is at or below it, in its block
        members = [c for c in range(a, b) if design.position[c] <= card
                   and t.block_of_pos[trump, design.position[c]] == t.block_of_pos[trump, card]]
        chosen = max(members, key=lambda c: design.position[c])
        out[k] = design.values[a:b].max() - design.values[chosen]
    return out


def _save(path: Path, arrays: dict[str, np.ndarray]) -> None:
    temporary = path.with_name(path.name + ".partial.npz")
    np.savez(temporary, **arrays)
    temporary.replace(path)

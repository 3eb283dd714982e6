"""The vole at the point where it is decided: what the deciding player knows there, and its sums.

When the ombre's side has won the first ``vole.after_straight_tricks`` tricks (plain quadrille:
six), the side member on lead decides whether to go on for the vole. The kernel records his
state there (layout.COL_VOLE_*: his cards, the cards gone, whether the called king has shown),
identically to the reference engine. Here each such position is put in a class of what he can
see, vectorised over the deals:

* ``decider``: the ombre himself (0) or his friend (1);
* ``masters``: how many of his cards are sure winners against the cards still out (a trump
  above every trump still out; a plain card above every card of its suit still out, when no
  trump is still out), so ``cards_left - masters`` of them could lose a trick;
* ``trumps_out``: trumps he has not seen and does not hold, 0, 1 or 2 (2 or more);
* ``matadors_out``: spadille, manille or basto among them, 0 or 1 (1 or more);
* ``king_shown``: the called king has appeared (1; also when there is none to wait for).

"Still out" is every card he neither holds nor has seen played: his friend's cards are out to
him, as they are at the table.

Per (class, focal seat, declaring bid) the sums are integers: the positions reached and, per
*reading* of the vole rules (this ruleset's, and each cited alternative: another vole.value,
the other vole.failed), the voles made going on, and the sum and sum of squares of the paired
go - stop payment. Go and stop replay the deal from its start on the same random stream
(decision_maps' "+vole" twins; a reading's pair replays only the deals that reached the point,
under the ruleset with that one rule changed), so any card play is measured as it plays.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from spadille.kernel.quadrille import layout as L
from spadille.kernel.quadrille.ruleset import Ruleset, with_overrides
from spadille.kernel.quadrille.tables import build_tables

POINT_FEATURES = ("decider", "masters", "trumps_out", "matadors_out", "king_shown")
TRUMPS_OUT_TOP = 2      # 2 meaning 2 or more
MATADORS_OUT_TOP = 1    # 1 meaning 1 or more
POINT_SIZES = {"decider": 2, "masters": L.MAX_TRICKS + 1, "trumps_out": TRUMPS_OUT_TOP + 1,
               "matadors_out": MATADORS_OUT_TOP + 1, "king_shown": 2}
POINT_SHAPE = tuple(POINT_SIZES[f] for f in POINT_FEATURES)
DECIDER_WORDS = ("the ombre", "his friend")

# per reading, from P_N + 1: voles made going on, sum of go - stop, sum of its squares
P_N = 0
P_MADE, P_SUM, P_SQ = 0, 1, 2
P_PER_READING = 3


@dataclass(frozen=True)
class Reading:
    """One reading of the vole rules: a label, the rule it changes (None: as the ruleset says)."""

    label: str
    key: str | None = None
    value: object = None

    def ruleset(self, base: Ruleset) -> Ruleset:
        return base if self.key is None else with_overrides(base, {self.key: self.value})


def readings_of(ruleset: Ruleset) -> tuple[Reading, ...]:
    """This ruleset's vole rules, then each cited alternative: the other reading of vole.value
    (plain quadrille: 20 jetons, "double the stake", for 10) and the other vole.failed."""
    rules = ruleset.rules
    value = rules["vole.value"]
    failed = rules["vole.failed"]
    out = [Reading(f"vole {value.value}, failed vole: {failed.value}")]
    for other in dict.fromkeys(r.value for r in value.readings if r.value != value.value):
        out.append(Reading(f"vole {other}", "vole.value", int(other)))
    for other in (c for c in failed.choices if c != failed.value):
        out.append(Reading(f"failed vole: {other}", "vole.failed", other))
    return tuple(out)


@dataclass(frozen=True)
class PointContext:
    """What the point tables need of the ruleset: its readings, each reading's (vole.value,
    vole.failed), the range of a go - stop difference under it (payment_range), and the cards the
    decider holds at the point."""

    readings: tuple[Reading, ...]
    values: tuple[tuple[int, str], ...]
    difference_ranges: tuple[tuple[int, int], ...]
    cards_left: int
    after: int = 6          # vole.after_straight_tricks: the tricks the side has won at the point


def point_context(ruleset: Ruleset) -> PointContext:
    from .payment_range import difference_range

    readings = readings_of(ruleset)
    rulesets = [r.ruleset(ruleset) for r in readings]
    return PointContext(readings, tuple((int(r["vole.value"]), str(r["vole.failed"])) for r in rulesets),
                        tuple(difference_range(r) for r in rulesets), cards_left(ruleset),
                        int(ruleset["vole.after_straight_tricks"]))


def n_point_k(n_readings: int) -> int:
    return 1 + P_PER_READING * n_readings


def empty_point_stats(n_seats: int, n_pairs: int, n_readings: int) -> np.ndarray:
    """int64[*POINT_SHAPE, n_seats (focal), n_pairs (declaring bid), n_point_k] of zeros."""
    return np.zeros((*POINT_SHAPE, n_seats, n_pairs, n_point_k(n_readings)), dtype=np.int64)


# ---------------------------------------------------------------- classes, vectorised
def _ordered(natural: np.ndarray, trump: np.ndarray, pos_of_card: np.ndarray) -> np.ndarray:
    """uint64[n]: natural masks renumbered by strength under each row's trump (tables.py)."""
    out = np.zeros(natural.shape[0], dtype=np.uint64)
    natural = natural.astype(np.uint64)
    for card in range(40):
        held = ((natural >> np.uint64(card)) & np.uint64(1)).astype(bool)
        pos = pos_of_card[trump, card]
        take = held & (pos >= 0)
        out[take] |= np.uint64(1) << pos[take].astype(np.uint64)
    return out


def _popcount(masks: np.ndarray) -> np.ndarray:
    masks = np.ascontiguousarray(masks, dtype=np.uint64)
    return np.unpackbits(masks.view(np.uint8)).reshape(masks.shape[0], 64).sum(axis=1).astype(np.int64)


def _highest(masks: np.ndarray) -> np.ndarray:
    """int64[n]: the highest set bit, -1 for an empty mask."""
    out = np.full(masks.shape[0], -1, dtype=np.int64)
    for position in range(64):
        out = np.where(((masks >> np.uint64(position)) & np.uint64(1)) != 0, position, out)
    return out


def sure_winners(hand: np.ndarray, out: np.ndarray, trump: np.ndarray, block_mask: np.ndarray) -> np.ndarray:
    """uint64[n]: the cards of ``hand`` (ordered masks) no card of ``out`` can beat: a trump above
    every trump out; a plain card above every card of its suit out, when no trump is out."""
    winners = np.zeros(hand.shape[0], dtype=np.uint64)
    trumps_out = (out & block_mask[trump, trump]) != 0
    for suit in range(4):
        block = block_mask[trump, suit]
        mine, theirs = hand & block, out & block
        top = _highest(theirs)
        above = np.where(top >= 0, ~((np.uint64(2) << np.maximum(top, 0).astype(np.uint64)) - np.uint64(1)),
                         ~np.uint64(0))
        masters = mine & above
        plain = trump != suit
        winners |= np.where(plain & trumps_out, np.uint64(0), masters)
    return winners


def point_classes(out: np.ndarray, tables) -> dict[str, np.ndarray]:
    """The class features (POINT_FEATURES, int64[n] each) of each deal's vole point, from one
    variant's results ``out`` int64[n, N_OUT] and the ruleset's ``tables`` (build_tables);
    meaningful where OUT_VOLE_DECIDER >= 0, 0 elsewhere."""
    n = out.shape[0]
    reached = out[:, L.OUT_VOLE_DECIDER] >= 0
    trump = np.where(reached, out[:, L.OUT_TRUMP], 0).astype(np.int64)
    hand = _ordered(np.where(reached, out[:, L.OUT_VOLE_HAND], 0), trump, tables.pos_of_card)
    gone = _ordered(np.where(reached, out[:, L.OUT_VOLE_GONE], 0), trump, tables.pos_of_card)
    pack = np.zeros(n, dtype=np.uint64)
    for suit in range(4):
        pack |= tables.block_mask[trump, suit]
    unseen = pack & ~gone & ~hand
    trump_block = tables.block_mask[trump, trump]
    top = tables.top_pos[trump].astype(np.uint64)
    matadors = (np.uint64(7) << (top - np.uint64(2)))            # spadille, manille and basto
    zero = np.zeros(n, dtype=np.int64)
    return {
        "decider": np.where(reached & (out[:, L.OUT_VOLE_DECIDER] != out[:, L.OUT_OMBRE]), 1, 0),
        "masters": np.where(reached, _popcount(sure_winners(hand, unseen, trump, tables.block_mask)), zero),
        "trumps_out": np.where(reached, np.minimum(_popcount(unseen & trump_block), TRUMPS_OUT_TOP), zero),
        "matadors_out": np.where(reached, np.minimum(_popcount(unseen & matadors), MATADORS_OUT_TOP), zero),
        "king_shown": np.where(reached, out[:, L.OUT_VOLE_SEEN] > 0, False).astype(np.int64),
    }


def cards_left(ruleset: Ruleset) -> int:
    """The cards the decider holds at the point."""
    return int(ruleset["pack.hand_size"] - ruleset["vole.after_straight_tricks"])


# ---------------------------------------------------------------- sums
def add_pair(stats: np.ndarray, classes: dict[str, np.ndarray], seat: int, pair: int, reading: int,
             made: np.ndarray, go_minus_stop: np.ndarray) -> None:
    """Add one vole pair's reached positions (``classes``, ``made`` and ``go_minus_stop`` of the
    reached deals only) under one reading into ``stats`` (empty_point_stats); reading 0 also
    counts the positions."""
    if not len(made):
        return
    index = np.ravel_multi_index(tuple(classes[f] for f in POINT_FEATURES), POINT_SHAPE)
    flat = stats.reshape(-1, *stats.shape[-3:])            # a view: [class, seat, pair, k]
    diff = go_minus_stop.astype(np.int64)
    base = 1 + P_PER_READING * reading
    if reading == 0:
        np.add.at(flat[:, seat, pair, P_N], index, 1)
    np.add.at(flat[:, seat, pair, base + P_MADE], index, made.astype(np.int64))
    np.add.at(flat[:, seat, pair, base + P_SUM], index, diff)
    np.add.at(flat[:, seat, pair, base + P_SQ], index, diff * diff)


def accumulate_points(stats: np.ndarray, out: np.ndarray, seat: int, hands: np.ndarray, deal_ids: np.ndarray,
                      ruleset: Ruleset, policies, seed: int, layout, readings: tuple[Reading, ...],
                      reading_rulesets: tuple[Ruleset, ...], threads: int | None = None) -> None:
    """Add the vole points of ``out`` (int64[n, n_act, N_OUT], ``layout``'s actions with ``seat``
    focal, on ``hands`` uint64[n, MAX_SEATS] with ``deal_ids``) into ``stats`` (empty_point_stats).
    Under reading 0 the map's own go and stop replays serve; every other reading replays the deals
    that reached a point, stop and go, under its ruleset (``reading_rulesets``, one per reading)."""
    from spadille.kernel.quadrille.variants import play_variants

    pairs = [(layout.index(stop), layout.index(go)) for stop, go in layout.vole_pairs]
    decider = out[:, :, L.OUT_VOLE_DECIDER]
    declared = (out[:, :, L.OUT_OMBRE] == seat) & (out[:, :, L.OUT_CONTRACT] != L.FORCED)
    reached = np.stack([(decider[:, stop] >= 0) & declared[:, stop] for stop, _ in pairs], axis=1)   # [n, pairs]
    some = np.flatnonzero(reached.any(axis=1))
    if not len(some):
        return
    tables = build_tables(ruleset)
    point = out[some]
    replays = [point]
    bids = [v for v in layout.variants(seat) if v.force.vole is not None]    # (stop, go) per pair, in order
    if len(readings) > 1:   # every other reading's stop and go in one replay
        variants = [replace(v, ruleset=reading_rulesets[r]) for r in range(1, len(readings)) for v in bids]
        replayed = play_variants(ruleset, policies, variants, hands[some], deal_ids[some], seed, threads=threads)
        for r in range(len(readings) - 1):
            chunk = replayed[:, r * len(bids):(r + 1) * len(bids)]
            replays.append(np.concatenate([point[:, :1], chunk], axis=1))     # the same action indices as out
    for pair, (stop, go) in enumerate(pairs):
        rows = reached[some, pair]
        if not rows.any():
            continue
        classes = point_classes(point[rows, stop], tables)
        for reading, played in enumerate(replays):
            made = played[rows, go, L.OUT_VOLE] == L.VOLE_MADE
            pay = played[rows][:, :, L.OUT_PAY + seat]
            add_pair(stats, classes, seat, pair, reading, made, pay[:, go] - pay[:, stop])

"""The double-dummy solver's transposition table: relative ranks and relevant cards.

Positions are stored at trick boundaries, in *relative ranks*: the live cards (those still in
the hands) are renumbered 0..R-1 in ordered-encoding order, so positions that differ only in
which cards have gone look the same. An entry also says which live cards were *relevant* to
its result (the winning ranks of bridge solvers): in each block, the top k cards. The bound
holds for every position with the same shape (how many cards of each block each seat holds,
the leader, the side, the number of live matadors) whose relevant cards lie in the same
hands; the small cards below them may lie anywhere. ``_dd.py`` explains how the relevant
cards are found and why that is sound.

An entry is found by hashing its shape, its relevance *kind* (how many top cards of each
block slot are relevant) and the owners of those relevant cards; a second, small array
remembers for each shape the kinds stored under it, and a probe tries each of them (the flat
form of DDS's tree of winning ranks).

Arrays, allocated by the wrapper (``solver.py``), never globals:

    compress8  uint8[65536]    compress8[live_byte * 256 + mask_byte] = the bits of mask_byte at
                               the set bits of live_byte, packed low (PEXT on one byte)
    table      uint64[n_buckets, BUCKET_WORDS]  n_buckets a power of two; a bucket holds
                               ENTRIES entries of ENTRY_WORDS words:
                               shape0          seat s holds (bits 16s + 4k ..) cards of slot k
                               key1            leader (bits 0-1), side (2-5), live matadors (6-7),
                                               kind (8-23: relevant count per slot, 4 bits each), bit 63 set
                               owner0, owner1  seat bits 0 and 1 of the holders of the relevant ranks
                               info            lower (bits 0-3), upper (4-7), tricks left (8-11),
                                               hint (12-17, 63 none), stamp (32-63)
    shapes     uint64[n_rows, SHAPE_WORDS]  n_rows a power of two, in sets of SHAPE_WAYS
                               rows (fewer if n_rows is smaller): shape0, shape1, stamp (bits
                               0-31) with the number of kinds (32-35) and the next to replace
                               (36-39), then KINDS kinds of 16 bits in two words

Entries whose stamp is not the current solve's read as empty, so a fresh table costs nothing.
Block slots: 0..2 the plain blocks in position order, 3 the trump block.
"""

import numpy as np
from numba import njit

from spadille.kernel.common._bits import ONE, ZERO, bit, lowest, popcount

NO_HINT = 63
ENTRIES = 4         # entries a bucket
ENTRY_WORDS = 5
BUCKET_WORDS = ENTRIES * ENTRY_WORDS
KINDS = 8           # relevance kinds remembered a shape
SHAPE_WORDS = 5
# rows a shape may take (a set): direct-mapped, a big search overwrote shapes whose entries
# then went unread (8% more nodes on the bench's deals than four ways)
SHAPE_WAYS = 4
MAX_STAMP = 1 << 31

_BYTE = np.uint64(0xFF)
_NIBBLE = np.uint64(0xF)
_MIX0 = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xC2B2AE3D27D4EB4F)
_MIX2 = np.uint64(0x165667B19E3779F9)


def compress_table() -> np.ndarray:
    """uint8[65536]: for each (live byte, mask byte) the mask's bits at the live bits, packed low."""
    out = np.zeros(256 * 256, dtype=np.uint8)
    for live in range(256):
        places = [b for b in range(8) if live >> b & 1]
        for mask in range(256):
            packed = 0
            for k, b in enumerate(places):
                if mask >> b & 1:
                    packed |= 1 << k
            out[live * 256 + mask] = packed
    return out


@njit(inline="always", cache=True)
def compress(mask, live, compress8):
    """The bits of ``mask`` (uint64, inside ``live``) renumbered by their rank among ``live``'s bits."""
    out = ZERO
    shift = np.uint64(0)
    for chunk in range(5):  # positions 0..39
        at = np.uint64(8 * chunk)
        live_byte = (live >> at) & _BYTE
        mask_byte = (mask >> at) & _BYTE
        out |= np.uint64(compress8[live_byte * np.uint64(256) + mask_byte]) << shift
        shift += np.uint64(popcount(live_byte))
    return out


@njit(cache=True)
def block_slots(trump, block_mask, plain_blocks, n_plain, slot_masks):
    """Fill slot_masks uint64[4] with the ordered masks of the block slots (0 for an unused slot)."""
    for slot in range(4):
        slot_masks[slot] = ZERO
    for k in range(n_plain):
        slot_masks[k] = block_mask[trump, plain_blocks[k]]
    slot_masks[3] = block_mask[trump, trump]


@njit(inline="always", cache=True)
def shape_key(hands, n_seats, leader, side_mask, live_matadors, slot_masks):
    """(shape0, shape1): how many cards of each block slot each seat holds, the leader, the
    side and the number of live matadors; shape1 is never 0."""
    shape0 = ZERO
    for seat in range(n_seats):
        for slot in range(4):
            count = np.uint64(popcount(hands[seat] & slot_masks[slot]))
            shape0 |= count << np.uint64(16 * seat + 4 * slot)
    shape1 = (np.uint64(leader) | (np.uint64(side_mask) << np.uint64(2)) | (np.uint64(live_matadors) << np.uint64(6))
              | (ONE << np.uint64(63)))
    return shape0, shape1


@njit(inline="always", cache=True)
def owner_codes(hands, n_seats, live, compress8):
    """(owner0, owner1): bit r of owner0 / owner1 is bit 0 / 1 of the seat holding relative rank r."""
    low_bit = hands[1]
    high_bit = ZERO
    if n_seats > 2:
        high_bit |= hands[2]
    if n_seats > 3:
        low_bit |= hands[3]
        high_bit |= hands[3]
    return compress(low_bit, live, compress8), compress(high_bit, live, compress8)


@njit(inline="always", cache=True)
def slot_counts(cards, slot_masks):
    """How many of ``cards`` each block slot holds, packed 4 bits a slot: for the live cards,
    the position's slot sizes; for relevant cards closed upwards, the relevance kind."""
    out = ZERO
    for slot in range(4):
        out |= np.uint64(popcount(cards & slot_masks[slot])) << np.uint64(4 * slot)
    return out


@njit(inline="always", cache=True)
def relevant_cards(counts, live, slot_masks):
    """The lowest relevant card of each block slot (the top ``counts`` live cards of each slot
    are relevant, packed as by slot_counts), as a mask of physical cards."""
    out = ZERO
    for slot in range(4):
        count = np.int64((counts >> np.uint64(4 * slot)) & _NIBBLE)
        if count == 0:
            continue
        in_slot = live & slot_masks[slot]
        out |= bit(select(in_slot, popcount(in_slot) - count))
    return out


@njit(inline="always", cache=True)
def _mix(word0, word1, word2, word3, rows):
    """A row index in 0..rows-1 (rows a power of two) from four key words."""
    mixed = (word0 * _MIX0) ^ (word1 * _MIX1) ^ ((word2 ^ (word3 << np.uint64(24))) * _MIX2)
    mixed ^= mixed >> np.uint64(31)
    mixed *= _MIX0
    mixed ^= mixed >> np.uint64(29)
    return np.int64(mixed & np.uint64(rows - 1))


@njit(inline="always", cache=True)
def _field(info, shift, width):
    return np.int64((info >> np.uint64(shift)) & np.uint64((1 << width) - 1))


@njit(inline="always", cache=True)
def _top_ranks(counts, in_slots):
    """Mask of relative ranks: in each block slot, the top ``counts`` of its ``in_slots`` ranks
    (both packed 4 bits a slot; the slots lie in rank order 0, 1, 2, 3)."""
    out = ZERO
    start = 0
    for slot in range(4):
        in_slot = np.int64((in_slots >> np.uint64(4 * slot)) & _NIBBLE)
        count = np.int64((counts >> np.uint64(4 * slot)) & _NIBBLE)
        if count > 0:
            out |= ((ONE << np.uint64(count)) - ONE) << np.uint64(start + in_slot - count)
        start += in_slot
    return out


@njit(inline="always", cache=True)
def probe(table, shapes, shape0, shape1, owner0, owner1, in_slots, stamp, need):
    """Bounds on the side's tricks from here from the stored entries that fit the position,
    stopping at the first that settles whether the side takes ``need`` of them.

    in_slots: slot_counts of the position's live cards. Returns (lower, lower_counts, upper,
    upper_counts, hint): the best lower and upper bound found (0 and 15 when none is known),
    the relevant counts behind each, and the relative rank of a good lead (NO_HINT if none)."""
    lower, lower_counts = 0, ZERO
    upper, upper_counts = 15, ZERO
    hint = NO_HINT
    # 2-d indexing throughout: a row view would cost two atomic reference counts
    at = _shape_row(shapes, shape0, shape1, stamp)
    if at < 0:
        return lower, lower_counts, upper, upper_counts, hint
    n_kinds = _field(shapes[at, 2], 32, 4)
    for kind in range(n_kinds):
        counts = (shapes[at, 3 + kind // 4] >> np.uint64(16 * (kind % 4))) & np.uint64(0xFFFF)
        ranks = _top_ranks(counts, in_slots)
        key1 = shape1 | (counts << np.uint64(8))
        masked0 = owner0 & ranks
        masked1 = owner1 & ranks
        row = _mix(shape0, key1, masked0, masked1, table.shape[0])
        for entry in range(ENTRIES):
            base = entry * ENTRY_WORDS
            if (table[row, base] != shape0 or table[row, base + 1] != key1 or table[row, base + 2] != masked0
                    or table[row, base + 3] != masked1):
                continue
            info = table[row, base + 4]
            if _field(info, 32, 32) != stamp:
                continue
            low = _field(info, 0, 4)
            high = _field(info, 4, 4)
            if low > lower:
                lower, lower_counts = low, counts
            if high < upper:
                upper, upper_counts = high, counts
            if _field(info, 12, 6) != NO_HINT:
                hint = _field(info, 12, 6)
            if lower >= need or upper < need:
                return lower, lower_counts, upper, upper_counts, hint
    return lower, lower_counts, upper, upper_counts, hint


@njit(cache=True, _nrt=False)  # allocates nothing: no atomic refcounts on the tables
def store(table, shapes, shape0, shape1, owner0, owner1, counts, in_slots, stamp, tricks_left, need, achieved, hint):
    """Record that the side can (``achieved``) or cannot take ``need`` of the ``tricks_left``
    tricks from every position of this shape whose relevant cards (the top ``counts`` of each
    block slot) lie as in (owner0, owner1); ``hint`` is the relative rank of the deciding lead."""
    _remember_kind(shapes, shape0, shape1, counts, stamp)
    ranks = _top_ranks(counts, in_slots)
    key1 = shape1 | (counts << np.uint64(8))
    masked0 = owner0 & ranks
    masked1 = owner1 & ranks
    row = _mix(shape0, key1, masked0, masked1, table.shape[0])
    victim = -1
    victim_left = 99
    for entry in range(ENTRIES):
        base = entry * ENTRY_WORDS
        info = table[row, base + 4]
        if _field(info, 32, 32) != stamp:
            if victim_left > -1:
                victim, victim_left = entry, -1  # an empty or stale entry: take it
            continue
        if (table[row, base] == shape0 and table[row, base + 1] == key1 and table[row, base + 2] == masked0
                and table[row, base + 3] == masked1):
            lower = _field(info, 0, 4)
            upper = _field(info, 4, 4)
            if achieved:
                lower = max(lower, need)
            else:
                upper = min(upper, need - 1)
            if hint == NO_HINT:
                hint = _field(info, 12, 6)
            table[row, base + 4] = _info(lower, upper, tricks_left, hint, stamp)
            return
        left = _field(info, 8, 4)
        if left <= victim_left:
            victim, victim_left = entry, left
    lower = need if achieved else 0
    upper = tricks_left if achieved else need - 1
    base = victim * ENTRY_WORDS
    table[row, base] = shape0
    table[row, base + 1] = key1
    table[row, base + 2] = masked0
    table[row, base + 3] = masked1
    table[row, base + 4] = _info(lower, upper, tricks_left, hint, stamp)


@njit(inline="always", cache=True)
def _remember_kind(shapes, shape0, shape1, counts, stamp):
    """Add ``counts`` to the relevance kinds stored for this shape (the oldest goes when full).
    A new shape takes a stale row of its set, else the one with the fewest tricks left."""
    at = _shape_row(shapes, shape0, shape1, stamp)
    if at < 0:
        first = _shape_set(shapes, shape0, shape1)
        at = first
        victim_left = 99
        for way in range(min(SHAPE_WAYS, shapes.shape[0])):
            row = first + way
            if _field(shapes[row, 2], 0, 32) != stamp:
                at = row
                break
            left = _shape_tricks(shapes[row, 0])
            if left <= victim_left:
                at, victim_left = row, left
        shapes[at, 0] = shape0
        shapes[at, 1] = shape1
        shapes[at, 2] = np.uint64(stamp)
        shapes[at, 3] = ZERO
        shapes[at, 4] = ZERO
    n_kinds = _field(shapes[at, 2], 32, 4)
    for kind in range(n_kinds):
        if (shapes[at, 3 + kind // 4] >> np.uint64(16 * (kind % 4))) & np.uint64(0xFFFF) == counts:
            return
    if n_kinds < KINDS:
        slot = n_kinds
        n_kinds += 1
    else:
        slot = _field(shapes[at, 2], 36, 4)  # the oldest
    word = 3 + slot // 4
    shift = np.uint64(16 * (slot % 4))
    shapes[at, word] = (shapes[at, word] & ~(np.uint64(0xFFFF) << shift)) | (counts << shift)
    cursor = (slot + 1) % KINDS if n_kinds == KINDS else 0
    shapes[at, 2] = np.uint64(stamp) | (np.uint64(n_kinds) << np.uint64(32)) | (np.uint64(cursor) << np.uint64(36))


@njit(inline="always", cache=True)
def _shape_set(shapes, shape0, shape1):
    """The first row of the shape's set of SHAPE_WAYS rows."""
    at = _mix(shape0, shape1, ZERO, ZERO, shapes.shape[0])
    return at - at % min(SHAPE_WAYS, shapes.shape[0])


@njit(inline="always", cache=True)
def _shape_row(shapes, shape0, shape1, stamp):
    """The row of ``shapes`` holding this shape's kinds in this solve, or -1."""
    first = _shape_set(shapes, shape0, shape1)
    for way in range(min(SHAPE_WAYS, shapes.shape[0])):
        row = first + way
        if shapes[row, 0] == shape0 and shapes[row, 1] == shape1 and _field(shapes[row, 2], 0, 32) == stamp:
            return row
    return -1


@njit(inline="always", cache=True)
def _shape_tricks(shape0):
    """Tricks left in a shape (the cards seat 0 holds)."""
    left = 0
    for slot in range(4):
        left += _field(shape0, 4 * slot, 4)
    return left


@njit(inline="always", cache=True)
def _info(lower, upper, tricks_left, hint, stamp):
    return (np.uint64(lower) | (np.uint64(upper) << np.uint64(4)) | (np.uint64(tricks_left) << np.uint64(8))
            | (np.uint64(hint) << np.uint64(12)) | (np.uint64(stamp) << np.uint64(32)))


@njit(inline="always", cache=True)
def rank_among(card, live):
    """Relative rank of ``card`` among the set bits of ``live`` (the number of live cards below it)."""
    return popcount(live & (bit(card) - ONE))


@njit(inline="always", cache=True)
def select(mask, rank):
    """Index of the set bit of ``mask`` (bits 0..39) with ``rank`` set bits below it; -1 if
    there is none. Byte by byte, so the bit-clearing loop runs at most seven times."""
    for chunk in range(5):
        shift = np.uint64(8 * chunk)
        byte = (mask >> shift) & _BYTE
        in_byte = popcount(byte)
        if rank < in_byte:
            for _ in range(rank):
                byte &= byte - ONE
            return 8 * chunk + lowest(byte)
        rank -= in_byte
    return -1


@njit(inline="always", cache=True)
def card_of_rank(rank, live):
    """The live card of relative rank ``rank`` (inverse of rank_among); -1 if out of range."""
    return select(live, rank)

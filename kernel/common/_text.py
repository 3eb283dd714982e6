"""Text columns at kernel speed: each row's text joined from UTF-8 pieces looked up by key.

An output file spells every hand as text (``♠K 7 A  ♥3``). Built in Python one deal at a time
that took longer than playing the deals. Here a row's text is assembled from precomputed pieces
(one table per part of the row, say one per suit) straight into the two buffers of an Arrow
string column, its offsets and its bytes, with no Python object per row.
"""

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def join_pieces(keys, pieces, lengths, separator, empty):
    """Each row's non-empty pieces joined by ``separator``, or ``empty`` when all are empty.

    keys int64[n, k]: row i takes piece ``keys[i, j]`` of table j; pieces uint8[k, n_keys, width]
    and lengths int64[k, n_keys] hold the tables (a length of 0 is an empty piece); separator and
    empty are uint8 arrays. Returns (offsets int64[n + 1], data uint8[offsets[n]]), the layout of
    an Arrow string column."""
    n, k = keys.shape
    offsets = np.zeros(n + 1, dtype=np.int64)
    for row in range(n):
        size = 0
        count = 0
        for part in range(k):
            length = lengths[part, keys[row, part]]
            if length > 0:
                size += length
                count += 1
        offsets[row + 1] = offsets[row] + (size + (count - 1) * len(separator) if count else len(empty))
    data = np.empty(offsets[n], dtype=np.uint8)
    for row in range(n):
        at = offsets[row]
        count = 0
        for part in range(k):
            key = keys[row, part]
            length = lengths[part, key]
            if length == 0:
                continue
            if count:
                for b in range(len(separator)):
                    data[at] = separator[b]
                    at += 1
            for b in range(length):
                data[at] = pieces[part, key, b]
                at += 1
            count += 1
        if count == 0:
            for b in range(len(empty)):
                data[at] = empty[b]
                at += 1
    return offsets, data

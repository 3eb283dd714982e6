"""CSV lines at kernel speed: every row of an int64 array spelled as one line of a CSV body.

A recorded run's CSV holds a line a deal, about 300 bytes. Built as an Arrow table (the names
taken, the hands' text joined) and then formatted by Arrow's CSV writer, it cost about 2.5 µs a
row on the main thread, as much CPU as half the deal itself (issue 39: ``--out`` must run at
0.8× the speed of the run without it). Here one pass over the kernel's rows writes the bytes
straight from the integers: each column is a number, a name looked up by its code, or a hand
joined from per-suit pieces, the same bytes Arrow wrote (unquoted, ``,`` between fields, ``\\n``
at the end of a line; a test compares the two on many seeded deals).
"""

import numpy as np
from numba import njit

INTEGER = 0   # the value in decimal, as Arrow writes an int64
NAME = 1      # names[table, code], names' last entry of the table (its "none") for a code < 0
HAND = 2      # a natural mask as text: its suits' pieces joined by the separator, or ``empty``
COMMA = 44
NEWLINE = 10
MINUS = 45
ZERO = 48
TEN = np.uint64(10)
HUNDRED = np.uint64(100)


@njit(cache=True, nogil=True)
def csv_lines(rows, kinds, sources, tables, names, name_lengths, none_at, pieces, piece_lengths, suit_bits,
              separator, empty, bound):
    """The CSV lines of ``rows``, one a row, as uint8[n bytes].

    rows int64[n, m]; column j of a line is of kind ``kinds[j]`` read from ``rows[:, sources[j]]``
    (int64[k] each; ``tables[j]`` is a NAME's table). names uint8[t, e, w] and name_lengths
    int64[t, e] hold the names' UTF-8 bytes; none_at int64[t] is each table's entry for a code < 0.
    pieces uint8[s, 2**suit_bits, w] and piece_lengths int64[s, 2**suit_bits] hold each suit's
    holdings as text (length 0: void); separator and empty are uint8 arrays. ``bound`` is at least
    the longest line's bytes. No checks: codes must index their tables, masks fit the suits, and
    no value is the int64 minimum."""
    n = rows.shape[0]
    k = kinds.shape[0]
    n_suits = pieces.shape[0]
    suit_mask = (1 << suit_bits) - 1
    pairs = np.empty(200, dtype=np.uint8)   # "00" to "99"
    for pair in range(100):
        pairs[2 * pair] = ZERO + pair // 10
        pairs[2 * pair + 1] = ZERO + pair % 10
    data = np.empty(n * bound, dtype=np.uint8)
    at = 0
    for row in range(n):
        for j in range(k):
            if j:
                data[at] = COMMA
                at += 1
            value = rows[row, sources[j]]
            kind = kinds[j]
            if kind == INTEGER:
                if value < 0:
                    data[at] = MINUS
                    at += 1
                    value = -value
                # unsigned (a division by a constant is then a multiplication, with no floor
                # correction), its length first, then two digits a division from the end
                rest = np.uint64(value)
                count = 1
                power = TEN
                while count < 19 and rest >= power:
                    power *= TEN
                    count += 1
                at += count
                end = at
                while rest >= HUNDRED:
                    pair = rest % HUNDRED
                    rest //= HUNDRED
                    end -= 2
                    data[end] = pairs[2 * pair]
                    data[end + 1] = pairs[2 * pair + 1]
                if rest >= TEN:
                    data[end - 2] = pairs[2 * rest]
                    data[end - 1] = pairs[2 * rest + 1]
                else:
                    data[end - 1] = ZERO + rest
            elif kind == NAME:
                table = tables[j]
                entry = none_at[table] if value < 0 else value
                length = name_lengths[table, entry]
                for b in range(length):
                    data[at + b] = names[table, entry, b]
                at += length
            else:
                joined = 0
                for suit in range(n_suits):
                    holding = (value >> (suit * suit_bits)) & suit_mask
                    length = piece_lengths[suit, holding]
                    if length == 0:
                        continue
                    if joined:
                        for b in range(len(separator)):
                            data[at + b] = separator[b]
                        at += len(separator)
                    for b in range(length):
                        data[at + b] = pieces[suit, holding, b]
                    at += length
                    joined += 1
                if joined == 0:
                    for b in range(len(empty)):
                        data[at + b] = empty[b]
                    at += len(empty)
        data[at] = NEWLINE
        at += 1
    return data[:at]

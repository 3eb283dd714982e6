"""What a chunk of the deal loop keeps of each deal: its row, when the run records rows, and its
share of the chunk's aggregates (_engine.run_chunks and play_chunk)."""

from numba import njit

from . import layout as L


@njit(cache=True, _nrt=False)
def record_row(rows, index, res):
    """rows[index, :] = res, written as a loop: the slice assignment checks the shapes with an error
    message that numba formats itself, and compiling that formatting cost 2.5 s of a cold run."""
    for column in range(res.shape[0]):
        rows[index, column] = res[column]


@njit(cache=True, _nrt=False)
def aggregate(res, by_contract, by_seat, n_seats):
    """Add one deal's row to a chunk's aggregates (int64, so sums never depend on chunking)."""
    contract = res[L.COL_CONTRACT]
    ombre = res[L.COL_OMBRE]
    slot = ombre if ombre >= 0 else 0
    stats = by_contract[contract, slot]
    stats[L.S_N] += 1
    for seat in range(n_seats):
        pay = res[L.COL_PAY + seat]
        by_seat[seat, L.SEAT_PAY] += pay
        by_seat[seat, L.SEAT_PAY_SQ] += pay * pay
        by_seat[seat, L.SEAT_TRICKS] += res[L.COL_TRICKS + seat]
    if ombre < 0:
        return
    by_seat[ombre, L.SEAT_OMBRE] += 1
    outcome = res[L.COL_OUTCOME]
    if outcome == L.WIN:
        stats[L.S_WIN] += 1
    elif outcome == L.REMISE:
        stats[L.S_REMISE] += 1
    else:
        stats[L.S_CODILLE] += 1
    vole = res[L.COL_VOLE]
    if vole != L.VOLE_NONE:
        stats[L.S_VOLE_UNDERTAKEN] += 1
    if vole == L.VOLE_MADE:
        stats[L.S_VOLE_MADE] += 1
    ombre_pay = res[L.COL_PAY + ombre]
    side_pay = ombre_pay
    friend = res[L.COL_FRIEND]
    if friend >= 0:
        side_pay += res[L.COL_PAY + friend]
    stats[L.S_OMBRE_PAY] += ombre_pay
    stats[L.S_OMBRE_PAY_SQ] += ombre_pay * ombre_pay
    stats[L.S_SIDE_PAY] += side_pay
    stats[L.S_SIDE_PAY_SQ] += side_pay * side_pay
    side_tricks = res[L.COL_SIDE_TRICKS]
    stats[L.S_SIDE_TRICKS] += side_tricks
    straight = True
    for trick in range(6):
        winner = res[L.COL_WINNERS + trick]
        if winner != ombre and winner != friend:
            straight = False
    if straight:
        stats[L.S_STRAIGHT_SIX] += 1

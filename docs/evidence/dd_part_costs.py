"""What each part of a search node costs: the evidence behind docs/speed.md's "The leader's quick
tricks with masks".

A part's cost is measured by running it twice at every node that runs it: the copy works on an
argument that is the same at run time but that the compiler cannot see through (the side mask
XOR the searches so far shifted right by 40, which is 0), and its answer feeds a test that never
holds, so it cannot be folded away. The search expands the same nodes (the script checks), and
the extra time is the part's cost. The parts: ``sure`` (the trump count), ``quick`` (the leader's
quick tricks), ``probe`` (the table's keys and probe), ``moves`` (move generation); ``base`` runs
the unchanged code.

Usage: .venv/bin/python docs/evidence/dd_part_costs.py base sure quick probe moves base
Each name patches ``kernel/quadrille/search/_dd.py`` in place, times the bench's 200 full deals
and 2,000 endings (best of three) in a fresh interpreter (numba compiles the patched search,
about a minute, in its own cache folder: the folder follows the source), and puts the file back,
whatever happens. Run it on an otherwise idle machine, and alternate names: timings move by up to
15% with the compiled code's layout alone.
"""
import subprocess
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2] / "kernel" / "quadrille" / "search" / "_dd.py"
HIDDEN_ZERO = "np.int64(counters[3] >> 40)"   # 0 at run time (fewer than 2**40 searches), opaque to the compiler
NEVER = "counters[2] += 1000000"               # a test that never holds, so the copy's answer is used

PATCHES = {
    "sure": ("""                    side_sure, side_cards, defence_sure, defence_cards = sure_tricks(hands, n_seats, side_mask,
                                                                                     trump, block_mask)
""", f"""                    copy_a, copy_b, copy_c, copy_d = sure_tricks(hands, n_seats, side_mask ^ {HIDDEN_ZERO}, trump,
                                                                 block_mask)
                    if copy_a + copy_c > 1000 or copy_b == copy_d + np.uint64(1):
                        {NEVER}
"""),
    "quick": ("""                        quick, quick_cards = leader_quick_tricks(hands, n_seats, leader, side_mask, trump, live, rules,
                                                                 block_mask, plain_blocks, n_plain)
""", f"""                        copy_q, copy_cards = leader_quick_tricks(hands, n_seats, leader, side_mask ^ {HIDDEN_ZERO}, trump,
                                                                 live, rules, block_mask, plain_blocks, n_plain)
                        if copy_q > 1000 or copy_cards == np.uint64(3):
                            {NEVER}
"""),
    "probe": ("""                        counters[1] += 1
""", f"""                        copy0, copy1 = shape_key(hands, n_seats, leader, side_mask ^ {HIDDEN_ZERO},
                                                 popcount(live & matador_mask), slot_masks)
                        copy2, copy3 = owner_codes(hands, n_seats, live ^ np.uint64(counters[3] >> 40), compress8)
                        low, low_counts, high, high_counts, copy_hint = probe(table, shapes, copy0, copy1, copy2, copy3,
                                                                              slot_counts(live, slot_masks), stamp, need)
                        if low + high > 1000 or copy_hint == 77 or low_counts == high_counts + np.uint64(2):
                            {NEVER}
"""),
    "moves": ("""            stack[ply, N_MOVES] = count
""", f"""            copy_count = ordered_moves(seat, hands, n_seats, n_in, leader, led_pos, best_pos, best_seat, live,
                                       side_mask ^ {HIDDEN_ZERO}, trump, rules, block_of_pos, block_mask, top_pos,
                                       matador_mask, hint_card, stack, ply, scores)
            if copy_count != count:
                {NEVER}
"""),
}

TIMING = """
from spadille.kernel.quadrille import bench_dd
best_full = best_ending = float("inf")
for _ in range(3):
    full = bench_dd.full_deal_times(200)
    ending = bench_dd.ending_rate(2000)
    best_full = min(best_full, full.mean_ms)
    best_ending = min(best_ending, 1000.0 / ending.solves_per_second)
print(f"full deals {best_full:.3f} ms, endings {best_ending:.4f} ms, nodes {full.mean_nodes:.3f} / {ending.mean_nodes:.3f}")
"""


def patched(original: str, name: str) -> str:
    if name == "base":
        return original
    anchor, copy = PATCHES[name]
    if original.count(anchor) != 1:
        raise SystemExit(f"Error: the code of part {name!r} is no longer where this script looks for it")
    # the copy runs after the part itself, except for the probe, whose counter line it precedes
    return original.replace(anchor, copy + anchor if name == "probe" else anchor + copy)


def main(names: list[str]) -> None:
    unknown = [name for name in names if name != "base" and name not in PATCHES]
    if unknown or not names:
        raise SystemExit(f"Error: parts are base, {', '.join(PATCHES)}; got {' '.join(names) or 'none'}")
    original = SOURCE.read_text(encoding="utf-8")
    try:
        for name in names:
            SOURCE.write_text(patched(original, name), encoding="utf-8")
            result = subprocess.run([sys.executable, "-c", TIMING], capture_output=True, text=True, check=True)
            print(f"{name:6} {result.stdout.strip()}", flush=True)
    finally:
        SOURCE.write_text(original, encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])

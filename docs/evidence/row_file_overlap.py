"""Does writing a row file overlap the deal loop? Each thread's CPU time against its wall time.

  .venv/bin/python docs/evidence/row_file_overlap.py DEALS none|text|masks

Plays DEALS recorded heuristic deals on one thread in batches of 16,384, in a worker thread as
`simulate --out` does, and (unless ``none``) builds each batch's table, with or without the hands'
text, and writes it to a Parquet file on the main thread. Prints the whole wall time, the kernel's
wall and CPU seconds (the worker thread's, around each call) and the writing's (the main thread's).
Where a thread's wall time exceeds its CPU time it waited: for the GIL, or for a core another
job holds. On an idle two-core machine neither waits; under a load both do (docs/speed.md,
"Row files").
"""
from __future__ import annotations

import queue
import sys
import tempfile
import threading
import time
from pathlib import Path

BATCH = 16_384


def main(deals: int, mode: str) -> str:
    import spadille.kernel.quadrille._engine as engine
    from spadille.analyses.quadrille.rows import rows_table
    from spadille.analyses.rowfile import RowFileWriter
    from spadille.kernel.quadrille.policies import make_seat_policy
    from spadille.kernel.quadrille.ruleset import load_ruleset
    from spadille.kernel.quadrille.simulate import RunConfig, iter_batches

    players = tuple(make_seat_policy("heuristic") for _ in range(4))
    config = RunConfig(load_ruleset("encyclopedie-1765"), players, seed=3, deals=deals, threads=1, record=True)
    list(iter_batches(RunConfig(config.ruleset, players, 0, 2 * BATCH, threads=1, record=True), BATCH))  # compile
    kernel = {"wall": 0.0, "cpu": 0.0}
    play = engine.run_chunks

    def timed(*arguments):
        wall, cpu = time.perf_counter(), time.thread_time()
        result = play(*arguments)
        kernel["wall"] += time.perf_counter() - wall
        kernel["cpu"] += time.thread_time() - cpu
        return result

    engine.run_chunks = timed   # iter_batches imports it at each call
    batches: queue.Queue = queue.Queue(maxsize=2)

    def work() -> None:
        for batch in iter_batches(config, BATCH):
            batches.put(batch)
        batches.put(None)

    started = time.perf_counter()
    threading.Thread(target=work).start()
    writer, write_wall, write_cpu = None, 0.0, 0.0
    with tempfile.TemporaryDirectory() as folder:
        while (batch := batches.get()) is not None:
            if mode == "none":
                continue
            wall, cpu = time.perf_counter(), time.thread_time()
            table = rows_table(batch.rows, 4, hand_text=mode == "text")
            if writer is None:
                writer = RowFileWriter(Path(folder) / "rows.parquet", table.slice(0, 0))
            writer.write(table)
            write_wall += time.perf_counter() - wall
            write_cpu += time.thread_time() - cpu
        if writer is not None:
            writer.commit({})
    return (f"{mode}: {deals:,} deals in {time.perf_counter() - started:.2f} s; kernel {kernel['wall']:.2f} s "
            f"wall, {kernel['cpu']:.2f} s CPU; writing {write_wall:.2f} s wall, {write_cpu:.2f} s CPU")


if __name__ == "__main__":
    print(main(int(sys.argv[1]), sys.argv[2]))

"""Long runs spread over a Dask cluster, with results identical to an in-process run.

A command cuts its work into fixed blocks of deals (``blocks.py``: the block size is the
command's, never the cluster's), maps a module-level block function over them with a runner
(``runner.py``: ``InProcessRunner`` here, ``DaskRunner`` on a cluster) and merges the results in
block order. Every deal draws from its own counter-based stream, so the concatenated blocks are
the in-process run, row for row; aggregates are integer sums.

This package knows no game: each game's block functions live in its own analyses package
(``analyses/<game>/simulate_blocks.py``, Quadrille's maps, replays and claims beside them).

Dask is an optional extra (``pip install 'spadille[distributed]'``): this package imports it
only inside ``open_runner`` when a command is given ``--scheduler``. See docs/distributed.md.
"""

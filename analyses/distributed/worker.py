"""What runs on each Dask worker before and around the blocks.

``plugin.SpadilleWorker`` is a worker plugin: Dask runs its ``setup`` on every worker that is connected
when the run starts and on every one that joins later, before the worker gets a task, so before
anything there imports numba. It

* sets ``NUMBA_NUM_THREADS=1``: the worker is one process with one thread, and runs the serial kernel;
* gives the worker a numba cache of its own (``NUMBA_CACHE_DIR``): a cache written by several
  processes at once is a known source of crashes. The cache is a numbered slot under a base
  folder, held with a file lock while the worker lives, so a later run's worker reuses a slot's
  compiled code and no two live workers ever share one. Inside the slot, the code sits in a
  folder named after the kernel's source (``kernel/common/numba_cache.py``), so a slot never
  serves code compiled from another source. Each run first copies into it the compiled files it
  lacks from the numba cache the worker inherited (the folder ``numba_cache.configure`` chose
  when the kernel was imported), so a local cluster's workers load what the client compiled;
* records the worker's spadille version, which the client compares with its own (``state``) and
  every block checks again (``run_block``), so a worker with another version is refused.

This module imports neither numba nor dask at import time: the plugin is unpickled on the
worker before numba may be loaded.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

CACHE_BASE_ENV = "SPADILLE_WORKER_CACHE"   # the folder of the workers' cache slots, if set
MAX_SLOTS = 4096

_prepared: dict = {}
_lock_handle = None   # kept open for the life of the worker process: it holds the slot


class VersionMismatch(RuntimeError):
    """A worker runs another spadille version than the client."""


def cache_base() -> Path:
    """Where the workers' numba cache slots live: $SPADILLE_WORKER_CACHE, else beside the inherited
    NUMBA_CACHE_DIR, else in the temporary folder."""
    if os.environ.get(CACHE_BASE_ENV):
        return Path(os.environ[CACHE_BASE_ENV])
    inherited = os.environ.get("NUMBA_CACHE_DIR")
    if inherited:
        return Path(inherited).with_name(Path(inherited).name + "-dask-workers")
    return Path(tempfile.gettempdir()) / f"spadille-dask-numba-{os.getuid() if hasattr(os, 'getuid') else 0}"


def _claim_slot(base: Path) -> Path:
    """The first slot folder under ``base`` that no live worker holds; held until this process ends."""
    global _lock_handle
    import fcntl

    base.mkdir(parents=True, exist_ok=True)
    for number in range(MAX_SLOTS):
        slot = base / f"slot-{number}"
        slot.mkdir(exist_ok=True)
        handle = open(slot / ".lock", "w")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            continue
        _lock_handle = handle
        return slot
    raise RuntimeError(f"every numba cache slot under {base} is held by a live worker")


def _seed(cache: Path, inherited: str | None) -> int:
    """Copy into the slot's cache the compiled files it lacks from the numba cache the worker
    inherited (the NUMBA_CACHE_DIR the kernel's import set, of the same source): code the worker
    may load instead of compiling again. Never overwrites a file of the slot, and each worker
    writes only its own slot. Returns how many files it copied."""
    cache.mkdir(parents=True, exist_ok=True)
    if not inherited or not Path(inherited).is_dir() or Path(inherited).resolve() == cache.resolve():
        return 0
    folder = Path(inherited)
    copied = 0
    for source in folder.rglob("*"):
        if not source.is_file() or source.suffix not in (".nbi", ".nbc"):
            continue
        target = cache / source.relative_to(folder)
        if target.exists():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(f".{target.name}.{os.getpid()}.part")
        shutil.copy2(source, partial)
        os.replace(partial, target)   # numba never sees half a file
        copied += 1
    return copied


def prepare(expected_version: str) -> dict:
    """Set this worker process up once (see the module's docstring); returns its state."""
    if _prepared:
        # A later run on the same worker: the code compiled in the meantime where the worker came from.
        _prepared["seeded"] = _seed(Path(_prepared["cache_dir"]), _prepared["inherited"])
        _prepared["expected"] = expected_version
        return _prepared
    from spadille.kernel.common import numba_cache
    from spadille.kernel.common.version import package_version

    inherited = numba_cache.configure()   # done already if the kernel was imported: the folder it chose
    slot = _claim_slot(cache_base())
    cache_dir = slot / "numba" / Path(inherited).name   # the source's folder name, without hashing it again
    seeded = _seed(cache_dir, inherited)
    os.environ["NUMBA_NUM_THREADS"] = "1"
    os.environ["NUMBA_CACHE_DIR"] = str(cache_dir)
    late = "numba" in sys.modules
    if late:  # something loaded numba first: make it follow the settings all the same
        import numba

        try:
            numba.config.reload_config()   # the cache folder (and the thread count, if no thread started yet)
        except RuntimeError:
            pass  # its threads already started: set_num_threads below still keeps the kernel on one
        numba.set_num_threads(1)
    from . import pickling

    pickling.register()  # results that hold a ruleset pickle back to the client
    _prepared.update(version=package_version(), expected=expected_version, cache_dir=str(cache_dir),
                     inherited=inherited, seeded=seeded, numba_was_loaded=late, pid=os.getpid())
    return _prepared


def state() -> dict:
    """This worker's set-up, for the client's check (after the plugin ran)."""
    return dict(_prepared)


def check_version() -> None:
    if _prepared and _prepared["version"] != _prepared["expected"]:
        raise VersionMismatch(f"a worker runs spadille {_prepared['version']} but the client runs "
                              f"{_prepared['expected']}")


def run_block(function, *args):
    """One block on this worker: the version check, then ``function(*args)``."""
    check_version()
    return function(*args)


def warm_up(function, *args) -> float:
    """Run one small block so numba compiles (or loads from the slot's cache) before the real
    blocks; returns the seconds it took."""
    check_version()
    started = time.perf_counter()
    function(*args)
    return time.perf_counter() - started

"""numba's cache is keyed on the kernel's whole source (kernel/common/numba_cache.py): code compiled
from another version of the kernel is never loaded, which numba's own per-file check allows."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from spadille.kernel.common import numba_cache

MODULE = Path(numba_cache.__file__)

# Run in a fresh interpreter: load numba_cache.py by its path (not through spadille.kernel, whose
# import configures the cache for spadille's own kernel), point numba at the folder for the toy
# package's source, then call its jitted function.
RUNNER = textwrap.dedent("""
    import importlib.util, sys
    spec = importlib.util.spec_from_file_location("numba_cache", sys.argv[1])
    numba_cache = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(numba_cache)
    from pathlib import Path
    numba_cache.configure(Path(sys.argv[2]) / "toy")
    sys.path.insert(0, sys.argv[2])
    from toy.kern import answer
    print(answer())
""")


def _write_toy(root: Path, value: int) -> None:
    package = root / "toy"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / "consts.py").write_text(f"VALUE = {value}\n")
    # kern.py never changes: numba's own check (this file's time and size) would reuse its code
    (package / "kern.py").write_text(textwrap.dedent("""
        from numba import njit
        from toy.consts import VALUE

        @njit(cache=True)
        def answer():
            return VALUE
    """))


def _answer(root: Path, base: Path) -> int:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(base))
    done = subprocess.run([sys.executable, "-c", RUNNER, str(MODULE), str(root)], env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return int(done.stdout.strip())


def test_a_changed_constant_in_another_module_is_compiled_again_not_loaded_stale(tmp_path):
    base = tmp_path / "cache"
    _write_toy(tmp_path, 1)
    assert _answer(tmp_path, base) == 1
    kern = tmp_path / "toy" / "kern.py"
    stamp = kern.stat().st_mtime_ns
    _write_toy(tmp_path, 2)
    os.utime(kern, ns=(stamp, stamp))   # as after a `git pull` that did not touch kern.py
    assert _answer(tmp_path, base) == 2
    assert len([p for p in base.iterdir() if p.name.startswith(numba_cache.FOLDER_PREFIX)]) == 2
    _write_toy(tmp_path, 1)
    assert _answer(tmp_path, base) == 1   # the first source's folder again


def test_the_fingerprint_covers_every_python_file_and_nothing_else(tmp_path):
    (tmp_path / "game" / "__pycache__").mkdir(parents=True)
    (tmp_path / "game" / "_deal.py").write_text("A = 1\n")
    (tmp_path / "_bits.py").write_text("B = 2\n")
    first = numba_cache.source_fingerprint(tmp_path)
    (tmp_path / "game" / "__pycache__" / "_deal.play-12.py311.nbi").write_bytes(b"compiled")
    (tmp_path / "game" / "rules.toml").write_text("x = 1\n")
    assert numba_cache.source_fingerprint(tmp_path) == first
    (tmp_path / "game" / "_deal.py").write_text("A = 3\n")
    assert numba_cache.source_fingerprint(tmp_path) != first
    (tmp_path / "game" / "_deal.py").write_text("A = 1\n")
    (tmp_path / "game" / "_deal.py").rename(tmp_path / "game" / "_play.py")   # a moved file counts too
    assert numba_cache.source_fingerprint(tmp_path) != first


def test_the_folder_sits_in_the_given_base_and_a_child_process_keeps_it(tmp_path, monkeypatch):
    name = numba_cache.folder_name()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert numba_cache.cache_folder() == tmp_path / name
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / name))   # what a child process inherits
    assert numba_cache.cache_folder() == tmp_path / name
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home-cache"))
    assert numba_cache.cache_folder() == tmp_path / "home-cache" / "spadille" / "numba" / name


def test_this_process_uses_the_folder_of_its_own_kernel_source():
    import numba

    assert Path(os.environ["NUMBA_CACHE_DIR"]).name == numba_cache.folder_name()
    assert Path(numba.config.CACHE_DIR).name == numba_cache.folder_name()


def test_the_default_base_keeps_only_the_last_few_sources(tmp_path):
    base = tmp_path / "numba"
    old = []
    for k in range(numba_cache.KEEP_FOLDERS + 3):
        folder = base / f"{numba_cache.FOLDER_PREFIX}{k:016x}"
        folder.mkdir(parents=True)
        os.utime(folder, (1_000_000 + k, 1_000_000 + k))
        old.append(folder)
    workers = base / f"{numba_cache.FOLDER_PREFIX}{0:016x}-dask-workers"   # not a source's folder
    workers.mkdir()
    os.utime(workers, (1, 1))
    current = base / f"{numba_cache.FOLDER_PREFIX}{'f' * 16}"
    numba_cache._touch_and_prune(current)
    kept = sorted(p.name for p in base.iterdir())
    assert current.name in kept and workers.name in kept
    expected = {current.name, workers.name} | {p.name for p in old[-(numba_cache.KEEP_FOLDERS - 1):]}
    assert set(kept) == expected


def test_the_recorded_version_names_the_code_that_ran(tmp_path):
    import re

    from spadille.kernel.common.version import package_version, release_version, source_digest

    assert re.fullmatch(r"\S+[+.]src\.[0-9a-f]{12}", package_version())
    assert package_version().startswith(release_version()) and package_version().endswith(source_digest())
    # the digest reads the data files too (a claim's or a ruleset's TOML changes what a run computes)
    (tmp_path / "rules.toml").write_text("x = 1\n")
    before = numba_cache.source_fingerprint(tmp_path, (".py", ".toml"))
    (tmp_path / "rules.toml").write_text("x = 2\n")
    assert numba_cache.source_fingerprint(tmp_path, (".py", ".toml")) != before


def test_a_cache_save_waits_while_another_process_or_thread_holds_the_folders_lock(tmp_path):
    """Two spadille processes (the report and its warm-up, or two commands) save one at a time: a
    save blocks while the lock file is held (flock locks an open file, so a second open of it in
    this process stands for another process), and goes through once it is released."""
    import fcntl
    import threading

    import numba.core.caching as caching

    assert getattr(caching.IndexDataCacheFile.save, "_spadille_locked", False)
    folder = Path(numba_cache.configure())
    saver = caching.IndexDataCacheFile(str(tmp_path), "probe", (0.0, 0))
    with open(folder / numba_cache.LOCK_NAME, "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        thread = threading.Thread(target=saver.save, args=(("key",), b"compiled code"))
        thread.start()
        thread.join(timeout=1.0)
        assert thread.is_alive() and not (tmp_path / "probe.nbi").exists()   # waiting for the lock
    thread.join(timeout=60.0)
    assert not thread.is_alive() and saver.load(("key",)) == b"compiled code"

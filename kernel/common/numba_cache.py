"""Where numba keeps spadille's compiled code: a folder named after the kernel's source.

numba checks a cached function against its own file only (its time and size). When a module it
calls or inlines changes, or a constant it read at compile time (a layout index in ``layout.py``,
say), the cached machine code is still loaded, silently computing with the old values. That is
what a ``git pull`` in a clone does: only the changed files get new times. (Seen in this project:
after ``_layout.py`` moved the card-play rules by two slots, the cached deal loop read the
``strong`` policy's values two slots off, and strong's gain over the heuristic fell from +0.78 to
+0.12 jetons a deal with nothing to say so.)

So the cache lives in a folder named after a hash of every ``.py`` file of the kernel (the only
place with jitted code): any change to the kernel's source opens a fresh folder, and an unchanged
source finds its code again, in any process or clone. The base is ``$NUMBA_CACHE_DIR`` when set
(``make test`` sets a throwaway one), else ``$XDG_CACHE_HOME/spadille/numba`` (by default
``~/.cache/spadille/numba``), where only the folders of the last few sources are kept.

``configure`` runs once a process, from ``spadille/kernel/__init__.py``, so before any jitted
module is imported. It imports neither numba nor anything else heavy.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

KERNEL_ROOT = Path(__file__).resolve().parent.parent
FOLDER_PREFIX = "spadille-"
KEEP_FOLDERS = 6   # in the default base: the folders of the last few sources (a few MB each)

_configured: str | None = None


def source_fingerprint(root: Path = KERNEL_ROOT, suffixes: tuple[str, ...] = (".py",)) -> str:
    """A hex digest of every file under ``root`` whose name ends in one of ``suffixes``: its path
    relative to root, then its bytes."""
    paths = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [name for name in subfolders if name != "__pycache__"]  # thousands of compiled files
        paths += [Path(folder, name) for name in files if name.endswith(suffixes)]
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def folder_name(root: Path = KERNEL_ROOT) -> str:
    return FOLDER_PREFIX + source_fingerprint(root)[:16]


def default_base() -> Path:
    cache_home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(cache_home) / "spadille" / "numba"


def cache_folder(root: Path = KERNEL_ROOT) -> Path:
    """The folder numba should use for the source under ``root``: inside $NUMBA_CACHE_DIR, or that
    folder itself when it is already one of ours for this source (a child process inherits it)."""
    name = folder_name(root)
    current = os.environ.get("NUMBA_CACHE_DIR")
    if current and Path(current).name == name:
        return Path(current)
    return (Path(current) if current else default_base()) / name


def configure(root: Path = KERNEL_ROOT) -> str:
    """Point numba's cache at ``cache_folder(root)`` for this process and its children; once a
    process (later calls return the folder chosen first). Returns the folder."""
    global _configured
    if _configured is not None:
        return _configured
    folder = cache_folder(root)
    in_default_base = not os.environ.get("NUMBA_CACHE_DIR")
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    numba = sys.modules.get("numba")
    if numba is not None:  # loaded before us: it read the variable already, so tell its config too
        numba.config.CACHE_DIR = str(folder)
    if in_default_base:
        _touch_and_prune(folder)
    _guard_saves(folder)
    _configured = str(folder)
    return _configured


def _touch_and_prune(folder: Path) -> None:
    """Mark ``folder`` as just used and remove all but the KEEP_FOLDERS most recently used of its
    siblings. Best effort: a cache that cannot be tidied is still a cache."""
    import shutil

    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.utime(folder)
        ours = [p for p in folder.parent.iterdir()
                if p.is_dir() and p.name.startswith(FOLDER_PREFIX) and len(p.name) == len(folder.name)]
        ours.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        for old in ours[KEEP_FOLDERS:]:
            shutil.rmtree(old, ignore_errors=True)
    except OSError:
        pass


# ---------------------------------------------------------------- one writer at a time
# numba saves a compiled function in three steps: it reads the function's index, writes the index
# with the new entry's file name, then writes that file. Two processes that compile different
# signatures of one function at the same moment may both pick the same file name, and the index
# can end up naming the other signature's code, which a later run would load and run as its own.
# The report's warm-up (reports/quadrille/warm_up.py) compiles beside the report, and a user may run
# two commands at once: so spadille's processes save one at a time, under a lock file in the folder.
CACHING_MODULE = "numba.core.caching"
LOCK_NAME = ".save.lock"


def _guard_saves(folder: Path) -> None:
    """Make numba's cache saves hold ``folder/LOCK_NAME``: now if numba's caching module is loaded,
    else as soon as it is (without importing numba here)."""
    module = sys.modules.get(CACHING_MODULE)
    if module is not None:
        _wrap_save(module, folder)
    elif not any(isinstance(finder, _PatchOnImport) for finder in sys.meta_path):
        sys.meta_path.insert(0, _PatchOnImport(folder))


def _wrap_save(caching, folder: Path) -> None:
    import fcntl

    original = caching.IndexDataCacheFile.save
    if getattr(original, "_spadille_locked", False):
        return

    def save(self, key, data):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            lock = open(folder / LOCK_NAME, "a")
        except OSError:
            return original(self, key, data)   # an unwritable cache: numba reports it as it always did
        with lock:
            fcntl.flock(lock, fcntl.LOCK_EX)   # released when the file closes
            return original(self, key, data)

    save._spadille_locked = True
    caching.IndexDataCacheFile.save = save


class _PatchOnImport:
    """A meta-path finder that lets the usual finders find numba's caching module, and wraps its
    save once the module has run."""

    def __init__(self, folder: Path):
        self.folder = folder

    def find_spec(self, name, path=None, target=None):
        if name != CACHING_MODULE:
            return None
        import importlib.machinery

        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return None
        spec.loader = _PatchingLoader(spec.loader, self.folder)
        return spec


class _PatchingLoader:
    """The module's own loader (for everything else it is asked), wrapping save after the module runs."""

    def __init__(self, inner, folder: Path):
        self._inner = inner
        self._folder = folder

    def create_module(self, spec):
        return self._inner.create_module(spec)

    def exec_module(self, module):
        self._inner.exec_module(module)
        _wrap_save(module, self._folder)

    def __getattr__(self, name):
        return getattr(self._inner, name)

"""Where numba keeps spadille's compiled code: a folder named after the kernel's source.

numba checks a cached function against its own file only (its time and size). When a module it
calls or inlines changes, or a constant it read at compile time (a layout index in ``_layout.py``,
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

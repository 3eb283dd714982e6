"""The installed spadille version, which every output records beside its seed and ruleset.

The package's version number alone does not say which code ran: a clone between releases, or one
with local edits, carries the same number. So the version recorded is the number with a local part
naming a hash of the package's code and data (its ``.py`` and ``.toml`` files), for example
``0.1.0+src.1a2b3c4d5e6f``: two outputs with the same version came from the same code, and a Dask
worker whose code differs from the client's is refused (analyses/distributed/worker.py).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from .numba_cache import KERNEL_ROOT, source_fingerprint

# The folders installed as spadille's subpackages (pyproject.toml), found beside the kernel's.
SOURCE_FOLDERS = ("kernel", "analyses", "reports", "cli", "seeds")


def release_version() -> str:
    try:
        from importlib.metadata import version

        return version("spadille")
    except Exception:  # noqa: BLE001 - running from a tree that was never installed
        return "0+unknown"


@lru_cache(maxsize=1)
def source_digest() -> str:
    """12 hex digits naming the package's code and data."""
    parts = []
    for name in SOURCE_FOLDERS:
        folder = KERNEL_ROOT.parent / name
        parts.append(source_fingerprint(folder, (".py", ".toml")) if folder.is_dir() else "-")
    return hashlib.sha256(":".join(parts).encode()).hexdigest()[:12]


def package_version() -> str:
    """The release number with the code's hash as its local part (PEP 440)."""
    release = release_version()
    return f"{release}{'.' if '+' in release else '+'}src.{source_digest()}"

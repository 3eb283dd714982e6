"""Rulesets travel to the workers: their rule maps are read-only ``MappingProxyType`` views,
which pickle cannot store. The client registers a reducer that ships the plain dict and
rebuilds the view on the worker, so the kernel's types stay as they are."""

from __future__ import annotations

import copyreg
from types import MappingProxyType


def read_only(entries: dict) -> MappingProxyType:
    return MappingProxyType(entries)


def _reduce(view: MappingProxyType):
    return read_only, (dict(view),)


def register() -> None:
    copyreg.pickle(MappingProxyType, _reduce)

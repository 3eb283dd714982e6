"""The kernels' helpers compiled without numba's reference counts (``_nrt=False``) stay safe.

numba compiles a jitted callee with its caller's ``nrt`` flag unless the callee sets its own
(``CPUTargetOptions.finalize``: ``inherit_if_not_set("nrt")``). A plain helper first reached from
an ``_nrt=False`` function is therefore compiled without reference counts too, and that one
compiled version then serves every caller. That is harmless for a helper that only reads and
writes arrays it was given, fatal for one that allocates (the compile fails) and silently wrong
for one that returns an array (its callers would release a reference they were never given).

So the rule the kernels follow: everything an ``_nrt=False`` function calls says so itself:
``_nrt=False``, IR-inlined (``inline="always"``, the bit intrinsics), or ``_nrt=True`` for a
function that allocates (its own callees then inherit the reference counts); and none of the
``_nrt=False`` ones allocates or returns an array. This test walks the call graph from the
source, without compiling anything, and checks the first two; numba itself refuses a new array
returned without reference counts, and none of these helpers hands back an argument array
(they return masks, counts and cards).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import types

import pytest

import spadille.kernel
from numba.core.registry import CPUDispatcher


def _kernel_modules():
    for info in pkgutil.walk_packages(spadille.kernel.__path__, "spadille.kernel."):
        if ".reference" in info.name or info.name.endswith("tests"):
            continue
        yield importlib.import_module(info.name)


def _dispatchers():
    found = {}
    for module in _kernel_modules():
        for value in vars(module).values():
            if isinstance(value, CPUDispatcher) and value.py_func.__module__ == module.__name__:
                found[f"{module.__name__}.{value.py_func.__name__}"] = value
    return found


def _code_names(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _code_names(const)
    return names


def _callees(dispatcher) -> list:
    """Jitted functions the body names: globals, and attributes of the modules it names."""
    func = dispatcher.py_func
    names = _code_names(func.__code__)
    found = []
    for name in names:
        value = func.__globals__.get(name)
        if isinstance(value, CPUDispatcher):
            found.append(value)
        elif isinstance(value, types.ModuleType):
            for attribute in names:
                target = getattr(value, attribute, None)
                if isinstance(target, CPUDispatcher):
                    found.append(target)
    return found


def _without_refcounts(dispatcher) -> bool:
    return dispatcher.targetoptions.get("_nrt") is False


def _with_refcounts(dispatcher) -> bool:
    return dispatcher.targetoptions.get("_nrt") is True


def _inlined(dispatcher) -> bool:
    return dispatcher.targetoptions.get("inline") == "always"


DISPATCHERS = _dispatchers()
NO_REFCOUNTS = sorted(name for name, d in DISPATCHERS.items() if _without_refcounts(d))


def test_some_kernels_run_without_refcounts():
    assert len(NO_REFCOUNTS) >= 20, NO_REFCOUNTS


@pytest.mark.parametrize("name", NO_REFCOUNTS)
def test_callees_of_a_refcount_free_function_say_so_themselves(name):
    unsafe = []
    seen, stack = set(), [DISPATCHERS[name]]
    while stack:
        current = stack.pop()
        for callee in _callees(current):
            if id(callee) in seen:
                continue
            seen.add(id(callee))
            if _with_refcounts(callee):
                continue
            if not (_without_refcounts(callee) or _inlined(callee)):
                unsafe.append(f"{callee.py_func.__module__}.{callee.py_func.__name__}")
            stack.append(callee)
    assert not unsafe, f"{name} reaches helpers that would inherit _nrt=False: {sorted(set(unsafe))}"


@pytest.mark.parametrize("name", NO_REFCOUNTS)
def test_a_refcount_free_function_allocates_nothing(name):
    source = inspect.getsource(DISPATCHERS[name].py_func)
    assert not any(f"np.{call}(" in source for call in ("zeros", "empty", "full", "ones", "array", "copy")), \
        f"{name} allocates, so it needs reference counts"


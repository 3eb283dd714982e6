"""Bit operations on uint64 card masks, compiled to single LLVM instructions.

numba has no popcount or count-trailing-zeros for integers, so these wrap LLVM's
ctpop / cttz / ctlz intrinsics. They are inlined wherever they are used and cache fine.
Inputs must be uint64; results are int64. ``lowest`` and ``highest`` of 0 are undefined,
so callers test the mask first.
"""

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

ONE = np.uint64(1)
ZERO = np.uint64(0)


@intrinsic
def _ctpop(typingctx, x):
    sig = types.int64(types.uint64)

    def codegen(context, builder, signature, args):
        fn = builder.module.declare_intrinsic("llvm.ctpop", [ir.IntType(64)])
        return builder.call(fn, [args[0]])

    return sig, codegen


@intrinsic
def _cttz(typingctx, x):
    sig = types.int64(types.uint64)

    def codegen(context, builder, signature, args):
        fn = builder.module.declare_intrinsic("llvm.cttz", [ir.IntType(64), ir.IntType(1)])
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 0)])

    return sig, codegen


@intrinsic
def _ctlz(typingctx, x):
    sig = types.int64(types.uint64)

    def codegen(context, builder, signature, args):
        fn = builder.module.declare_intrinsic("llvm.ctlz", [ir.IntType(64), ir.IntType(1)])
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 0)])

    return sig, codegen


@njit(inline="always", cache=True)
def popcount(x):
    return _ctpop(x)


@njit(inline="always", cache=True)
def lowest(x):
    """Index of the lowest set bit."""
    return _cttz(x)


@njit(inline="always", cache=True)
def highest(x):
    """Index of the highest set bit."""
    return 63 - _ctlz(x)


@njit(inline="always", cache=True)
def bit(i):
    return ONE << np.uint64(i)


@njit(inline="always", cache=True)
def below(i):
    """Mask of the positions strictly below i."""
    return (ONE << np.uint64(i)) - ONE


@njit(inline="always", cache=True)
def above(i):
    """Mask of the positions strictly above i (i < 63)."""
    return ~((ONE << np.uint64(i + 1)) - ONE)


@njit(inline="always", cache=True)
def nth_set(x, n):
    """Index of the n-th lowest set bit (n counts from 0)."""
    for _ in range(n):
        x &= x - ONE
    return _cttz(x)


@intrinsic
def _load_u64(typingctx, arr, index):
    """The 8 bytes of a 1-byte array from ``index`` on, as one uint64 (any alignment, host byte
    order: the first byte lowest on the little-endian machines numba targets)."""
    if not (isinstance(arr, types.Array) and arr.dtype.bitwidth == 8 and arr.ndim == 1):
        return None
    sig = types.uint64(arr, types.int64)

    def codegen(context, builder, signature, args):
        data = context.make_array(signature.args[0])(context, builder, value=args[0]).data
        address = builder.gep(data, [args[1]])
        word = builder.bitcast(address, ir.IntType(64).as_pointer())
        return builder.load(word, align=1)

    return sig, codegen


@njit(inline="always", cache=True)
def load_u64(arr, index):
    """arr[index .. index + 7] (a 1-byte array; the caller keeps them in bounds) as one uint64,
    arr[index] in the lowest byte: eight slots read in one load."""
    return _load_u64(arr, np.int64(index))

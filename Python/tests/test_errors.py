"""Statuses as exceptions, bad input, cancellation."""
import os
import signal
import threading

import numpy as np
import pyarrow as pa
import pytest

import heckel
from heckel import HeckelError, Status
from heckel._core import run_matching
from heckel._heckel_cffi import ffi, lib


def test_every_status_is_an_exception_with_the_core_description():
    for status in Status:
        if status == Status.OK:
            continue
        error = HeckelError(status)
        assert error.status == status
        assert ffi.string(lib.heckel_status_description(status)).decode() in str(error)


def test_invalid_argument_from_the_core():
    call = lambda o, r: lib.heckel_match_keys(ffi.NULL, 1, ffi.NULL, 0, ffi.NULL, ffi.NULL, o, r)
    with pytest.raises(HeckelError) as caught:
        run_matching(call, 1, 0)
    assert caught.value.status == Status.INVALID_ARGUMENT


def test_too_large_from_the_core_and_from_the_binding():
    keys = np.zeros(1, dtype=np.uint64)
    pointer = ffi.cast("uint64_t *", keys.ctypes.data)
    call = lambda o, r: lib.heckel_match_keys(pointer, heckel.MAX_COUNT + 1, pointer, 1, ffi.NULL, ffi.NULL, o, r)
    with pytest.raises(HeckelError) as caught:
        run_matching(call, 1, 1)
    assert caught.value.status == Status.TOO_LARGE
    # A broadcast view of 2^32 keys (no memory behind it) is refused before anything is allocated.
    huge = np.lib.stride_tricks.as_strided(np.zeros(1, dtype=np.int64), shape=(heckel.MAX_COUNT + 1,), strides=(8,))
    with pytest.raises(HeckelError) as caught:
        heckel.diff(huge, np.zeros(1, dtype=np.int64))
    assert caught.value.status == Status.TOO_LARGE


@pytest.mark.parametrize("size", [300, 50_000, 200_000])
def test_out_of_memory_at_every_allocation(size):
    """Each allocation of the core fails in turn: the call raises OUT_OF_MEMORY and leaks nothing;
    once no allocation fails the result is the plain one."""
    rng = np.random.default_rng(size)
    old = rng.integers(0, size, size=size)
    new = rng.integers(0, size, size=size)
    expected = heckel.diff(old, new, threads=1)
    state = ffi.new("heckel_py_faulty *")
    allocator = ffi.new("heckel_allocator *")
    lib.heckel_py_faulty_allocator(state, allocator)
    failures = 0
    for fail_at in range(10_000):
        state.calls, state.fail_at, state.live = 0, fail_at, 0
        try:
            d = heckel.diff(old, new, threads=1, allocator=allocator)
        except HeckelError as error:
            assert error.status == Status.OUT_OF_MEMORY
            assert state.live == 0
            failures += 1
            continue
        assert state.live == 0 and state.calls <= fail_at
        assert np.array_equal(d.new_to_old, expected.new_to_old) and np.array_equal(d.moves, expected.moves)
        break
    assert failures >= 1


def test_cancel_flag():
    old = np.arange(2_000_000)
    new = old[::-1].copy()
    flag = heckel.CancelFlag()
    flag.cancel()
    assert flag.cancelled
    with pytest.raises(HeckelError) as caught:
        heckel.diff(old, new, cancel=flag)
    assert caught.value.status == Status.CANCELLED


def test_ctrl_c_raises_keyboard_interrupt_and_cancels_the_core():
    rng = np.random.default_rng(5)
    old = rng.integers(0, 1 << 40, size=5_000_000)
    new = rng.permutation(old)
    flag = heckel.CancelFlag()
    timer = threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        heckel.diff(old, new, threads=1, cancel=flag)
    timer.join()
    assert flag.cancelled


def test_mismatched_types():
    with pytest.raises(TypeError, match="differ in type"):
        heckel.diff(np.arange(3, dtype=np.int32), np.arange(3, dtype=np.int64))
    with pytest.raises(TypeError, match="cannot diff"):
        heckel.diff(np.arange(3), pa.array([1, 2, 3]))
    with pytest.raises(TypeError, match="int64 in old and string in new"):
        heckel.diff(pa.array([1, 2]), pa.array(["a"]))
    with pytest.raises(TypeError, match="object arrays"):
        heckel.diff(np.array(["a", None], dtype=object), np.array(["a"], dtype=object))
    with pytest.raises(TypeError, match="cannot diff values of Arrow type"):
        heckel.diff(pa.array([[1], [2]]), pa.array([[1]]))
    with pytest.raises(TypeError, match="dimensions"):
        heckel.diff(np.zeros((2, 2, 2)), np.zeros((2, 2, 2)))
    with pytest.raises(TypeError, match="different key columns"):
        heckel.diff(pa.table({"a": [1]}), pa.table({"b": [1]}))
    with pytest.raises(KeyError, match="no column 'c'"):
        heckel.diff(pa.table({"a": [1]}), pa.table({"a": [1]}), key=["c"])
    with pytest.raises(TypeError, match="padding"):
        dtype = np.dtype([("a", np.int8), ("b", np.int64)], align=True)
        heckel.diff(np.zeros(2, dtype), np.zeros(2, dtype))
    with pytest.raises(TypeError, match="key= names columns"):
        heckel.diff(np.arange(2), np.arange(2), key=["a"])

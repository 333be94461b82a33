"""The calls into the C core: statuses as exceptions, outputs as NumPy arrays the core
writes in place, and runs that Ctrl-C cancels (the core in a worker thread, its cancel flag
raised from the main thread)."""
from __future__ import annotations

import enum
import signal
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

from ._heckel_cffi import ffi, lib

#: The value of old_to_new[i] / new_to_old[j] for an unmatched element (HECKEL_UNMATCHED).
UNMATCHED = 0xFFFFFFFF
#: The largest list the core accepts (HECKEL_MAX_COUNT); more gives Status.TOO_LARGE.
MAX_COUNT = 0xFFFFFFF0
#: Lists with fewer elements than this (old + new) run on the calling thread: they take
#: well under a millisecond, less than starting a thread, so Ctrl-C waits for them.
THREADED_FROM = 1 << 16


class Status(enum.IntEnum):
    """heckel_status."""
    OK = 0
    INVALID_ARGUMENT = 1
    TOO_LARGE = 2
    OUT_OF_MEMORY = 3
    CANCELLED = 4


class HeckelError(Exception):
    """A call into the core returned a status other than OK; `status` says which."""

    def __init__(self, status: int):
        self.status = Status(status)
        description = ffi.string(lib.heckel_status_description(int(status))).decode()
        super().__init__(f"heckel: {description} ({self.status.name})")


class CancelFlag:
    """A flag that cancels the calls given it (`diff(..., cancel=flag)`) once raised, from any thread.
    A call that sees it raised ends with HeckelError(Status.CANCELLED)."""

    def __init__(self):
        self._flag = ffi.new("int *")

    def cancel(self) -> None:
        lib.heckel_cancel(self._flag)

    @property
    def cancelled(self) -> bool:
        return self._flag[0] != 0


@dataclass(frozen=True)
class Matching:
    """The core's heckel_result: offsets into the other list (UNMATCHED where none), the new
    offsets of the moved pairs ascending (empty when order was ignored), and the counts."""
    old_to_new: np.ndarray
    new_to_old: np.ndarray
    moves: np.ndarray
    match_count: int
    move_count: int


def check(status: int) -> None:
    """Raises HeckelError unless status is OK."""
    if status != Status.OK:
        raise HeckelError(status)


def offsets_pointer(array: np.ndarray):
    return ffi.cast("heckel_offset *", array.ctypes.data) if array.size else ffi.NULL


def run_matching(call: Callable, old_count: int, new_count: int, *, ignore_order: bool = False,
                 threads: int = 0, cancel: Optional[CancelFlag] = None, allocator=None) -> Matching:
    """Runs `call(options, result)` (a heckel_match_* call over inputs it keeps alive) into fresh
    NumPy outputs. O(old_count + new_count) memory for the outputs, written by the core only.
    Counts above MAX_COUNT raise HeckelError(TOO_LARGE) before any output is allocated, as the
    core itself would."""
    if old_count > MAX_COUNT or new_count > MAX_COUNT:
        raise HeckelError(Status.TOO_LARGE)
    old_to_new = np.empty(old_count, dtype=np.uint32)
    new_to_old = np.empty(new_count, dtype=np.uint32)
    moves = np.empty(0 if ignore_order else min(old_count, new_count), dtype=np.uint32)
    result = ffi.new("heckel_result *")
    result.old_to_new = offsets_pointer(old_to_new)
    result.new_to_old = offsets_pointer(new_to_old)
    result.moves = offsets_pointer(moves)
    flag = cancel if cancel is not None else CancelFlag()
    options = ffi.new("heckel_options *")
    options.cancel = flag._flag
    options.threads = threads
    options.ignore_order = ignore_order
    if allocator is not None:
        options.allocator = allocator
    status = run_cancellable(lambda: call(options, result), flag, old_count + new_count >= THREADED_FROM)
    check(status)
    return Matching(old_to_new, new_to_old, moves[: result.move_count], int(result.match_count),
                    int(result.move_count))


@contextmanager
def sigint_blocked():
    """SIGINT held back from the calling thread (and the threads it starts) for the block, where
    the platform allows; a Ctrl-C meanwhile is delivered when the block ends."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def run_cancellable(call: Callable[[], int], flag: CancelFlag, threaded: bool) -> int:
    """Runs a core call (cffi releases the GIL during it). Threaded, on a worker thread while the
    calling thread waits in short, interruptible joins: a KeyboardInterrupt there (Ctrl-C on the
    main thread) raises the core's cancel flag, waits for the call to return, and propagates."""
    if not threaded:
        return call()
    outcome: list = []

    def work():
        try:
            outcome.append(call())
        except BaseException as error:  # surfaced on the calling thread below
            outcome.append(error)

    worker = threading.Thread(target=work, name="heckel-core", daemon=True)
    try:
        # Ctrl-C cannot land inside start() (whose wait for the new thread is interruptible):
        # the worker would run on over inputs the caller has let go.
        with sigint_blocked():
            worker.start()
        while worker.is_alive():
            worker.join(0.05)
    except KeyboardInterrupt:
        flag.cancel()
        if worker.ident is not None:  # started: the call returns soon, cancelled
            worker.join()
        raise
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0]

"""heckel.diff: two lists matched by the core, the result as NumPy arrays."""
from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy as np

from ._core import UNMATCHED, CancelFlag, Matching, run_matching
from ._inputs import match_call, prepare


class Diff(Matching):
    """The matching of an old and a new list (see heckel.h): `old_to_new[i]` is the new offset
    paired with old element i, or UNMATCHED; `new_to_old[j]` likewise; `moves` the new offsets
    of the fewest matched pairs whose relocation explains the new order, ascending (empty when
    order is ignored). Equal elements pair in order: the k-th occurrence of a value in new pairs
    with its k-th occurrence in old."""

    @property
    def deletions(self) -> np.ndarray:
        """Old offsets left unmatched, ascending. O(old)."""
        return np.flatnonzero(self.old_to_new == UNMATCHED)

    @property
    def insertions(self) -> np.ndarray:
        """New offsets left unmatched, ascending. O(new)."""
        return np.flatnonzero(self.new_to_old == UNMATCHED)


def diff(old: Any, new: Any, *, key: Optional[Sequence[str]] = None, ignore_order: bool = False,
         threads: int = 0, cancel: Optional[CancelFlag] = None, allocator=None) -> Diff:
    """Matches old against new with the C core.

    old, new: two NumPy arrays of one dtype (1-D: each element matched by its bytes, 8-byte
    ones as 64-bit keys; 2-D: each row), or two Arrow arrays, chunked arrays, record batches
    or tables (`key`: the columns rows are matched by; all of them without it). Integers,
    strings and binary compare by value, floats by bit pattern; a null equals a null only.
    ignore_order: no moves (saves the O(n log n) move pass). threads: the core's thread count
    (0: every core). cancel: a CancelFlag that ends the call with HeckelError(CANCELLED) once
    raised; Ctrl-C also cancels the call and raises KeyboardInterrupt. allocator: a
    `heckel_allocator *` cdata for the core's scratch memory (the tests inject failures with it).

    TypeError when the sides differ in type or a type cannot be matched; HeckelError (its
    `status` the core's) when the core refuses. Cost: O(n) expected plus O(n log n) for the
    moves, n = len(old) + len(new); inputs are read in place where their buffers allow
    (NumPy arrays, Arrow columns without nulls), else encoded once with NumPy."""
    old_side, new_side = prepare(old, new, key)
    call = match_call(old_side, new_side)
    matching = run_matching(call, old_side.count, new_side.count, ignore_order=ignore_order,
                            threads=threads, cancel=cancel, allocator=allocator)
    return Diff(**matching.__dict__)

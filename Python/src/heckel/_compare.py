"""Which matched pairs of rows differ: the core matches the pairs' values
(heckel_match_keyed_spans, pair k keyed k on both sides, so a pair matches exactly when its two
byte strings are equal). Fixed-width columns (and the null flags of all columns) are compared
as one encoded record per row; each string or binary column in place, as spans over its Arrow
data buffer (length 0 under nulls, the flag telling a null from an empty value)."""
from __future__ import annotations

from typing import Sequence

import numpy as np
import pyarrow as pa

from ._core import run_matching
from ._encoding import encode_rows, fixed_width, normalize, valid_mask, variable_values
from ._heckel_cffi import ffi, lib
from ._inputs import type_family


def spans_at(base: int, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """heckel_span values (address, length): base + starts, NULL where the length is 0."""
    spans = np.zeros((len(starts), 2), dtype=np.uint64)
    if base:
        spans[:, 0] = np.where(lengths > 0, np.uint64(base) + starts.astype(np.uint64), np.uint64(0))
    spans[:, 1] = lengths
    return spans


def spans_equal(old_spans: np.ndarray, new_spans: np.ndarray) -> np.ndarray:
    """equal[k]: whether old span k and new span k hold the same bytes. O(count + bytes)."""
    count = len(old_spans)
    keys = np.arange(count, dtype=np.uint64)
    spans = lambda s: ffi.cast("heckel_span *", s.ctypes.data)
    key_pointer = ffi.cast("uint64_t *", keys.ctypes.data)
    call = lambda o, r: lib.heckel_match_keyed_spans(spans(old_spans), key_pointer, count,
                                                     spans(new_spans), key_pointer, count, o, r)
    matching = run_matching(call, count, count, ignore_order=True)
    return matching.new_to_old == keys.astype(np.uint32)


def record_spans(records: np.ndarray, rows: np.ndarray) -> np.ndarray:
    width = records.shape[1]
    return spans_at(records.ctypes.data if records.size else 0, rows * width, np.full(len(rows), width, np.int64))


def value_spans(array: pa.Array, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Spans of a string or binary column's values at rows, and the buffer they point into."""
    data, offsets = variable_values(array)
    lengths = offsets[rows + 1] - offsets[rows]
    valid = valid_mask(array)
    if valid is not None:
        lengths = np.where(valid[rows], lengths, 0)
    return spans_at(data.ctypes.data if data.size else 0, offsets[rows], lengths), data


def null_flags(array: pa.Array) -> pa.Array:
    valid = valid_mask(array)
    flags = np.zeros(len(array), np.uint8) if valid is None else (~valid).astype(np.uint8)
    return pa.array(flags)


def pairs_equal(old_columns: Sequence[pa.Array], new_columns: Sequence[pa.Array], old_rows: np.ndarray,
                new_rows: np.ndarray) -> np.ndarray:
    """equal[k]: whether row old_rows[k] of the old columns equals row new_rows[k] of the new
    ones in every column (byte equality, null equals null only). O(rows + bytes)."""
    count = len(old_rows)
    if count == 0:
        return np.ones(0, dtype=bool)
    old_rows, new_rows = np.asarray(old_rows, dtype=np.int64), np.asarray(new_rows, dtype=np.int64)
    old_columns = [normalize(c) for c in old_columns]
    new_columns = [normalize(c) for c in new_columns]
    for a, b in zip(old_columns, new_columns):
        if type_family(a.type) != type_family(b.type):
            raise TypeError(f"heckel: a compared column is {a.type} in old and {b.type} in new")
    nullable = [a.null_count > 0 or b.null_count > 0 for a, b in zip(old_columns, new_columns)]
    fixed = [k for k, a in enumerate(old_columns) if fixed_width(a.type)]
    variable = [k for k in range(len(old_columns)) if k not in fixed]
    equal = np.ones(count, dtype=bool)
    flagged = [k for k in variable if nullable[k]]
    if fixed or flagged:
        def records(columns):
            parts = [columns[k] for k in fixed] + [null_flags(columns[k]) for k in flagged]
            return encode_rows(parts, [nullable[k] for k in fixed] + [False] * len(flagged)).records
        old_records, new_records = records(old_columns), records(new_columns)
        equal &= spans_equal(record_spans(old_records, old_rows), record_spans(new_records, new_rows))
    for k in variable:
        (old_spans, old_data), (new_spans, new_data) = (value_spans(old_columns[k], old_rows),
                                                        value_spans(new_columns[k], new_rows))
        equal &= spans_equal(old_spans, new_spans)
        del old_data, new_data  # alive until the call returned
    return equal

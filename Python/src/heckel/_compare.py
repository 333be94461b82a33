"""Which matched pairs of rows differ, and in which columns: the core matches the pairs'
encoded values (heckel_match_keyed_spans, pair k keyed k, so a pair matches exactly when its
two encodings are equal bytes)."""
from __future__ import annotations

from typing import Sequence

import numpy as np
import pyarrow as pa

from ._core import run_matching
from ._encoding import Encoded, encode_rows, normalize
from ._heckel_cffi import ffi, lib
from ._inputs import type_family


def row_spans(encoded: Encoded, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """heckel_span values of the given rows' encodings, and the buffer they point into."""
    spans = np.empty((len(rows), 2), dtype=np.uint64)
    if encoded.records is not None:
        width = encoded.records.shape[1]
        buffer = encoded.records
        starts = rows.astype(np.uint64) * np.uint64(width)
        lengths = np.full(len(rows), width, dtype=np.uint64)
    else:
        buffer = encoded.data
        starts = encoded.offsets[rows].astype(np.uint64)
        lengths = (encoded.offsets[rows + 1] - encoded.offsets[rows]).astype(np.uint64)
    base = buffer.ctypes.data if buffer.size else 0
    spans[:, 0] = np.where(lengths > 0, np.uint64(base) + starts, np.uint64(0)) if base else 0
    spans[:, 1] = lengths
    return spans, buffer


def pairs_equal(old_columns: Sequence[pa.Array], new_columns: Sequence[pa.Array], old_rows: np.ndarray,
                new_rows: np.ndarray) -> np.ndarray:
    """equal[k]: whether row old_rows[k] of the old columns equals row new_rows[k] of the new
    ones in every column (byte equality, null equals null only). O(rows + bytes)."""
    count = len(old_rows)
    if count == 0:
        return np.ones(0, dtype=bool)
    old_columns = [normalize(c) for c in old_columns]
    new_columns = [normalize(c) for c in new_columns]
    for a, b in zip(old_columns, new_columns):
        if type_family(a.type) != type_family(b.type):
            raise TypeError(f"heckel: a compared column is {a.type} in old and {b.type} in new")
    nullable = [a.null_count > 0 or b.null_count > 0 for a, b in zip(old_columns, new_columns)]
    old_spans, old_buffer = row_spans(encode_rows(old_columns, nullable), np.asarray(old_rows, dtype=np.int64))
    new_spans, new_buffer = row_spans(encode_rows(new_columns, nullable), np.asarray(new_rows, dtype=np.int64))
    keys = np.arange(count, dtype=np.uint64)
    span_pointer = lambda s: ffi.cast("heckel_span *", s.ctypes.data)
    key_pointer = ffi.cast("uint64_t *", keys.ctypes.data)
    call = lambda o, r: lib.heckel_match_keyed_spans(span_pointer(old_spans), key_pointer, count,
                                                     span_pointer(new_spans), key_pointer, count, o, r)
    matching = run_matching(call, count, count, ignore_order=True)
    del old_buffer, new_buffer  # alive until the call returned
    return matching.new_to_old == keys.astype(np.uint32)

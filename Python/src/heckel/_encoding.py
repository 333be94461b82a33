"""Row encoding: several Arrow columns (and nulls) turned into one byte string per row, so
that two rows are equal exactly when their encodings are. Built with NumPy over the Arrow
buffers: no Python loop over rows.

Per column, in order: a null flag byte (only in columns given `nullable`), then the value:
fixed-width values as their bytes (zeroed under nulls), variable-width ones (strings,
binary) as a 4-byte little-endian length then the bytes (length 0 under nulls). Columns with
fixed widths only give fixed-size records."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc


@dataclass
class Encoded:
    """Rows as fixed-size records (`records`, shape (n, width)) or as byte strings
    (`data` and `offsets`, n + 1 of them)."""
    count: int
    records: Optional[np.ndarray] = None
    data: Optional[np.ndarray] = None
    offsets: Optional[np.ndarray] = None


def normalize(array) -> pa.Array:
    """One contiguous Arrow array of a type the encoders read: chunks combined, dictionaries
    decoded, views cast to their large types, booleans as bytes. TypeError for other types."""
    if isinstance(array, pa.ChunkedArray):
        array = array.chunk(0) if array.num_chunks == 1 else array.combine_chunks()
    if not isinstance(array, pa.Array):
        raise TypeError(f"heckel: expected an Arrow array, got {type(array).__name__}")
    t = array.type
    if pa.types.is_dictionary(t):
        return normalize(array.dictionary_decode())
    if t == pa.string_view():
        return array.cast(pa.large_string())
    if t == pa.binary_view():
        return array.cast(pa.large_binary())
    if pa.types.is_boolean(t):
        return pc.cast(array, pa.uint8())
    if is_variable(t) or fixed_width(t):
        return array
    raise TypeError(f"heckel: cannot diff values of Arrow type {t}: keys and compared columns "
                    "must be integers, strings, binary, decimals, dates, times, floats or booleans")


def is_variable(t: pa.DataType) -> bool:
    return (pa.types.is_string(t) or pa.types.is_binary(t) or pa.types.is_large_string(t)
            or pa.types.is_large_binary(t))


def fixed_width(t: pa.DataType) -> int:
    """Bytes per value of a fixed-width type, 0 for any other."""
    if pa.types.is_boolean(t) or pa.types.is_nested(t) or is_variable(t) or pa.types.is_null(t):
        return 0
    try:
        bits = t.bit_width
    except ValueError:
        return 0
    return bits // 8 if bits % 8 == 0 else 0


def fixed_values(array: pa.Array) -> np.ndarray:
    """The values of a fixed-width array as a (n, width) uint8 view of its data buffer."""
    width = fixed_width(array.type)
    buffer = array.buffers()[1]
    if len(array) == 0 or buffer is None:
        return np.zeros((len(array), width), dtype=np.uint8)
    raw = np.frombuffer(buffer, dtype=np.uint8)
    return raw[array.offset * width:(array.offset + len(array)) * width].reshape(len(array), width)


def variable_values(array: pa.Array) -> tuple[np.ndarray, np.ndarray]:
    """(data as uint8, the n + 1 offsets as int64 into it) of a string or binary array."""
    large = pa.types.is_large_string(array.type) or pa.types.is_large_binary(array.type)
    buffers = array.buffers()
    n = len(array)
    if buffers[1] is None:
        return np.zeros(0, dtype=np.uint8), np.zeros(n + 1, dtype=np.int64)
    offsets = np.frombuffer(buffers[1], dtype=np.int64 if large else np.int32)[array.offset:array.offset + n + 1]
    data = np.frombuffer(buffers[2], dtype=np.uint8) if buffers[2] is not None else np.zeros(0, dtype=np.uint8)
    return data, offsets.astype(np.int64, copy=False)


def valid_mask(array: pa.Array) -> Optional[np.ndarray]:
    """True where a value is present, or None when the array has no nulls."""
    if array.null_count == 0:
        return None
    return np.asarray(array.is_valid().to_numpy(zero_copy_only=False), dtype=bool)


def encode_rows(columns: Sequence[pa.Array], nullable: Sequence[bool]) -> Encoded:
    """Encodes rows of normalized, equally long columns (see the module's comment).
    O(n * columns + bytes) time and memory."""
    n = len(columns[0]) if columns else 0
    fixed_parts, variable = [], []
    for array, has_flag in zip(columns, nullable):
        valid = valid_mask(array)
        if has_flag:
            flag = np.zeros((n, 1), dtype=np.uint8) if valid is None else (~valid).astype(np.uint8)[:, None]
            fixed_parts.append(flag)
        if fixed_width(array.type):
            values = fixed_values(array)
            if valid is not None:
                values = np.where(valid[:, None], values, np.uint8(0))
            fixed_parts.append(values)
        else:
            variable.append((array, valid, len(fixed_parts)))
            fixed_parts.append(None)  # placeholder: variable parts keep their column order
    if not variable:
        records = np.concatenate(fixed_parts, axis=1) if fixed_parts else np.zeros((n, 0), np.uint8)
        return Encoded(n, records=np.ascontiguousarray(records))
    return encode_variable(n, fixed_parts, variable)


def encode_variable(n: int, parts: list, variable: list) -> Encoded:
    """Byte strings for rows with variable-width columns: each part's bytes placed at its row's
    position by vectorized scatters."""
    lengths, sources = [], {}
    for array, valid, index in variable:
        data, offsets = variable_values(array)
        starts, value_lengths = offsets[:-1], np.diff(offsets)
        if valid is not None:
            value_lengths = np.where(valid, value_lengths, 0)
        sources[index] = (data, starts, value_lengths)
    part_lengths = []
    for index, part in enumerate(parts):
        if part is None:
            part_lengths.append(4 + sources[index][2])
        else:
            part_lengths.append(np.full(n, part.shape[1], dtype=np.int64))
    row_lengths = np.sum(part_lengths, axis=0) if part_lengths else np.zeros(n, np.int64)
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(row_lengths, out=offsets[1:])
    out = np.empty(int(offsets[-1]), dtype=np.uint8)
    position = offsets[:-1].copy()
    for index, part in enumerate(parts):
        if part is None:
            data, starts, value_lengths = sources[index]
            scatter(out, position, value_lengths.astype("<u4").view(np.uint8).reshape(n, 4))
            gather_bytes(out, position + 4, data, starts, value_lengths)
            position += 4 + value_lengths
        elif part.shape[1]:
            scatter(out, position, part)
            position += part.shape[1]
    return Encoded(n, data=out, offsets=offsets)


def scatter(out: np.ndarray, positions: np.ndarray, block: np.ndarray) -> None:
    """out[positions[r] + k] = block[r, k]."""
    out[positions[:, None] + np.arange(block.shape[1])] = block


def gather_bytes(out: np.ndarray, destinations: np.ndarray, data: np.ndarray, starts: np.ndarray,
                 lengths: np.ndarray) -> None:
    """Copies data[starts[r] : starts[r] + lengths[r]] to out[destinations[r]:] for every row r."""
    total = int(lengths.sum())
    if total == 0:
        return
    before = np.zeros(len(lengths), dtype=np.int64)
    np.cumsum(lengths[:-1], out=before[1:])
    running = np.arange(total, dtype=np.int64)
    out[np.repeat(destinations - before, lengths) + running] = data[np.repeat(starts - before, lengths) + running]

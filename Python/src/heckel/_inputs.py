"""Inputs turned into what a heckel_match_* call reads, in place where the buffers allow:
NumPy arrays and Arrow arrays, chunked arrays, record batches and tables.

Equality is byte equality of the values: integers, strings and binary as expected; floats by
bit pattern (a NaN equals a NaN of the same bits, -0.0 differs from 0.0). A null key equals
another null key and nothing else (SQL's IS NOT DISTINCT FROM, as Spark's <=> has it)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

import numpy as np

from ._heckel_cffi import ffi, lib


@dataclass
class Side:
    """One list as the core reads it. kind: "keys" (8-byte values, stride bytes apart),
    "records" (size bytes, stride apart) or "spans" (an (n, 2) uint64 array of address and
    length). keep: the objects whose memory the pointers read."""
    kind: str
    count: int
    address: int = 0
    size: int = 0
    stride: int = 0
    spans: Optional[np.ndarray] = None
    keep: list = field(default_factory=list)

    def pointer(self, ctype: str = "void *"):
        if self.kind == "spans":
            return ffi.cast("heckel_span *", self.spans.ctypes.data) if self.count else ffi.NULL
        return ffi.cast(ctype, self.address) if self.count else ffi.NULL


def match_call(old: Side, new: Side):
    """The heckel_match_* call `call(options, result)` for a pair of sides of one kind."""
    if old.kind == "spans":
        return lambda o, r: lib.heckel_match_spans(old.pointer(), old.count, new.pointer(), new.count, o, r)
    if old.stride != new.stride:  # the core takes one stride for both lists
        old, new = packed(old), packed(new)
    if old.kind == "keys" and old.stride == 8 and old.address % 8 == 0 and new.address % 8 == 0:
        # Packed, aligned keys: heckel_match_keys itself (the strided entry point costs more).
        return lambda o, r: lib.heckel_match_keys(ffi.cast("uint64_t *", old.pointer()), old.count,
                                                  ffi.cast("uint64_t *", new.pointer()), new.count,
                                                  ffi.NULL, ffi.NULL, o, r)
    if old.kind == "keys":
        return lambda o, r: lib.heckel_match_keys_at_stride(
            old.pointer(), old.count, new.pointer(), new.count, old.stride, o, r)
    return lambda o, r: lib.heckel_match_records_at_stride(
        old.pointer(), old.count, new.pointer(), new.count, old.size, old.stride, o, r)


def packed(side: Side) -> Side:
    """A records side copied so that its records lie back to back (stride == size)."""
    if side.stride == side.size or side.count == 0:
        return Side(side.kind, side.count, side.address, side.size, side.size, keep=side.keep)
    view = np.lib.stride_tricks.as_strided(
        np.frombuffer(ffi.buffer(ffi.cast("char *", side.address), (side.count - 1) * side.stride + side.size),
                      dtype=np.uint8),
        shape=(side.count, side.size), strides=(side.stride, 1))
    copy = np.ascontiguousarray(view)
    return Side(side.kind, side.count, copy.ctypes.data, side.size, side.size, keep=[copy])


# ---- NumPy ----

def numpy_side(array: np.ndarray) -> Side:
    """A 1-D array (each element a record of its bytes; 8-byte ones as keys) or a 2-D one (each
    row a record)."""
    if array.dtype.hasobject:
        raise TypeError("heckel: object arrays are not matched by value: pass fixed-width NumPy "
                        "arrays, or strings as an Arrow array (pyarrow.array(values))")
    if array.dtype.names is not None and array.dtype.itemsize != sum(
            array.dtype.fields[name][0].itemsize for name in array.dtype.names):
        raise TypeError("heckel: structured dtype with padding bytes: repack it "
                        "(numpy.lib.recfunctions.repack_fields) so equal records have equal bytes")
    if array.ndim == 1:
        size = array.dtype.itemsize
        if array.strides[0] < size:
            array = np.ascontiguousarray(array)
    elif array.ndim == 2:
        if array.strides[1] != array.dtype.itemsize or array.strides[0] < array.shape[1] * array.dtype.itemsize:
            array = np.ascontiguousarray(array)
        size = array.shape[1] * array.dtype.itemsize
    else:
        raise TypeError(f"heckel: expected a 1-D or 2-D array, got {array.ndim} dimensions")
    if size == 0:
        raise TypeError("heckel: zero-width elements cannot be matched")
    stride = array.strides[0] if len(array) else size
    kind = "keys" if size == 8 and array.ndim == 1 else "records"
    return Side(kind, len(array), array.ctypes.data, size, stride, keep=[array])


def numpy_pair(old: np.ndarray, new: np.ndarray) -> tuple[Side, Side]:
    if old.dtype != new.dtype or old.ndim != new.ndim or old.shape[1:] != new.shape[1:]:
        raise TypeError(f"heckel: old and new differ in type ({describe_numpy(old)} and {describe_numpy(new)}): "
                        "cast one side to the other's type")
    return numpy_side(old), numpy_side(new)


def describe_numpy(array: np.ndarray) -> str:
    return f"{array.dtype}" + (f" rows of {array.shape[1]}" if array.ndim == 2 else "")


# ---- Arrow ----

def is_arrow(value: Any) -> bool:
    try:
        import pyarrow as pa
    except ImportError:
        return False
    return isinstance(value, (pa.Array, pa.ChunkedArray, pa.Table, pa.RecordBatch))


def arrow_columns(value: Any, key: Optional[Sequence[str]]) -> tuple[list, list[str]]:
    """The key columns of a table or batch (all of them without `key`), or the array itself."""
    import pyarrow as pa

    if isinstance(value, (pa.Table, pa.RecordBatch)):
        names = list(key) if key is not None else list(value.schema.names)
        missing = [n for n in names if n not in value.schema.names]
        if missing:
            raise KeyError(f"heckel: no column {missing[0]!r} (columns: {', '.join(value.schema.names)})")
        if not names:
            raise ValueError("heckel: no key column")
        return [value.column(n) for n in names], names
    if key is not None:
        raise TypeError("heckel: key= names columns of a table; this is a single array")
    return [value], [""]


def type_family(t) -> str:
    """The type as compared between old and new: string and large string are one family."""
    import pyarrow as pa

    if pa.types.is_string(t) or pa.types.is_large_string(t):
        return "string"
    if pa.types.is_binary(t) or pa.types.is_large_binary(t):
        return "binary"
    return str(t)


def arrow_pair(old: Any, new: Any, key: Optional[Sequence[str]]) -> tuple[Side, Side]:
    from ._encoding import normalize

    old_columns, old_names = arrow_columns(old, key)
    new_columns, new_names = arrow_columns(new, key)
    if old_names != new_names:
        raise TypeError(f"heckel: old and new have different key columns ({old_names} and {new_names})")
    old_columns = [normalize(c) for c in old_columns]
    new_columns = [normalize(c) for c in new_columns]
    for name, a, b in zip(old_names, old_columns, new_columns):
        if type_family(a.type) != type_family(b.type):
            label = f"column {name!r}" if name else "keys"
            raise TypeError(f"heckel: {label} is {a.type} in old and {b.type} in new: cast one side to the other's type")
    return arrow_side(old_columns, new_columns), arrow_side(new_columns, old_columns)


def arrow_side(columns: list, other: list) -> Side:
    """One side's columns as the core reads them; `other` (the other side's) decides the null
    flags, so that both sides are encoded alike."""
    from ._encoding import encode_rows, fixed_width, variable_values

    nullable = [a.null_count > 0 or b.null_count > 0 for a, b in zip(columns, other)]
    if len(columns) == 1 and not nullable[0]:
        array = columns[0]
        width = fixed_width(array.type)
        if width:
            buffer = array.buffers()[1]
            address = buffer.address + array.offset * width if buffer is not None else 0
            return Side("keys" if width == 8 else "records", len(array), address, width, width, keep=[array])
        data, offsets = variable_values(array)
        return Side("spans", len(array), spans=spans_of(data, offsets), keep=[array, data])
    encoded = encode_rows(columns, nullable)
    if encoded.records is not None:
        records = encoded.records
        if records.shape[1] == 0:
            raise TypeError("heckel: zero-width keys cannot be matched")
        return Side("records", len(records), records.ctypes.data, records.shape[1], records.shape[1], keep=[records])
    return Side("spans", encoded.count, spans=spans_of(encoded.data, encoded.offsets), keep=[encoded.data])


def spans_of(data: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """heckel_span values (address, length) of the byte strings data[offsets[k]:offsets[k+1]]."""
    spans = np.empty((len(offsets) - 1, 2), dtype=np.uint64)
    base = data.ctypes.data if len(data) else 0
    spans[:, 0] = base + offsets[:-1].astype(np.uint64) if base else 0
    spans[:, 1] = np.diff(offsets)
    return spans


def prepare(old: Any, new: Any, key: Optional[Sequence[str]]) -> tuple[Side, Side]:
    """Both sides of a diff, checked to be of one type (TypeError otherwise)."""
    if isinstance(old, np.ndarray) and isinstance(new, np.ndarray):
        if key is not None:
            raise TypeError("heckel: key= names columns of Arrow tables, not of NumPy arrays")
        return numpy_pair(old, new)
    if is_arrow(old) and is_arrow(new):
        return arrow_pair(old, new, key)
    raise TypeError(f"heckel: cannot diff {type(old).__name__} against {type(new).__name__}: pass two NumPy "
                    "arrays or two Arrow arrays, chunked arrays, record batches or tables")

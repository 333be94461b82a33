"""The digest pass's shuffle with one record per bucket and Arrow batch instead of one per row.

Spark's shuffle costs about as much per record as per byte for narrow rows (key, position,
digest), so each side's rows go through mapInArrow first: every Arrow batch of a map task is
split by bucket and each bucket's slice leaves as one record (the bucket and the slice as Arrow
IPC stream bytes). The shuffle then moves a few records per bucket and batch, and the bucket
function reads the slices back as one table. The rows, their columns and their values are the
same as without packing; only their order within a bucket differs, which in_row_order restores
from the positions."""
from __future__ import annotations

from typing import Iterator

import numpy as np
import pyarrow as pa
from pyspark.sql import DataFrame, types as T

PACKED = "_heckel_rows"
#: Rows packed into one output batch at most (diff_tables' own Arrow batches hold 200,000).
PACK_ROWS = 200_000
#: The most bytes a binary array's 32-bit offsets address.
BINARY_MAX = 2**31 - 1


def packed(df: DataFrame, bucket: str, most_rows: int = PACK_ROWS) -> DataFrame:
    """df's rows as (bucket, Arrow IPC bytes of the rows' other columns) records, one per
    bucket and Arrow batch (or slice of most_rows rows of one). O(rows)."""
    columns = [f.name for f in df.schema.fields if f.name != bucket]

    def pack(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        for whole in batches:
            # A session without a batch limit hands over whole partitions: packed a slice at a
            # time, each output's bytes stay within a binary array's 32-bit offsets.
            for start in range(0, whole.num_rows, most_rows):
                yield pack_batch(whole.slice(start, most_rows))

    def pack_batch(batch: pa.RecordBatch) -> pa.RecordBatch:
        buckets = batch.column(bucket).to_numpy()
        order = np.argsort(buckets, kind="stable")
        ordered = buckets[order]
        starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
        ends = np.r_[starts[1:], len(ordered)]
        rows = batch.select(columns).take(pa.array(order))
        return pa.RecordBatch.from_arrays([pa.array(ordered[starts]), ipc_slices(rows, starts, ends)],
                                         names=[bucket, PACKED])

    schema = T.StructType([df.schema[bucket], T.StructField(PACKED, T.BinaryType(), False)])
    return df.mapInArrow(pack, schema)


def ipc_slices(rows: pa.RecordBatch, starts: np.ndarray, ends: np.ndarray) -> pa.BinaryArray:
    """Each slice [start, end) of rows as one value: an Arrow IPC stream of it. The streams are
    written one after the other into one buffer, the array's data."""
    sink, offsets = pa.BufferOutputStream(), [0]
    for start, end in zip(starts, ends):
        with pa.ipc.new_stream(sink, rows.schema) as writer:
            writer.write_batch(rows.slice(start, end - start))
        offsets.append(sink.tell())
    if offsets[-1] > BINARY_MAX:
        raise ValueError(f"{len(rows)} rows pack into {offsets[-1]} bytes, past a binary column's "
                         f"{BINARY_MAX}: keys this long need compare=\"columns\"")
    return pa.Array.from_buffers(pa.binary(), len(starts),
                                 [None, pa.py_buffer(np.array(offsets, dtype=np.int32)), sink.getvalue()])


def unpacking(function):
    """A cogroup function over packed sides: function(old, new) called with each side's rows
    unpacked into one table (a side without rows: an empty table of the other's schema)."""
    def call(old: pa.Table, new: pa.Table):
        old_rows, new_rows = unpacked(old), unpacked(new)
        old_rows = new_rows.schema.empty_table() if old_rows is None else old_rows
        new_rows = old_rows.schema.empty_table() if new_rows is None else new_rows
        return function(old_rows, new_rows)
    return call


def unpacked(table: pa.Table):
    """The rows of a bucket's packed records as one table, or None without records. O(rows)."""
    parts = [pa.ipc.open_stream(blob).read_all() for chunk in table.column(PACKED).chunks
             for blob in values(chunk)]
    return pa.concat_tables(parts).combine_chunks() if parts else None


def values(chunk: pa.BinaryArray) -> list:
    """The chunk's values as buffers over its data (no copy)."""
    _, offsets, data = chunk.buffers()
    width = np.int64 if pa.types.is_large_binary(chunk.type) else np.int32  # useLargeVarTypes
    offsets = np.frombuffer(offsets, dtype=width)[chunk.offset:chunk.offset + len(chunk) + 1]
    return [data.slice(offsets[i], offsets[i + 1] - offsets[i]) for i in range(len(chunk))]

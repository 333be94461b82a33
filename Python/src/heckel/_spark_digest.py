"""The digest pass of diff_tables: each row's compared columns reduced in the JVM to a 128-bit
digest, so that only the key, the row's position and the digest cross from the JVM to Python.

The digest is two XXH64 hashes of the compared columns (Spark's `xxhash64`, seeded apart by a
leading constant), each over the columns' values, their null flags (as bit masks) and the sign
of floating-point zeros (Spark's hash takes -0.0 as 0.0; the exact comparison does not). Two rows
whose digests are equal in both halves are taken as equal: a chance of about 2^-128 per pair for
data that is not crafted to collide (XXH64 is not a defence against crafted collisions: the
exact comparison, compare="columns", is)."""
from __future__ import annotations

import numpy as np
import pyarrow as pa
from pyspark.sql import Column, DataFrame, functions as F, types as T

from ._changes import TableChanges
from ._core import UNMATCHED
from ._diff import diff

DIGEST = ("_heckel_digest_a", "_heckel_digest_b")
#: The constants that seed the two halves apart (any two distinct values).
SEEDS = (0x5EED_0001, 0x5EED_0002)


def digest_inputs(df: DataFrame, compared: list) -> list:
    """The hashed expressions: the compared columns' null flags as bit masks (Spark's hash skips
    nulls: the flags keep a null in one column from meeting a null in its neighbour), the sign
    of each floating-point column's zeros, and the values."""
    types = {f.name: f.dataType for f in df.schema.fields}
    inputs: list[Column] = []
    for start in range(0, len(compared), 62):  # one long of flags per 62 columns
        mask = F.lit(0).cast("long")
        for bit, c in enumerate(compared[start:start + 62]):
            mask = mask.bitwiseOR(F.when(F.col(c).isNull(), F.lit(1 << bit)).otherwise(F.lit(0)))
        inputs.append(mask)
    for c in compared:
        if isinstance(types[c], (T.FloatType, T.DoubleType)):
            # "-0.0" or "0.0" on zeros, null (skipped) elsewhere.
            inputs.append(F.when(F.col(c) == 0, F.col(c).cast("string")))
    return inputs + [F.col(c) for c in compared]


def with_digest(df: DataFrame, key: list, compared: list, extra: list) -> DataFrame:
    """The key, the `extra` columns (position, bucket, ...) and the two digest halves."""
    inputs = digest_inputs(df, compared)
    halves = ([F.xxhash64(F.lit(seed), *inputs).alias(name) for seed, name in zip(SEEDS, DIGEST)]
              if compared else [F.lit(0).cast("long").alias(name) for name in DIGEST])
    return df.select(*[F.col(k) for k in key], *[F.col(c) for c in extra], *halves)


def digest_changes(old: pa.Table, new: pa.Table, key: list) -> TableChanges:
    """Matches one bucket's rows by key (ignoring order) and compares each pair's digest.
    O(rows) expected."""
    matching = diff(old.select(key), new.select(key), key=key, ignore_order=True, threads=1)
    new_rows = np.flatnonzero(matching.new_to_old != UNMATCHED)
    old_rows = matching.new_to_old[new_rows].astype(np.int64)
    equal = np.ones(len(new_rows), dtype=bool)
    for name in DIGEST:
        old_digest = old.column(name).to_numpy()
        new_digest = new.column(name).to_numpy()
        equal &= old_digest[old_rows] == new_digest[new_rows]
    return TableChanges(matching.deletions, matching.insertions, old_rows[~equal], new_rows[~equal],
                        int(equal.sum()))


def changed_keys(old: pa.Table, new: pa.Table, changes: TableChanges, key: list) -> pa.Table:
    """The keys of the rows a change touches (deleted, inserted, updated), repeats allowed."""
    parts = [(old, changes.deleted), (new, changes.inserted), (new, changes.updated_new)]
    return pa.concat_tables([table.select(key).take(pa.array(rows, pa.int64())) for table, rows in parts])

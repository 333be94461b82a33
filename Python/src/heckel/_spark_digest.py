"""The digest pass of diff_tables: each row's compared columns reduced in the JVM to a 64-bit
digest, so that only the key, the row's position and the digest cross from the JVM to Python.

The digest is one XXH64 hash (Spark's `xxhash64`, one pass over the row) of the compared
columns' values, their null flags (as bit masks) and the sign of floating-point zeros (Spark's
hash takes -0.0 as 0.0; the exact comparison does not). Two rows whose digests are equal are
taken as equal. For a pair whose compared columns differ, the chance that the digests are
equal all the same is about 2^-64 for data that is not crafted to collide (about 5 * 10^-9 that
any change is hidden among 10^11 changed pairs). A collision can only hide a change (the pair
counts as unchanged and is left out of the feed); it never invents one, since the feed's rows
come from the exact comparison. XXH64 is not a defence against crafted collisions: the exact
comparison, compare="columns", is."""
from __future__ import annotations

import numpy as np
import pyarrow as pa
from pyspark.sql import Column, DataFrame, functions as F, types as T

from ._changes import TableChanges
from ._core import UNMATCHED
from ._diff import diff

DIGEST = "_heckel_digest"


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
    """The key, the `extra` columns (position, bucket, ...) and the digest; only the key, the
    extra and the compared columns are read."""
    digest = F.xxhash64(*digest_inputs(df, compared)) if compared else F.lit(0).cast("long")
    return df.select(*[F.col(k) for k in key], *[F.col(c) for c in extra], digest.alias(DIGEST))


def digest_changes(old: pa.Table, new: pa.Table, key: list) -> TableChanges:
    """Matches one bucket's rows by key (ignoring order) and compares each pair's digest.
    O(rows) expected."""
    matching = diff(old.select(key), new.select(key), key=key, ignore_order=True, threads=1)
    new_rows = np.flatnonzero(matching.new_to_old != UNMATCHED)
    old_rows = matching.new_to_old[new_rows].astype(np.int64)
    equal = old.column(DIGEST).to_numpy()[old_rows] == new.column(DIGEST).to_numpy()[new_rows]
    return TableChanges(matching.deletions, matching.insertions, old_rows[~equal], new_rows[~equal],
                        int(equal.sum()))


def changed_keys(old: pa.Table, new: pa.Table, changes: TableChanges, key: list) -> pa.Table:
    """The keys of the rows a change touches (deleted, inserted, updated), repeats allowed."""
    parts = [(old, changes.deleted), (new, changes.inserted), (new, changes.updated_new)]
    return pa.concat_tables([table.select(key).take(pa.array(rows, pa.int64())) for table, rows in parts])

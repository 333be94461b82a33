"""Diffs of Spark DataFrames with the C core: Spark's shuffle co-partitions both sides by a
hash of the key, and each pair of partitions is matched by heckel on its Arrow buffers.

diff_tables(old_df, new_df, key=[...]) returns the change feed as a DataFrame, or the counts.
Order is ignored (no moves). Duplicate keys pair in order within the key: the k-th old row
of a key with its k-th new row, rows taken in each DataFrame's own order
(monotonically_increasing_id before the shuffle)."""
from __future__ import annotations

from typing import Optional, Sequence, Union

import numpy as np
import pyarrow as pa
from pyspark.sql import DataFrame, functions as F, types as T

from ._changes import changed_columns, table_changes

POSITION = "_heckel_position"
BUCKET = "_heckel_bucket"
#: The change feed's own fields, beside the key columns.
OP, COLUMNS, RECORD = "op", "columns", "record"
COUNT_FIELDS = ("delete", "insert", "update", "unchanged")

MATCHABLE = (T.NumericType, T.StringType, T.BinaryType, T.BooleanType, T.DateType, T.TimestampType,
             T.TimestampNTZType)


def diff_tables(old_df: DataFrame, new_df: DataFrame, key: Union[str, Sequence[str]], *,
                columns: Optional[Sequence[str]] = None, counts_only: bool = False,
                buckets: Optional[int] = None) -> Union[DataFrame, dict]:
    """The changes from old_df to new_df, rows paired by the `key` columns.

    Returns a DataFrame with one row per change: `op` ("delete", "insert" or "update"), the
    key columns (the old row's on deletes, the new row's otherwise), `columns` (on updates, the
    names of the compared columns that differ, in column order; null otherwise) and `record`
    (the new row as a struct on inserts and updates; null on deletes). Rows whose compared
    columns are all equal are left out. With counts_only, a dict of the numbers of deletes,
    inserts, updates and unchanged pairs instead.

    columns: the compared columns (default: every non-key column). buckets: how many groups
    the key hash splits the rows into (default: spark.sql.shuffle.partitions); each group's
    rows of both sides must fit one Python worker's memory. Both DataFrames must have the same
    columns with the same types (ValueError otherwise); values compare by their bytes (floats
    by bit pattern) and a null equals a null only, in keys and in compared columns."""
    key = [key] if isinstance(key, str) else list(key)
    compared = check_schemas(old_df, new_df, key, columns)
    buckets = buckets or int(old_df.sparkSession.conf.get("spark.sql.shuffle.partitions"))
    old_side, new_side = (with_bucket(df, key, buckets) for df in (old_df, new_df))
    names = [f.name for f in new_df.schema.fields]
    grouped = old_side.groupBy(BUCKET).cogroup(new_side.groupBy(BUCKET))
    if counts_only:
        counts = grouped.applyInArrow(counts_of_bucket(key, compared), count_schema())
        total = counts.agg(*(F.sum(c).alias(c) for c in COUNT_FIELDS)).collect()[0]
        return {c: int(total[c] or 0) for c in COUNT_FIELDS}
    schema = feed_schema(new_df, key)
    return grouped.applyInArrow(feed_of_bucket(key, compared, names, columns_type(old_df, schema)), schema)


def check_schemas(old_df: DataFrame, new_df: DataFrame, key: list, columns: Optional[Sequence[str]]) -> list:
    """The compared columns, after checking both sides' schemas (ValueError, TypeError)."""
    old_types = {f.name: f.dataType for f in old_df.schema.fields}
    new_types = {f.name: f.dataType for f in new_df.schema.fields}
    if old_types != new_types:
        raise ValueError(f"heckel: old and new have different columns or types: {old_df.schema.simpleString()} "
                         f"and {new_df.schema.simpleString()}")
    if not key:
        raise ValueError("heckel: no key column")
    for name in key:
        if name not in new_types:
            raise ValueError(f"heckel: no key column {name!r} (columns: {', '.join(new_types)})")
    reserved = {POSITION, BUCKET, OP, COLUMNS, RECORD} & (set(key) | ({POSITION, BUCKET} & set(new_types)))
    if reserved:
        raise ValueError(f"heckel: column name {sorted(reserved)[0]!r} is taken by the change feed")
    compared = [c for c in new_types if c not in key] if columns is None else list(columns)
    for name in compared:
        if name not in new_types or name in key:
            raise ValueError(f"heckel: {name!r} is not a non-key column")
    for name in [*key, *compared]:
        if not isinstance(new_types[name], MATCHABLE):
            raise TypeError(f"heckel: column {name!r} is {new_types[name].simpleString()}: keys and compared "
                            "columns must be numbers, strings, binary, booleans, dates or timestamps")
    return compared


def with_bucket(df: DataFrame, key: list, buckets: int) -> DataFrame:
    """The DataFrame with its row position (before any shuffle) and its key's bucket."""
    return (df.withColumn(POSITION, F.monotonically_increasing_id())
              .withColumn(BUCKET, F.pmod(F.xxhash64(*key), F.lit(buckets))))


def in_row_order(table: pa.Table) -> pa.Table:
    """The rows in their DataFrame's order, the columns without the bookkeeping ones (the
    rows are reordered only when they do not arrive in that order)."""
    positions = table.column(POSITION).to_numpy()
    if len(positions) > 1 and not np.all(positions[1:] > positions[:-1]):
        table = table.take(pa.array(np.argsort(positions, kind="stable")))
    return table.drop_columns([POSITION, BUCKET])


def counts_of_bucket(key: list, compared: list):
    def counts(old: pa.Table, new: pa.Table) -> pa.Table:
        changes = table_changes(in_row_order(old), in_row_order(new), key, compared)
        values = (len(changes.deleted), len(changes.inserted), len(changes.updated_new), changes.unchanged)
        return pa.table({name: pa.array([v], pa.int64()) for name, v in zip(COUNT_FIELDS, values)})
    return counts


def count_schema() -> T.StructType:
    return T.StructType([T.StructField(c, T.LongType(), False) for c in COUNT_FIELDS])


def feed_schema(new_df: DataFrame, key: list) -> T.StructType:
    types = {f.name: f for f in new_df.schema.fields}
    return T.StructType([
        T.StructField(OP, T.StringType(), False),
        *(T.StructField(k, types[k].dataType, True) for k in key),
        T.StructField(COLUMNS, T.ArrayType(T.StringType(), False), True),
        T.StructField(RECORD, T.StructType(list(new_df.schema.fields)), True),
    ])


def columns_type(df: DataFrame, schema: T.StructType) -> pa.DataType:
    """The Arrow type Spark expects of the feed's `columns` (its string and list types follow
    spark.sql.execution.arrow.useLargeVarTypes)."""
    from pyspark.sql.pandas.types import to_arrow_schema

    large = df.sparkSession.conf.get("spark.sql.execution.arrow.useLargeVarTypes", "false").lower() == "true"
    return to_arrow_schema(T.StructType([schema[COLUMNS]]), prefers_large_types=large).field(COLUMNS).type


def feed_of_bucket(key: list, compared: list, names: list, columns_type: pa.DataType):
    def feed(old: pa.Table, new: pa.Table) -> pa.Table:
        old, new = in_row_order(old), in_row_order(new)
        changes = table_changes(old, new, key, compared)
        table = feed_table(old, new, changes, key, compared, names)
        return table.set_column(table.schema.get_field_index(COLUMNS), COLUMNS,
                                table.column(COLUMNS).cast(columns_type))
    return feed


def feed_table(old: pa.Table, new: pa.Table, changes, key: list, compared: list, names: list) -> pa.Table:
    """One bucket's change feed: deletes in old row order, then inserts and updates in new row
    order. O(changes * columns)."""
    rows = np.concatenate([changes.inserted, changes.updated_new])
    is_update = np.concatenate([np.zeros(len(changes.inserted), bool), np.ones(len(changes.updated_new), bool)])
    order = np.argsort(rows, kind="stable")
    rows, is_update = rows[order], is_update[order]
    deleted = len(changes.deleted)
    ops = pa.concat_arrays([pa.repeat(pa.scalar("delete", pa.string()), deleted),
                            pa.array(["insert", "update"], pa.string()).take(pa.array(is_update.astype(np.int8)))])
    changed = changed_columns(old, new, changes, compared)
    # Updates are ascending by new row, as are their places among the inserts: scatter in order.
    update_slots = np.flatnonzero(is_update)
    list_index = np.full(len(rows), -1, dtype=np.int64)
    list_index[update_slots] = np.arange(len(update_slots))
    columns = pa.concat_arrays([pa.nulls(deleted, changed.type),
                                changed.take(pa.array(list_index, mask=list_index < 0))])
    new_rows, old_rows = pa.array(rows, pa.int64()), pa.array(changes.deleted, pa.int64())
    record_type = pa.struct([new.schema.field(n) for n in names])
    records = pa.StructArray.from_arrays([new.column(n).combine_chunks().take(new_rows) for n in names],
                                         fields=list(record_type))
    record = pa.concat_arrays([pa.nulls(deleted, record_type), records])
    keys = [pa.concat_arrays([old.column(k).combine_chunks().take(old_rows),
                              new.column(k).combine_chunks().take(new_rows)]) for k in key]
    return pa.Table.from_arrays([ops, *keys, columns, record], names=[OP, *key, COLUMNS, RECORD])

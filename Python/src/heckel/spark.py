"""Diffs of Spark DataFrames with the C core: Spark's shuffle co-partitions both sides by a
hash of the key, and each pair of partitions is matched by heckel on its Arrow buffers.

diff_tables(old_df, new_df, key=[...]) returns the change feed as a DataFrame, or the counts.
Order is ignored unless an order column is given (moves). Duplicate keys pair in order within
the key: the k-th old row of a key with its k-th new row, rows taken in each DataFrame's own
order (monotonically_increasing_id before the shuffle). Pairs are compared by a 64-bit digest
computed in the JVM (compare="digest") or column by column in Python (compare="columns")."""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator, Optional, Sequence, Union

import numpy as np
import pyarrow as pa
from pyspark.sql import DataFrame, SparkSession, functions as F, types as T

from ._changes import changed_columns, table_changes
from ._spark_digest import changed_keys, digest_changes, with_digest
from ._spark_packed import packed, unpacking
from ._spark_moves import NEW_ORDER, NEW_POSITION, OLD_ORDER, OLD_POSITION, matched_pairs, moves_of_partition

POSITION = "_heckel_position"
BUCKET = "_heckel_bucket"
#: The change feed's own fields, beside the key columns.
OP, COLUMNS, RECORD = "op", "columns", "record"
COUNT_FIELDS = ("delete", "insert", "update", "unchanged")
ARROW_BATCH = "spark.sql.execution.arrow.maxRecordsPerBatch"
#: The Arrow batch size (records) of the passes diff_tables runs itself. A bucket's rows reach
#: its Python worker whole whatever the batch size, so larger batches cost no memory there and
#: save the JVM and the worker a per-batch cost on every few thousand rows (Spark's default is
#: 10,000 records).
ARROW_BATCH_RECORDS = 200_000

MATCHABLE = (T.NumericType, T.StringType, T.BinaryType, T.BooleanType, T.DateType, T.TimestampType,
             T.TimestampNTZType)


def diff_tables(old_df: DataFrame, new_df: DataFrame, key: Union[str, Sequence[str]], *,
                columns: Optional[Sequence[str]] = None, counts_only: bool = False,
                buckets: Optional[int] = None, compare: str = "digest", order: Optional[str] = None,
                moves_memory: Optional[int] = None) -> Union[DataFrame, dict]:
    """The changes from old_df to new_df, rows paired by the `key` columns.

    Returns a DataFrame with one row per change: `op` ("delete", "insert" or "update"), the
    key columns (the old row's on deletes, the new row's otherwise), `columns` (on updates, the
    names of the compared columns that differ, in column order; null otherwise) and `record`
    (the new row as a struct on inserts and updates; null on deletes). Rows whose compared
    columns are all equal are left out. With counts_only, a dict of the numbers of deletes,
    inserts, updates and unchanged pairs instead (and of moves, with an order column).

    order: a column giving each side's row order (ties broken by the DataFrame's own order);
    with it the feed also has an `op` "move" row (the key; `columns` and `record` null) for
    each of the fewest matched pairs whose relocation explains the new order, as `heckel diff`
    finds moves without --ignore-order. The order column is not compared unless `columns`
    names it. Every matched pair (key, order values, positions) is brought to one Python
    worker for this: moves_memory (bytes; default spark.executor.pyspark.memory, else
    spark.executor.memory) bounds it, and the job fails with a MemoryError naming the memory
    needed when the pairs would take more.

    compare: how a pair's compared columns are found equal. "digest" (default): the JVM reduces
    each row's compared columns to a 64-bit digest (one XXH64 hash of the values, their null
    flags and the sign of zeros) and only keys, row positions and digests cross to Python; a
    pair whose digests are equal is unchanged. A pair that differs has a chance of about 2^-64
    of equal digests in data not crafted to collide: a collision hides that change, and can do
    nothing else. The feed's rows (records, changed columns) come from the exact comparison of
    the rows whose keys have a change, fetched with a join on the key that broadcasts those
    keys; the counts need no such fetch. "columns": every column of both sides crosses to
    Python and is compared there byte by byte (exact, and defends against crafted collisions;
    slower).

    The passes diff_tables runs before it returns (the counts; with compare="digest", the
    digest pass, whose changed keys it keeps with localCheckpoint) send Arrow batches of at
    least ARROW_BATCH_RECORDS records to Python: the session's ARROW_BATCH setting is raised
    for their duration and restored after (other queries of the session running at the same
    time see the raised value). The returned feed runs when it is used, at the session's setting.

    columns: the compared columns (default: every non-key column). buckets: how many groups
    the key hash splits the rows into (default: spark.sql.shuffle.partitions); each group's
    rows of both sides must fit one Python worker's memory. Both DataFrames must have the same
    columns with the same types (ValueError otherwise); values compare by their bytes (floats
    by bit pattern) and a null equals a null only, in keys and in compared columns. With
    compare="digest" each side is read twice for the feed (the digest pass and the fetch of the
    changed rows; reading a side again costs less than sending all its columns to Python in one
    pass): cache a DataFrame that is costly to recompute."""
    key = [key] if isinstance(key, str) else list(key)
    if compare not in ("digest", "columns"):
        raise ValueError(f"heckel: compare is 'digest' or 'columns', not {compare!r}")
    compared = check_schemas(old_df, new_df, key, columns, order)
    with larger_arrow_batches(old_df.sparkSession):
        return tables_diff(old_df, new_df, key, compared, counts_only, buckets, compare, order, moves_memory)


def tables_diff(old_df: DataFrame, new_df: DataFrame, key: list, compared: list, counts_only: bool,
                buckets: Optional[int], compare: str, order: Optional[str],
                moves_memory: Optional[int]) -> Union[DataFrame, dict]:
    """diff_tables after its checks."""
    buckets = buckets or int(old_df.sparkSession.conf.get("spark.sql.shuffle.partitions"))
    old_df, new_df = with_position(old_df), with_position(new_df)
    moves = None if order is None else moves_of(old_df, new_df, key, order, buckets, moves_memory)
    if moves is not None and counts_only:
        return {**tables_diff(old_df, new_df, key, compared, True, buckets, compare, None, None),
                "move": moves.count()}
    if compare == "digest":
        old_digest, new_digest = (packed(with_digest(with_bucket(df, key, buckets), key, compared, [POSITION, BUCKET]),
                                         BUCKET) for df in (old_df, new_df))
        grouped = old_digest.groupBy(BUCKET).cogroup(new_digest.groupBy(BUCKET))
        if counts_only:
            return total_counts(grouped.applyInArrow(unpacking(counts_of_bucket(key, digest_changes)), count_schema()))
        keys = grouped.applyInArrow(unpacking(changed_keys_of_bucket(key)),
                                    key_schema(new_df, key)).localCheckpoint(eager=True)
        old_df, new_df = (with_changed_keys(df, keys, key) for df in (old_df, new_df))
    old_side, new_side = (with_bucket(df, key, buckets) for df in (old_df, new_df))
    names = [f.name for f in new_df.schema.fields if f.name != POSITION]
    grouped = old_side.groupBy(BUCKET).cogroup(new_side.groupBy(BUCKET))
    if counts_only:
        exact = lambda old, new, key: table_changes(old, new, key, compared)
        return total_counts(grouped.applyInArrow(counts_of_bucket(key, exact), count_schema()))
    schema = feed_schema(new_df, key, names)
    feed = grouped.applyInArrow(feed_of_bucket(key, compared, names, columns_type(schema)), schema)
    if moves is None:
        return feed
    return feed.unionByName(moves.select(F.lit("move").alias(OP), *key, F.lit(None).cast(schema[COLUMNS].dataType)
                                         .alias(COLUMNS), F.lit(None).cast(schema[RECORD].dataType).alias(RECORD)))


#: Blocks inside larger_arrow_batches per session: [blocks, the setting before the first].
_raised: dict = {}
_raised_lock = threading.Lock()


@contextmanager
def larger_arrow_batches(spark: SparkSession) -> Iterator[None]:
    """Arrow batches of at least ARROW_BATCH_RECORDS records (a setting of 0 or less, no
    limit, is kept) inside the block; the session's setting as it was after it. Calls from
    several threads on one session share the raised setting: the first saves the setting, the
    last to leave restores it."""
    with _raised_lock:
        entry = _raised.get(id(spark))
        if entry is None:
            entry = _raised[id(spark)] = [0, spark.conf.get(ARROW_BATCH, None)]
            current = int(spark.conf.get(ARROW_BATCH))
            if 0 < current < ARROW_BATCH_RECORDS:
                spark.conf.set(ARROW_BATCH, str(ARROW_BATCH_RECORDS))
        entry[0] += 1
    try:
        yield
    finally:
        with _raised_lock:
            entry[0] -= 1
            if entry[0] == 0:
                del _raised[id(spark)]
                if entry[1] is None:
                    spark.conf.unset(ARROW_BATCH)
                else:
                    spark.conf.set(ARROW_BATCH, entry[1])


def moves_of(old_df: DataFrame, new_df: DataFrame, key: list, order: str, buckets: int,
             budget: Optional[int]) -> DataFrame:
    """The keys of the moved pairs (one row each), with positioned sides."""
    spark = old_df.sparkSession
    if budget is None:
        conf = spark.sparkContext.getConf()
        size = conf.get("spark.executor.pyspark.memory") or conf.get("spark.executor.memory", "1g")
        budget = spark.sparkContext._jvm.org.apache.spark.network.util.JavaUtils.byteStringAsBytes(size)
    sides = [with_bucket(df.select(*key, order, POSITION), key, buckets) for df in (old_df, new_df)]
    types = {f.name: f.dataType for f in new_df.schema.fields}
    pairs_schema = T.StructType([*key_schema(new_df, key).fields, T.StructField(OLD_ORDER, types[order], True),
                                 T.StructField(OLD_POSITION, T.LongType(), False),
                                 T.StructField(NEW_ORDER, types[order], True),
                                 T.StructField(NEW_POSITION, T.LongType(), False)])

    def pairs(old: pa.Table, new: pa.Table) -> pa.Table:
        old, new = in_row_order(old, drop=[BUCKET]), in_row_order(new, drop=[BUCKET])
        return matched_pairs(old, new, key, order, POSITION)

    matched = sides[0].groupBy(BUCKET).cogroup(sides[1].groupBy(BUCKET)).applyInArrow(pairs, pairs_schema)
    return matched.repartition(1).mapInArrow(moves_of_partition(key, int(budget)), key_schema(new_df, key))


def total_counts(counts: DataFrame) -> dict:
    total = counts.agg(*(F.sum(c).alias(c) for c in COUNT_FIELDS)).collect()[0]
    return {c: int(total[c] or 0) for c in COUNT_FIELDS}


def with_changed_keys(df: DataFrame, keys: DataFrame, key: list) -> DataFrame:
    """The rows of df whose key is among `keys` (null equal to null), `keys` broadcast."""
    keys = keys.select(*[F.col(k).alias(f"_heckel_changed_{k}") for k in key])
    condition = [df[k].eqNullSafe(keys[f"_heckel_changed_{k}"]) for k in key]
    return df.join(F.broadcast(keys), condition, "left_semi")


def check_schemas(old_df: DataFrame, new_df: DataFrame, key: list, columns: Optional[Sequence[str]],
                  order: Optional[str] = None) -> list:
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
    if order is not None and (order not in new_types or order in key):
        raise ValueError(f"heckel: order column {order!r} is not a non-key column")
    compared = [c for c in new_types if c not in key and c != order] if columns is None else list(columns)
    for name in compared:
        if name not in new_types or name in key:
            raise ValueError(f"heckel: {name!r} is not a non-key column")
    for name in [*key, *compared, *([order] if order is not None else [])]:
        if not isinstance(new_types[name], MATCHABLE):
            raise TypeError(f"heckel: column {name!r} is {new_types[name].simpleString()}: keys and compared "
                            "columns must be numbers, strings, binary, booleans, dates or timestamps")
    return compared


def with_position(df: DataFrame) -> DataFrame:
    """The DataFrame with each row's position in its order (taken before any shuffle)."""
    return df.withColumn(POSITION, F.monotonically_increasing_id())


def with_bucket(df: DataFrame, key: list, buckets: int) -> DataFrame:
    """The DataFrame with its key's bucket."""
    return df.withColumn(BUCKET, F.pmod(F.xxhash64(*key), F.lit(buckets)))


def in_row_order(table: pa.Table, drop: Sequence[str] = (POSITION, BUCKET)) -> pa.Table:
    """The rows in their DataFrame's order, the columns without the bookkeeping ones (the
    rows are reordered only when they do not arrive in that order)."""
    positions = table.column(POSITION).to_numpy()
    if len(positions) > 1 and not np.all(positions[1:] > positions[:-1]):
        table = table.take(pa.array(np.argsort(positions, kind="stable")))
    return table.drop_columns([c for c in drop if c in table.column_names])


def counts_of_bucket(key: list, changes_of):
    """The bucket function giving one row of counts; changes_of(old, new, key) -> TableChanges."""
    def counts(old: pa.Table, new: pa.Table) -> pa.Table:
        changes = changes_of(in_row_order(old), in_row_order(new), key)
        values = (len(changes.deleted), len(changes.inserted), len(changes.updated_new), changes.unchanged)
        return pa.table({name: pa.array([v], pa.int64()) for name, v in zip(COUNT_FIELDS, values)})
    return counts


def count_schema() -> T.StructType:
    return T.StructType([T.StructField(c, T.LongType(), False) for c in COUNT_FIELDS])


def changed_keys_of_bucket(key: list):
    def keys(old: pa.Table, new: pa.Table) -> pa.Table:
        old, new = in_row_order(old), in_row_order(new)
        return changed_keys(old, new, digest_changes(old, new, key), key)
    return keys


def key_schema(df: DataFrame, key: list) -> T.StructType:
    types = {f.name: f for f in df.schema.fields}
    return T.StructType([T.StructField(k, types[k].dataType, True) for k in key])


def feed_schema(new_df: DataFrame, key: list, names: list) -> T.StructType:
    types = {f.name: f for f in new_df.schema.fields}
    return T.StructType([
        T.StructField(OP, T.StringType(), False),
        *(T.StructField(k, types[k].dataType, True) for k in key),
        T.StructField(COLUMNS, T.ArrayType(T.StringType(), False), True),
        # The record's fields are nullable whatever the input says: the bucket function builds
        # the struct from Arrow arrays, whose fields Arrow marks nullable.
        T.StructField(RECORD, T.StructType([T.StructField(n, types[n].dataType, True) for n in names]), True),
    ])


def columns_type(schema: T.StructType) -> pa.DataType:
    """The Arrow type Spark expects of the feed's `columns`: its plain (32-bit offset) string
    list, which applyInArrow checks the returned table against even when
    spark.sql.execution.arrow.useLargeVarTypes hands the inputs over as large strings."""
    from pyspark.sql.pandas.types import to_arrow_schema

    return to_arrow_schema(T.StructType([schema[COLUMNS]]), prefers_large_types=False).field(COLUMNS).type


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

"""The digest pass's packed shuffle: every row of every bucket comes back from its packed
records with its values (nulls, strings, several columns), and nothing else does."""
import pyarrow as pa
import pytest

from heckel._spark_packed import PACKED, packed, unpacked, unpacking
from heckel.spark import diff_tables


def test_packed_rows_come_back_whole(spark):
    rows = [(i % 17 if i % 11 else None, None if i % 7 == 0 else f"s{i % 5}", i, (i * 7919) % 5) for i in range(3_000)]
    df = spark.createDataFrame(rows, "k long, s string, p long, b int").repartition(3)
    records = packed(df, "b").collect()
    assert all(r[PACKED] for r in records)
    back = {}
    for r in records:
        table = unpacked(pa.table({"b": [r["b"]], PACKED: pa.array([r[PACKED]], pa.binary())}))
        assert table.column_names == ["k", "s", "p"]
        back.setdefault(r["b"], []).extend(table.to_pylist())
    expected = {}
    for k, s, p, b in rows:
        expected.setdefault(b, []).append({"k": k, "s": s, "p": p})
    assert {b: sorted(v, key=lambda x: x["p"]) for b, v in back.items()} == expected


def test_unpacking_gives_an_empty_side_the_other_sides_columns():
    rows = pa.table({"k": pa.array([1, 2], pa.int64()), "p": pa.array([5, 6], pa.int64())})
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, rows.schema) as writer:
        writer.write_table(rows)
    full = pa.table({"b": [0], PACKED: pa.array([sink.getvalue().to_pybytes()], pa.binary())})
    empty = pa.table({"b": pa.array([], pa.int64()), PACKED: pa.array([], pa.binary())})
    seen = []
    unpacking(lambda old, new: seen.append((old, new)))(empty, full)
    unpacking(lambda old, new: seen.append((old, new)))(full, empty)
    assert seen[0][0].num_rows == 0 and seen[0][0].schema == rows.schema and seen[0][1].equals(rows)
    assert seen[1][1].num_rows == 0 and seen[1][1].schema == rows.schema and seen[1][0].equals(rows)


@pytest.mark.parametrize("compare", ["digest", "columns"])
def test_large_var_types_give_the_same_changes(spark, compare):
    """With useLargeVarTypes the packed column reaches the buckets as large_binary (64-bit
    offsets), read by its own width, and the feed's changed columns still leave as the plain
    string list Spark checks them against."""
    old = spark.createDataFrame([(i, i) for i in range(100)], "id long, a long")
    new = spark.createDataFrame([(i, i + (i == 5)) for i in range(1, 101)], "id long, a long")
    want = {"delete": 1, "insert": 1, "update": 1, "unchanged": 98}
    setting = "spark.sql.execution.arrow.useLargeVarTypes"
    try:
        for large in ("false", "true"):
            spark.conf.set(setting, large)
            assert diff_tables(old, new, key="id", counts_only=True, compare=compare) == want
            assert sorted((r["op"], r["id"], r["columns"]) for r in diff_tables(old, new, key="id", compare=compare).collect()) == \
                [("delete", 0, None), ("insert", 100, None), ("update", 5, ["a"])]
    finally:
        spark.conf.unset(setting)


def test_batches_past_the_pack_limit_are_packed_in_slices(spark):
    """A batch longer than most_rows (whole partitions, with no batch limit) is packed a
    slice at a time."""
    rows = [(i, i % 3) for i in range(50)]
    df = spark.createDataFrame(rows, "k long, b int").coalesce(1)
    records = packed(df, "b", most_rows=7).collect()
    assert len(records) >= 3 * (50 // 7)  # the three buckets in each full slice of 7
    back = sorted(row["k"] for r in records
                  for row in unpacked(pa.table({"b": [r["b"]], PACKED: pa.array([r[PACKED]], pa.binary())})).to_pylist())
    assert back == list(range(50))

"""heckel.spark.diff_tables in local[2], checked against the feed written from the rules
(pairs.expected_feed) and against spark-extension's diff."""
import pytest
from pyspark.sql import functions as F

from heckel.spark import diff_tables
from pairs import SCHEMA, expected_feed, feed_rows, generate_pair


@pytest.mark.parametrize("compare", ["digest", "columns"])
@pytest.mark.parametrize("duplicates,null_keys", [(False, False), (True, False), (False, True)])
def test_feed_matches_the_rules(spark, duplicates, null_keys, compare):
    old, new = generate_pair(7, 3_000, duplicates=duplicates, null_keys=null_keys)
    old_df, new_df = spark.createDataFrame(old, SCHEMA), spark.createDataFrame(new, SCHEMA)
    expected = expected_feed(old, new)
    assert feed_rows(diff_tables(old_df, new_df, key=["id"], compare=compare)) == expected
    unchanged = len(new) - sum(1 for f in expected if f[0] != "delete")
    counts = diff_tables(old_df, new_df, key="id", counts_only=True, compare=compare)
    assert counts == {"delete": sum(f[0] == "delete" for f in expected), "insert": sum(f[0] == "insert" for f in expected),
                      "update": sum(f[0] == "update" for f in expected), "unchanged": unchanged}
    assert counts["update"] > 0 and counts["delete"] > 0 and counts["insert"] > 0


def test_duplicate_keys_pair_in_row_order(spark):
    old = [(1, "a", 0, 0.0, True), (1, "b", 0, 0.0, True), (1, "c", 0, 0.0, True), (2, "x", 0, 0.0, True)]
    new = [(1, "a", 0, 0.0, True), (1, "c", 0, 0.0, True), (2, "x", 0, 0.0, True), (2, "y", 0, 0.0, True)]
    feed = feed_rows(diff_tables(spark.createDataFrame(old, SCHEMA), spark.createDataFrame(new, SCHEMA), key="id"))
    assert feed == sorted([("update", (1,), ("name",), new[1]), ("delete", (1,), None, None),
                           ("insert", (2,), None, new[3])], key=repr)


def test_several_key_columns_and_chosen_columns(spark):
    old, new = generate_pair(8, 2_000, duplicates=True)
    old_df, new_df = spark.createDataFrame(old, SCHEMA), spark.createDataFrame(new, SCHEMA)
    feed = diff_tables(old_df, new_df, key=["id", "flag"], buckets=3)
    assert feed_rows(feed, ("id", "flag")) == expected_feed(old, new, key_columns=(0, 4))
    # Only `amount` compared: updates of other columns are not changes.
    only = [tuple(r[c] for c in (0, 2)) for r in old], [tuple(r[c] for c in (0, 2)) for r in new]
    counts = diff_tables(old_df, new_df, key="id", columns=["amount"], counts_only=True)
    expected = expected_feed(*only)
    assert counts["update"] == sum(f[0] == "update" for f in expected)


def test_empty_sides(spark):
    old, _ = generate_pair(9, 200)
    old_df = spark.createDataFrame(old, SCHEMA)
    empty = spark.createDataFrame([], SCHEMA)
    assert feed_rows(diff_tables(old_df, empty, key="id")) == expected_feed(old, [])
    assert feed_rows(diff_tables(empty, old_df, key="id")) == expected_feed([], old)
    assert diff_tables(empty, empty, key="id", counts_only=True) == {"delete": 0, "insert": 0, "update": 0, "unchanged": 0}


def test_bad_schemas(spark):
    df = spark.createDataFrame([(1, "a")], "id long, s string")
    with pytest.raises(ValueError, match="different columns"):
        diff_tables(df, spark.createDataFrame([(1, 2)], "id long, s long"), key="id")
    with pytest.raises(ValueError, match="no key column 'nope'"):
        diff_tables(df, df, key="nope")
    nested = spark.createDataFrame([(1, [1])], "id long, xs array<long>")
    with pytest.raises(TypeError, match="array<bigint>"):
        diff_tables(nested, nested, key="id")
    with pytest.raises(ValueError, match="taken by the change feed"):
        reserved = spark.createDataFrame([(1,)], "op long")
        diff_tables(reserved, reserved, key="op")


def test_agrees_with_spark_extension(spark):
    from gresearch.spark.diff import DiffOptions, Differ

    old, new = generate_pair(10, 5_000)
    old_df, new_df = spark.createDataFrame(old, SCHEMA), spark.createDataFrame(new, SCHEMA)
    theirs = Differ(DiffOptions().with_change_column("changes")).diff(old_df, new_df, "id")
    ops = {"D": "delete", "I": "insert", "C": "update"}
    their_feed = sorted(((ops[r["diff"]], r["id"], tuple(r["changes"]) if r["diff"] == "C" else None)
                         for r in theirs.where(F.col("diff") != "N").collect()), key=repr)
    ours = sorted(((op, key[0], columns) for op, key, columns, _ in feed_rows(diff_tables(old_df, new_df, key="id"))),
                  key=repr)
    assert ours == their_feed and len(ours) > 50
    their_counts = {r["diff"]: r["count"] for r in theirs.groupBy("diff").count().collect()}
    counts = diff_tables(old_df, new_df, key="id", counts_only=True)
    assert counts == {"delete": their_counts["D"], "insert": their_counts["I"], "update": their_counts["C"],
                      "unchanged": their_counts["N"]}

"""diff_tables' two comparisons agree: the digest pass (compare="digest") finds every change
the byte-by-byte comparison (compare="columns") finds, including the ones a hash that skips
nulls or folds -0.0 into 0.0 would hide, and both give the feed written from the rules."""
import struct

import pytest

import pairs
from heckel.spark import diff_tables
from pairs import expected_feed, feed_rows

SCHEMA = "id long, a long, b long, x double, s string, t string"
COLUMNS = ["id", "a", "b", "x", "s", "t"]

OLD = [(1, 5, None, 1.0, "ab", "c"), (2, 0, 0, 0.0, "x", None), (3, 1, 2, 3.0, None, ""),
       (4, 7, 7, float("nan"), "q", "q"), (5, None, None, None, None, None), (6, 1, 1, 1.0, "same", "same")]
NEW = [(1, None, 5, 1.0, "ab", "c"),   # a null moved to the neighbouring column of the same type
       (2, 0, 0, -0.0, "x", None),     # 0.0 became -0.0
       (3, 1, 2, 3.0, "", None),       # a null and an empty string swapped
       (4, 7, 7, float("nan"), "q", "q"),  # unchanged, NaN equal to itself
       (5, None, None, None, None, None),  # unchanged, all nulls
       (6, 1, 1, 1.0, "sam", "esame")]  # bytes moved across the string columns


def rules(old, new):
    """expected_feed over these columns, floats compared by bit pattern (-0.0 differs from 0.0,
    NaN equals the same NaN), records as given."""
    bits = lambda r: tuple(struct.pack("<d", v) if isinstance(v, float) else v for v in r)
    feed = expected_feed([bits(r) for r in old], [bits(r) for r in new])
    by_id = {r[0]: r for r in new}
    return [(op, key, changed, by_id[key[0]] if record is not None else None) for op, key, changed, record in feed]


def normalized(feed):
    """NaN records made comparable (NaN != NaN in tuples)."""
    fix = lambda r: None if r is None else tuple("nan" if isinstance(v, float) and v != v else v for v in r)
    return sorted(((op, key, changed, fix(record)) for op, key, changed, record in feed), key=repr)


@pytest.mark.parametrize("compare", ["digest", "columns"])
def test_changes_a_weak_digest_would_hide(spark, compare, monkeypatch):
    monkeypatch.setattr(pairs, "COLUMNS", COLUMNS)  # expected_feed names the changed columns from it
    old_df, new_df = spark.createDataFrame(OLD, SCHEMA), spark.createDataFrame(NEW, SCHEMA)
    feed = normalized(feed_rows(diff_tables(old_df, new_df, key="id", compare=compare)))
    assert feed == normalized(rules(OLD, NEW))
    assert [(op, key[0]) for op, key, _, _ in feed] == [("update", 1), ("update", 2), ("update", 3), ("update", 6)]
    counts = diff_tables(old_df, new_df, key="id", compare=compare, counts_only=True)
    assert counts == {"delete": 0, "insert": 0, "update": 4, "unchanged": 2}


def test_bad_compare(spark):
    df = spark.createDataFrame([(1, 2)], "id long, a long")
    with pytest.raises(ValueError, match="compare is 'digest' or 'columns'"):
        diff_tables(df, df, key="id", compare="hash")

"""diff_tables(order=...): moves checked against the data (the pairs left in place keep their
order and are as many as a longest increasing subsequence allows), the rest of the feed
against the rules, the order taken from the column rather than the DataFrame's rows, and the
memory refusal. Agreement with `heckel diff`'s moves is in test_cli."""
from collections import Counter, defaultdict

import numpy as np
import pytest

from checks import longest_increasing
from heckel.spark import diff_tables
from pairs import SCHEMA, expected_feed, feed_rows, generate_pair, moved_rows

ORDERED = SCHEMA + ", line long"


def old_positions_in_new_order(old, new):
    """For each matched new row (in order), its old row's index and key (k-th with k-th)."""
    where = defaultdict(list)
    for i, r in enumerate(old):
        where[r[0]].append(i)
    taken, out = Counter(), []
    for r in new:
        if taken[r[0]] < len(where[r[0]]):
            out.append((where[r[0]][taken[r[0]]], r[0]))
            taken[r[0]] += 1
    return out


def check_moves(old, new, moved_keys):
    pairs = old_positions_in_new_order(old, new)
    assert len(moved_keys) == len(pairs) - longest_increasing([i for i, _ in pairs]) > 0
    # Some choice of pairs with these keys leaves an increasing sequence: take, key by key, the
    # pairs in new order (unique keys make the choice unique).
    remaining = Counter(moved_keys)
    kept = []
    for i, k in pairs:
        if remaining[k]:
            remaining[k] -= 1
        else:
            kept.append(i)
    assert not +remaining
    if len(set(r[0] for r in old)) == len(old):
        assert all(a < b for a, b in zip(kept, kept[1:]))


def lined(rows):
    return [(*r, k) for k, r in enumerate(rows)]


@pytest.mark.parametrize("shuffled", [False, True])
def test_moves_follow_the_order_column(spark, shuffled):
    old, new = generate_pair(14, 2_000)
    new = moved_rows(new, 15, 30)
    old_rows, new_rows = lined(old), lined(new)
    if shuffled:  # the DataFrame's rows in another order: the column still rules
        np.random.default_rng(16).shuffle(new_rows)
    old_df, new_df = spark.createDataFrame(old_rows, ORDERED), spark.createDataFrame(new_rows, ORDERED)
    feed = feed_rows(diff_tables(old_df, new_df, key="id", order="line"))
    rest = sorted(((op, key, columns, record[:-1] if record else None) for op, key, columns, record in feed
                   if op != "move"), key=repr)
    assert rest == expected_feed(old, new)
    moved = [key[0] for op, key, _, _ in feed if op == "move"]
    check_moves(old, new, moved)
    counts = diff_tables(old_df, new_df, key="id", order="line", counts_only=True)
    assert counts["move"] == len(moved) and counts["update"] == sum(op == "update" for op, *_ in rest)


def test_moves_with_duplicate_keys(spark):
    old, new = generate_pair(17, 2_000, duplicates=True)
    new = moved_rows(new, 18, 25)
    old_df, new_df = spark.createDataFrame(lined(old), ORDERED), spark.createDataFrame(lined(new), ORDERED)
    feed = feed_rows(diff_tables(old_df, new_df, key="id", order="line", buckets=3))
    check_moves(old, new, [key[0] for op, key, _, _ in feed if op == "move"])


def test_no_moves_without_relocation(spark):
    old, new = generate_pair(19, 1_000)
    old_df, new_df = spark.createDataFrame(lined(old), ORDERED), spark.createDataFrame(lined(new), ORDERED)
    assert diff_tables(old_df, new_df, key="id", order="line", counts_only=True)["move"] == 0


def test_moves_over_the_memory_budget(spark):
    old, new = generate_pair(20, 1_000)
    old_df, new_df = spark.createDataFrame(lined(old), ORDERED), spark.createDataFrame(lined(new), ORDERED)
    with pytest.raises(Exception, match=r"finding moves needs all [0-9,]+ matched pairs in one Python worker"):
        diff_tables(old_df, new_df, key="id", order="line", moves_memory=10_000).collect()


def test_bad_order_column(spark):
    df = spark.createDataFrame([(1, 2)], "id long, a long")
    with pytest.raises(ValueError, match="order column 'id'"):
        diff_tables(df, df, key="id", order="id")
    with pytest.raises(ValueError, match="order column 'b'"):
        diff_tables(df, df, key="id", order="b")

"""diff_tables raises the session's Arrow batch size for the passes it runs and restores the
setting as it was, set or unset, whether the call succeeds or fails."""
import pytest

from heckel.spark import ARROW_BATCH, ARROW_BATCH_RECORDS, diff_tables, larger_arrow_batches


@pytest.mark.parametrize("setting,inside", [(None, ARROW_BATCH_RECORDS), ("5000", ARROW_BATCH_RECORDS),
                                            ("500000", 500_000), ("0", 0), ("-1", -1)])
def test_batches_raised_inside_and_restored_after(spark, setting, inside):
    spark.conf.unset(ARROW_BATCH)
    if setting is not None:
        spark.conf.set(ARROW_BATCH, setting)
    with larger_arrow_batches(spark):
        assert int(spark.conf.get(ARROW_BATCH)) == inside
    assert spark.conf.get(ARROW_BATCH, None) == setting
    spark.conf.unset(ARROW_BATCH)


@pytest.mark.parametrize("compare", ["digest", "columns"])
def test_diff_tables_restores_the_setting(spark, compare):
    spark.conf.set(ARROW_BATCH, "3")
    old = spark.createDataFrame([(1, 10), (2, 20), (3, 30)], "id long, a long")
    new = spark.createDataFrame([(1, 10), (2, 21), (4, 40)], "id long, a long")
    try:
        assert diff_tables(old, new, key="id", counts_only=True, compare=compare) == \
            {"delete": 1, "insert": 1, "update": 1, "unchanged": 1}
        assert sorted((r["op"], r["id"]) for r in diff_tables(old, new, key="id", compare=compare).collect()) == \
            [("delete", 3), ("insert", 4), ("update", 2)]
        assert spark.conf.get(ARROW_BATCH) == "3"
        with pytest.raises(Exception, match="finding moves needs all"):  # fails inside the raised setting
            diff_tables(old, new, key="id", order="a", moves_memory=1, counts_only=True)
        assert spark.conf.get(ARROW_BATCH) == "3"
    finally:
        spark.conf.unset(ARROW_BATCH)


def test_overlapping_blocks_restore_the_setting_once_both_leave(spark):
    spark.conf.set(ARROW_BATCH, "5000")
    try:
        first, second = larger_arrow_batches(spark), larger_arrow_batches(spark)
        first.__enter__()
        second.__enter__()
        first.__exit__(None, None, None)  # the other block still runs: still raised
        assert int(spark.conf.get(ARROW_BATCH)) == ARROW_BATCH_RECORDS
        second.__exit__(None, None, None)
        assert spark.conf.get(ARROW_BATCH) == "5000"
    finally:
        spark.conf.unset(ARROW_BATCH)

"""The per-bucket change computation (heckel._changes) on Arrow tables, against the rules."""
import numpy as np
import pyarrow as pa
import pytest

from heckel._changes import changed_columns, table_changes
from heckel._compare import pairs_equal
from pairs import COLUMNS, expected_feed, generate_pair


def as_table(rows):
    columns = list(zip(*rows)) if rows else [[]] * len(COLUMNS)
    types = [pa.int64(), pa.string(), pa.int64(), pa.float64(), pa.bool_()]
    return pa.table([pa.array(list(c), t) for c, t in zip(columns, types)], names=COLUMNS)


@pytest.mark.parametrize("duplicates,null_keys", [(False, False), (True, False), (False, True)])
def test_changes_match_the_rules(duplicates, null_keys):
    old, new = generate_pair(21, 20_000, duplicates=duplicates, null_keys=null_keys)
    old_t, new_t = as_table(old), as_table(new)
    compared = COLUMNS[1:]
    changes = table_changes(old_t, new_t, ["id"], compared)
    names = changed_columns(old_t, new_t, changes, compared).to_pylist()
    feed = [("delete", (old[i][0],), None, None) for i in changes.deleted]
    feed += [("insert", (new[j][0],), None, new[j]) for j in changes.inserted]
    feed += [("update", (new[j][0],), tuple(c), new[j]) for j, c in zip(changes.updated_new, names)]
    assert sorted(feed, key=repr) == expected_feed(old, new)
    assert changes.unchanged == len(new) - len(changes.inserted) - len(changes.updated_new)


def test_pairs_equal_tells_null_from_empty_and_compares_bytes():
    old = [pa.array(["", None, "a", "ab", None, "x"]), pa.array([1.0, 2.0, float("nan"), -0.0, None, 5.0])]
    new = [pa.array([None, "", "a", "ab", None, "x"], pa.large_string()),
           pa.array([1.0, 2.0, float("nan"), 0.0, None, 5.0])]
    rows = np.arange(6)
    assert pairs_equal(old, new, rows, rows).tolist() == [False, False, True, False, True, True]
    assert pairs_equal(old[:1], new[:1], rows, rows).tolist() == [False, False, True, True, True, True]
    assert pairs_equal(old, new, np.array([5, 2]), np.array([5, 2])).tolist() == [True, True]
    with pytest.raises(TypeError, match="compared column"):
        pairs_equal([pa.array([1])], [pa.array(["1"])], np.array([0]), np.array([0]))


def test_rows_are_put_back_in_dataframe_order():
    from heckel.spark import BUCKET, POSITION, in_row_order

    table = pa.table({"id": [3, 1, 2, 1], POSITION: [30, 10, 20, 5], BUCKET: [0, 0, 0, 0]})
    assert in_row_order(table).to_pydict() == {"id": [1, 1, 2, 3]}
    ordered = pa.table({"id": [7, 8], POSITION: [1, 2], BUCKET: [0, 0]})
    assert in_row_order(ordered).to_pydict() == {"id": [7, 8]}

"""The change feed of two Arrow tables matched by key, as the CLI's JSON Lines feed has it:
deletes (old row order), then inserts and updates (new row order); an update names the
columns that differ; inserts and updates carry the new row. Duplicate keys pair in row
order within the key."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np
import pyarrow as pa

from ._compare import pairs_equal
from ._core import UNMATCHED
from ._diff import diff


@dataclass(frozen=True)
class TableChanges:
    """Row offsets of a keyed diff: `deleted` (old rows), `inserted` (new rows), the updated
    pairs (`updated_old`, `updated_new`, ascending by new row), `unchanged` the number of
    pairs equal in every compared column."""
    deleted: np.ndarray
    inserted: np.ndarray
    updated_old: np.ndarray
    updated_new: np.ndarray
    unchanged: int


def table_changes(old: pa.Table, new: pa.Table, key: Sequence[str], compared: Sequence[str]) -> TableChanges:
    """Matches rows by key (ignoring order) and compares the compared columns of each pair.
    O(rows + bytes) expected."""
    matching = diff(old.select(list(key)), new.select(list(key)), key=list(key), ignore_order=True, threads=1)
    new_rows = np.flatnonzero(matching.new_to_old != UNMATCHED)
    old_rows = matching.new_to_old[new_rows].astype(np.int64)
    if compared:
        equal = pairs_equal([old.column(c) for c in compared], [new.column(c) for c in compared], old_rows, new_rows)
    else:
        equal = np.ones(len(new_rows), dtype=bool)
    return TableChanges(matching.deletions, matching.insertions, old_rows[~equal], new_rows[~equal],
                        int(equal.sum()))


def changed_columns(old: pa.Table, new: pa.Table, changes: TableChanges, compared: Sequence[str]) -> pa.Array:
    """For each updated pair, the names of the compared columns whose values differ, in
    column order: a list<string> array. O(updates * columns)."""
    count = len(changes.updated_new)
    differs = np.zeros((count, len(compared)), dtype=bool)
    rows = np.arange(count)
    old_index, new_index = pa.array(changes.updated_old), pa.array(changes.updated_new)
    for k, name in enumerate(compared):
        differs[:, k] = ~pairs_equal([old.column(name).take(old_index)], [new.column(name).take(new_index)],
                                     rows, rows)
    offsets = np.zeros(count + 1, dtype=np.int32)
    np.cumsum(differs.sum(axis=1), out=offsets[1:])
    names = pa.array(list(compared), type=pa.string()).take(pa.array(np.nonzero(differs)[1]))
    return pa.ListArray.from_arrays(pa.array(offsets), names)

"""Moves for diff_tables(order=...): the fewest matched pairs whose relocation explains NEW's
order, found as `heckel diff` finds them (heckel.h: the pairs left in place are a longest
increasing subsequence of old positions taken in new order).

Moves need one global order, so every matched pair (its key, and its row's place in each side)
is brought to one Python worker: each side's rows are ordered by the order column, ties by
their position in the DataFrame. The worker refuses, naming the memory needed, when the pairs
do not fit the budget it is given."""
from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ._core import UNMATCHED
from ._diff import diff

OLD_ORDER, OLD_POSITION = "_heckel_old_order", "_heckel_old_position"
NEW_ORDER, NEW_POSITION = "_heckel_new_order", "_heckel_new_position"
#: Python-side bytes per matched pair beyond its key and order values: two positions, the sort
#: indices and ranks of both sides, and the core's matching of the pairs (offsets both ways,
#: its symbol table and the moves).
BYTES_PER_PAIR = 96


def matched_pairs(old: pa.Table, new: pa.Table, key: list, order: str, position: str) -> pa.Table:
    """One bucket's matched pairs (rows in DataFrame order): the new row's key, each side's
    order value and position. O(rows) expected."""
    matching = diff(old.select(key), new.select(key), key=key, ignore_order=True, threads=1)
    new_rows = np.flatnonzero(matching.new_to_old != UNMATCHED)
    old_rows = pa.array(matching.new_to_old[new_rows].astype(np.int64))
    new_rows = pa.array(new_rows)
    columns = [new.column(k).take(new_rows) for k in key]
    columns += [old.column(order).take(old_rows), old.column(position).take(old_rows),
                new.column(order).take(new_rows), new.column(position).take(new_rows)]
    return pa.Table.from_arrays(columns, names=[*key, OLD_ORDER, OLD_POSITION, NEW_ORDER, NEW_POSITION])


def moved(pairs: pa.Table) -> np.ndarray:
    """The rows of `pairs` that move: pair ids in old order matched against pair ids in new
    order by the core, whose move pass keeps a longest increasing subsequence. O(n log n)."""
    old_order = pc.sort_indices(pairs, [(OLD_ORDER, "ascending"), (OLD_POSITION, "ascending")],
                                null_placement="at_start").to_numpy().astype(np.uint64)
    new_order = pc.sort_indices(pairs, [(NEW_ORDER, "ascending"), (NEW_POSITION, "ascending")],
                                null_placement="at_start").to_numpy().astype(np.uint64)
    return new_order[diff(old_order, new_order, threads=1).moves]


def moves_of_partition(key: list, budget: int):
    """The mapInArrow function over the single partition of all matched pairs: yields the
    moved pairs' keys, or raises MemoryError naming the bytes the pairs need once they pass
    `budget` (counting on without keeping them)."""
    def moves(batches):
        kept, needed, count = [], 0, 0
        for batch in batches:
            count += batch.num_rows
            needed += batch.nbytes + BYTES_PER_PAIR * batch.num_rows
            if needed <= budget:
                kept.append(batch)
        if needed > budget:
            raise MemoryError(f"heckel: finding moves needs all {count:,} matched pairs in one Python worker, "
                              f"about {needed / 2**20:,.0f} MiB, over the {budget / 2**20:,.0f} MiB it may use "
                              "(spark.executor.pyspark.memory, else spark.executor.memory; or diff_tables' "
                              "moves_memory=): raise it, or diff without order= (no moves)")
        if not kept:
            return
        pairs = pa.Table.from_batches(kept)
        yield from pairs.select(key).take(pa.array(moved(pairs))).to_batches()
    return moves

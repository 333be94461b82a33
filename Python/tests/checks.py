"""Checks of a diff against the data itself: a reference pairing written from heckel.h's
contract (the k-th occurrence of a value in new pairs with its k-th in old), the result
applied to old, and the moves' minimality (a longest increasing subsequence)."""
from bisect import bisect_left
from collections import defaultdict

import numpy as np

from heckel import UNMATCHED


def reference_new_to_old(old, new):
    """new_to_old by the contract, over hashable Python values (None equals None)."""
    occurrences = defaultdict(list)
    for i, value in enumerate(old):
        occurrences[value].append(i)
    taken = defaultdict(int)
    result = []
    for value in new:
        k = taken[value]
        if k < len(occurrences.get(value, ())):
            result.append(occurrences[value][k])
            taken[value] += 1
        else:
            result.append(UNMATCHED)
    return result


def longest_increasing(values):
    tails = []
    for v in values:
        k = bisect_left(tails, v)
        if k == len(tails):
            tails.append(v)
        else:
            tails[k] = v
    return len(tails)


def check_diff(old, new, d, ignore_order=False):
    """Asserts that d is the diff of the lists of values old and new."""
    new_to_old = d.new_to_old.tolist()
    old_to_new = d.old_to_new.tolist()
    assert len(new_to_old) == len(new) and len(old_to_new) == len(old)
    assert new_to_old == reference_new_to_old(old, new)
    matched = [j for j, i in enumerate(new_to_old) if i != UNMATCHED]
    assert d.match_count == len(matched)
    assert sorted(i for i in old_to_new if i != UNMATCHED) == matched
    for j in matched:
        assert old_to_new[new_to_old[j]] == j and old[new_to_old[j]] == new[j]
    assert d.deletions.tolist() == [i for i, j in enumerate(old_to_new) if j == UNMATCHED]
    assert d.insertions.tolist() == [j for j, i in enumerate(new_to_old) if i == UNMATCHED]
    # Applied to old: matched elements taken from old, inserted ones from new, give new.
    assert [old[i] if i != UNMATCHED else new[j] for j, i in enumerate(new_to_old)] == list(new)
    moves = d.moves.tolist()
    if ignore_order:
        assert moves == [] and d.move_count == 0
        return
    moved = set(moves)
    assert moves == sorted(moved) and moved <= set(matched) and d.move_count == len(moves)
    kept = [new_to_old[j] for j in matched if j not in moved]
    assert all(a < b for a, b in zip(kept, kept[1:]))
    assert len(moves) == len(matched) - longest_increasing([new_to_old[j] for j in matched])


def rows(table):
    """The rows of an Arrow table as tuples of Python values."""
    columns = [c.to_pylist() for c in table.columns]
    return list(zip(*columns)) if columns else []


def edited(rng, values, deleted=0.1, inserted=0.1, moved=0.05):
    """values with a share deleted, new values inserted and some moved: a NumPy array."""
    keep = values[rng.random(len(values)) >= deleted]
    fresh = rng.integers(0, 4 * max(len(values), 1), size=int(len(values) * inserted))
    out = np.concatenate([keep, fresh.astype(values.dtype)])
    rng.shuffle(out[: int(len(out) * moved)])
    return out

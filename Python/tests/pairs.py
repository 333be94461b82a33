"""Generated pairs of tables (rows as tuples) and the change feed they must give, written
from the CLI's rules: rows pair by key in order within the key; a pair whose other columns
differ is an update naming them; unpaired old rows are deletes, unpaired new ones inserts."""
from collections import defaultdict

import numpy as np

SCHEMA = "id long, name string, amount long, score double, flag boolean"
COLUMNS = ["id", "name", "amount", "score", "flag"]


def generate_pair(seed, count, duplicates=False, null_keys=False):
    """(old_rows, new_rows): 1 % updated, 0.5 % deleted and 0.5 % inserted, with nulls in values."""
    rng = np.random.default_rng(seed)
    ids = rng.integers(0, count // 3 + 1, size=count) if duplicates else rng.permutation(count * 2)[:count]

    def row(k, i):
        name = None if k % 11 == 0 else f"n{rng.integers(0, 1000)}"
        key = None if null_keys and k % 50 == 0 else int(i)
        return (key, name, int(rng.integers(0, 100)), float(rng.integers(0, 1000)) / 8, bool(k % 3))

    old = [row(k, i) for k, i in enumerate(ids)]
    new = []
    for k, r in enumerate(old):
        draw = rng.random()
        if draw < 0.005:
            continue  # deleted
        if draw < 0.015:
            column = 1 + int(rng.integers(0, 4))
            changed = list(r)
            changed[column] = {1: None if r[1] else "fresh", 2: r[2] + 1, 3: r[3] + 0.5, 4: not r[4]}[column]
            new.append(tuple(changed))
        else:
            new.append(r)
    for k in range(max(count // 200, 1)):
        new.append((int(count * 2 + k), f"i{k}", k, 1.0, True))
    return old, new


def expected_feed(old, new, key_columns=(0,)):
    """The change feed as a sorted list of (op, key, changed columns or None, record or None)."""
    key_of = lambda r: tuple(r[c] for c in key_columns)
    by_key = defaultdict(list)
    for r in old:
        by_key[key_of(r)].append(r)
    taken = defaultdict(int)
    feed = []
    for r in new:
        k = key_of(r)
        n = taken[k]
        if n < len(by_key[k]):
            taken[k] += 1
            o = by_key[k][n]
            changed = tuple(COLUMNS[c] for c in range(len(r)) if c not in key_columns and o[c] != r[c])
            if changed:
                feed.append(("update", k, changed, r))
        else:
            feed.append(("insert", k, None, r))
    for k, rows in by_key.items():
        feed.extend(("delete", k, None, None) for _ in rows[taken[k]:])
    return sorted(feed, key=repr)


def feed_rows(df, key_columns=("id",)):
    """A change-feed DataFrame collected as expected_feed's list."""
    out = []
    for row in df.collect():
        record = tuple(row["record"]) if row["record"] is not None else None
        columns = tuple(row["columns"]) if row["columns"] is not None else None
        out.append((row["op"], tuple(row[k] for k in key_columns), columns, record))
    return sorted(out, key=repr)


def counts_of(feed, unchanged):
    ops = [f[0] for f in feed]
    return {"delete": ops.count("delete"), "insert": ops.count("insert"), "update": ops.count("update"),
            "unchanged": unchanged}


def moved_rows(rows, seed, count):
    """rows with `count` of them taken out and put back at random places."""
    rng = np.random.default_rng(seed)
    rows = list(rows)
    for _ in range(count):
        row = rows.pop(int(rng.integers(0, len(rows))))
        rows.insert(int(rng.integers(0, len(rows) + 1)), row)
    return rows

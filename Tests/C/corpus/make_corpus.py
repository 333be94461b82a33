#!/usr/bin/env python3
"""Writes the fuzz target's seed corpus (Tests/C/corpus/seed-NNN) from a fixed
seed, so the same files come out on every run. Each seed is one header (the
layout in Tests/C/fuzz_heckel.c) and two lists drawn from the shapes that
reach the core's branches: random over small alphabets (duplicates), distinct
values shuffled, reversed, one element moved, equal lists, edited copies, all
one value, an empty side, long lists (several polls of the cancel flag even
at the production thresholds), and a long common suffix. Every API, equality
mode, failing-allocation mode, cancel point, thread count and ignore_order
is drawn for every shape.

    Tests/C/corpus/make_corpus.py     # rewrites the seed-* files
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
APIS = 5  # keys, keys+callback, weak keys, records, spans
SHAPES = ["random", "distinct", "reversed", "one-move", "equal", "edited", "all-one",
          "old-empty", "new-empty", "long"]


def lists(shape, rng):
    """Two byte lists (values are bytes modulo the alphabet)."""
    size = rng.choice([0, 1, 2, 3, 5, 8, 13, 40, 100, 300])
    if shape == "long":
        size = rng.choice([4200, 5000, 6000])
    if shape == "random" or shape == "long":
        return ([rng.randrange(256) for _ in range(size)],
                [rng.randrange(256) for _ in range(rng.randrange(size + 2))])
    base = list(range(min(size, 256)))
    if shape == "distinct":
        new = base[:]
        rng.shuffle(new)
        return base, new[:max(0, len(new) - rng.randrange(3))]
    if shape == "reversed":
        return base, base[::-1]
    if shape == "one-move":
        new = base[1:] + base[:1] if rng.randrange(2) else base[-1:] + base[:-1]
        return base, new
    if shape == "equal":
        old = [rng.randrange(256) for _ in range(size)]
        return old, old[:]
    if shape == "edited":
        old = [rng.randrange(256) for _ in range(size)]
        new = []
        for v in old:
            roll = rng.randrange(10)
            if roll == 0:
                continue
            if roll == 1:
                new.append(rng.randrange(256))
            new.append(v)
        for _ in range(len(new) // 10):
            a, b = rng.randrange(len(new)), rng.randrange(len(new))
            new[a], new[b] = new[b], new[a]
        return old, new
    if shape == "all-one":
        return [7] * size, [7] * rng.randrange(size + 2)
    if shape == "old-empty":
        return [], [rng.randrange(256) for _ in range(max(size, 1))]
    if shape == "new-empty":
        return [rng.randrange(256) for _ in range(max(size, 1))], [1]
    raise ValueError(shape)


def split_byte(old_count, total):
    """The split byte b with b * total // 256 == old_count, or None."""
    for b in range(256):
        if b * total // 256 == old_count:
            return b
    return None


def seed(rng, api, shape):
    old, new = lists(shape, rng)
    total = len(old) + len(new)
    split = split_byte(len(old), total)
    while split is None:  # an old side this long needs a longer new one
        new.append(rng.randrange(256))
        total += 1
        split = split_byte(len(old), total)
    flags = api
    flags |= 0x08 if rng.random() < 0.2 else 0   # long common suffix
    flags |= 0x10 if rng.random() < 0.3 else 0   # cancel at a point
    flags |= 0x20 if rng.random() < 0.3 else 0   # failing allocations
    flags |= 0x40 if rng.random() < 0.3 else 0   # NULL for empty arrays
    flags |= 0x80 if rng.random() < 0.2 else 0   # moves = NULL
    equality = rng.choice([0, 0, 0, 1, 2])       # values, near, coin toss
    modulus_and_equality = rng.randrange(8) | equality << 4
    element_size_and_threads = rng.randrange(256)  # size 1 + b % 24, threads from b >> 5
    alphabet = rng.randrange(8) if shape in ("distinct", "reversed", "one-move") else rng.randrange(256)
    point = rng.randrange(256)
    how = rng.randrange(4) | rng.randrange(3) << 4 | (0x40 if rng.random() < 0.5 else 0)
    how |= 0x80 if rng.random() < 0.25 else 0    # ignore_order
    header = [flags, modulus_and_equality, element_size_and_threads, alphabet, point, how, split]
    return bytes(header + old + new)


def main():
    rng = random.Random(20261123)
    for old in os.listdir(HERE):
        if old.startswith("seed-"):
            os.remove(os.path.join(HERE, old))
    count = 0
    for round_ in range(6):
        for api in range(APIS):
            for shape in SHAPES:
                with open(os.path.join(HERE, "seed-%03d" % count), "wb") as out:
                    out.write(seed(rng, api, shape))
                count += 1
    print("%d seeds in %s" % (count, HERE))


if __name__ == "__main__":
    main()

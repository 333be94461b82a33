#!/usr/bin/env python3
"""Writes the fuzz target's seed corpus (Tests/C/corpus/seed-NNN) from a fixed
seed, so the same files come out on every run. The layouts are those of
Tests/C/fuzz_heckel.c:

- LISTS seeds: every API (keys, keys+callback, weak keys, records, spans,
  keyed spans, weak keyed spans, Swift strings) with every layout (packed;
  keys and records strided; spans and Swift strings padded past 32 and past
  240 bytes; Swift strings 24 bytes apart), values as bytes, from a
  dictionary of full 64-bit words, or as 16-bit pairs, over the shapes that
  reach the core's branches (random over small alphabets, distinct shuffled,
  reversed, one move, equal, edited, all one value, either side empty, long
  lists, a long common suffix), with options.window, ignore_order, NULL
  empty arrays, moves = NULL, failing allocations, cancel points, the test
  hook's colliding keys and every thread count drawn across them.
- LONG seeds, in Tests/C/corpus-long (the corpus of the HECKEL_FUZZ_LONG=1
  run): lists either side of the direct path's bound (65,534) and past twice
  the thread grain (2^17), with edits.
- INVALID seeds: every invalid-argument case against every entry point.
- MOVES seeds: find_moves on any entries, on duplicates, on one-to-one maps.

    Tests/C/corpus/make_corpus.py     # rewrites the seed-* files
"""
import os
import random
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
MODE_LISTS, MODE_LONG, MODE_INVALID, MODE_MOVES = 0, 1, 2, 3
APIS = ["keys", "keys+callback", "weak keys", "records", "spans", "keyed spans",
        "weak keyed spans", "swift strings"]
SHAPES = ["random", "distinct", "reversed", "one-move", "equal", "edited", "all-one",
          "old-empty", "new-empty", "long"]


def lists(shape, rng, top):
    """Two lists of element indices below top (bytes, dictionary picks or 16-bit values)."""
    size = rng.choice([0, 1, 2, 3, 5, 8, 13, 40, 100, 300])
    if shape == "long":
        size = rng.choice([1100, 2100, 4200])
    if shape in ("random", "long"):
        return ([rng.randrange(top) for _ in range(size)],
                [rng.randrange(top) for _ in range(rng.randrange(size + 2))])
    base = list(range(min(size, top)))
    if shape == "distinct":
        new = base[:]
        rng.shuffle(new)
        return base, new[:max(0, len(new) - rng.randrange(3))]
    if shape == "reversed":
        return base, base[::-1]
    if shape == "one-move":
        return base, (base[1:] + base[:1] if rng.randrange(2) else base[-1:] + base[:-1])
    if shape == "equal":
        old = [rng.randrange(top) for _ in range(size)]
        return old, old[:]
    if shape == "edited":
        old = [rng.randrange(top) for _ in range(size)]
        new = []
        for v in old:
            roll = rng.randrange(10)
            if roll == 0:
                continue
            if roll == 1:
                new.append(rng.randrange(top))
            new.append(v)
        for _ in range(len(new) // 10):
            a, b = rng.randrange(len(new)), rng.randrange(len(new))
            new[a], new[b] = new[b], new[a]
        return old, new
    if shape == "all-one":
        return [7 % top] * size, [7 % top] * rng.randrange(size + 2)
    if shape == "old-empty":
        return [], [rng.randrange(top) for _ in range(max(size, 1))]
    if shape == "new-empty":
        return [rng.randrange(top) for _ in range(max(size, 1))], []
    raise ValueError(shape)


def split_byte(old_count, total):
    """The split byte b giving old_count of total elements (255: all), or None."""
    if old_count == total:
        return 255
    for b in range(255):
        if b * total // 255 == old_count:
            return b
    return None


def header(rng, mode, api, layout, long_suffix=False):
    """The 8 header bytes of fuzz_heckel.c's read_case."""
    mode_api = mode | api << 2 | (0x20 if layout == "swift-24" else 0) | (0x80 if long_suffix else 0)
    flags = rng.randrange(8)                          # thread count index
    flags |= 0x10 if rng.random() < 0.25 else 0       # cancel at a point
    flags |= 0x20 if rng.random() < 0.25 else 0       # failing allocations
    flags |= 0x40 if rng.random() < 0.3 else 0        # NULL for empty arrays
    flags |= 0x80 if rng.random() < 0.2 else 0        # moves = NULL
    equality = rng.choice([0, 0, 0, 1, 2])            # values, near, coin toss (callbacks only)
    modes = rng.randrange(8) | equality << 4 | (0x08 if layout == "strided" else 0)
    size = rng.choice([0, 7, 15, 23, 31, 32, 39]) + 40 * rng.randrange(6)  # 1 + size % 40 bytes
    spread = 0
    if layout == "padded":                            # spans past 32 bytes
        spread = rng.randrange(3, 8) | rng.randrange(8) << 5
    elif layout == "padded-long":                     # past 240 bytes
        spread = 31 | 7 << 5
    point = rng.randrange(256)
    how = rng.randrange(4) | rng.randrange(3) << 4 | (0x40 if rng.random() < 0.5 else 0)
    how |= 0x80 if rng.random() < 0.2 else 0          # ignore_order
    extra = (0x80 if layout == "window" or rng.random() < 0.15 else 0)
    extra |= (0x40 | rng.randrange(8)) if layout == "colliding" or rng.random() < 0.1 else 0
    return [mode_api, flags, modes, size, spread, point, how, extra]


def lists_seed(rng, api, layout, shape):
    kind = rng.choice(["bytes", "dictionary", "words"])
    if kind == "dictionary":
        alphabet = rng.randrange(1, 17)
        top = alphabet
    elif kind == "words":
        alphabet = 17 + rng.randrange(7)
        top = 65536
    else:
        alphabet, top = 0, 256
    old, new = lists(shape, rng, top)
    total = len(old) + len(new)
    split = split_byte(len(old), total)
    while split is None:  # an old side this long needs a longer new one
        new.append(rng.randrange(top))
        total += 1
        split = split_byte(len(old), total)
    out = header(rng, MODE_LISTS, api, layout, long_suffix=shape != "long" and rng.random() < 0.1)
    out += [alphabet, split]
    if 0 < alphabet <= 16:  # crafted words: small, colliding in their low or high halves, any
        for _ in range(alphabet):
            w = rng.choice([rng.randrange(1 << 64), rng.randrange(16) << 56, rng.randrange(16),
                            rng.randrange(16) * 0xF1DE83E19937733D % (1 << 64)])
            out += list(struct.pack("<Q", w))
    for v in old + new:
        out += [v & 0xFF, v >> 8] if alphabet > 16 else [v]
    return bytes(out)


def long_seed(rng, n, edits, distinct):
    out = header(rng, MODE_LONG, rng.randrange(8), "packed")
    out += [n & 0xFF, n >> 8 & 0xFF, n >> 16, distinct]
    for kind, where, length in edits:
        out += [kind, where & 0xFF, where >> 8, length]
    return bytes(out)


def main():
    rng = random.Random(20261127)
    long_dir = os.path.join(os.path.dirname(HERE), "corpus-long")
    os.makedirs(long_dir, exist_ok=True)
    for folder in (HERE, long_dir):
        for old in os.listdir(folder):
            if old.startswith("seed-"):
                os.remove(os.path.join(folder, old))
    seeds, long_seeds = [], []
    layouts = {0: ["packed", "strided", "window", "colliding"], 1: ["packed", "window"],
               2: ["packed", "window"], 3: ["packed", "strided", "window", "colliding"],
               4: ["packed", "padded", "padded-long", "window", "colliding"],
               5: ["packed", "padded", "padded-long", "window"], 6: ["packed", "padded"],
               7: ["packed", "padded", "padded-long", "swift-24", "window", "colliding"]}
    for api in range(len(APIS)):
        for layout in layouts[api]:
            for shape in SHAPES:
                if shape == "long" and layout not in ("packed", "window"):
                    continue
                seeds.append(lists_seed(rng, api, layout, shape))
    # Long lists: either side of 65,534 elements after the prefix (a fresh
    # first element, so no prefix), and past 2 * 2^17 (the thread grain).
    front = [(1, 0, 1), (0, 2, 1)]                           # a fresh first element for the old first one
    for n, edits, distinct in [
            (32767, front, 1),                               # 65,534 in all: the bound
            (32767, front[:1], 1),                           # 65,535: one past it
            (32768, front, 1),                               # 65,536
            (65533, [(1, 0, 1)], 1),                         # 65,534 + 1, nearly all old
            (40000, [(1, 0, 1), (2 | 0x30, 30000, 40)], 1),  # a block of 1,280 moved to the back
            (40000, [(1 | 0x20, 1000, 50), (0 | 0x10, 60000, 9)], 2),
            (140000, [(1, 0, 1), (0 | 0x40, 100, 200), (2 | 0x58, 40000, 90)], 3),  # past the thread grain
            (140000, [(3 | 0x30, 2000, 30)], 0),             # duplicates, one value over a block
            (70000, [(1 | 0x50, 32768, 64)], 5)]:
        long_seeds.append(long_seed(rng, n, edits, distinct))
    # Invalid arguments: every case against every entry point, at the
    # smallest, next and a random `where` (a span of length 1 + where, ...).
    for which in range(8):
        for entry in range(7):
            for where in (0, 1, rng.randrange(2, 256)):
                seeds.append(bytes([MODE_INVALID, which, entry, where] + [0] * 6))
    # find_moves: any entries (some past HECKEL_MAX_COUNT), duplicates, one-to-one.
    for form in range(3):
        for count in (0, 1, 5, 40, 300):
            out = header(rng, MODE_MOVES, 0, "packed") + [form]
            for _ in range(count):
                entry = rng.choice([rng.randrange(1 << 32), 0xFFFFFFF0 + rng.randrange(15), rng.randrange(count + 2)])
                out += list(struct.pack("<I", entry))
            seeds.append(bytes(out))
    # Entries at HECKEL_MAX_COUNT (0xFFFFFFF0: refused) and just below it (accepted), alone.
    for entries in ([0xFFFFFFF0], [0xFFFFFFEF, 0], [5, 0xFFFFFFF0, 1], [0xFFFFFFFF, 0xFFFFFFF0]):
        out = header(rng, MODE_MOVES, 0, "packed") + [0]
        for entry in entries:
            out += list(struct.pack("<I", entry))
        seeds.append(bytes(out))
    for folder, written in ((HERE, seeds), (long_dir, long_seeds)):
        for count, data in enumerate(written):
            with open(os.path.join(folder, "seed-%03d" % count), "wb") as out:
                out.write(data)
        print("%d seeds in %s" % (len(written), folder))


if __name__ == "__main__":
    main()

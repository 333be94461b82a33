"""Writes fuzz_xxh3's seed corpus (Tests/C/fuzz_xxh3.c) into this folder:
for each length at and next to XXH3's class boundaries (0, 1-3, 4-8, 9-16,
17-128, 129-240, over 240 with its stripes and 1,024-byte blocks), an 8-byte
seed (0, or drawn) followed by that many bytes drawn from a fixed-seed
generator. Run: python3 Tests/C/corpus_xxh3/make_corpus.py"""
import os
import random

LENGTHS = [0, 1, 2, 3, 4, 5, 8, 9, 12, 16, 17, 32, 33, 64, 65, 96, 97, 128, 129, 160, 239, 240,
           241, 255, 256, 320, 1023, 1024, 1025, 2047, 2048, 2049, 4096, 5000]

rng = random.Random(0x58583348)
folder = os.path.dirname(os.path.abspath(__file__))
for number, length in enumerate(LENGTHS):
    seed = 0 if number % 3 == 0 else rng.getrandbits(64)
    body = bytes(rng.getrandbits(8) for _ in range(length))
    with open(os.path.join(folder, "seed-%03d-len-%d" % (number, length)), "wb") as out:
        out.write(seed.to_bytes(8, "little") + body)

"""heckel.diff on two Arrow int64 arrays against the bare core call on the same buffers
(heckel_match_keys from cffi, outputs preallocated), interleaved; medians printed.

Pairs: ROWS random 64-bit keys; NEW has 20 % of OLD deleted as a block, as many inserted,
4 % shuffled (the benchmark harness's classic mix).

    .venv-python/bin/python Python/benchmarks/bench_binding.py --rows 10000000 --runs 5 --threads 1

Beside `Scripts/bench.sh --scenario random --size 1e7 --element int --engine listdiff --threads 1`
(the same mix and thread count) this compares the binding with ListDiff on [Int].
"""
import argparse
import statistics
import time

import numpy as np
import pyarrow as pa

import heckel
from heckel._heckel_cffi import ffi, lib


def classic_mix(rows: int, seed: int = 1):
    rng = np.random.default_rng(seed)
    old = rng.integers(0, 1 << 62, size=rows, dtype=np.int64)
    block = rows // 5
    start = int(rng.integers(0, rows - block))
    new = np.concatenate([old[:start], old[start + block:], rng.integers(0, 1 << 62, size=block, dtype=np.int64)])
    shuffled = rng.choice(len(new), size=len(new) // 25, replace=False)
    new[shuffled] = new[rng.permutation(shuffled)]
    return old, new


def bare_core(old: np.ndarray, new: np.ndarray, ignore_order: bool, threads: int) -> float:
    outputs = [np.empty(len(old), np.uint32), np.empty(len(new), np.uint32), np.empty(min(len(old), len(new)), np.uint32)]
    result = ffi.new("heckel_result *")
    result.old_to_new, result.new_to_old, result.moves = (ffi.cast("heckel_offset *", a.ctypes.data) for a in outputs)
    options = ffi.new("heckel_options *")
    options.ignore_order = ignore_order
    options.threads = threads
    start = time.perf_counter()
    status = lib.heckel_match_keys(ffi.cast("uint64_t *", old.ctypes.data), len(old), ffi.cast("uint64_t *", new.ctypes.data),
                                   len(new), ffi.NULL, ffi.NULL, options, result)
    elapsed = time.perf_counter() - start
    assert status == 0
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10_000_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ignore-order", action="store_true")
    parser.add_argument("--threads", type=int, default=1, help="the core's threads (0: every core)")
    args = parser.parse_args()
    old, new = classic_mix(args.rows)
    old_arrow, new_arrow = pa.array(old), pa.array(new)
    times = {"heckel.diff (Arrow)": [], "bare core call": []}
    for _ in range(args.runs):
        start = time.perf_counter()
        d = heckel.diff(old_arrow, new_arrow, ignore_order=args.ignore_order, threads=args.threads)
        times["heckel.diff (Arrow)"].append(time.perf_counter() - start)
        times["bare core call"].append(bare_core(old, new, args.ignore_order, args.threads))
    print(f"rows {args.rows}, {args.runs} runs, {args.threads} thread(s), matched {d.match_count}, moves {d.move_count}")
    base = statistics.median(times["bare core call"])
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:22} median {median * 1e3:8.1f} ms  ({median / base:.2f}x the bare call)")


if __name__ == "__main__":
    main()

"""Floors of the change-feed plans that use Spark's shuffle, beside spark-extension's diff.

The floors and spark-extension's feed and counts run in one session, so that each ratio comes
from one run. A floor is what a plan pays before its matching: the reads and shuffles it cannot
do without, with nothing sent to Python, no sort, no join and no comparison. Each part is a
query (or one per side) on bench_spark.py's pair; every no-op write reads all it is given.

    scan                   both sides read (every column), no-op write
    one-pass               both sides read, a side flag added, the union repartitioned by the
                           key's hash into spark.sql.shuffle.partitions partitions, no-op write:
                           the floor of a plan that ships each side's rows once through the
                           shuffle to where a core matches them (a JVM-side core via JNI)
    narrow                 the same with each row reduced in the JVM to its key, position and
                           diff_tables' 64-bit digest first: one shuffled record per row
    narrow-arrow           each side's key, position and digest converted in the JVM to Arrow
                           IPC batches (Dataset.toArrowBatchRdd, internal: for these floors
                           only), counted: no shuffle
    narrow-packed          the batches of narrow-arrow shuffled as records of their own
                           (round-robin into spark.sql.shuffle.partitions partitions): the
                           digest pass's bytes in a few records, as diff_tables' packing sends
                           them, but no Python
    narrow16-packed        narrow-packed with the key and digest only (16 bytes a row; without
                           the position, duplicate keys could not pair in order)
    reread                 both sides read again, the rows of 1.5 % of the keys kept by a
                           broadcast semi-join and shuffled by key: the change feed's second read
    extension-feed         spark-extension's change feed (bench_spark.py's spark-extension-feed)
    extension-counts       spark-extension's counts (bench_spark.py's spark-extension)
    cached-one-pass        one-pass over both sides persisted MEMORY_ONLY beforehand
    cached-extension-feed  extension-feed over the same persisted sides

The cached parts stand for tables a user already holds in memory: both sides are persisted and
materialized once, before the rounds and outside the timed parts (that cost is printed
separately), so they compare spark-extension and the floor without the Parquet decode.

Runs are interleaved; each part prints its CPU time per process kind (driver, JVM, Python
workers), its wall time and the load average per run, then the medians, the runs and, per
round, spark-extension's CPU over each floor's (a floor of two parts: their sum). The feed's
summary, cached or not, and the counts are checked equal in every round.

    nice -n 10 .venv-python/bin/python Python/benchmarks/bench_spark_floor.py --rows 10000000 --runs 3 \
        --parts scan,one-pass,extension-feed,cached-one-pass,cached-extension-feed
"""
import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

from bench_spark import VALUES, Usage, extension_counts, extension_feed, generate  # noqa: E402
from pyspark import StorageLevel  # noqa: E402
from pyspark.sql import SparkSession, functions as F  # noqa: E402

from heckel._spark_digest import with_digest  # noqa: E402
from heckel.spark import POSITION, with_position  # noqa: E402

KEY = "id"
PARTS = ["scan", "one-pass", "narrow", "narrow-arrow", "narrow-packed", "narrow16-packed", "reread", "extension-feed",
         "extension-counts", "cached-one-pass", "cached-extension-feed"]
# Each floor (the sum of its parts) and the spark-extension figure it is set against.
RATIOS = {("scan",): "extension-feed", ("one-pass",): "extension-feed", ("narrow", "reread"): "extension-feed",
          ("narrow-packed", "reread"): "extension-feed", ("narrow-packed",): "extension-counts",
          ("narrow16-packed",): "extension-counts",
          ("cached-one-pass",): "cached-extension-feed"}


def noop(df):
    df.write.format("noop").mode("overwrite").save()


def one_pass(old, new):
    """Both sides tagged and shuffled together by the key's hash, every column."""
    both = old.withColumn("_side", F.lit(False)).unionByName(new.withColumn("_side", F.lit(True)))
    noop(both.repartition(KEY))


def narrow(old, new):
    """Each side's key, position and digest, shuffled together by the key's hash."""
    reduced = [with_digest(with_position(side), [KEY], VALUES, [POSITION]) for side in (old, new)]
    one_pass(*reduced)


def narrow_batches(side, position: bool = True):
    """The side's key, position (if position) and digest as an RDD of Arrow IPC batches made in
    the JVM."""
    rows = with_digest(with_position(side), [KEY], VALUES, [POSITION]) if position else \
        with_digest(side, [KEY], VALUES, [])
    return rows._jdf.toArrowBatchRdd().toJavaRDD()


def narrow_packed(spark, old, new, position: bool = True):
    """Each side's narrow_batches shuffled round-robin, counted."""
    partitions = int(spark.conf.get("spark.sql.shuffle.partitions"))
    for side in (old, new):
        narrow_batches(side, position).repartition(partitions).count()


def reread(spark, old, new, rows: int):
    """Each side's rows whose keys are among 1.5 % of them, by a broadcast semi-join, shuffled
    by key."""
    changed = F.broadcast(spark.range(0, rows, 67).withColumnRenamed("id", "_changed"))
    for side in (old, new):
        noop(side.join(changed, F.col(KEY).eqNullSafe(F.col("_changed")), "left_semi").repartition(KEY))


def queries(spark, sides: dict, rows: int) -> dict:
    old, new = sides["parquet"]
    return {
        "scan": lambda: (noop(old), noop(new)),
        "one-pass": lambda: one_pass(old, new),
        "narrow": lambda: narrow(old, new),
        "narrow-arrow": lambda: [narrow_batches(side).count() for side in (old, new)],
        "narrow-packed": lambda: narrow_packed(spark, old, new),
        "narrow16-packed": lambda: narrow_packed(spark, old, new, position=False),
        "reread": lambda: reread(spark, old, new, rows),
        "extension-feed": lambda: extension_feed(old, new),
        "extension-counts": lambda: extension_counts(old, new),
        "cached-one-pass": lambda: one_pass(*sides["cached"]),
        "cached-extension-feed": lambda: extension_feed(*sides["cached"]),
    }


def uses_cache(df) -> bool:
    """Whether Spark serves df (in part) from a persisted plan."""
    return "InMemoryRelation" in df._jdf.queryExecution().withCachedData().toString()


def cached(spark, old, new):
    """Both sides persisted MEMORY_ONLY and materialized; prints what that cost and how much of
    them the cache holds (a partition evicted would be read from Parquet again). Spark serves
    any query whose plan matches a cached one from the cache, so the persisted plans carry a
    constant column of their own (dropped on use) to keep the uncached parts on Parquet."""
    marked = [side.withColumn("_cached", F.lit(True)).persist(StorageLevel.MEMORY_ONLY) for side in (old, new)]
    start = time.perf_counter()
    with Usage() as usage:
        for side in marked:
            noop(side)
    sides = tuple(side.drop("_cached") for side in marked)
    assert all(uses_cache(side) for side in sides) and not any(uses_cache(side) for side in (old, new))
    held = [(info.numCachedPartitions(), info.numPartitions(), info.memSize())
            for info in spark.sparkContext._jsc.sc().getRDDStorageInfo()]
    print(f"cache built (untimed in the parts): CPU {usage.cpu:.1f} s, {time.perf_counter() - start:.1f} s; "
          + ", ".join(f"{c}/{n} partitions, {size / 2**20:.0f} MiB" for c, n, size in held), flush=True)
    if any(c < n for c, n, _ in held):
        print("warning: the cache does not hold every partition; the cached parts reread some", flush=True)
    return sides


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--parts", default=",".join(PARTS), help=f"comma-separated, from {', '.join(PARTS)}")
    parser.add_argument("--data", default="/tmp/heckel-bench-spark")
    parser.add_argument("--driver-memory", default="6g")
    args = parser.parse_args()
    names = args.parts.split(",")
    unknown = set(names) - set(PARTS)
    if unknown:
        parser.error(f"unknown parts: {', '.join(sorted(unknown))}")
    spark = (SparkSession.builder.master("local[2]").appName("heckel-bench-floor")
             .config("spark.driver.memory", args.driver_memory).config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    old, new = generate(spark, args.rows, Path(args.data))
    sides = {"parquet": (old, new)}
    if any(n.startswith("cached-") for n in names):
        sides["cached"] = cached(spark, old, new)
    run_part = queries(spark, sides, args.rows)
    cpu, wall = {n: [] for n in names}, {n: [] for n in names}
    results = {}
    for run in range(args.runs):
        for name in names:
            start = time.perf_counter()
            with Usage() as usage:
                result = run_part[name]()
            wall[name].append(time.perf_counter() - start)
            cpu[name].append(usage.cpu)
            if name.startswith("extension-") or name.startswith("cached-extension-"):
                results[(run, name)] = result
            split = ", ".join(f"{k} {v:.1f}" for k, v in sorted(usage.by_kind.items()) if v >= 0.05)
            print(f"run {run + 1} {name}: CPU {usage.cpu:.1f} s ({split}), {wall[name][-1]:.1f} s, load "
                  + " ".join(f"{v:.1f}" for v in os.getloadavg()), flush=True)
    for kind in ("feed", "counts"):
        kept = {key: result for key, result in results.items() if key[1].endswith(kind)}
        if kept:
            first = next(iter(kept.values()))
            for (run, name), result in kept.items():
                assert result == first, f"run {run + 1} {name} disagrees: {result} != {first}"
            print(f"spark-extension's {kind} agrees in every run: {first}")
    for name in names:
        print(f"{name:22} CPU median {statistics.median(cpu[name]):6.1f} s  wall median "
              f"{statistics.median(wall[name]):6.1f} s  CPU " + " ".join(f"{c:.1f}" for c in cpu[name])
              + "  wall " + " ".join(f"{w:.1f}" for w in wall[name]))
    for floor, against in RATIOS.items():
        if set(floor) <= set(names) and against in names:
            floors = [sum(cpu[part][run] for part in floor) for run in range(args.runs)]
            ratios = [e / f for e, f in zip(cpu[against], floors)]
            print(f"{against} CPU / {'+'.join(floor)} CPU per round: " + " ".join(f"{r:.2f}x" for r in ratios)
                  + f"  (medians {statistics.median(cpu[against]) / statistics.median(floors):.2f}x)")
    spark.stop()


if __name__ == "__main__":
    main()

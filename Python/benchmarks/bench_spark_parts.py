"""The CPU time of each part of diff_tables' digest pass and of its change feed's second read,
measured on bench_spark.py's OLD side alone: each part is a query ending in a no-op write, and
each adds one step to the one before it, so the differences are the steps' costs.

    scan        read every column (the Parquet decode every plan pays)
    digest      + position, bucket and the 64-bit digest (what crosses to Python)
    arrow       + the digest pass's columns sent to a Python worker, nothing sent back
    packed      + packing in Python and the shuffle of the packed records (the digest pass's map side)
    wide-arrow  every column sent to Python instead (what a one-pass feed would send)
    wide-packed every column packed and shuffled
    reread      read every column again and keep the rows of 1.5 % of the keys with a broadcast
                semi-join (the change feed's second read)

Runs are interleaved; the median CPU time (driver, JVM and Python workers) and wall time per
part are printed.

    .venv-python/bin/python Python/benchmarks/bench_spark_parts.py --rows 10000000 --runs 3
"""
import argparse
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

import time  # noqa: E402

from bench_spark import Usage, generate  # noqa: E402
from pyspark.sql import SparkSession, functions as F  # noqa: E402

from heckel._spark_digest import with_digest  # noqa: E402
from heckel._spark_packed import packed  # noqa: E402
from heckel.spark import BUCKET, POSITION, larger_arrow_batches, with_bucket, with_position  # noqa: E402

KEY, COMPARED = ["id"], [f"c{k}" for k in range(1, 10)]
BUCKETS = 200


def parts(spark, old, rows: int) -> dict:
    """Each part as a function running its query."""
    noop = lambda df: df.write.format("noop").mode("overwrite").save()
    to_python = lambda df: df.mapInArrow(lambda batches: (b.slice(0, 0) for b in batches), df.schema)
    digest = lambda: with_digest(with_bucket(with_position(old), KEY, BUCKETS), KEY, COMPARED, [POSITION, BUCKET])
    wide = lambda: with_bucket(with_position(old), KEY, BUCKETS)
    changed = spark.range(0, rows, 67).withColumnRenamed("id", "changed")  # 1.5 % of the keys
    return {
        "scan": lambda: noop(old),
        "digest": lambda: noop(digest()),
        "arrow": lambda: noop(to_python(digest())),
        "packed": lambda: noop(packed(digest(), BUCKET).repartition(BUCKETS, BUCKET)),
        "wide-arrow": lambda: noop(to_python(wide())),
        "wide-packed": lambda: noop(packed(wide(), BUCKET).repartition(BUCKETS, BUCKET)),
        "reread": lambda: noop(with_position(old).join(F.broadcast(changed), F.col("id").eqNullSafe(F.col("changed")),
                                                       "left_semi")),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--parts", default="scan,digest,arrow,packed,wide-arrow,wide-packed,reread")
    parser.add_argument("--data", default="/tmp/heckel-bench-spark")
    parser.add_argument("--driver-memory", default="6g")
    args = parser.parse_args()
    spark = (SparkSession.builder.master("local[2]").appName("heckel-bench-parts")
             .config("spark.driver.memory", args.driver_memory).config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    old, _ = generate(spark, args.rows, Path(args.data))
    queries = parts(spark, old, args.rows)
    names = args.parts.split(",")
    cpu, wall = {n: [] for n in names}, {n: [] for n in names}
    with larger_arrow_batches(spark):  # the batches diff_tables' own passes use
        for run in range(args.runs):
            for name in names:
                start = time.perf_counter()
                with Usage() as usage:
                    queries[name]()
                wall[name].append(time.perf_counter() - start)
                cpu[name].append(usage.cpu)
                print(f"run {run + 1} {name}: CPU {cpu[name][-1]:.1f} s, {wall[name][-1]:.1f} s, load "
                      f"{os.getloadavg()[0]:.1f}", file=sys.stderr, flush=True)
    for name in names:
        print(f"{name:12} CPU median {statistics.median(cpu[name]):6.1f} s  wall median "
              f"{statistics.median(wall[name]):6.1f} s  CPU " + " ".join(f"{c:.1f}" for c in cpu[name]))
    spark.stop()


if __name__ == "__main__":
    main()

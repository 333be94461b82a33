"""Diffs of generated table pairs on Spark: heckel.spark.diff_tables against spark-extension's
diff and a plain full outer join with a column comparison, in one SparkSession, interleaved.

Pairs: ROWS rows of 10 columns (id, 5 longs, 2 strings, 2 doubles); NEW has 1 % of OLD's rows
updated (one column), 0.5 % deleted and 0.5 % inserted. The counts engines compute the numbers
of deletes, inserts, updates and unchanged rows; the feed engines (heckel-feed,
spark-extension-feed) compute the change feed (each change's key, changed columns and new row)
and reduce it to a summary per operation: its count, the sum of its keys, the number of changed
columns named and a checksum of the new rows. Counts engines are checked equal to each other,
feed engines likewise; the median of the runs is printed per engine, with the CPU time (user
and system) the whole process tree spent on it (driver, JVM, Python workers): on a machine
shared with other work, CPU time varies less than wall time.

    .venv-python/bin/python Python/benchmarks/bench_spark.py --rows 1000000 --runs 3
"""
import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

from pyspark.sql import SparkSession, functions as F  # noqa: E402

VALUES = [f"c{k}" for k in range(1, 10)]


def generate(spark, rows: int, folder: Path):
    """OLD and NEW as Parquet in folder (written once per size)."""
    old_path, new_path = folder / f"old-{rows}", folder / f"new-{rows}"
    if not (old_path / "_SUCCESS").exists() or not (new_path / "_SUCCESS").exists():
        base = spark.range(rows).withColumn("h", F.xxhash64("id"))
        columns = [F.col("id")]
        for k in range(1, 6):
            columns.append(F.pmod(F.xxhash64("id", F.lit(k)), F.lit(1_000_000)).alias(f"c{k}"))
        for k in (6, 7):
            columns.append(F.concat(F.lit("s"), F.pmod(F.xxhash64("id", F.lit(k)), F.lit(100_000))).alias(f"c{k}"))
        for k in (8, 9):
            columns.append((F.pmod(F.xxhash64("id", F.lit(k)), F.lit(10_000)) / 8.0).alias(f"c{k}"))
        old = base.select(*columns, "h")
        bucket = F.pmod(F.col("h"), F.lit(1000))
        kept = old.where(bucket >= 5)  # 0.5 % deleted
        updated = kept.withColumn("c3", F.when(bucket < 15, F.col("c3") + 1).otherwise(F.col("c3")))  # 1 %
        inserted = (spark.range(rows, rows + rows // 200).withColumn("h", F.xxhash64("id"))
                    .select(*[c if isinstance(c, str) else c for c in columns], "h"))
        old.drop("h").write.mode("overwrite").parquet(str(old_path))
        updated.drop("h").unionByName(inserted.drop("h")).write.mode("overwrite").parquet(str(new_path))
    return spark.read.parquet(str(old_path)), spark.read.parquet(str(new_path))


def heckel_counts(old, new, compare="digest"):
    from heckel.spark import diff_tables

    return diff_tables(old, new, key="id", counts_only=True, compare=compare)


def heckel_columns_counts(old, new):
    return heckel_counts(old, new, compare="columns")


def feed_summary(feed, op, key, changed, record):
    """Per operation: changes, sum of keys, changed columns named, checksum of the new rows
    (each row's XXH64 folded to 32 bits, summed)."""
    row_hash = F.xxhash64(*record).bitwiseAND(F.lit(0xFFFFFFFF))
    summary = feed.groupBy(op.alias("op")).agg(
        F.count(F.lit(1)).alias("changes"), F.sum(key).alias("keys"),
        F.sum(F.coalesce(F.size(changed), F.lit(0))).alias("columns"),
        F.sum(F.when(op != "delete", row_hash).otherwise(F.lit(0))).alias("rows"))
    return {r["op"]: (r["changes"], r["keys"], r["columns"], r["rows"]) for r in summary.collect()}


def heckel_feed(old, new):
    from heckel.spark import diff_tables

    feed = diff_tables(old, new, key="id")
    record = [F.col(f"record.{c}") for c in ["id", *VALUES]]
    changed = F.when(F.col("op") == "update", F.col("columns"))
    return feed_summary(feed, F.col("op"), F.col("id"), changed, record)


def extension_feed(old, new):
    from gresearch.spark.diff import DiffOptions, Differ

    diff = Differ(DiffOptions().with_change_column("changes")).diff(old, new, "id").where(F.col("diff") != "N")
    op = F.when(F.col("diff") == "D", "delete").when(F.col("diff") == "I", "insert").otherwise("update")
    record = [F.col("id"), *(F.col(f"right_{c}") for c in VALUES)]
    changed = F.when(F.col("diff") == "C", F.col("changes"))
    return feed_summary(diff, op, F.col("id"), changed, record)


def extension_counts(old, new):
    from gresearch.spark.diff import Differ

    counts = {r["diff"]: r["count"] for r in Differ().diff(old, new, "id").groupBy("diff").count().collect()}
    return {"delete": counts.get("D", 0), "insert": counts.get("I", 0), "update": counts.get("C", 0),
            "unchanged": counts.get("N", 0)}


def join_counts(old, new):
    o, n = old.alias("o"), new.alias("n")
    joined = o.join(n, F.col("o.id") == F.col("n.id"), "full_outer")
    differs = F.lit(False)
    for c in VALUES:
        differs = differs | ~F.col(f"o.{c}").eqNullSafe(F.col(f"n.{c}"))
    op = (F.when(F.col("o.id").isNull(), "insert").when(F.col("n.id").isNull(), "delete")
          .when(differs, "update").otherwise("unchanged"))
    counts = {r["op"]: r["count"] for r in joined.groupBy(op.alias("op")).count().collect()}
    return {k: counts.get(k, 0) for k in ("delete", "insert", "update", "unchanged")}


def descendants(root: int) -> set:
    """root and the pids of all its descendants, from /proc."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parents[int(entry)] = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    tree, frontier = {root}, [root]
    while frontier:
        parent = frontier.pop()
        children = [p for p, pp in parents.items() if pp == parent and p not in tree]
        tree.update(children)
        frontier.extend(children)
    return tree


def tree_rss(root: int) -> int:
    """Resident bytes of root and all its descendants (the JVM, Spark's Python workers), from /proc."""
    total = 0
    for pid in descendants(root):
        try:
            with open(f"/proc/{pid}/statm") as statm:
                total += int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, IndexError, ValueError):
            pass
    return total


def tree_cpu(root: int) -> dict:
    """The CPU seconds (user and system) each of root and its descendants has spent itself
    (children's not included), by pid, from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    spent = {}
    for pid in descendants(root):
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            spent[pid] = (int(fields[11]) + int(fields[12])) / tick
        except (OSError, IndexError, ValueError):
            pass
    return spent


def process_kind(pid: int) -> str:
    """Which part of a PySpark session pid is: the driver (this process), the JVM, a Python
    worker (started by the JVM), or other."""
    if pid == os.getpid():
        return "driver"
    try:
        with open(f"/proc/{pid}/comm") as comm:
            name = comm.read().strip()
    except OSError:
        return "other"
    return "JVM" if name == "java" else "Python workers" if name.startswith("python") else "other"


class Usage:
    """The peak of tree_rss(this process) and the CPU seconds its process tree spends while in
    the block, sampled every half second. Each process counts from its first sample (0 for one
    started in the block) to its last: a process that ends in the block loses at most its last
    half second, and reaped children are not counted twice through their parent's totals.
    by_kind splits the CPU seconds by process_kind."""
    def __enter__(self):
        self.peak, self.running = 0, True
        self.first = tree_cpu(os.getpid())
        self.last = dict(self.first)
        self.kinds = {pid: process_kind(pid) for pid in self.first}
        self.thread = threading.Thread(target=self.sample, daemon=True)
        self.thread.start()
        return self

    def sample(self):
        while self.running:
            self.peak = max(self.peak, tree_rss(os.getpid()))
            self.record(tree_cpu(os.getpid()))
            time.sleep(0.5)

    def record(self, spent: dict):
        self.last.update(spent)
        for pid in spent:
            if pid not in self.kinds:
                self.kinds[pid] = process_kind(pid)

    def __exit__(self, *_):
        self.running = False
        self.thread.join()
        self.record(tree_cpu(os.getpid()))
        self.by_kind = {}
        for pid, spent in self.last.items():
            kind = self.kinds[pid]
            self.by_kind[kind] = self.by_kind.get(kind, 0.0) + spent - self.first.get(pid, 0.0)
        self.cpu = sum(self.by_kind.values())


ENGINES = {"heckel": heckel_counts, "heckel-columns": heckel_columns_counts, "spark-extension": extension_counts,
           "join": join_counts, "heckel-feed": heckel_feed, "spark-extension-feed": extension_feed}
FEED_ENGINES = {"heckel-feed", "spark-extension-feed"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--engines", default="heckel,spark-extension,join",
                        help=f"comma-separated, from {', '.join(ENGINES)}")
    parser.add_argument("--data", default="/tmp/heckel-bench-spark")
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--driver-memory", default="4g")
    parser.add_argument("--executor-memory", default=None, help="spark.executor.memory (cluster masters)")
    parser.add_argument("--conf", action="append", default=[], help="KEY=VALUE, a Spark setting (repeatable)")
    parser.add_argument("--event-log", default=None, help="a folder for Spark's event log (stage and task times)")
    args = parser.parse_args()
    spark = (SparkSession.builder.master(args.master).appName("heckel-bench")
             .config("spark.driver.memory", args.driver_memory).config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false"))
    if args.executor_memory:
        spark = spark.config("spark.executor.memory", args.executor_memory)
    for setting in args.conf:
        name, _, value = setting.partition("=")
        spark = spark.config(name, value)
    if args.event_log:
        os.makedirs(args.event_log, exist_ok=True)
        spark = spark.config("spark.eventLog.enabled", "true").config("spark.eventLog.dir", args.event_log)
    spark = spark.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    old, new = generate(spark, args.rows, Path(args.data))
    engines = args.engines.split(",")
    times = {e: [] for e in engines}
    cpus = {e: [] for e in engines}
    peaks = {e: 0 for e in engines}
    results = {}
    for run in range(args.runs):
        for engine in engines:  # interleaved: each run times every engine once
            start = time.perf_counter()
            with Usage() as memory:
                results[engine] = ENGINES[engine](old, new)
            times[engine].append(time.perf_counter() - start)
            cpus[engine].append(memory.cpu)
            peaks[engine] = max(peaks[engine], memory.peak)
            split = ", ".join(f"{k} {v:.1f}" for k, v in sorted(memory.by_kind.items()) if v >= 0.05)
            print(f"run {run + 1} {engine}: {times[engine][-1]:.1f} s, CPU {cpus[engine][-1]:.1f} s ({split}), load "
                  f"{os.getloadavg()[0]:.1f}, peak {memory.peak / 2**30:.2f} GiB {results[engine]}",
                  file=sys.stderr, flush=True)
    for kind in (set(engines) - FEED_ENGINES, set(engines) & FEED_ENGINES):
        group = [e for e in engines if e in kind]
        for engine in group:
            assert results[engine] == results[group[0]], f"{engine} disagrees: {results[engine]} != {results[group[0]]}"
        if group:
            print(f"rows {args.rows}, {args.runs} runs, {args.master}; {', '.join(group)} agree: {results[group[0]]}")
    fastest = min(statistics.median(t) for t in times.values())
    for engine in engines:
        median = statistics.median(times[engine])
        print(f"{engine:16} median {median:7.1f} s  ({median / fastest:.2f}x the fastest)  CPU median "
              f"{statistics.median(cpus[engine]):7.1f} s  peak resident {peaks[engine] / 2**30:.2f} GiB (driver, JVM, "
              "Python workers)  runs " + " ".join(f"{t:.1f}" for t in times[engine])
              + "  CPU " + " ".join(f"{c:.1f}" for c in cpus[engine]))
    spark.stop()


if __name__ == "__main__":
    main()

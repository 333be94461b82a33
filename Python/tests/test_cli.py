"""Agreement with the `heckel diff` command on the same CSV files: Spark reads the files,
diff_tables diffs them, and the command's JSON Lines feed must hold the same deletes,
inserts and updates (key, changed columns, new record). Scripts/test-python.sh builds the
command and names it in HECKEL_CLI."""
import csv
import json
import os
import subprocess

import pytest
from pyspark.sql import functions as F

from heckel.spark import diff_tables
from pairs import COLUMNS, generate_pair, moved_rows


def write_csv(path, rows):
    with open(path, "w", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        writer.writerows([["" if v is None else str(v) for v in r] for r in rows])


def text(record):
    return ",".join("" if v is None else str(v) for v in record)


@pytest.mark.parametrize("duplicates,moves", [(False, False), (True, False), (False, True), (True, True)])
def test_same_feed_as_the_command(spark, tmp_path, duplicates, moves):
    cli = os.environ.get("HECKEL_CLI")
    if not cli:
        pytest.skip("HECKEL_CLI (the heckel command) not set: Scripts/test-python.sh builds it where Swift is installed")
    old, new = generate_pair(12, 3_000, duplicates=duplicates)
    if moves:
        new = moved_rows(new, 13, 40)
    write_csv(tmp_path / "old.csv", old)
    write_csv(tmp_path / "new.csv", new)
    order = [] if moves else ["--ignore-order"]
    done = subprocess.run([cli, "diff", str(tmp_path / "old.csv"), str(tmp_path / "new.csv"), "--key", "id",
                           "--format", "jsonl", *order, "--no-progress"], capture_output=True, text=True)
    assert done.returncode == 1, done.stderr
    old_keys, new_keys = [str(r[0]) for r in old], [str(r[0]) for r in new]
    theirs = []
    for line in done.stdout.splitlines():
        change = json.loads(line)
        if change["op"] == "delete":
            theirs.append(("delete", old_keys[change["old"]], None, None))
        elif change["op"] == "move":
            theirs.append(("move", new_keys[change["new"]], None, None))
        else:
            record = change["record"]
            theirs.append((change["op"], record.split(",")[0], tuple(change["columns"]) if "columns" in change else None,
                           record))
    # One file is one partition, so the row ids follow the lines: the order column.
    read = lambda name: spark.read.csv(str(tmp_path / name), header=True).withColumn("line", F.monotonically_increasing_id())
    feed = diff_tables(read("old.csv"), read("new.csv"), key="id", order="line" if moves else None,
                       columns=COLUMNS[1:])
    ours = [(r["op"], r["id"], tuple(r["columns"]) if r["columns"] is not None else None,
             text(r["record"][:len(COLUMNS)]) if r["record"] is not None else None) for r in feed.collect()]
    assert sorted(ours, key=repr) == sorted(theirs, key=repr)
    assert {op for op, *_ in ours} == {"delete", "insert", "update", *(["move"] if moves else [])}

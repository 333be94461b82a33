"""A driver program for the standalone cluster test: diffs a generated pair on the master
given as its argument and prints the collected feed as JSON, with where the executors'
Python found heckel.

The executors get heckel as users ship it: the environment archive given as the third
argument (a venv packed by venv-pack) goes out with spark.archives, unpacked as
./environment in each executor's working directory, whose Python runs the workers
(PYSPARK_PYTHON, set before the session starts, as Spark's Python package management
documentation has it)."""
import json
import os
import sys

os.environ["PYSPARK_PYTHON"] = "./environment/bin/python"

from pyspark.sql import SparkSession  # noqa: E402

from heckel.spark import diff_tables  # noqa: E402
from pairs import SCHEMA, feed_rows, generate_pair  # noqa: E402

master, archive, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
spark = (SparkSession.builder.master(master).appName("heckel-cluster-test")
         .config("spark.archives", f"{archive}#environment")
         .config("spark.sql.shuffle.partitions", "4").config("spark.executor.memory", "768m")
         .config("spark.ui.enabled", "false").getOrCreate())
spark.sparkContext.setLogLevel("ERROR")
old, new = generate_pair(seed, count, duplicates=True)
feed = diff_tables(spark.createDataFrame(old, SCHEMA), spark.createDataFrame(new, SCHEMA), key="id")
rows = feed_rows(feed)


def heckel_origin(_):
    import heckel

    yield os.path.abspath(heckel.__file__), os.getcwd()


origins = sorted(set(spark.sparkContext.parallelize(range(8), 8).mapPartitions(heckel_origin).collect()))
# The executors that ran the bucket functions: the work was spread over the workers.
hosts = spark.sparkContext._jsc.sc().getExecutorMemoryStatus().size()
print(json.dumps({"feed": rows, "executors": hosts - 1, "origins": origins}))
spark.stop()

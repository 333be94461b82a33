"""A driver program for the standalone cluster test: diffs a generated pair on the master
given as its argument and prints the collected feed as JSON."""
import json
import sys

from pyspark.sql import SparkSession

from heckel.spark import diff_tables
from pairs import SCHEMA, feed_rows, generate_pair

master, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
spark = (SparkSession.builder.master(master).appName("heckel-cluster-test")
         .config("spark.sql.shuffle.partitions", "4").config("spark.executor.memory", "768m")
         .config("spark.ui.enabled", "false").getOrCreate())
spark.sparkContext.setLogLevel("ERROR")
old, new = generate_pair(seed, count, duplicates=True)
feed = diff_tables(spark.createDataFrame(old, SCHEMA), spark.createDataFrame(new, SCHEMA), key="id")
# The executors that ran the bucket functions: the work was spread over the workers.
hosts = spark.sparkContext._jsc.sc().getExecutorMemoryStatus().size()
print(json.dumps({"feed": feed_rows(feed), "executors": hosts - 1}))
spark.stop()

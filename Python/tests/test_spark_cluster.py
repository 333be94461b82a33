"""One diff on a real standalone cluster (Scripts/spark-cluster.sh starts it and sets
HECKEL_SPARK_CLUSTER): a separate driver process, executors on two workers."""
import json
import os
import subprocess
import sys
from pathlib import Path

from pairs import expected_feed, generate_pair


def test_diff_on_the_standalone_cluster():
    master = os.environ.get("HECKEL_SPARK_CLUSTER")
    assert master, "no cluster: run the tests with Scripts/test-python.sh (it starts one with Scripts/spark-cluster.sh)"
    here = Path(__file__).resolve().parent
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable)
    done = subprocess.run([sys.executable, str(here / "cluster_driver.py"), master, "11", "4000"], cwd=here,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    old, new = generate_pair(11, 4000, duplicates=True)
    expected = [list(map(lambda v: list(v) if isinstance(v, tuple) else v, f)) for f in expected_feed(old, new)]
    assert result["feed"] == expected
    assert result["executors"] == 2

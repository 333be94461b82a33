"""One diff on a real standalone cluster (Scripts/spark-cluster.sh starts it and sets
HECKEL_SPARK_CLUSTER): a separate driver process, executors on two workers, heckel shipped
to them in a packed environment with spark.archives (Scripts/test-python.sh packs it and
names it in HECKEL_EXECUTOR_ARCHIVE), not found in the driver's environment."""
import json
import os
import subprocess
import sys
from pathlib import Path

from pairs import expected_feed, generate_pair


def test_diff_on_the_standalone_cluster():
    master = os.environ.get("HECKEL_SPARK_CLUSTER")
    assert master, "no cluster: run the tests with Scripts/test-python.sh (it starts one with Scripts/spark-cluster.sh)"
    archive = os.environ.get("HECKEL_EXECUTOR_ARCHIVE")
    assert archive, "no executor environment: Scripts/test-python.sh packs one and names it in HECKEL_EXECUTOR_ARCHIVE"
    here = Path(__file__).resolve().parent
    env = {k: v for k, v in os.environ.items() if k not in ("PYSPARK_PYTHON", "PYTHONPATH")}
    env["PYSPARK_DRIVER_PYTHON"] = sys.executable
    done = subprocess.run([sys.executable, str(here / "cluster_driver.py"), master, archive, "11", "4000"], cwd=here,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    old, new = generate_pair(11, 4000, duplicates=True)
    expected = [list(map(lambda v: list(v) if isinstance(v, tuple) else v, f)) for f in expected_feed(old, new)]
    assert result["feed"] == expected
    assert result["executors"] == 2
    # Every executor imported heckel from the unpacked archive in its own working directory.
    driver_package = str(Path(sys.modules["heckel"].__file__ if "heckel" in sys.modules else "").resolve())
    assert result["origins"]
    for path, cwd in result["origins"]:
        assert path.startswith(os.path.join(cwd, "environment", "")), (path, cwd)
        assert path != driver_package

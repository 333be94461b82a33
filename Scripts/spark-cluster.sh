#!/usr/bin/env bash
# Runs a command beside a Spark standalone cluster on 127.0.0.1: a master at
# spark://127.0.0.1:7077 and two workers (1 core, 1 GB each), started from the
# PySpark of the given environment, and stopped when the command ends, whatever
# way it ends (the exit trap kills the three processes by their ids).
#   Scripts/spark-cluster.sh PYTHON COMMAND [ARGS...]
# PYTHON: the interpreter whose pyspark package holds Spark. The workers get no Python
# of their own: each application names the one its executors run (PYSPARK_PYTHON in
# the driver, typically inside an environment it ships with spark.archives). The
# command's exit status is the script's.
set -euo pipefail
python="$1"; shift
spark_home="$("$python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')"
class="$spark_home/bin/spark-class"
work="$(mktemp -d "${TMPDIR:-/tmp}/heckel-spark-cluster.XXXXXX")"
pids=()
stop() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap stop EXIT
trap 'exit 130' INT TERM

export SPARK_HOME="$spark_home" SPARK_LOCAL_IP=127.0.0.1
"$class" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port 7077 --webui-port 0 \
    >"$work/master.log" 2>&1 &
pids+=($!)
for k in 1 2; do
    mkdir -p "$work/worker$k"
    "$class" org.apache.spark.deploy.worker.Worker spark://127.0.0.1:7077 --host 127.0.0.1 \
        --cores 1 --memory 1g --webui-port 0 --work-dir "$work/worker$k" >"$work/worker$k.log" 2>&1 &
    pids+=($!)
done
# Ready when both workers have registered with the master (180 s at most: three
# JVMs starting on a loaded 2-core machine have taken over a minute).
for _ in $(seq 360); do
    [ "$(grep -c "Registering worker" "$work/master.log" 2>/dev/null || true)" -ge 2 ] && break
    sleep 0.5
done
if [ "$(grep -c "Registering worker" "$work/master.log" 2>/dev/null || true)" -lt 2 ]; then
    echo "spark-cluster.sh: the master or a worker did not start; logs:" >&2
    tail -n 20 "$work"/*.log >&2
    exit 1
fi
echo "== Spark standalone cluster at spark://127.0.0.1:7077 (two workers)"
status=0
HECKEL_SPARK_CLUSTER=spark://127.0.0.1:7077 "$@" || status=$?
exit "$status"

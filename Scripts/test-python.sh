#!/usr/bin/env bash
# The Python package's tests (Python/): the binding over the C core, the Spark
# integration in local[2], one diff on a standalone cluster (Scripts/spark-cluster.sh
# starts a master and two workers on 127.0.0.1 and stops them at the end), agreement
# with spark-extension's diff and, where Swift is installed, with the heckel command.
# Installs what it needs: Java 17 from Debian if java is missing, the Python packages
# from PyPI into .venv-python/ (git-ignored by its own .gitignore), heckel from ./Python.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
Scripts/ensure-deps.sh

sudo=()
[ "$(id -u)" -ne 0 ] && sudo=(sudo)
java_major() { java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1; }
if ! command -v java >/dev/null 2>&1 || [ "$(java_major)" -lt 17 ]; then
    echo "installing openjdk-17-jre-headless" >&2
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq openjdk-17-jre-headless >/dev/null
fi
[ "$(java_major)" -ge 17 ] || { echo "error: Spark 4 needs Java 17 or later; java -version says $(java_major)" >&2; exit 1; }

venv="$root/.venv-python"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    echo '*' >"$venv/.gitignore"
fi
python="$venv/bin/python"
# pyspark-extension 2.15.1.4.2 is spark-extension 2.15.1 for Spark 4.2 (its jar ships in
# the wheel); PySpark warns that it does not yet support pandas 3.
"$python" -m pip install -q --disable-pip-version-check \
    "pyspark==4.2.1" "pyspark-extension==2.15.1.4.2" "pandas>=2.2,<3" "pyarrow>=14" "numpy>=1.23" \
    "cffi>=1.16" "pytest>=7" "venv-pack==0.2.0"
"$python" -m pip install -q --disable-pip-version-check ./Python

# The executors' environment for the cluster test, shipped as Spark's documentation ships a
# virtualenv (venv-pack, then spark.archives): its own venv holding heckel and what heckel and
# PySpark's Arrow workers import, rebuilt when the package or the C core changes.
executor_env="$venv/executor-env"
archive="$venv/executor-env.tar.gz"
stamp="$(cat Python/setup.py Python/pyproject.toml $(find Python/src Sources/CHeckel -type f \( -name '*.py' -o -name '*.c' -o -name '*.h' \) | sort) | sha256sum | cut -c1-16)"
if [ ! -f "$archive" ] || [ "$(cat "$archive.stamp" 2>/dev/null)" != "$stamp" ]; then
    echo "packing the executors' environment" >&2
    rm -rf "$executor_env" "$archive"
    python3 -m venv "$executor_env"
    "$executor_env/bin/python" -m pip install -q --disable-pip-version-check \
        "pyarrow>=14" "numpy>=1.23" "pandas>=2.2,<3" "cffi>=1.16" ./Python
    "$venv/bin/venv-pack" -q -p "$executor_env" -o "$archive"
    echo "$stamp" >"$archive.stamp"
fi
export HECKEL_EXECUTOR_ARCHIVE="$archive"

# The heckel command, for the agreement test (debug build: after `swift test --package-path
# Tools` it is already built).
if command -v swift >/dev/null 2>&1; then
    swift build --package-path Tools --product heckel >/dev/null
    export HECKEL_CLI="$(swift build --package-path Tools --show-bin-path)/heckel"
fi

echo "== Python tests (heckel binding and Spark)"
cd Python
"$root/Scripts/spark-cluster.sh" "$python" "$python" -m pytest -q -p no:cacheprovider tests

#!/usr/bin/env bash
# Builds the benchmark harness in release mode and runs it; arguments go to
# heckel-bench (none: the default suite, about a minute). `--help` lists them.
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
../Scripts/ensure-deps.sh
swift build -c release --product heckel-bench >&2
exec "$(swift build -c release --show-bin-path)/heckel-bench" "$@"

#!/usr/bin/env bash
# Builds the benchmark harness in release mode and runs it; arguments go to
# heckel-bench (none: the default suite, about two minutes). `--help` lists them.
# File arguments (--old, --new) are read relative to the current folder.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/Scripts/ensure-deps.sh"
package=(--package-path "$root/Benchmarks" -c release)
swift build "${package[@]}" --product heckel-bench >&2
exec "$(swift build "${package[@]}" --show-bin-path)/heckel-bench" "$@"

#!/usr/bin/env bash
# Builds the benchmark harness in release mode and runs it; arguments go to
# heckel-bench (none: the default suite, a few minutes). `--help` lists them.
# File arguments (--old, --new, --results-file) are read relative to the current folder.
# --results: also write the run's table, figures and provenance to Benchmarks/RESULTS.md
# (heckel-bench --results-file), with this command line on top; --results-append: add the run
# after the runs RESULTS.md holds.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/Scripts/ensure-deps.sh"
arguments=()
for argument in "$@"; do
    if [ "$argument" = --results ] || [ "$argument" = --results-append ]; then
        arguments+=(--results-file "$root/Benchmarks/RESULTS.md")
        [ "$argument" = --results ] || arguments+=(--append-results)
        export HECKEL_BENCH_COMMAND="./Scripts/bench.sh $*"
    else
        arguments+=("$argument")
    fi
done
package=(--package-path "$root/Benchmarks" -c release)
swift build "${package[@]}" --product heckel-bench >&2
exec "$(swift build "${package[@]}" --show-bin-path)/heckel-bench" ${arguments[@]+"${arguments[@]}"}

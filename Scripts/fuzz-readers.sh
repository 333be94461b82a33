#!/usr/bin/env bash
# Builds the readers' libFuzzer target (Tools/Fuzz: RecordFile and BlockRecordReader, strict and
# --flexible, checked against each other, against CSV.swift for CSV/TSV and Foundation's
# JSONSerialization for JSON Lines; -sanitize=fuzzer,address) and runs it for SECONDS (default
# 30) over the committed seed corpus Tools/Fuzz/corpus. New inputs go to a temporary folder,
# never into the repository. Fails on the first disagreement or crash, leaving the input in
# build-fuzz-readers/ and the log beside it.
#
#   Scripts/fuzz-readers.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/ensure-deps.sh
seconds=${1:-30}
flags=(--package-path Tools/Fuzz -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
swift build "${flags[@]}" --jobs 2 >&2
bin=$(swift build "${flags[@]}" --show-bin-path)

mkdir -p build-fuzz-readers
log=build-fuzz-readers/ReadersFuzz.log
new=$(mktemp -d)
echo "== ReadersFuzz: $seconds s over Tools/Fuzz/corpus"
# The Swift runtime's crash reporter would run under ASan; libFuzzer reports instead.
if ! SWIFT_BACKTRACE=enable=no "$bin/ReadersFuzz" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix=build-fuzz-readers/ "$new" Tools/Fuzz/corpus >"$log" 2>&1; then
    tail -40 "$log" >&2
    rm -rf "$new"
    echo "error: ReadersFuzz failed; the input is in build-fuzz-readers/ (crash-*), the log in $log" >&2
    exit 1
fi
rm -rf "$new"
grep -E '^(Done|stat::number_of_executed_units)' "$log"

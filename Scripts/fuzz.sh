#!/usr/bin/env bash
# Builds the libFuzzer targets (the core with small thresholds, and with the
# production ones; ASan + UBSan) with the Swift toolchain's clang and runs
# each for SECONDS (default 30) over the committed seed corpus Tests/C/corpus,
# the production one as long again in its long-list mode over
# Tests/C/corpus-long, and fuzz_xxh3 (the built-in XXH3 against libxxhash)
# over Tests/C/corpus_xxh3.
# New inputs go to a temporary folder, never into the repository. Fails on
# the first crash, leak or broken invariant, leaving the input in build-fuzz/.
#
#   Scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/ensure-deps.sh
seconds=${1:-30}
clang=$(dirname "$(readlink -f "$(command -v swift)")")/clang
[ -x "$clang" ] || clang=/opt/swift/usr/bin/clang

CC=$clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Release -DHECKEL_FUZZ=ON \
    -DHECKEL_BUILD_TESTS=OFF -DHECKEL_BUILD_BENCH=OFF >/dev/null
cmake --build build-fuzz -j2 >/dev/null
# Four runs: both targets over Tests/C/corpus, the production one in its
# long-list mode (HECKEL_FUZZ_LONG=1) over Tests/C/corpus-long, and fuzz_xxh3.
for run in heckel_fuzz:corpus:0 heckel_fuzz_production:corpus:0 heckel_fuzz_production:corpus-long:1 \
        fuzz_xxh3:corpus_xxh3:0; do
    IFS=: read -r target corpus long <<<"$run"
    echo "== $target: $seconds s over Tests/C/$corpus"
    new=$(mktemp -d)
    log=build-fuzz/$target-$corpus.log
    if ! (cd build-fuzz && HECKEL_FUZZ_LONG=$long "./$target" -max_total_time="$seconds" -timeout=60 \
            -rss_limit_mb=4096 -print_final_stats=1 "$new" "../Tests/C/$corpus") >"$log" 2>&1; then
        tail -40 "$log" >&2
        rm -rf "$new"
        echo "error: $target failed; the input is in build-fuzz/ (crash-*), the log in $log" >&2
        exit 1
    fi
    rm -rf "$new"
    grep -E '^(Done|stat::number_of_executed_units)' "$log"
done

#!/usr/bin/env bash
# The soak test, to run before a release (not part of Scripts/test.sh):
# diffs of random shapes, APIs, options and sizes (up to 3 * 10^5 elements a
# side) for SECONDS (default 600), every result checked against the values,
# half the time over the production core and half over the small-threshold
# one, both optimized with asserts on and under ASan + UBSan.
#
#   Scripts/soak.sh [SECONDS [SEED]]     a failure prints its seed and round
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/ensure-deps.sh
seconds=${1:-600}
seed=${2:-$(date +%s)}
cmake -S . -B build-soak -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g" \
    -DHECKEL_SANITIZE=ON -DHECKEL_BUILD_BENCH=OFF >/dev/null
cmake --build build-soak -j2 --target test_match test_match_small >/dev/null
half=$(( (seconds + 1) / 2 ))
for variant in test_match test_match_small; do
    echo "== soak: $variant, $half s, seed $seed"
    "build-soak/$variant" --soak "$half" "$seed"
done

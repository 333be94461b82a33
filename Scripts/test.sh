#!/usr/bin/env bash
# The whole test suite: the library's Swift tests, the benchmark harness's and
# the heckel command's (their own packages), then the C tests with ctest,
# plain and under AddressSanitizer + UndefinedBehaviorSanitizer (with the
# core's invariant checks). Fails on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/ensure-deps.sh

echo "== Swift tests"
swift test
swift test --package-path Benchmarks

echo "== heckel command tests (Tools)"
swift test --package-path Tools

for variant in release asan; do
    dir=build-c-$variant
    flags=(-DCMAKE_BUILD_TYPE=Release)
    [ $variant = asan ] && flags=(-DCMAKE_BUILD_TYPE=Debug -DHECKEL_SANITIZE=ON)
    echo "== C tests ($variant)"
    cmake -S . -B "$dir" "${flags[@]}" >/dev/null
    cmake --build "$dir" -j2 >/dev/null
    ctest --test-dir "$dir" --output-on-failure
done

#!/usr/bin/env bash
# The whole test suite, every suite once: the library's Swift tests, the
# benchmark harness's and the heckel command's (their own packages), the C
# tests with ctest (release build), and the Python binding's and Spark
# integration's tests (Scripts/test-python.sh: a virtualenv from PyPI, Java 17,
# a standalone Spark cluster on 127.0.0.1). Fails on the first failure. The slower
# variants (sanitizers, the built-in XXH3 build, fuzzing, mutation testing,
# coverage) are Scripts/test-slow.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/ensure-deps.sh

echo "== Swift tests"
swift test
swift test --package-path Benchmarks

echo "== heckel command tests (Tools)"
swift test --package-path Tools

echo "== C tests (release)"
Scripts/ctest.sh release

echo "== Python and Spark tests"
Scripts/test-python.sh

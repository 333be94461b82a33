#!/usr/bin/env bash
# Builds the C core and its tests with CMake in build-c-VARIANT and runs them
# with ctest. Variants:
#   release   optimized, the system's libxxhash
#   asan      Debug (invariant checks on) under AddressSanitizer + UBSan
#   builtin   optimized, the core's own XXH3 (HECKEL_BUILTIN_XXH3=ON)
#   tsan      optimized with debug info under ThreadSanitizer: the tests that
#             start threads (test_threads*) only
#
#   Scripts/ctest.sh VARIANT
set -euo pipefail
cd "$(dirname "$0")/.."
targets=() only=()
variant=${1:?usage: Scripts/ctest.sh release|asan|builtin|tsan}
case $variant in
    release) flags=(-DCMAKE_BUILD_TYPE=Release) ;;
    asan) flags=(-DCMAKE_BUILD_TYPE=Debug -DHECKEL_SANITIZE=ON) ;;
    builtin) flags=(-DCMAKE_BUILD_TYPE=Release -DHECKEL_BUILTIN_XXH3=ON) ;;
    tsan) flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DHECKEL_TSAN=ON)
          targets=(--target test_threads test_threads_small); only=(-R '^test_threads') ;;
    *) echo "error: unknown variant $variant (release, asan, builtin, tsan)" >&2; exit 2 ;;
esac
dir=build-c-$variant
cmake -S . -B "$dir" "${flags[@]}" >/dev/null
cmake --build "$dir" -j2 "${targets[@]}" >/dev/null
ctest --test-dir "$dir" --output-on-failure -j2 "${only[@]}"

#!/usr/bin/env bash
# The slower test variants, beside Scripts/test.sh's single pass:
# - the C tests under AddressSanitizer + UndefinedBehaviorSanitizer (Debug:
#   the core's invariant checks on);
# - the built-in XXH3 (the code path of Apple platforms): the Swift tests and
#   the C tests again with HECKEL_BUILTIN_XXH3=1, and a check that nothing
#   in those builds uses the system's libxxhash;
# - the branch coverage of the C core (Scripts/coverage.sh, 98% floor).
# Fails on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/ensure-deps.sh

echo "== C tests (ASan + UBSan)"
Scripts/ctest.sh asan

echo "== Built-in XXH3: Swift tests"
HECKEL_BUILTIN_XXH3=1 swift build --build-tests --scratch-path .build-builtin
# Neither read (the compiler's dependency files) nor linked: no xxhash.h, no XXH symbol.
if grep -l 'xxhash\.h' .build-builtin/debug/CHeckel.build/*.d || \
        nm -A .build-builtin/debug/CHeckel.build/*.o | grep -E ' U XXH'; then
    echo "error: the built-in XXH3 build uses the system's xxHash" >&2
    exit 1
fi
HECKEL_BUILTIN_XXH3=1 swift test --skip-build --scratch-path .build-builtin

echo "== Built-in XXH3: C tests"
Scripts/ctest.sh builtin

echo "== Branch coverage of the C core"
COVERAGE_MIN=98 Scripts/coverage.sh

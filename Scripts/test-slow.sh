#!/usr/bin/env bash
# The slower test variants, beside Scripts/test.sh's single pass:
# - the C tests under AddressSanitizer + UndefinedBehaviorSanitizer (Debug:
#   the core's invariant checks on);
# - the built-in XXH3 (the code path of Apple platforms): the Swift tests and
#   the C tests again with HECKEL_BUILTIN_XXH3=1, and a check that nothing
#   in those builds uses the system's libxxhash;
# - the branch coverage of the C core (Scripts/coverage.sh, 98% floor);
# - mutation testing of the C core (Scripts/mutate.sh over
#   Tests/C/mutations.txt: every planted bug must be caught), and the fuzz
#   target's blind spots (each planted bug found by fuzzing alone in 60 s).
# Fails on the first failure.
#
#   Scripts/test-slow.sh        everything above, every mutation
#   Scripts/test-slow.sh --ci   the mutations marked quick only, no blind spots
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/ensure-deps.sh
ci=false
[ "${1:-}" = --ci ] && ci=true

echo "== C tests (ASan + UBSan)"
Scripts/ctest.sh asan

echo "== C tests that start threads (ThreadSanitizer)"
Scripts/ctest.sh tsan

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

if $ci; then
    echo "== Mutation testing, quick subset (the entries of Tests/C/mutations.txt marked quick)"
    Scripts/mutate.sh --quick
else
    echo "== Mutation testing: every mutation of Tests/C/mutations.txt"
    Scripts/mutate.sh
    echo "== Fuzz blind spots: each planted bug caught by fuzzing alone within 60 s"
    Scripts/mutate.sh --fuzz-only --fuzz-seconds 60 --list Tests/C/fuzz_blind_spots.txt --work build-mutate-blind
fi

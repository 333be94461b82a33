#!/usr/bin/env bash
# Line and branch coverage of the C core (Sources/CHeckel) over the C tests
# (ctest, production and small-threshold builds) and the Swift tests together,
# with clang's source-based coverage. Prints llvm-cov's per-file table and,
# last, `branches: NN.N%` (see below).
#
#   Scripts/coverage.sh            C tests and Swift tests
#   Scripts/coverage.sh --c-only   C tests only (quicker)
#   COVERAGE_MIN=98 Scripts/coverage.sh   also fail below 98% of branches
#
# Builds in build-coverage/ (C, instrumented and optimized as release builds
# are: clang's source-based counts are exact at any level, and unoptimized the
# slowest tests overran ctest's 60 s on a loaded machine; not Debug, whose
# HECKEL_CHECKS asserts would count as branches) and .build-coverage/
# (swift test --enable-code-coverage); profiles from both are merged.
#
# `branches:` is llvm-cov's figure: every branch outcome (true, false) of
# Sources/CHeckel taken by any of the binaries. The outcomes no test on this
# machine can take are listed in LEFT_OUT below, each named by file and
# source text with the reason; the script prints every other missed outcome,
# the figure with the left-out ones aside, and fails if a left-out line no
# longer exists (so the list cannot go stale silently).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/ensure-deps.sh

c_only=false
[ "${1:-}" = --c-only ] && c_only=true
toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
clang=$toolchain/clang
[ -x "$clang" ] || clang=/opt/swift/usr/bin/clang
bin=$(dirname "$clang")
out=$PWD/build-coverage
profiles=$out/profiles
rm -rf "$profiles"
mkdir -p "$profiles"

echo "== C tests, instrumented" >&2
flags="-O2 -g -fprofile-instr-generate -fcoverage-mapping"
CC=$clang cmake -S . -B "$out/c" -DCMAKE_BUILD_TYPE=None -DHECKEL_BUILD_BENCH=OFF \
    -DCMAKE_C_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fprofile-instr-generate" >/dev/null
cmake --build "$out/c" -j2 >/dev/null
LLVM_PROFILE_FILE="$profiles/c-%p.profraw" ctest --test-dir "$out/c" --output-on-failure >&2
objects=()
for test in $(ctest --test-dir "$out/c" -N | sed -n 's/^ *Test *#[0-9]*: //p'); do
    # Tests that are scripts (core_xxhash_linkage) have no binary to read.
    if [ -x "$out/c/$test" ]; then objects+=(-object "$out/c/$test"); fi
done

inputs=("$profiles"/c-*.profraw)
if ! $c_only; then
    echo "== Swift tests, instrumented" >&2
    # SwiftPM instruments only Swift code; -Xcc instruments the C target too.
    swift_flags=(--enable-code-coverage --scratch-path .build-coverage
                 -Xcc -fprofile-instr-generate -Xcc -fcoverage-mapping)
    swift test "${swift_flags[@]}" >&2
    codecov=$(swift test "${swift_flags[@]}" --show-codecov-path)
    inputs+=("$(dirname "$codecov")/default.profdata")
    objects+=(-object "$(find "$(dirname "$codecov")/.." -maxdepth 1 -name '*PackageTests.xctest' | head -1)")
fi
"$bin/llvm-profdata" merge -sparse "${inputs[@]}" -o "$out/merged.profdata"

sources=("$PWD"/Sources/CHeckel)
"$bin/llvm-cov" report -instr-profile "$out/merged.profdata" -show-branch-summary \
    "${objects[@]:1}" "${sources[@]}"
"$bin/llvm-cov" export -instr-profile "$out/merged.profdata" "${objects[@]:1}" "${sources[@]}" \
    >"$out/coverage.json"
percent=$(python3 - "$out/coverage.json" <<'PY'
import json, sys
# file | text on the line | outcome left out (true/false) | why
LEFT_OUT = [  # (file, the condition's text from its column on, outcome, why)
    ("input_forms.h", "new_count > HECKEL_SCRATCH_ELEMENT_LIMIT", "true",
     "32-bit only: HECKEL_MAX_COUNT is far below SIZE_MAX / 64 where size_t has 64 bits"),
    ("input_forms.h", "old_count > HECKEL_SCRATCH_ELEMENT_LIMIT - new_count", "true", "32-bit only, as above"),
    ("partition_match.c", "table_words < SIZE_MAX / 4 - words", "false",
     "32-bit only: word counts under 2^36 never near SIZE_MAX / 4"),
    ("environment.c", "size != 0", "false", "overflow guard: size is always a non-zero sizeof"),
    ("environment.c", "count > SIZE_MAX / size", "true",
     "overflow guard: every caller's count is under 2^34 elements"),
    ("environment.c", "!head) return NULL", "true",
     "malloc refusing a block under 16 MiB: not forced without starving the machine"),
    ("random_seed.c", "getrandom(&seed", "false",
     "getrandom failing (ENOSYS, seccomp): not forced by a test"),
    ("parallel.c", "cores > 0", "false", "sysconf failing to count the cores"),
    ("parallel.c", "wanted > 1", "false", "automatic threads on a one-core machine only"),
    ("parallel.c", "ok) ok = task(context, k, parts)", "false",
     "a refused thread and a cancelled first part at once: test_errors_small takes it where"
     " it can cap the address space (not under ASan), yet thread refusal is the system's call"),
    ("internal.h", "lo == end", "true",
     "dead guard in moves.c: the searched block is never empty (tail[length - 2] > v there)"),
    ("moves.c", "match[j] < bound", "false",
     "invariant guard: equal run lengths have decreasing old offsets"),
    ("key_set.c", "b_count == 0", "true", "the suffix check only runs with a suffix"),
]
data = json.load(open(sys.argv[1]))["data"][0]
outcomes = {}
for f in data["files"]:
    name = f["filename"]
    if "/Sources/CHeckel/" not in name:
        continue
    for b in f.get("branches", []):
        line, col, t, fa = b[0], b[1], b[4], b[5]
        key = (name, line, col)
        old = outcomes.get(key, (0, 0))
        outcomes[key] = (old[0] + t, old[1] + fa)
lines = {}
def text(name, line):
    if name not in lines:
        lines[name] = open(name).read().split("\n")
    return lines[name][line - 1]
total = covered = left = 0
used = set()
missed = []
for (name, line, col), (t, fa) in sorted(outcomes.items()):
    for side, count in (("true", t), ("false", fa)):
        rule = next((k for k, r in enumerate(LEFT_OUT) if name.endswith("/" + r[0]) and
                     text(name, line)[col - 1:].startswith(r[1]) and r[2] == side), None)
        if rule is not None and count == 0:
            used.add(rule)
            left += 1
            continue
        if rule is not None:
            used.add(rule)
        total += 1
        covered += count > 0
        if count == 0:
            missed.append("%s:%d:%d never %s: %s" % (name.split("/")[-1], line, col, side,
                                                     text(name, line).strip()[:90]))
raw_total = 2 * len(outcomes)
raw_covered = sum((t > 0) + (fa > 0) for t, fa in outcomes.values())
for k, r in enumerate(LEFT_OUT):
    if k not in used:
        sys.exit("error: left-out line not found (update LEFT_OUT): %s: %s" % (r[0], r[1]))
for m in missed:
    print("missed: " + m, file=sys.stderr)
print("branch outcomes taken: %d of %d; the %d left out (named in Scripts/coverage.sh) "
      "aside: %.1f%%" % (raw_covered, raw_total, left, 100.0 * covered / total), file=sys.stderr)
print("%.1f" % (100.0 * raw_covered / raw_total))
PY
)
echo "branches: $percent%"
if [ -n "${COVERAGE_MIN:-}" ] && python3 -c "import sys; sys.exit(not $percent < $COVERAGE_MIN)"; then
    echo "error: branch coverage $percent% is below $COVERAGE_MIN%" >&2
    exit 1
fi

#!/usr/bin/env bash
# The data-file benchmark of `heckel diff` (release build), one row per run:
#   - generated keyed CSV pairs (10 columns; 1% of rows updated in one column, 0.5% deleted,
#     0.5% inserted, 0.5% moved) for each ROWS given (default 1000000): --key id with moves,
#     --ignore-order, and out of core under --memory-limit (SPILL_LIMIT, default 64M; pick one under
#     half the pair's size, e.g. 512M for 10^7 rows), with moves and without;
#   - the word lists of Debian's wamerican-insane and wbritish-insane as lines, side by side with
#     GNU diff (both writing unified hunks to /dev/null), runs interleaved (RUNS, default 3).
#   - opt-in, HUGE_ROWS (e.g. 100000000): a pair of that many rows out of core under HUGE_LIMIT
#     (default 1G), with moves and without, one run each. 10^8 rows take about 14 GB of files in WORK
#     and as much again of partitions under TMPDIR, and minutes.
# Prints wall seconds (median of RUNS), CPU seconds (user + system) of that run, ns per row of OLD, peak resident memory (/usr/bin/time's
# maximum RSS) and, for the word lists, the ratio to GNU diff. Files go to WORK (default
# $TMPDIR/heckel-bench-files), removed at the end unless KEEP=1.
#   Scripts/heckel-bench-files.sh 1000000 10000000
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/Scripts/ensure-deps.sh" --word-lists
package=(--package-path "$root/Tools" -c release)
swift build "${package[@]}" --product heckel >&2
heckel="$(swift build "${package[@]}" --show-bin-path)/heckel"
runs=${RUNS:-3}
spill_limit=${SPILL_LIMIT:-64M}
work=${WORK:-${TMPDIR:-/tmp}/heckel-bench-files}
mkdir -p "$work"
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000000)

# measure NAME ROWS CMD...: RUNS runs; prints the row with the median time and its peak RSS.
measure() {
    local name=$1 rows=$2; shift 2
    local results=()
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e %M %U %S" -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || [ $? -eq 1 ] \
            || { echo "error: $name: $(cat "$work/stderr")" >&2; exit 2; }
        results+=("$(tail -1 "$work/time")")
    done
    local median
    median=$(printf '%s\n' "${results[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
    local seconds kb user system
    read -r seconds kb user system <<<"$median"
    printf '%-50s %9s %8.2f %8.2f %8.0f %9.0f MB\n' "$name" "$rows" "$seconds" "$(echo "$user + $system" | bc -l)" \
        "$(echo "$seconds * 1000000000 / $rows" | bc -l)" "$(echo "$kb / 1024" | bc -l)"
    last_seconds=$seconds
}

printf '%-50s %9s %8s %8s %8s %12s\n' run rows seconds "cpu s" ns/row "peak RSS"
for rows in "${sizes[@]}"; do
    "$heckel" generate --rows "$rows" "$work/old.csv" "$work/new.csv"
    measure "csv --key id (moves)" "$rows" "$heckel" diff "$work/old.csv" "$work/new.csv" --key id --no-progress
    measure "csv --key id --ignore-order" "$rows" "$heckel" diff "$work/old.csv" "$work/new.csv" --key id --ignore-order --no-progress
    measure "csv --key id --format jsonl" "$rows" "$heckel" diff "$work/old.csv" "$work/new.csv" --key id --format jsonl --no-progress
    measure "csv --key id --memory-limit $spill_limit" "$rows" \
        "$heckel" diff "$work/old.csv" "$work/new.csv" --key id --memory-limit "$spill_limit" --no-progress
    measure "csv --key id --ignore-order --memory-limit $spill_limit" "$rows" \
        "$heckel" diff "$work/old.csv" "$work/new.csv" --key id --ignore-order --memory-limit "$spill_limit" --no-progress
    rm -f "$work/old.csv" "$work/new.csv"
done

if [ -n "${HUGE_ROWS:-}" ]; then
    huge_limit=${HUGE_LIMIT:-1G}
    "$heckel" generate --rows "$HUGE_ROWS" "$work/old.csv" "$work/new.csv"
    runs=1 measure "csv --key id --memory-limit $huge_limit" "$HUGE_ROWS" \
        "$heckel" diff "$work/old.csv" "$work/new.csv" --key id --memory-limit "$huge_limit" --no-progress
    runs=1 measure "csv --key id --ignore-order --memory-limit $huge_limit" "$HUGE_ROWS" \
        "$heckel" diff "$work/old.csv" "$work/new.csv" --key id --ignore-order --memory-limit "$huge_limit" --no-progress
    rm -f "$work/old.csv" "$work/new.csv"
fi

old=/usr/share/dict/american-english-insane new=/usr/share/dict/british-english-insane
lines=$(wc -l <"$old")
measure "word lists: GNU diff -u" "$lines" diff -u "$old" "$new"
gnu=$last_seconds
measure "word lists: heckel diff --format unified" "$lines" "$heckel" diff "$old" "$new" --format unified --no-progress
printf 'heckel / GNU diff on the word lists: %.2f\n' "$(echo "$last_seconds / $gnu" | bc -l)"
measure "word lists: heckel diff (summary)" "$lines" "$heckel" diff "$old" "$new" --no-progress

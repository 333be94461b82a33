#!/usr/bin/env bash
# Mutation testing of the C core: plants each mutation of Tests/C/mutations.txt
# in a mirror of the core (never in the repository), builds and runs the C
# tests (release and small-threshold cores), then the fuzz targets for a
# bounded time, and prints whether each was caught and by what; last line
# `killed: K of N` (exit 1 unless K = N). Build folders: build-mutate/.
#
#   Scripts/mutate.sh            # every mutation; survivors of ctest get fuzz runs of 20 s
#   Scripts/mutate.sh --quick    # the entries marked 'quick: yes' (CI)
#   Scripts/mutate.sh --only NAME [--fuzz-seconds S] [--work DIR]
#   Scripts/mutate.sh --fuzz-only --fuzz-seconds 60 --list Tests/C/fuzz_blind_spots.txt \
#       --work build-mutate-blind   # the fuzz target's blind spots: each plant caught by fuzzing alone
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/ensure-deps.sh
exec python3 Scripts/mutate.py "$@"

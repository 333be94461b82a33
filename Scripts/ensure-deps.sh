#!/usr/bin/env bash
# Installs what the build needs when it is missing: libxxhash-dev (the hash),
# pkg-config (how SwiftPM and CMake find it) and cmake (the C build and tests).
# Debian/Ubuntu only; elsewhere it says what to install and stops.
# --word-lists: also the Debian word lists the data-file benchmark diffs
# (wamerican-insane, wbritish-insane); only Scripts/heckel-bench-files.sh asks.
set -euo pipefail

missing=()
if [ "${1:-}" = --word-lists ]; then
    [ -f /usr/share/dict/american-english-insane ] || missing+=(wamerican-insane)
    [ -f /usr/share/dict/british-english-insane ] || missing+=(wbritish-insane)
fi
pkg-config --version >/dev/null 2>&1 || missing+=(pkg-config)
{ pkg-config --exists libxxhash 2>/dev/null && [ -f /usr/include/xxhash.h ]; } || missing+=(libxxhash-dev)
cmake --version >/dev/null 2>&1 || missing+=(cmake)
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: missing ${missing[*]}; install them with your package manager" >&2
    exit 1
fi
sudo=()
[ "$(id -u)" -ne 0 ] && sudo=(sudo)
echo "installing ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null

#!/usr/bin/env bash
# Builds the `heckel` command (Tools/) in release mode and runs it; arguments go to heckel, e.g.
#   Scripts/heckel.sh diff OLD NEW --key id --format jsonl
# File arguments are read relative to the current folder. `--help` lists the options.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/Scripts/ensure-deps.sh"
package=(--package-path "$root/Tools" -c release)
swift build "${package[@]}" --product heckel >&2
exec "$(swift build "${package[@]}" --show-bin-path)/heckel" "$@"

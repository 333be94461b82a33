#!/usr/bin/env bash
# Builds and runs README.md's examples, so they cannot rot:
#   - the ```swift block that starts with `// swift-tools-version` is the manifest of a temporary
#     package (its swift-heckel URL replaced by a copy of this checkout), so its products must exist;
#   - every other ```swift block is an executable target of that package (its text as main.swift),
#     built and run: a failed assert or a thrown error fails the check. A block that imports UIKit
#     is type-checked against the UIKit stand-ins in Tests/PlatformStandIns, with the list
#     driver's UIKit adoption compiled against them, as Tests/ListUIGlueCheck does (not run);
#   - the ```c block is compiled against heckel.h with the core's sources, linked and run;
#   - every figure of the "Headline results" table (a number with µs, ms, s or x) appears in
#     Benchmarks/RESULTS.md, whose first run is `./Scripts/bench.sh --results`.
# Work folder: .build-readme (kept between runs, so later runs rebuild only what changed).
# CHECK_README_FILE=PATH checks another copy of the page instead of README.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
readme="${CHECK_README_FILE:-$root/README.md}"
"$root/Scripts/ensure-deps.sh"
work="$root/.build-readme"
package="$work/package"
mkdir -p "$package"

# A copy of this checkout named swift-heckel: SwiftPM names a path dependency after its folder.
# tar keeps modification times, so the next build recompiles only what changed.
rm -rf "$work/swift-heckel"
mkdir -p "$work/swift-heckel"
tar -C "$root" --exclude='./.build*' --exclude='*/.build*' --exclude='./build*' --exclude='./.git' \
    --exclude='*/.swiftpm' --exclude='./.swiftpm' --exclude='*/.venv*' -cf - . | tar -C "$work/swift-heckel" -xf -

python3 - "$readme" "$package" "$work/swift-heckel" "$root" <<'PYTHON'
import os, re, shutil, sys

readme, package, copy, root = sys.argv[1:]
text = open(readme, encoding="utf-8").read()
blocks = [(m.group(1), m.group(2), text.count("\n", 0, m.start()) + 1)
          for m in re.finditer(r"^```(\w+)\n(.*?)^```$", text, re.S | re.M)]
manifests = [b for b in blocks if b[0] == "swift" and b[1].startswith("// swift-tools-version")]
examples = [b for b in blocks if b[0] == "swift" and not b[1].startswith("// swift-tools-version")]
c_blocks = [b for b in blocks if b[0] == "c"]
if len(manifests) != 1 or not examples or len(c_blocks) != 1:
    sys.exit(f"check-readme: expected one manifest, some swift examples and one C block; found "
             f"{len(manifests)}, {len(examples)}, {len(c_blocks)}")

# The headline figures: each copied from the results file the harness wrote.
results_path = os.path.join(root, "Benchmarks", "RESULTS.md")
results = open(results_path, encoding="utf-8").read()
if "`./Scripts/bench.sh --results`" not in results.split("```text")[0]:
    sys.exit("check-readme: Benchmarks/RESULTS.md's first run is not ./Scripts/bench.sh --results")
headline = re.search(r"^## Headline results\n(.*?)(?=^## )", text, re.S | re.M)
if not headline:
    sys.exit("check-readme: README.md has no '## Headline results' section")
figures = re.findall(r"\d[\d.,]*\s(?:µs|ms|s)\b|\d[\d.,]*x\b", "\n".join(
    line for line in headline.group(1).splitlines() if line.startswith("| ")))
missing = [f for f in figures if not re.search(r"(?<![\d.])" + re.escape(f) + r"(?![\d])", results)]
if not figures or missing:
    sys.exit(f"check-readme: headline figures not in Benchmarks/RESULTS.md: {missing or 'none found'}")

manifest = manifests[0][1]
url = re.compile(r'\.package\(url: "[^"]*/swift-heckel(?:\.git)?", branch: "main"\)')
if not url.search(manifest):
    sys.exit("check-readme: the manifest block names no .package(url: .../swift-heckel, branch: \"main\")")
manifest = url.sub(f'.package(path: "{copy}")', manifest)
app_targets = re.findall(r'\.target\(name: "(\w+)"', manifest)

sources = os.path.join(package, "Sources")
shutil.rmtree(sources, ignore_errors=True)
def write(path, body):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(body)

for name in app_targets:
    write(f"{sources}/{name}/{name}.swift", "import Heckel\nimport HeckelListUI\n")

products = '.product(name: "Heckel", package: "swift-heckel"), .product(name: "HeckelListUI", package: "swift-heckel")'
extra, runnable, listing = [], [], []
uikit = False
for number, (_, body, line) in enumerate(examples, 1):
    name = f"Example{number}"
    if re.search(r"^import UIKit$", body, re.M):
        uikit = True
        # Type-checked only: a library target, so the block need not be a program.
        write(f"{sources}/{name}/{name}.swift", "import ReadmeUIKitAdoption\n" + body)
        extra.append(f'.target(name: "{name}", dependencies: [{products}, "UIKit", "ReadmeUIKitAdoption"])')
        listing.append(f"{name}: README.md line {line} (UIKit, type-checked against the stand-ins)")
    else:
        write(f"{sources}/{name}/main.swift", body)
        extra.append(f'.executableTarget(name: "{name}", dependencies: [{products}])')
        runnable.append(name)
        listing.append(f"{name}: README.md line {line} (built and run)")
if uikit:
    os.makedirs(f"{sources}/UIKit", exist_ok=True)
    shutil.copy(f"{root}/Tests/PlatformStandIns/UIKit/UIKit.swift", f"{sources}/UIKit/UIKit.swift")
    adoption = f"{sources}/ReadmeUIKitAdoption"
    os.makedirs(adoption, exist_ok=True)
    for file in sorted(os.listdir(f"{root}/Sources/HeckelListUI/Platforms")):
        if file.startswith("UI"):
            shutil.copy(f"{root}/Sources/HeckelListUI/Platforms/{file}", f"{adoption}/{file}")
    # As the root package builds them: Swift 5 mode (with strict concurrency there).
    extra.append('.target(name: "UIKit", swiftSettings: [.swiftLanguageMode(.v5)])')
    extra.append(f'.target(name: "ReadmeUIKitAdoption", dependencies: [{products}, "UIKit"], '
                 'swiftSettings: [.define("HECKEL_GLUE_CHECK"), .swiftLanguageMode(.v5)])')

manifest += "\n// Added by Scripts/check-readme.sh: one target per example of README.md.\npackage.targets += [\n"
manifest += "".join(f"    {t},\n" for t in extra) + "]\n"
write(f"{package}/Package.swift", manifest)
write(f"{package}/runnable.txt", "\n".join(runnable) + "\n")
write(f"{package}/example.c", c_blocks[0][1])
print("\n".join(listing) + f"\nC: README.md line {c_blocks[0][2]} (compiled with the core, linked and run)"
      + f"\nheadline: {len(figures)} figures, each found in Benchmarks/RESULTS.md")
PYTHON

echo "building the examples (swift build --package-path .build-readme/package)" >&2
swift build --package-path "$package" -j 2 >&2
bin="$(swift build --package-path "$package" --show-bin-path)"
while read -r example; do
    [ -n "$example" ] || continue
    echo "running $example" >&2
    "$bin/$example" >/dev/null || { echo "check-readme: $example failed (README.md's example)" >&2; exit 1; }
done <"$package/runnable.txt"

# The C example: heckel.h and the core's sources, with the XXH3 the Swift package would use.
core="$root/Sources/CHeckel"
cc -std=c11 -Wall -Wextra -Werror -I"$core/include" -c "$package/example.c" -o "$work/example.o"
flags=(-std=c11 -O1 -I"$core/include" -I"$core")
libs=()
if [ "$(uname)" = Linux ] && [ "${HECKEL_BUILTIN_XXH3:-}" != 1 ]; then
    # shellcheck disable=SC2207
    flags+=(-DHECKEL_SYSTEM_XXHASH $(pkg-config --cflags libxxhash))
    # shellcheck disable=SC2207
    libs=($(pkg-config --libs libxxhash))
fi
cc "${flags[@]}" "$work/example.o" "$core"/*.c -o "$work/example-c" ${libs[@]+"${libs[@]}"} -lpthread
"$work/example-c" >/dev/null || { echo "check-readme: the C example failed" >&2; exit 1; }
echo "README examples: all built; the runnable ones ran"

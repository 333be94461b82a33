#!/usr/bin/env python3
"""Mutation testing of the C core (Scripts/mutate.sh runs this).

Plants the mutations of a list (Tests/C/mutations.txt; its head says the
format) one at a time and checks that the tests catch each: builds the C
tests (the release core and the small-threshold one), runs ctest, and when
ctest passes, the fuzz targets for a bounded time over the seed corpus.
Prints one line per mutation (caught, and by what) and, last,
`killed: K of N`; exits 1 unless K == N.

The repository is never edited: the core, the tests and the build files are
mirrored into build-mutate/tree, mutations go into the mirror, and the
mirrored file is restored after each one (and the mirror re-synced at the
next start), so Ctrl-C at any moment leaves the repository as it was. The
two build folders under build-mutate/ are kept between mutations and runs:
each mutation recompiles only what includes the file it changes.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "build-mutate")  # --work replaces it
TREE = os.path.join(WORK, "tree")
MIRRORED = ["CMakeLists.txt", "cmake", "Sources/CHeckel", "Tests/C"]


def parse(path):
    """The entries of a mutation list: dicts of name, file, from, to, quick, equivalent."""
    entries, entry = [], {}
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line.startswith("#"):
                continue
            if not line.strip():
                if entry:
                    entries.append(entry)
                entry = {}
                continue
            key, sep, value = line.partition(": ")
            if not sep or key not in ("name", "file", "from", "to", "quick", "equivalent"):
                sys.exit("%s:%d: expected 'key: value' (name, file, from, to, quick, equivalent)" % (path, number))
            entry[key] = value
    if entry:
        entries.append(entry)
    for e in entries:
        for key in ("name", "file", "from", "to"):
            if key not in e:
                sys.exit("%s: entry %s has no %s" % (path, e.get("name", "?"), key))
    return entries


def sync_tree():
    """Mirrors MIRRORED into TREE, rewriting only files whose bytes differ
    (kept files keep their times, so the builds stay cached)."""
    for item in MIRRORED:
        source = os.path.join(ROOT, item)
        target = os.path.join(TREE, item)
        if os.path.isfile(source):
            copy_if_changed(source, target)
            continue
        for folder, _, files in os.walk(source):
            for name in files:
                path = os.path.join(folder, name)
                copy_if_changed(path, os.path.join(target, os.path.relpath(path, source)))
        for folder, _, files in os.walk(target):
            for name in files:
                path = os.path.join(folder, name)
                if not os.path.exists(os.path.join(source, os.path.relpath(path, target))):
                    os.remove(path)


def copy_if_changed(source, target):
    with open(source, "rb") as f:
        data = f.read()
    if os.path.exists(target):
        with open(target, "rb") as f:
            if f.read() == data:
                return
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as f:
        f.write(data)


def run(command, log, timeout=None, env=None, cwd=None):
    """Runs command, its output appended to log; True when it exits 0."""
    with open(log, "a") as out:
        out.write("\n$ %s\n" % " ".join(command))
        out.flush()
        try:
            return subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, timeout=timeout,
                                  env=env, cwd=cwd).returncode == 0
        except subprocess.TimeoutExpired:
            out.write("(timed out after %s s)\n" % timeout)
            return False


def clang():
    swift = shutil.which("swift")
    if swift:
        candidate = os.path.join(os.path.dirname(os.path.realpath(swift)), "clang")
        if os.access(candidate, os.X_OK):
            return candidate
    return "/opt/swift/usr/bin/clang"


def configure(log):
    c_dir, fuzz_dir = os.path.join(WORK, "c"), os.path.join(WORK, "fuzz")
    ok = run(["cmake", "-S", TREE, "-B", c_dir, "-DCMAKE_BUILD_TYPE=Release", "-DHECKEL_BUILD_BENCH=OFF"], log)
    env = dict(os.environ, CC=clang())
    ok = ok and run(["cmake", "-S", TREE, "-B", fuzz_dir, "-DCMAKE_BUILD_TYPE=Release", "-DHECKEL_FUZZ=ON",
                     "-DHECKEL_BUILD_TESTS=OFF", "-DHECKEL_BUILD_BENCH=OFF"], log, env=env)
    return ok, c_dir, fuzz_dir


def failed_tests(c_dir):
    path = os.path.join(c_dir, "Testing", "Temporary", "LastTestsFailed.log")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [line.strip().split(":", 1)[-1] for line in f if line.strip()]


def ctest(c_dir, log):
    """None when every test passes, else the failing tests' names."""
    failed = os.path.join(c_dir, "Testing", "Temporary", "LastTestsFailed.log")
    if os.path.exists(failed):
        os.remove(failed)
    if run(["ctest", "--test-dir", c_dir, "-j2", "--stop-on-failure", "--output-on-failure"], log):
        return None
    return failed_tests(c_dir) or ["ctest"]


FUZZ_RUNS = [("heckel_fuzz", "corpus", "0"), ("heckel_fuzz_production", "corpus", "0"),
             ("heckel_fuzz_production", "corpus-long", "1")]


def fuzz(fuzz_dir, seconds, log):
    """None when no fuzz run fails within its time, else the run that failed.
    seconds 0: each run replays its corpus once."""
    for target, corpus, long_mode in FUZZ_RUNS:
        scratch = tempfile.mkdtemp(prefix="heckel-mutate-")
        started = time.time()
        try:
            env = dict(os.environ, HECKEL_FUZZ_LONG=long_mode)
            bound = "-max_total_time=%d" % seconds if seconds else "-runs=0"
            ok = run(["./" + target, bound, "-timeout=60", "-rss_limit_mb=4096",
                      "-artifact_prefix=" + scratch + "/", scratch, os.path.join(TREE, "Tests", "C", corpus)],
                     log, env=env, cwd=fuzz_dir, timeout=seconds + 120)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        if not ok:
            return "%s over %s%s after %d s" % (target, corpus, " (long mode)" if long_mode == "1" else "",
                                               time.time() - started)
    return None


def main():
    parser = argparse.ArgumentParser(description="Mutation testing of the C core.")
    parser.add_argument("--quick", action="store_true", help="only the entries marked 'quick: yes'")
    parser.add_argument("--list", default=os.path.join(ROOT, "Tests", "C", "mutations.txt"))
    parser.add_argument("--fuzz-seconds", type=int, default=None,
                        help="each fuzz run's bound (default 20; 5 with --quick)")
    parser.add_argument("--only", action="append", help="this mutation (repeatable)")
    parser.add_argument("--fuzz-only", action="store_true",
                        help="no ctest: whether the fuzz runs alone catch each (Tests/C/fuzz_blind_spots.txt)")
    parser.add_argument("--work", help="the mirror and build folders (default build-mutate)")
    args = parser.parse_args()
    global WORK, TREE
    if args.work:
        WORK = os.path.abspath(args.work)
        TREE = os.path.join(WORK, "tree")
    fuzz_seconds = args.fuzz_seconds if args.fuzz_seconds is not None else (5 if args.quick else 20)
    entries = parse(args.list)
    if args.quick:
        entries = [e for e in entries if e.get("quick") == "yes"]
    if args.only:
        entries = [e for e in entries if e["name"] in args.only]
    os.makedirs(WORK, exist_ok=True)
    log = os.path.join(WORK, "mutate.log")
    open(log, "w").close()
    sync_tree()
    ok, c_dir, fuzz_dir = configure(log)
    if not ok:
        sys.exit("error: cmake failed (log: %s)" % log)
    print("== baseline: build, ctest and a replay of the fuzz corpora on the unmutated core (log: %s)"
          % os.path.relpath(log, ROOT), flush=True)
    if (not args.fuzz_only and not run(["cmake", "--build", c_dir, "-j2"], log)) or \
            not run(["cmake", "--build", fuzz_dir, "-j2"], log):
        sys.exit("error: the unmutated core does not build (log: %s)" % log)
    baseline = None if args.fuzz_only else ctest(c_dir, log)
    if baseline:
        sys.exit("error: the unmutated core fails %s: fix that first" % ", ".join(baseline))
    crashed = fuzz(fuzz_dir, 0, log)  # a corpus the unmutated core fails would "catch" every mutation
    if crashed:
        sys.exit("error: the unmutated core fails %s: fix that first" % crashed)
    killed = 0
    for e in entries:
        path = os.path.join(TREE, e["file"])
        started = time.time()
        with open(path) as f:
            original = f.read()
        if original.count(e["from"]) != 1:
            print("ERROR     %-40s its text occurs %d times in %s (want once)" % (e["name"], original.count(e["from"]),
                                                                           e["file"]), flush=True)
            continue
        with open(log, "a") as out:
            out.write("\n==== %s (%s)\n" % (e["name"], e["file"]))
        try:
            with open(path, "w") as f:
                f.write(original.replace(e["from"], e["to"]))
            if not args.fuzz_only and not run(["cmake", "--build", c_dir, "-j2"], log):
                verdict, by = "ERROR", "does not compile"
            else:
                failing = None if args.fuzz_only else ctest(c_dir, log)
                if failing:
                    verdict, by = "killed", "ctest: " + ", ".join(failing[:4]) + (" ..." if len(failing) > 4 else "")
                elif not run(["cmake", "--build", fuzz_dir, "-j2"], log):
                    verdict, by = "ERROR", "the fuzz targets do not compile"
                else:
                    crashed = fuzz(fuzz_dir, fuzz_seconds, log)
                    if crashed:
                        verdict, by = "killed", "fuzz: " + crashed
                    elif e.get("equivalent"):
                        verdict, by = "killed", "equivalent: " + e["equivalent"]
                    else:
                        verdict, by = "SURVIVED", "ctest and %d s of each fuzz run pass" % fuzz_seconds
        finally:
            with open(path, "w") as f:
                f.write(original)
        killed += verdict == "killed"
        print("%-9s %-40s %s (%d s)" % (verdict, e["name"], by, time.time() - started), flush=True)
    print("killed: %d of %d" % (killed, len(entries)))
    sys.exit(0 if killed == len(entries) else 1)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        # The repository was never touched; the mirror is re-synced on the next run.
        sys.exit("interrupted")

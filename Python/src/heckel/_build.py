"""Builds heckel._heckel_cffi: the C core of the repository (every .c directly in
Sources/CHeckel, so the file set is the one CMake and SwiftPM compile) with cffi in
API mode, out of line, against the system's libxxhash (pkg-config libxxhash)."""
import os
import shlex
import subprocess
from pathlib import Path

from cffi import FFI

# The part of include/heckel.h this package calls (cffi reads no preprocessor).
CDEF = """
typedef uint32_t heckel_offset;
typedef enum heckel_status {
    HECKEL_OK = 0, HECKEL_INVALID_ARGUMENT = 1, HECKEL_TOO_LARGE = 2,
    HECKEL_OUT_OF_MEMORY = 3, HECKEL_CANCELLED = 4
} heckel_status;
typedef struct heckel_allocator {
    void *(*allocate)(void *context, size_t size);
    void (*release)(void *context, void *pointer);
    void *context;
} heckel_allocator;
typedef struct heckel_window { size_t prefix; size_t suffix; } heckel_window;
typedef struct heckel_workspace heckel_workspace;
typedef struct heckel_options {
    const heckel_allocator *allocator;
    const int *cancel;
    unsigned threads;
    bool ignore_order;
    heckel_window *window;
    heckel_workspace *workspace;
} heckel_options;
typedef struct heckel_result {
    heckel_offset *old_to_new;
    heckel_offset *new_to_old;
    heckel_offset *moves;
    size_t match_count;
    size_t move_count;
} heckel_result;
typedef struct heckel_span { const void *bytes; size_t length; } heckel_span;

unsigned heckel_version_number(void);
const char *heckel_status_description(heckel_status status);
void heckel_cancel(int *flag);
heckel_status heckel_match_keys(const uint64_t *old_keys, size_t old_count,
                                const uint64_t *new_keys, size_t new_count,
                                void *equal, void *equal_context,
                                const heckel_options *options, heckel_result *result);
heckel_status heckel_match_keys_at_stride(const void *old_keys, size_t old_count,
                                          const void *new_keys, size_t new_count, size_t stride,
                                          const heckel_options *options, heckel_result *result);
heckel_status heckel_match_records_at_stride(const void *old_records, size_t old_count,
                                             const void *new_records, size_t new_count,
                                             size_t element_size, size_t stride,
                                             const heckel_options *options, heckel_result *result);
heckel_status heckel_match_spans(const heckel_span *old_spans, size_t old_count,
                                 const heckel_span *new_spans, size_t new_count,
                                 const heckel_options *options, heckel_result *result);
heckel_status heckel_match_keyed_spans(const heckel_span *old_spans, const uint64_t *old_keys,
                                       size_t old_count, const heckel_span *new_spans,
                                       const uint64_t *new_keys, size_t new_count,
                                       const heckel_options *options, heckel_result *result);
heckel_status heckel_find_moves(const heckel_offset *new_to_old, size_t new_count,
                                const heckel_options *options, heckel_offset *moves,
                                size_t *move_count);
uint64_t heckel_hash_bytes(const void *bytes, size_t length);

/* Fault injection for the tests (SQLite's discipline): an allocator that
 * fails its fail_at-th call (0-based; -1 never) and counts what is live. */
typedef struct heckel_py_faulty { long calls; long fail_at; long live; } heckel_py_faulty;
void heckel_py_faulty_allocator(heckel_py_faulty *state, heckel_allocator *allocator);
"""

SOURCE = """
#include <stdlib.h>
#include "heckel.h"

typedef struct heckel_py_faulty { long calls; long fail_at; long live; } heckel_py_faulty;

static void *heckel_py_faulty_allocate(void *context, size_t size) {
    heckel_py_faulty *state = context;
    if (state->calls++ == state->fail_at) return NULL;
    void *pointer = malloc(size);
    if (pointer) state->live++;
    return pointer;
}

static void heckel_py_faulty_release(void *context, void *pointer) {
    heckel_py_faulty *state = context;
    state->live--;
    free(pointer);
}

void heckel_py_faulty_allocator(heckel_py_faulty *state, heckel_allocator *allocator) {
    allocator->allocate = heckel_py_faulty_allocate;
    allocator->release = heckel_py_faulty_release;
    allocator->context = state;
}
"""


def core_directory() -> Path:
    """Sources/CHeckel of the repository this package folder lies in (HECKEL_CORE_DIR overrides)."""
    override = os.environ.get("HECKEL_CORE_DIR")
    directory = Path(override) if override else Path(__file__).resolve().parents[3] / "Sources" / "CHeckel"
    if not (directory / "include" / "heckel.h").is_file():
        raise RuntimeError(f"heckel: the C core is not at {directory}; build from the repository "
                           "(pip install ./Python) or set HECKEL_CORE_DIR to Sources/CHeckel")
    return directory


def xxhash_flags() -> tuple[list[str], list[str], list[str]]:
    """Include dirs, library dirs and libraries of libxxhash from pkg-config (plain -lxxhash without it)."""
    try:
        cflags = shlex.split(subprocess.check_output(["pkg-config", "--cflags", "libxxhash"], text=True))
        libs = shlex.split(subprocess.check_output(["pkg-config", "--libs", "libxxhash"], text=True))
    except (OSError, subprocess.CalledProcessError):
        return [], [], ["xxhash"]
    includes = [f[2:] for f in cflags if f.startswith("-I")]
    library_dirs = [f[2:] for f in libs if f.startswith("-L")]
    libraries = [f[2:] for f in libs if f.startswith("-l")] or ["xxhash"]
    return includes, library_dirs, libraries


def make_builder() -> FFI:
    core = core_directory()
    includes, library_dirs, libraries = xxhash_flags()
    # Relative paths where they can be: setuptools rejects absolute source paths in some versions.
    here = Path.cwd()
    sources = sorted(os.path.relpath(p, here) for p in core.glob("*.c"))
    headers = sorted(os.path.relpath(p, here) for p in [*core.glob("*.h"), *core.glob("include/*.h")])
    builder = FFI()
    builder.cdef(CDEF)
    builder.set_source(
        "heckel._heckel_cffi", SOURCE,
        sources=sources,
        depends=headers,
        include_dirs=[str(core / "include"), str(core), *includes],
        library_dirs=library_dirs,
        libraries=libraries,
        define_macros=[("HECKEL_SYSTEM_XXHASH", "1")],
        extra_compile_args=["-std=c11", "-O2", "-pthread"],
        extra_link_args=["-pthread"],
    )
    return builder


ffibuilder = make_builder()

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)

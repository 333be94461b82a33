"""heckel: linear-time list and table diff (Paul Heckel's symbol table, 1978) over the
swift-heckel C core. `heckel.diff(old, new)` matches NumPy or Arrow data; `heckel.spark`
diffs Spark DataFrames with the same core."""
from ._core import MAX_COUNT, UNMATCHED, CancelFlag, HeckelError, Status
from ._diff import Diff, diff
from ._heckel_cffi import lib as _lib


def core_version() -> str:
    """The linked core's version (heckel_version_number), as "major.minor.release"."""
    number = _lib.heckel_version_number()
    return f"{number // 10000}.{number // 100 % 100}.{number % 100}"


__all__ = ["diff", "Diff", "HeckelError", "Status", "CancelFlag", "UNMATCHED", "MAX_COUNT", "core_version"]

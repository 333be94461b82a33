# The C core is compiled by cffi (API mode, out of line) from the repository's
# Sources/CHeckel (src/heckel/_build.py); the version is heckel.h's, its one owner.
import re
import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).resolve().parent / "src" / "heckel"))
from _build import core_directory  # noqa: E402


def header_version() -> str:
    text = (core_directory() / "include" / "heckel.h").read_text()
    parts = [re.search(rf"#define HECKEL_VERSION_{p} (\d+)", text).group(1) for p in ("MAJOR", "MINOR", "RELEASE")]
    return ".".join(parts)


setup(version=header_version(), cffi_modules=["src/heckel/_build.py:ffibuilder"])

"""Which build a checkout's tests run on: the compiled modules a compiled build left beside the sources, if any.

A compiled build made from a checkout (``HATCH_BUILD_HOOK_ENABLE_MYPYC=1
python -m pip install .``, with or without ``-e``) leaves its C extensions
next to the sources, and Python imports an extension in preference to the
``.py`` file beside it. The suite then tests the compiled build: it says so
in its header, and reads a compiled module's doctests from the compiled
module. A compiled module older than its source would test code that is no
longer there, so the run stops and names them (see the root ``conftest.py``).
"""

from __future__ import annotations

import importlib.machinery
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

#: How to go back to the pure build, as the messages say it.
BACK_TO_PURE = "find src -name '*.so' -delete"


def compiled_beside_sources(package: Path) -> list[tuple[Path, Path]]:
    """Each compiled module under ``package`` with the source file it was compiled from, in path order.

    Compiled files without a source beside them (mypyc's shared library of
    the whole build) are left out.
    """
    pairs = []
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        for built in package.rglob(f"*{suffix}"):
            source = built.with_name(built.name.removesuffix(suffix) + ".py")
            if source.is_file():
                pairs.append((built, source))
    return sorted(pairs)


def stale(pairs: list[tuple[Path, Path]]) -> list[Path]:
    """The sources changed since they were compiled: those whose compiled module is older than they are."""
    return [source for built, source in pairs if built.stat().st_mtime < source.stat().st_mtime]

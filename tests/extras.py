"""Tests that need an optional extra or a program: skipped with the reason where it is missing, failed in CI.

``.ci/run`` installs every extra and every program the tests run (Chromium, PostgreSQL, Xvfb) and sets
``TABLEGAMES_REQUIRE_EXTRAS=1``, so there a missing dependency fails the test instead of skipping it: in CI
nothing is skipped.
"""

from __future__ import annotations

import importlib
import os
import shutil
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from types import ModuleType

__all__ = ["need_module", "need_program"]


def _missing(reason: str) -> None:
    if os.environ.get("TABLEGAMES_REQUIRE_EXTRAS") == "1":
        pytest.fail(f"{reason} (TABLEGAMES_REQUIRE_EXTRAS=1: nothing may be skipped)")
    pytest.skip(reason, allow_module_level=True)


def need_module(module: str, extra: str) -> ModuleType:
    """Import ``module`` for a test, or skip it: "needs the extra 'web' (python -m pip install '.[web]')"."""
    try:
        return importlib.import_module(module)
    except ImportError:
        _missing(f"needs {module}, from the extra {extra!r}: python -m pip install -e '.[{extra}]'")
        raise  # pragma: no cover - _missing raised


def need_program(path: str, package: str) -> str:
    """Return the path of a program a test runs (e.g. ``/usr/bin/chromium``), or skip the test."""
    found = path if os.access(path, os.X_OK) else shutil.which(path)
    if not found:
        _missing(f"needs {path}, from Debian's package {package!r}: apt-get install -y {package}")
        raise AssertionError  # pragma: no cover - _missing raised
    return found

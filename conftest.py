"""The build a checkout's tests run on (see `tests.checkout`): said in the header, and refused when out of date."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from tests.checkout import BACK_TO_PURE, compiled_beside_sources, stale

PACKAGE = Path(__file__).parent / "src" / "tablegames"


def pytest_configure(config: pytest.Config) -> None:
    """Let the suite read a compiled module's doctests from the module imported, unless a source is newer."""
    pairs = compiled_beside_sources(PACKAGE)
    if not pairs:
        return
    changed = stale(pairs)
    if changed:
        names = ", ".join(str(source.relative_to(PACKAGE.parent)) for source in changed)
        raise pytest.UsageError(
            f"src/ holds modules compiled before their sources last changed ({names}): the tests would run "
            f"the old code. Build again with HATCH_BUILD_HOOK_ENABLE_MYPYC=1 python -m pip install -e . "
            f"or go back to the pure build with {BACK_TO_PURE}"
        )
    # pytest refuses a module whose file is not the one it collects; here it is the compiled one beside it.
    os.environ["PY_IGNORE_IMPORTMISMATCH"] = "1"


def pytest_report_header(config: pytest.Config) -> str | None:
    """Say that the compiled build is tested, and how to test the pure one."""
    pairs = compiled_beside_sources(PACKAGE)
    if not pairs:
        return None
    return f"tablegames: the compiled build ({len(pairs)} compiled modules in src/; {BACK_TO_PURE} for the pure one)"

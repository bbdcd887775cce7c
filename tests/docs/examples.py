"""The site's example programs in docs/examples, loaded as modules by the tests that run them."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import ModuleType

__all__ = ["EXAMPLES", "load_example"]

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def load_example(filename: str) -> ModuleType:
    """Load ``docs/examples/<filename>`` (e.g. ``"nim.py"``) as the module ``docs_<name>``."""
    path = EXAMPLES / filename
    spec = importlib.util.spec_from_file_location(f"docs_{path.stem}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

"""A missing optional dependency is one clear error naming the extra that installs it."""

from __future__ import annotations

import pytest

import tablegames
from tablegames.core.extras import require


def test_a_missing_module_names_its_extra() -> None:
    """`require` raises `MissingExtraError` (an ImportError and a TablegamesError) naming the extra and the command."""
    with pytest.raises(
        tablegames.MissingExtraError, match=r"extra 'ray' installs: python -m pip install 'tablegames\[ray\]'"
    ) as caught:
        require("tablegames_absent_module", "ray")
    assert caught.value.extra == "ray"
    assert isinstance(caught.value, ImportError)
    assert isinstance(caught.value.__cause__, ImportError)


def test_a_present_module_is_returned() -> None:
    """`require` returns the module when it is there."""
    assert require("attrs", "web").__name__ == "attrs"

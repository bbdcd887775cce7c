"""The class decorators of tablegames' values: attrs' own, with one shared ``__repr__`` that reads as attrs' would."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import attrs
import pytest

import tablegames
from tablegames.core.values import attrs_repr, define, frozen
from tablegames.kalaha import KalahaState, Sow


def _sample(decorate: Any) -> Any:
    """One class with every kind of field attrs shows: plain, defaulted, hidden, shown by a function, not in init."""

    @decorate
    class Sample:
        number: int
        word: str = "x"
        hidden: int = attrs.field(default=0, repr=False)
        shown: int = attrs.field(default=5, repr=lambda value: f"<{value}>")
        later: int = attrs.field(init=False, default=7)
        unset: int = attrs.field(init=False)
        inner: tuple[Any, ...] = ()

    return Sample


@pytest.mark.parametrize(("ours", "theirs"), [(frozen, attrs.frozen), (define, attrs.define)])
def test_the_shared_repr_reads_as_attrs_own(ours: Any, theirs: Any) -> None:
    """Each field shown as attrs shows it, hidden ones left out, the class named without its enclosing function."""
    mine, reference = _sample(ours), _sample(theirs)
    assert mine.__repr__ is attrs_repr
    for arguments in [(1,), (2, "y", 3, 4, ("a", None)), (-1, "", 0, 0, (reference(9),))]:
        assert repr(mine(*arguments)) == repr(reference(*arguments))
    assert repr(mine(1)) == "Sample(number=1, word='x', shown=<5>, later=7, unset=NOTHING, inner=())"


def test_a_class_with_a_repr_of_its_own_keeps_it() -> None:
    """The shared repr never replaces one the class writes itself."""

    @frozen
    class Own:
        value: int

        def __repr__(self) -> str:
            return f"own {self.value}"

    assert repr(Own(3)) == "own 3"


def test_the_games_values_use_it() -> None:
    """The games' values are built with it, and their reprs are attrs' as before."""
    assert KalahaState.__repr__ is attrs_repr
    assert repr(Sow(2)) == "Sow(pit=2)"
    assert attrs.has(KalahaState)
    assert attrs.evolve(Sow(2), pit=3) == Sow(3)


def test_no_class_of_tablegames_takes_attrs_own_decorators() -> None:
    """Every class of tablegames is built by `frozen` or `define`: attrs' own would compile a repr as it loads."""
    root = Path(tablegames.__file__).parent
    found = [
        f"{path.relative_to(root)}:{number}"
        for path in sorted(root.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.match(r"@attrs\.(frozen|define)\b", line)
    ]
    assert found == []

"""The server writes JSON with orjson: the same text as the standard library's compact writer."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from tests.extras import need_module

need_module("orjson", "web")

from tablegames.server.wire import dumps  # noqa: E402

_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30,
)


@given(_VALUES)
def test_dumps_writes_what_the_standard_library_writes(value: object) -> None:
    """Every JSON value the server sends (no floats: none of its data holds one) gets the standard text."""
    assert dumps(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    assert json.loads(dumps(value)) == value

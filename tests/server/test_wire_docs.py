"""The wire protocol page shows what the server answers: its examples are made by the server itself."""

from __future__ import annotations

import re

import tests.server.support  # noqa: F401  (needs the web extra: skipped without it)
from tests.server.wire_examples import BLOCK, PAGE, examples, render


def test_the_wire_protocol_examples_are_what_the_server_answers() -> None:
    """Every example block of docs/reference/wire.md is current (``python -m tests.server.wire_examples --write``)."""
    text = PAGE.read_text(encoding="utf-8")
    found = examples()
    assert render(text, found) == text, (
        "docs/reference/wire.md is out of date: python -m tests.server.wire_examples --write"
    )
    shown = {block["name"] for block in BLOCK.finditer(text)}
    assert shown == set(found), f"examples made but not shown: {sorted(set(found) - shown)}"


def test_every_route_is_on_the_page() -> None:
    """Each route of the application has a section on the wire protocol page."""
    from tablegames.server.app import create_app

    text = PAGE.read_text(encoding="utf-8")
    for route in create_app(":memory:", web=None).routes:
        path = getattr(route, "path", "")
        if path.startswith("/api"):
            assert re.search(rf"`(GET|POST|WS) {re.escape(path.replace('{table}', '{id}'))}`", text), path


def test_the_code_the_pages_copy_is_the_code_of_their_files() -> None:
    """Every copy in a page is current (``python -m tests.server.page_copies --write`` writes them)."""
    from tests.server.page_copies import COPY, PAGES, render

    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        assert COPY.search(text), f"{page.name} shows no copy"
        assert "--8<--" not in text, f"{page.name} includes code a plain Markdown reader does not see"
        assert render(text) == text, f"{page.name} is out of date: python -m tests.server.page_copies --write"


def test_every_limit_is_documented_with_its_option() -> None:
    """Each field of Limits has a row on the wire page and in the deployment guide (``--limit NAME=...``)."""
    import attrs

    from tablegames.server.limits import Limits

    wire = PAGE.read_text(encoding="utf-8")
    guide = (PAGE.parents[1] / "guide" / "network.md").read_text(encoding="utf-8")
    for field in attrs.fields(Limits):
        assert f"| `{field.name}` |" in wire, field.name
        assert f"--limit {field.name}=" in guide, field.name

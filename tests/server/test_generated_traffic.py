"""Generated traffic: Schemathesis makes requests from the OpenAPI document and sends them to a live server.

The server runs on a free localhost port. Every answer must be one the
document lists for its route, with a body its schema accepts, and none may
be a 5xx (Schemathesis's own checks). The run is bounded by the number of
examples per route, not by time, so it stops by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, given, settings

from tablegames.server.contract import openapi
from tests.extras import need_module
from tests.server.support import real_server

if TYPE_CHECKING:
    from pathlib import Path

schemathesis = need_module("schemathesis", "test")
#: Examples per route.
EXAMPLES = 30
#: Left out: that every request the document allows is accepted. The document cannot say which options, seeds
#: or actions a game takes (the game's own readers decide, and refuse with a documented 400 or 409).
ACCEPTANCE = need_module("schemathesis.specs.openapi.checks", "test").positive_data_acceptance


@pytest.mark.parametrize(
    ("method", "path"),
    [(method, path) for path, operations in openapi()["paths"].items() for method in operations],
)
def test_no_generated_request_gets_a_5xx_or_an_answer_off_the_document(tmp_path: Path, method: str, path: str) -> None:
    with real_server(tmp_path / "db.sqlite3") as base:
        api = schemathesis.openapi.from_url(f"{base}/api/openapi.json")
        operation = api[path][method.upper()]

        @given(case=operation.as_strategy())
        @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        def check(case: Any) -> None:
            case.call_and_validate(excluded_checks=[ACCEPTANCE])

        check()

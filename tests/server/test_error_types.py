"""Every error a client can be sent is named by a type the wire declares, with that type's status.

The wire's types and statuses are the error table of the wire reference
(``docs/reference/wire.md``) and the ``type`` enum of the OpenAPI schema
and ``wire.d.ts`` (`tablegames.server.contract.ERROR_TYPES`).
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
from pathlib import Path

import pytest

import tablegames
from tablegames import ConfigError, IllegalActionError, MatchError, TablegamesError
from tablegames.server import errors
from tablegames.server.contract import ERROR_TYPES
from tablegames.server.errors import ServerError, error_body, status_of

#: Each declared type's status, as the wire reference gives it.
STATUS = {
    name: getattr(errors, name).status
    if isinstance(getattr(errors, name, None), type) and issubclass(getattr(errors, name), ServerError)
    else 409
    if name == "IllegalActionError"
    else 400
    for name in ERROR_TYPES
}


def _every_error_class() -> list[type[TablegamesError]]:
    """Every `TablegamesError` class of the library, once each of its modules that loads here is imported."""
    for module in pkgutil.walk_packages(tablegames.__path__, "tablegames."):
        if module.name.startswith(("tablegames.adapters", "tablegames.cli")) or module.name.endswith("__main__"):
            continue  # the frontends' modules define no error of their own; a __main__ is a program
        try:
            importlib.import_module(module.name)
        except ImportError:
            if os.environ.get("TABLEGAMES_REQUIRE_EXTRAS") == "1":
                raise  # in CI every extra is installed: a module that does not import is a bug
            continue  # a module of an extra this environment lacks
    found: list[type[TablegamesError]] = []
    waiting: list[type[TablegamesError]] = [TablegamesError]
    while waiting:
        kind = waiting.pop()
        found.append(kind)
        waiting.extend(kind.__subclasses__())
    return [kind for kind in found if kind.__module__.startswith("tablegames.")]


def _made(kind: type[TablegamesError]) -> TablegamesError:
    """An error of ``kind`` with a message; one whose constructor takes more is made bare, as only its class counts."""
    try:
        return kind("something went wrong")
    except (TypeError, AttributeError):  # MissingExtraError wants its extra, SolveTimeout its progress report
        error = kind.__new__(kind)
        Exception.__init__(error, "something went wrong")
        return error


class ConflictError(TablegamesError):
    """An error of a game of your own that shares a name with one of the server's."""


class _Refused(IllegalActionError):
    """An illegal action of a game of your own, told apart from others by its class."""


@pytest.mark.parametrize(
    "kind", [*_every_error_class(), ConflictError, _Refused], ids=lambda kind: f"{kind.__module__}.{kind.__name__}"
)
def test_every_error_is_sent_as_a_declared_type_with_its_status(kind: type[TablegamesError]) -> None:
    """Whatever error a request meets, its type is one the wire declares, and its status that type's."""
    error = _made(kind)
    sent = error_body(error)["error"]["type"]
    assert sent in ERROR_TYPES
    assert status_of(error) == STATUS[sent]


def test_the_library_s_errors_keep_their_names_and_a_game_s_own_is_a_bad_request() -> None:
    """An illegal action is sent as such, with what is legal; an error no wire type names is a 400 bad request."""
    state = tablegames.load("kalaha").start()
    illegal = error_body(IllegalActionError("not now", legal=state.legal_actions()[:1]))["error"]
    refused = error_body(ConfigError("no such option"))["error"]
    undone = MatchError("nothing to undo")
    assert (illegal["type"], illegal["legal"], refused["type"]) == ("IllegalActionError", ["a"], "ConfigError")
    assert (error_body(undone)["error"]["type"], status_of(undone)) == ("BadRequestError", 400)


def test_the_wire_reference_lists_every_declared_type_with_its_status() -> None:
    """The error table of the wire reference is the wire's types, each with the status it is sent with."""
    page = Path(__file__).resolve().parents[2] / "docs" / "reference" / "wire.md"
    table = page.read_text(encoding="utf-8").partition("{#errors}")[2]
    rows = dict(re.findall(r"^\| `(\w+)` \| (\d{3}) \|", table, flags=re.MULTILINE))
    assert {name: int(status) for name, status in rows.items()} == STATUS

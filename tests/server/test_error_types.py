"""Every error a client can be sent is named by a type the wire declares, with that type's status.

The wire's types and statuses are the error table of the wire reference
(``docs/reference/wire.md``) and the ``type`` enum of the OpenAPI schema
and ``wire.d.ts`` (`tablegames.server.contract.ERROR_TYPES`).
"""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import tablegames
from tablegames import IllegalActionError, MatchError, TablegamesError
from tablegames.server import errors
from tablegames.server.contract import ERROR_TYPES
from tablegames.server.errors import ServerError, error_body, status_of

#: Each declared type's status, as the wire reference gives it.
STATUS = {
    name: getattr(errors, name).status
    if isinstance(getattr(errors, name, None), type) and issubclass(getattr(errors, name), ServerError)
    else 409
    if name in ("IllegalActionError", "MatchError")
    else 400
    for name in ERROR_TYPES
}


def _every_error_class() -> list[type[TablegamesError]]:
    """Every `TablegamesError` class of the library, once each of its modules that loads here is imported."""
    for module in pkgutil.walk_packages(tablegames.__path__, "tablegames."):
        if module.name.startswith(("tablegames.adapters", "tablegames.cli")) or module.name.endswith("__main__"):
            continue  # frontends on the public API define no error of their own; a __main__ is a program
        try:
            importlib.import_module(module.name)
        except ImportError:
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


def test_a_library_error_keeps_its_own_name_on_the_wire() -> None:
    """The declared types are sent by their own names: an illegal action is an IllegalActionError, with its legal."""
    state = tablegames.load("kalaha").start()
    body = error_body(IllegalActionError("not now", legal=state.legal_actions()[:1]))["error"]
    assert (body["type"], body["legal"], status_of(MatchError("nothing to undo"))) == ("IllegalActionError", ["a"], 409)

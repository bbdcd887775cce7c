"""Every game's JSON Schemas accept every dict the game writes, and refuse what its readers refuse where they can.

Where a schema can say a dict is wrong (a key missing or unknown, a value of
the wrong JSON type, a header of another format or version) and the game's
reader refuses it, the schema refuses it too; what only the readers can
check (seeds that add up, a card in one place) they still do.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import tablegames
from tablegames import Match
from tablegames.testing.strategies import states
from tests.games import BUILT_IN

if TYPE_CHECKING:
    from collections.abc import Callable

jsonschema = pytest.importorskip("jsonschema", reason="needs jsonschema, from the extra 'test'")

GAMES = {
    "kalaha": tablegames.load("kalaha"),
    "kalo": tablegames.load("kalo", players=3),
    "loo": tablegames.load("loo", players=4, miss=True),
}


def _validators(game: Any) -> dict[str, Any]:
    documents = game.json_schemas()
    for document in documents.values():
        jsonschema.Draft202012Validator.check_schema(document)
    return {kind: jsonschema.Draft202012Validator(document) for kind, document in documents.items()}


VALIDATORS = {name: _validators(game) for name, game in GAMES.items()}


def _valid(name: str, kind: str, data: Any) -> bool:
    return bool(VALIDATORS[name][kind].is_valid(data))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_document_is_a_json_schema_of_the_2020_12_dialect(name: str) -> None:
    """Each game has the five documents, each a valid JSON Schema 2020-12 with a title."""
    documents = GAMES[name].json_schemas()
    assert list(documents) == ["state", "view", "action", "event", "record"]
    for document in documents.values():
        assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert name in document["title"]


@pytest.mark.parametrize("name", sorted(GAMES))
@given(data=st.data())
def test_what_a_game_writes_its_schemas_accept(name: str, data: st.DataObject) -> None:
    """A reachable state, every seat's view of it, its legal actions and the events of one step all validate."""
    game = GAMES[name]
    state = data.draw(states(game, max_actions=120))
    assert _valid(name, "state", state.to_dict()), list(VALIDATORS[name]["state"].iter_errors(state.to_dict()))
    for seat in (None, *range(game.players)):
        view = state.view(seat).to_dict()
        assert _valid(name, "view", view), list(VALIDATORS[name]["view"].iter_errors(view))
    if state.is_over:
        return
    legal = state.legal_actions()
    for action in legal[:20]:
        assert _valid(name, "action", action.to_dict()), action
    step = state.step(data.draw(st.sampled_from(legal)))
    for event in step.events:
        for seat in (None, *range(game.players)):
            seen = event.for_seat(seat)
            if seen is not None:
                assert _valid(name, "event", seen.to_dict()), seen.to_dict()


@pytest.mark.parametrize("name", sorted(GAMES))
@given(seed=st.integers(0, 2**64 - 1), plies=st.integers(0, 60), start=st.booleans())
def test_records_validate_with_a_seed_or_a_start(name: str, seed: int, plies: int, start: bool) -> None:
    """A record, from a seed or from a start state, validates; one with both or neither does not."""
    game = GAMES[name]
    match = Match(game, state=game.start(seed=seed)) if start else Match(game, seed=seed)
    for _ in range(plies):
        if match.state.is_over:
            break
        match.play(match.state.legal_actions()[0])
    record = match.to_record()
    assert _valid(name, "record", record)
    both = {**record, "seed": seed, "start": game.start(seed=seed).to_dict()}
    neither = {key: value for key, value in record.items() if key not in ("seed", "start")}
    assert not _valid(name, "record", both)
    assert not _valid(name, "record", neither)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value: each key of each object, each item of each list."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    changed = copy.deepcopy(value)
    *parents, last = path
    holder = changed
    for key in parents:
        holder = holder[key]
    holder[last] = new
    return changed


def _mutants(data: dict[str, Any], draw: Callable[[st.SearchStrategy[Any]], Any]) -> Any:
    """One change a schema can see: a key removed or added, or a value of another JSON type.

    A ``null`` put where the format allows one (Kalaha's seat to move, say),
    or a value put in such a ``null``'s place, is a value for the readers to
    judge, not a shape: the test leaves it out.
    """
    paths = [path for path in _paths(data) if path]
    path = draw(st.sampled_from(paths))
    old: Any = data
    for key in path:
        old = old[key]
    how = draw(st.sampled_from(["remove", "add", "retype"]))
    if how == "remove" and isinstance(path[-1], str):
        changed = copy.deepcopy(data)
        del _at(changed, path[:-1])[path[-1]]
        return changed
    if how == "add" and isinstance(_at(data, path[:-1]), dict):
        return _replace(data, (*path[:-1], "colour"), "red")
    others = [1.5, "x", True, None, [], {}, 7]
    return _replace(data, path, draw(st.sampled_from([other for other in others if type(other) is not type(old)])))


def _null_where_allowed(name: str, kind: str, original: Any, changed: Any) -> bool:
    """True if ``changed`` is ``original`` with a value made ``null``, or a ``null`` made a value, as the schema allows.

    Either way the schema allows both, and whether the value fits the rest
    of the state (a seat to move in a finished game, say) is the reader's to judge.
    """
    nulled = [
        path
        for path in _paths(changed)
        if path and (_at(changed, path) is None) != (_at(original, path) is None) and _at(original, path) is not ...
    ]
    return bool(nulled) and _valid(name, kind, changed)


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        if (isinstance(value, dict) and key in value) or (
            isinstance(value, list) and isinstance(key, int) and key < len(value)
        ):
            value = value[key]
        else:
            return ...
    return value


def _agree_on_a_mutant(
    name: str, kind: str, original: dict[str, Any], data: st.DataObject, read: Callable[[object], object]
) -> None:
    """Change ``original`` as a schema can see; the reader refuses it exactly when the schema does."""
    changed = _mutants(original, data.draw)
    assume(not _null_where_allowed(name, kind, original, changed))
    try:
        read(changed)
    except (tablegames.InvalidStateError, tablegames.InvalidActionError):
        assert not _valid(name, kind, changed), changed
    else:
        assert _valid(name, kind, changed), changed


@pytest.mark.parametrize("name", sorted(GAMES))
@given(data=st.data())
def test_states_the_reader_refuses_for_their_shape_the_schema_refuses(name: str, data: st.DataObject) -> None:
    """A state dict changed in a way a schema can see: refused by ``from_dict`` means refused by the schema."""
    game = GAMES[name]
    state = data.draw(states(game, max_actions=80))
    _agree_on_a_mutant(name, "state", state.to_dict(), data, game.from_dict)


@pytest.mark.parametrize("name", sorted(GAMES))
@given(data=st.data())
def test_actions_the_reader_refuses_for_their_shape_the_schema_refuses(name: str, data: st.DataObject) -> None:
    """An action dict changed in a way a schema can see: refused by ``action_from_dict`` means refused here too."""
    game = GAMES[name]
    state = data.draw(states(game, max_actions=80).filter(lambda drawn: not drawn.is_over))
    action = data.draw(st.sampled_from(state.legal_actions()))
    _agree_on_a_mutant(name, "action", action.to_dict(), data, game.action_from_dict)


def test_the_package_ships_every_schema_as_it_is_now() -> None:
    """The files in ``tablegames/schemas`` are the games' schemas (``python -m tablegames.schemas`` writes them)."""
    from tablegames import schemas

    expected = schemas.texts()
    assert sorted(path.name for path in schemas.FOLDER.glob("*.schema.json")) == sorted(path.name for path in expected)
    for path, text in expected.items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: run python -m tablegames.schemas"


def test_the_package_keeps_the_schemas_of_every_built_in_game() -> None:
    """``tablegames.schemas.GAMES``, the games whose files are written and checked, are the built-in games."""
    from tablegames import schemas

    assert schemas.GAMES == BUILT_IN, "add the game to GAMES in tablegames/schemas/__init__.py"

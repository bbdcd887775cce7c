"""Reading the files the terminal is given: game records (``replay``, ``play --load``) and saved states (``analyse``).

Every file goes through the library's one reading discipline
(`tablegames.core.inputs.parse_json`, then `Match.from_record` or
`tablegames.state_from_dict`), and every refusal is one line naming the file
and what kind of file was expected, the file's name cut short if it is long.

Examples:
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "notes.md"
    >>> _ = path.write_text("# my notes")
    >>> read_record(path)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tablegames.core.errors.InvalidStateError: .../notes.md is not a game record: it must be JSON text, but expecting ...
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames import InvalidStateError, Match, TablegamesError, state_from_dict
from tablegames.core.inputs import brief, parse_json

if TYPE_CHECKING:
    from pathlib import Path

    from tablegames import State

__all__ = ["RECORD_HINT", "file_name", "read_json_file", "read_record", "read_state"]

#: What a record is, said after every refusal of one.
RECORD_HINT = "replay and play --load read a game record: the JSON file that 'save FILE' writes (Match.to_record)"


def file_name(path: Path) -> str:
    """The file's name for a message: as given if short and printable, else cut short."""
    text = str(path)
    return text if len(text) <= 120 and text.isprintable() else brief(text, 120)


def read_json_file(path: Path, what: str) -> Any:
    """The JSON value held in the file at ``path``, read through `parse_json`.

    Raises:
        InvalidStateError: If the file cannot be read, or is not JSON within the limits; the
            message names the file and says it is not ``what``.
    """
    name = file_name(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InvalidStateError(f"cannot read {name}: {error.strerror or error}") from None
    return parse_json(data, InvalidStateError, f"{name} is not {what}: it")


def _kind(value: object) -> str | None:
    """The kind of tablegames document ``value`` says it is (``"state"``, ``"record"``...), if it says."""
    text = value.get("format") if isinstance(value, dict) else None
    if isinstance(text, str):
        prefix, _, kind = text.partition(".")
        if prefix == "tablegames":
            return kind
    return None


def read_record(path: Path) -> Match[State]:
    """The match a record file holds, replayed to its last ply.

    Raises:
        InvalidStateError: If the file is not a record that replays; one line naming the file.
    """
    name = file_name(path)
    try:
        value = read_json_file(path, "a game record")
    except InvalidStateError as error:
        raise InvalidStateError(f"{error}; {RECORD_HINT}") from None
    kind = _kind(value)
    if kind is not None and kind != "record":
        hint = " (tablegames analyse reads a Kalaha state)" if kind == "state" else ""
        shown = kind if kind.isidentifier() and len(kind) <= 20 else brief(kind, 20)
        raise InvalidStateError(f"{name} holds a saved {shown}, not a game record{hint}; {RECORD_HINT}")
    try:
        return Match.from_record(value)
    except TablegamesError as error:
        raise InvalidStateError(f"{name} is not a game record that replays: {error}; {RECORD_HINT}") from None


def read_state(path: Path) -> State:
    """The state a file holds: a saved state (``state.to_dict()``), or a record's last state.

    Raises:
        InvalidStateError: If the file holds neither; one line naming the file.
    """
    name = file_name(path)
    value = read_json_file(path, "a saved state or game record")
    if _kind(value) == "record":
        try:
            return Match.from_record(value).state
        except TablegamesError as error:
            raise InvalidStateError(f"{name} holds a game record that does not replay: {error}") from None
    try:
        return state_from_dict(value)
    except TablegamesError as error:
        raise InvalidStateError(
            f"{name} is not a saved state (state.to_dict()) nor a game record ('save FILE'): {error}"
        ) from None

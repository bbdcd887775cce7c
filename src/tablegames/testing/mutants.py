"""Mutators that turn real inputs into hostile ones: what a stranger on a network could send.

`mutate` takes a JSON value (a state's ``to_dict()``, a record, an action
dict, a game's options) and returns a changed copy: a key dropped, added or
renamed; a value retyped (a float for an int, a bool, a string, a tuple, a
huge or negative number, NaN); a value nested hundreds of levels deep; list
entries dropped, duplicated, swapped or moved to another list; strings recased,
padded with control characters, cut short, or swapped with other strings of
the document — which moves and duplicates cards. `mutate_text` does the same
to notation. Every choice comes from the `random.Random` given, so a mutant is
reproduced by its seed. `single_changes` and `text_changes` instead list,
in order, every mutant one change away: each field retyped, bumped, dropped,
duplicated or swapped for another value of the document, the way a test can
go through all of them.

Examples:
    >>> import random
    >>> data = {"pits": [[4, 4], [4, 4]], "stores": [0, 0], "current_player": 0}
    >>> mutant = mutate(data, random.Random(3))
    >>> mutant != data, data["pits"]  # the original is never changed
    (True, [[4, 4], [4, 4]])
    >>> mutate_text("8c 8h", random.Random(1)) != "8c 8h"
    True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

__all__ = ["HOSTILE_VALUES", "mutate", "mutate_text", "single_changes", "text_changes"]

#: Values a hostile client might put anywhere: wrong types, edge numbers, Python-only values.
HOSTILE_VALUES: tuple[Callable[[], Any], ...] = (
    lambda: None,
    lambda: True,
    lambda: False,
    lambda: 0,
    lambda: 1,
    lambda: -1,
    lambda: 2,
    lambda: 7,
    lambda: 0.0,
    lambda: 1.0,
    lambda: 1.5,
    lambda: math.nan,
    lambda: math.inf,
    lambda: -math.inf,
    lambda: 2**53,
    lambda: 2**64,
    lambda: -(2**63),
    lambda: 10**30,
    lambda: 10**5000,
    lambda: "",
    lambda: "x",
    lambda: "0",
    lambda: "10d",
    lambda: "\x00",
    lambda: "²",
    lambda: "é" * 20_000,
    list,
    dict,
    lambda: [None],
    lambda: (),
    lambda: (1, 2),
    lambda: {1, 2},
    lambda: frozenset(),
    lambda: object(),
    lambda: b"bytes",
    lambda: complex(1, 2),
)

_NOISE = ("\x00", "\x1c", "\x7f", "\t", "\n", "\u00a0", "\u200b", "\u2028", "²", "١", "Ⅻ", "é", "♥", "💥", "\ufeff")
_WORDS = ("pass", "ready", "play", "drop", "miss", "card", "seat", "slot", "insert", "arrange", "pam", "undo", "a")


def _copy(value: Any) -> Any:
    """A deep copy of JSON containers (tuples and sets copied as they are), iterative so depth never matters."""
    if not isinstance(value, (list, dict)):
        return value
    root: Any = [] if isinstance(value, list) else {}
    stack: list[tuple[Any, Any]] = [(value, root)]
    while stack:
        source, target = stack.pop()
        items = enumerate(source) if isinstance(source, list) else source.items()
        for key, child in items:
            copied = child
            if isinstance(child, (list, dict)):
                copied = [] if isinstance(child, list) else {}
                stack.append((child, copied))
            if isinstance(target, list):
                target.append(copied)
            else:
                target[key] = copied
    return root


def _places(value: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) in ``value``, found without recursion; the root is ``(None, None)``."""
    places: list[tuple[Any, Any]] = [(None, None)]
    stack = [value]
    while stack and len(places) < 5_000:
        node = stack.pop()
        items = enumerate(node) if isinstance(node, list) else node.items() if isinstance(node, dict) else ()
        for key, child in items:
            places.append((node, key))
            if isinstance(child, (list, dict)):
                stack.append(child)
    return places


def _strings(value: Any) -> list[str]:
    return [node[key] for node, key in _places(value)[1:] if isinstance(node[key], str)]


def _lists(value: Any) -> list[list[Any]]:
    found = [value] if isinstance(value, list) else []
    return found + [node[key] for node, key in _places(value)[1:] if isinstance(node[key], list)]


def _numbers(number: int, rng: random.Random) -> Any:
    as_float = float(number) if abs(number) < 2**1000 else math.inf
    as_text = str(number) if abs(number) < 10**100 else "9" * 101
    return rng.choice((number + 1, number - 1, -number, number * 2, number + 2**53, number * 10**40, as_float, as_text))


def _change(value: Any, rng: random.Random, document: Any) -> Any:
    """A new value for one place of the document."""
    roll = rng.random()
    if roll < 0.35:
        return rng.choice(HOSTILE_VALUES)()
    if isinstance(value, bool):
        return not value if roll < 0.7 else int(value)
    if isinstance(value, int):
        return _numbers(value, rng)
    if isinstance(value, str):
        others = _strings(document)
        return rng.choice(others) if others and roll < 0.7 else mutate_text(value, rng)
    if isinstance(value, list):
        return _list_change(value, rng, document)
    if isinstance(value, dict) and value:
        changed = dict(value)
        key = rng.choice(list(changed))
        what = rng.random()
        if what < 0.4:
            del changed[key]
        elif what < 0.7:
            suffix = rng.choice(("", "_", "x"))
            changed[f"{key}{suffix}"] = changed.pop(key)
        else:
            changed[rng.choice(("extra", key.upper(), "", "format", 7))] = rng.choice(HOSTILE_VALUES)()
        return changed
    return rng.choice(HOSTILE_VALUES)()


def _list_change(value: list[Any], rng: random.Random, document: Any) -> list[Any]:
    changed = list(value)
    what = rng.randrange(7)
    if what == 0 and changed:
        del changed[rng.randrange(len(changed))]
    elif what == 1 and changed:
        changed.insert(rng.randrange(len(changed) + 1), rng.choice(changed))
    elif what == 2 and len(changed) > 1:
        first, second = rng.sample(range(len(changed)), 2)
        changed[first], changed[second] = changed[second], changed[first]
    elif what == 3:
        changed = changed[: rng.randrange(len(changed) + 1)]
    elif what == 4:
        changed.reverse()
    elif what == 5 and changed:
        # Move an entry to another list of the document: a card from one hand to another, say.
        entry = changed.pop(rng.randrange(len(changed)))
        targets = [each for each in _lists(document) if each is not value]
        if targets:
            rng.choice(targets).append(entry)
    else:
        changed.insert(rng.randrange(len(changed) + 1), rng.choice(HOSTILE_VALUES)())
    return changed


def _nest(value: Any, rng: random.Random) -> Any:
    for _ in range(rng.choice((2, 31, 33, 120, 400))):
        value = [value] if rng.random() < 0.5 else {"x": value}
    return value


def mutate(data: Any, rng: random.Random, *, changes: int | None = None) -> Any:
    """Return a mutated copy of the JSON value ``data``; ``data`` itself is never changed.

    Args:
        data: A JSON value: a state's, record's, action's or options' dict.
        rng: Where every choice comes from.
        changes: How many changes to make (default: 1 to 3, drawn).

    Returns:
        The mutant, which may hold values no JSON text can (tuples, sets,
        objects, huge integers), as a careless or hostile caller might pass.
    """
    mutant = _copy(data)
    for _ in range(changes if changes is not None else rng.choice((1, 1, 1, 2, 3))):
        places = _places(mutant)
        node, key = rng.choice(places[1:] or places)
        current = mutant if node is None else node[key]
        roll = rng.random()
        if roll < 0.12 and isinstance(mutant, dict) and mutant:
            # Swap the values of two places: moves cards, seats and counts between fields.
            other_node, other_key = rng.choice(places[1:])
            if node is not None and node is not other_node:
                node[key], other_node[other_key] = other_node[other_key], node[key]
                continue
        new = _nest(current, rng) if roll < 0.2 else _change(current, rng, mutant)
        if node is None:
            mutant = new
        else:
            node[key] = new
    return mutant


def mutate_text(text: str, rng: random.Random) -> str:
    """Return a mutated copy of a piece of notation or a typed line.

    Examples:
        >>> import random
        >>> len({mutate_text("pass", random.Random(seed)) for seed in range(20)}) > 10
        True
    """
    what = rng.randrange(12)
    words = text.split()
    if what == 0:
        spot = rng.randrange(len(text) + 1)
        return text[:spot] + rng.choice(_NOISE) + text[spot:]
    if what == 1:
        return text.upper() if rng.random() < 0.5 else text.swapcase()
    if what == 2 and text:
        spot = rng.randrange(len(text))
        return text[:spot] + text[spot + 1 :]
    if what == 3 and len(words) < 100:
        return " ".join(words + words[:1] * rng.choice((1, 2, 10)))
    if what == 4 and len(text) < 100:
        return (text + " ") * rng.choice((2, 50, 100_000))
    if what == 5:
        return f"{rng.choice(_WORDS)} {rng.choice(('1', '99', '9' * 40, '9' * 4301, '-1', '²', '１', '0x10', '1e3'))}"
    if what == 6:
        return rng.choice(_NOISE) + text + rng.choice(_NOISE)
    if what == 7:
        return text[: rng.randrange(len(text) + 1)]
    if what == 8 and words:
        rng.shuffle(words)
        return " ".join(words)
    if what == 9:
        return rng.choice(_WORDS)
    if what == 10:
        return "".join(rng.choice("0123456789cdhsjqka ") for _ in range(rng.randrange(1, 12)))
    return text.replace(" ", rng.choice(("  ", "\t", ",", "")))


def _confusions(value: Any, others: list[str]) -> list[Any]:
    """The values one change away from ``value``: its type confused, its size bumped, another of the document's."""
    if isinstance(value, bool):
        return [not value, int(value), None, "true"]
    if isinstance(value, int):
        return [value + 1, value - 1, -1, 0, float(value), value % 2 == 1, str(value), [value], None, 2**64, 10**30]
    if isinstance(value, str):
        return ["", value.upper(), f" {value} ", f"\x00{value}", value * 2, None, 1, *others[:8]]
    if value is None:
        return [0, False, "", [], {}]
    if isinstance(value, list):
        changes: list[Any] = [[], None, [value], [*value, None], list(reversed(value))]
        if value:
            changes += [value[1:], value[:-1], [value[0], *value], [*value, value[-1]]]
        return changes
    return [{}, None, []]


def single_changes(data: Any, *, limit: int = 2_000) -> list[Any]:
    """Every mutant of ``data`` that is one change away, in a fixed order (at most ``limit``).

    For each place in the document: the value retyped (an int as a float, a
    bool or a string; a bool as an int; None for anything), bumped (±1, 0,
    -1, huge), replaced by another string of the document (which moves a card
    to another place and so duplicates it), a list cut, reversed, wrapped or
    with an entry added or repeated, a key dropped or an unknown one added, a
    list entry moved to the end of another list. The top-level fields come
    first; deeper places are spread evenly to fit ``limit``.

    Examples:
        >>> mutants = single_changes({"pits": [4, 4], "current_player": 0})
        >>> {"pits": [4, 4], "current_player": 0.0} in mutants, {"pits": [4, 4]} in mutants
        (True, True)
    """
    places = _places(data)[1:]
    top = [place for place in places if place[0] is data]
    deep = [place for place in places if place[0] is not data]
    others = sorted(set(_strings(data)))
    mutants: list[Any] = []
    if isinstance(data, dict):
        mutants += [{k: v for k, v in data.items() if k != key} for key in data]
        mutants.append({**data, "extra": 1})
    budget = max(0, limit - len(mutants))
    per_place = 12
    if len(top) * per_place < budget and deep:
        step = max(1, len(deep) * per_place // max(1, budget - len(top) * per_place))
        chosen = top + deep[::step]
    else:
        chosen = top
    lists = _lists(data)
    for siblings in (each for each in lists if len(each) > 1 and all(isinstance(item, list) for item in each)):
        # Lists of lists, such as hands: an entry moved from each to the next (a card to another hand).
        path = _path_of_list(data, siblings)
        for index in range(len(siblings)):
            if siblings[index]:
                mutants.append(_moved(data, (*path, index), (*path, (index + 1) % len(siblings))))
    for node, key in chosen:
        path = _path_to(data, node, key)
        value = node[key]
        for change in _confusions(value, [other for other in others if other != value]):
            mutants.append(_replaced(data, path, change))
        if isinstance(value, list) and value:
            for target in lists[:6]:
                if target is not value:
                    mutants.append(_moved(data, path, _path_of_list(data, target)))
        if len(mutants) >= limit:
            break
    return mutants[:limit]


def _path_to(data: Any, node: Any, key: Any) -> tuple[Any, ...]:
    """The keys from ``data`` down to ``node[key]`` (found by identity, without recursion)."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        current, path = stack.pop()
        if current is node:
            return (*path, key)
        items = (
            enumerate(current) if isinstance(current, list) else current.items() if isinstance(current, dict) else ()
        )
        stack.extend((child, (*path, k)) for k, child in items if isinstance(child, (list, dict)))
    raise LookupError("the place is not in the document")


def _path_of_list(data: Any, target: list[Any]) -> tuple[Any, ...]:
    if target is data:
        return ()
    for node, key in _places(data)[1:]:
        if node[key] is target:
            return _path_to(data, node, key)
    raise LookupError("the list is not in the document")


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        document = document[key]
    return document


def _replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = _copy(data)
    _at(copy, path[:-1])[path[-1]] = value
    return copy


def _moved(data: Any, source: tuple[Any, ...], target: tuple[Any, ...]) -> Any:
    """A copy with the first entry of the list at ``source`` moved to the end of the list at ``target``."""
    copy = _copy(data)
    source_list, target_list = _at(copy, source), _at(copy, target)
    entry = source_list.pop(0)
    if entry is not target_list:
        target_list.append(entry)
    return copy


def text_changes(text: str) -> list[str]:
    r"""Every piece of notation one change away from ``text``, in a fixed order.

    Examples:
        >>> "a" in text_changes("a"), "A" in text_changes("a")
        (True, True)
    """
    words = text.split()
    changes = [text.upper(), text.swapcase(), f" {text} ", f"\t{text}", text + text, text[:-1], text[1:], ""]
    changes += [noise + text for noise in _NOISE] + [text + noise for noise in _NOISE[:4]]
    changes += [" ".join(words + words[:1]), " ".join(reversed(words)), text.replace(" ", ""), text * 70]
    changes += [f"{word} {number}" for word in _WORDS[5:10] for number in ("99", "9" * 40, "-1", "²", "１")]
    return [change for change in dict.fromkeys(changes) if change != text]

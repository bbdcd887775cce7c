"""`tablegames.core.build`: a state built from its fields, or changed in a few, equals the one attrs makes."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import tablegames
from tablegames.core.build import builder, changer
from tablegames.core.lazy import made_on_first_call
from tablegames.core.protocol import Outcome
from tablegames.kalaha import KalahaState
from tablegames.kalo import KaloState, KaloView
from tablegames.kalo.cards import Card
from tablegames.kalo.model import Effect, Slot, TrickPlay
from tablegames.loo import LooState, LooView


@pytest.mark.parametrize(("name", "cls"), [("kalaha", KalahaState), ("kalo", KaloState), ("loo", LooState)])
def test_a_built_state_equals_the_constructed_one(name: str, cls: type[Any]) -> None:
    """Along a random game, each state rebuilt by `builder` equals the made one: fields, hash, type, frozen.

    ``is_over``, kept with each state and given to the builder by the transitions, is what the class works out.
    """
    build = builder(cls)
    names = [field.name for field in attrs.fields(cls) if field.init]
    rng = random.Random(4)
    state = tablegames.load(name).start(seed=4)
    for _ in range(200):
        values = [getattr(state, field) for field in names]
        built, made = build(*values, state.is_over), cls(*values)
        assert built == made == state
        assert hash(built) == hash(made)
        assert attrs.asdict(built, recurse=False) == attrs.asdict(made, recurse=False)
        assert state.is_over is made.is_over is (state.current_player is None)
        assert type(built) is cls
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            built.current_player = 0
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            del built.current_player
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "cls"), [("kalo", KaloView), ("loo", LooView)])
def test_a_built_view_equals_the_constructed_one(name: str, cls: type[Any]) -> None:
    """Kalo's and Loo's views, which a search builds for most decisions of every playout, equal the class's."""
    names = [field.name for field in attrs.fields(cls) if field.init]
    rng = random.Random(5)
    state = tablegames.load(name, players=3).start(seed=5)
    for _ in range(80):
        view = state.view(state.current_player)
        assert type(view) is cls
        rebuilt = cls(**{field: getattr(view, field) for field in names})
        assert rebuilt == view
        assert hash(rebuilt) == hash(view)
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))


def test_classes_it_cannot_build_are_refused() -> None:
    """A class with converters, or without slots, is refused: the builder would skip what its ``__init__`` does."""
    with pytest.raises(TypeError, match="converter"):
        builder(Outcome)

    @attrs.frozen
    class Listed:
        items: list[int] = attrs.Factory(list)

    with pytest.raises(TypeError, match="factory that is not worked out from the other fields"):
        builder(Listed)

    @attrs.frozen(slots=False)
    class Loose:
        x: int

    with pytest.raises(TypeError, match="slotted"):
        builder(Loose)

    with pytest.raises(TypeError, match="not its fields: _attrs_cached_hash"):
        builder(Slot)  # its hash is cached in a slot of its own

    @attrs.frozen
    class Interned:  # one object for each value, as the cards are made
        x: int

        def __new__(cls, x: int) -> Interned:
            return super().__new__(cls)

    with pytest.raises(TypeError, match="__new__ of its own"):
        builder(Interned)  # building calls the class with no arguments


def test_the_kalo_shortcuts_parts_built_equal_the_constructed_ones() -> None:
    """The effects and trick plays Kalo's shortcuts build equal those of the classes' ``__init__``."""
    card = Card.parse("7h")
    cases: list[tuple[type[Any], tuple[Any, ...]]] = [
        (Effect, (3, 1, 2, "seat", card, frozenset({1}), None)),
        (TrickPlay, (2, (card,))),
    ]
    for cls, values in cases:
        built, made = builder(cls)(*values), cls(*values)
        assert type(built) is cls
        assert built == made
        assert hash(built) == hash(made)
        assert repr(built) == repr(made)


@pytest.mark.parametrize(("name", "cls"), [("kalaha", KalahaState), ("kalo", KaloState), ("loo", LooState)])
def test_a_changed_state_equals_the_evolved_one(name: str, cls: type[Any]) -> None:
    """Along a random game, a state changed in some fields to the next state's equals `attrs.evolve`'s, field by field.

    Each decision changes a different choice of fields; ``is_over``, worked
    out from ``current_player``, is named with it and otherwise copied.
    """
    names = [field.name for field in attrs.fields(cls) if field.init]
    rng = random.Random(6)
    state: Any = tablegames.load(name).start(seed=6)
    while not state.is_over:
        following = state.apply(rng.choice(state.legal_actions()))
        changed = rng.sample(names, rng.randint(1, len(names)))
        values = [getattr(following, field) for field in changed]
        if "current_player" in changed:
            changed, values = [*changed, "is_over"], [*values, following.is_over]
        made = changer(cls, *changed)(state, *values)
        evolved = attrs.evolve(state, **{field: getattr(following, field) for field in changed if field != "is_over"})
        assert type(made) is cls
        assert attrs.asdict(made, recurse=False) == attrs.asdict(evolved, recurse=False)
        assert made == evolved
        assert hash(made) == hash(evolved)
        assert made.is_over is evolved.is_over
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            made.current_player = 0
        state = following


def test_a_changer_refuses_what_is_not_a_field_given() -> None:
    """Fields not in ``__init__`` and not worked out from the others, unknown names and repeats are refused."""
    for changed in [("_legal",), ("score",), ("board", "board")]:
        with pytest.raises(TypeError, match="cannot be changed in"):
            changer(KalahaState, *changed)
    with pytest.raises(TypeError, match="converter"):
        changer(Outcome, "scores")


def test_a_changer_made_on_first_call_takes_its_place() -> None:
    """A changer made by `made_on_first_call`, as the games make theirs, is compiled on the first call and bound."""
    state: Any = tablegames.load("kalaha").start(seed=1)
    namespace: dict[str, Any] = {}
    namespace["moved"] = stand_in = made_on_first_call(lambda: changer(KalahaState, "board"), "moved", namespace)
    board = (0,) * len(state.board)
    assert namespace["moved"](state, board) == attrs.evolve(state, board=board)
    assert namespace["moved"] is not stand_in
    assert namespace["moved"].__name__ == "change"
    assert namespace["moved"](state, state.board) == state


def test_fields_named_like_the_generated_code_s_own_names_are_set() -> None:
    """A field may be called ``obj``, ``cls``, ``old`` or ``settable``: the generated functions' own names are not."""

    @attrs.frozen
    class Words:
        obj: int
        cls: int
        old: int
        settable: int

    assert builder(Words)(1, 2, 3, 4) == Words(1, 2, 3, 4)
    assert changer(Words, "old", "obj")(Words(1, 2, 3, 4), 9, 8) == Words(8, 2, 9, 4)

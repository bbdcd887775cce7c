"""The shortcuts of `tablegames.kalo.direct` against the rules of `tablegames.kalo.table`: the same next state.

``state.apply`` takes a shortcut where one applies; ``state.step`` (which
collects events) always plays the rules on a table. So the two must give
equal states for every legal decision of every state.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
from hypothesis import given

from tablegames.kalo import Kalo, KaloState
from tablegames.kalo.direct import SHORTCUTS
from tablegames.kalo.table import Table
from tablegames.testing.strategies import seeds
from tests.kalo.strategies import games


def _check_every_decision(state: KaloState, taken: Counter[str]) -> None:
    """Every legal decision of ``state``: the shortcut (if any, and if it applies) and ``apply`` match the rules."""
    for action in state.legal_actions():
        ruled = state.step(action).state
        shortcut = SHORTCUTS.get(type(action))
        quick = None if shortcut is None else shortcut(state, action)
        name = type(action).__name__
        if quick is not None:
            taken[name] += 1
            assert quick == ruled, f"{name} {action}: the shortcut's state differs from the rules'"
            assert quick.is_over is ruled.is_over, f"{name} {action}: is_over, which equality leaves out"
            assert hash(quick) == hash(ruled)
            assert [type(hand) for hand in quick.hands] == [tuple] * len(quick.hands)
        elif shortcut is not None:
            taken[f"{name} (declined)"] += 1
        assert state.apply(action) == ruled


@given(games(), seeds())
def test_shortcuts_give_the_rules_state_for_every_decision(game: Kalo, seed: int) -> None:
    """Along a random round, every legal decision gives the same state through its shortcut as through the rules."""
    rng = random.Random(seed)
    state = game.start(seed=seed)
    taken: Counter[str] = Counter()
    while not state.is_over and state.round_number == 1:
        _check_every_decision(state, taken)
        legal = state.legal_actions()
        state = state.apply(legal[int(rng.random() * len(legal))])


def test_every_shortcut_is_taken_and_declined() -> None:
    """Over a few seeded rounds each shortcut both builds states and hands the harder cases back to the rules."""
    taken: Counter[str] = Counter()
    for seed in range(12):
        game = Kalo(players=3 + seed % 4, kalo_in_combinations=seed % 2 == 1)
        rng = random.Random(seed)
        state = game.start(seed=seed)
        while not state.is_over and state.round_number == 1:
            _check_every_decision(state, taken)
            legal = state.legal_actions()
            state = state.apply(legal[int(rng.random() * len(legal))])
    for action in SHORTCUTS:
        assert taken[action.__name__], f"no {action.__name__} shortcut taken"
    for declining in ("Pass", "Play", "Arrange", "ChooseSlot", "Insert"):
        assert taken[f"{declining} (declined)"], f"the {declining} shortcut never handed back to the rules"


def test_a_table_has_the_states_fields_in_order() -> None:
    """A table is built from a state's fields given in order (then ``events``): the two classes list them alike."""
    state_fields = [field.name for field in attrs.fields(KaloState) if field.init]
    assert [field.name for field in attrs.fields(Table)] == [*state_fields, "events"]

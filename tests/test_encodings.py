"""Each game's layout of action indices, observations and deals is pinned: version 1 reads the same in every release.

A change to any of these values changes what index ``i`` or observation entry
``j`` means, which breaks every agent trained on the old layout: such a change
must raise the game's ``encoding_version`` and be listed in the changelog.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames.kalo import KaloState
from tablegames.testing.strategies import seeds

if TYPE_CHECKING:
    from tablegames.core.protocol import Game, State

#: (game, options) -> (num_actions, observation_size, some actions by notation and their index).
GOLDEN: dict[tuple[str, str], tuple[int, int, dict[str, int]]] = {
    ("kalaha", "{}"): (6, 16, {"a": 0, "c": 2, "f": 5}),
    ("kalaha", "{'pits': 3}"): (3, 10, {"a": 0, "c": 2}),
    ("kalo", "{'players': 3}"): (411, 629, {"3c": 0, "3c 3d": 4, "Kh Ks": 15 * 10 + 9, "2h": 15 * 12 + 2}),
    ("kalo", "{'players': 4}"): (
        411,
        746,
        {"3c 3d 3h 3s": 14, "pass": 195, "ready": 196, "arrange 3": 200, "card 2h": 299, "seat 3": 304},
    ),
    ("kalo", "{'players': 6}"): (
        411,
        950,
        {"seat 5": 306, "slot 0": 307, "slot 51": 358, "insert 0": 359, "insert 51": 410},
    ),
    ("loo", "{'players': 3}"): (55, 362, {"2c": 0, "Jc": 9, "2d": 13, "As": 51, "play": 52, "drop": 53}),
    ("loo", "{'players': 8, 'miss': True}"): (55, 417, {"miss": 54, "Qh": 36}),
}
#: Digests of every action's notation in index order, and of seat 0's and a spectator's observation of a
#: fixed position (see `_position`).
DIGESTS: dict[str, tuple[str, str, str]] = {
    "kalaha": ("d9925416fa057343", "a748e42b58c7aef5", "a748e42b58c7aef5"),
    "kalo": ("4786bbc3f1ef68ad", "08fa8e94011fbd12", "83a49f4f1208c95d"),
    "loo": ("2269189535c600af", "97ebcc5e5b70a539", "2b1cbfd688a37d01"),
}
POSITIONS: dict[str, dict[str, Any]] = {"kalaha": {}, "kalo": {"players": 4}, "loo": {"players": 5, "miss": True}}


def _digest(values: object) -> str:
    return hashlib.sha256(repr(values).encode()).hexdigest()[:16]


def _position(game: Game[State], decisions: int = 7) -> State:
    """The state after ``decisions`` decisions from seed 3, decision ``i`` being legal action ``i`` (cycling)."""
    state = game.start(seed=3)
    for step in range(decisions):
        legal = state.legal_actions()
        state = state.apply(legal[step % len(legal)])
    return state


@pytest.mark.parametrize(("name", "options"), list(GOLDEN), ids=str)
def test_golden_action_indices_and_sizes(name: str, options: str) -> None:
    """Action counts, observation sizes and the indices of named actions are those of layout version 1."""
    game = tablegames.load(name, **eval(options))
    count, size, indices = GOLDEN[name, options]
    assert (game.encoding_version, game.num_actions, game.observation_size) == (1, count, size)
    state = game.start(seed=0)
    for notation, index in indices.items():
        action = state.parse_action(notation)
        assert game.action_index(action) == index
        assert game.action_from_index(index) == action


@pytest.mark.parametrize("name", list(DIGESTS))
def test_the_whole_layout_is_pinned(name: str) -> None:
    """Every action in index order, and the observations of a fixed position, digest to version 1's values."""
    game = tablegames.load(name, **POSITIONS[name])
    actions, mine, spectator = DIGESTS[name]
    assert _digest([str(game.action_from_index(i)) for i in range(game.num_actions)]) == actions
    state = _position(game)
    assert (_digest(state.view(0).observation()), _digest(state.view(None).observation())) == (mine, spectator)


#: Digests of seat 0's and a spectator's observation of a 3-player Kalo game after 63 decisions made as in
#: `_position`: a trick in play, a discard pile, a 5's card on its way and a removed card, each its own column.
KALO_EFFECT = ("a56de5a90c6bf68b", "be018eb302062cd5")


def test_kalo_marks_the_trick_the_pile_a_card_on_its_way_and_the_removed_cards_as_version_1_does() -> None:
    """Each place a Kalo card can be in has the column of layout version 1 (kalo/encoding.py, section 1)."""
    game = tablegames.load("kalo", players=3)
    state = _position(game, 63)
    assert isinstance(state, KaloState)
    assert state.trick
    assert state.pile
    assert state.effect is not None
    assert state.effect.card is not None
    assert state.view(0).removed
    assert (_digest(state.view(0).observation()), _digest(state.view(None).observation())) == KALO_EFFECT


@given(st.sampled_from([("kalo", 3), ("kalo", 6), ("loo", 3), ("loo", 8)]), st.booleans(), seeds())
def test_a_fresh_round_dealt_again_is_the_same(game_players: tuple[str, int], miss: bool, seed: int) -> None:
    """redeal(state, the cards as dealt) gives back the state, and deal_of describes every card in play."""
    name, players = game_players
    game = tablegames.load(name, players=players, **({"miss": miss} if name == "loo" else {}))
    state = game.start(seed=seed)
    layout = game.deal_of(state)
    assert layout is not None
    assert layout.number == 1
    index = {card: position for position, card in enumerate(layout.cards)}
    data = state.to_dict()
    if name == "kalo":
        dealt = [slot["card"] for hand in data["hands"] for slot in hand]
    else:
        dealt = [card for hand in data["hands"] for card in hand] + data["miss"] + [data["turned"]]
    assert len(dealt) == layout.draws
    assert game.redeal(state, tuple(index[card] for card in dealt)) == state


@pytest.mark.parametrize("name", ["kalo", "loo"])
def test_only_a_fresh_round_can_be_dealt_again(name: str) -> None:
    """After the round's first decision, redeal refuses, and it refuses cards that do not fit the deal."""
    game = tablegames.load(name)
    state = game.start(seed=1)
    layout = game.deal_of(state)
    assert layout is not None
    with pytest.raises(tablegames.InvalidStateError, match="draws"):
        game.redeal(state, tuple(range(layout.draws - 1)))
    later = state.apply(state.legal_actions()[-1])
    with pytest.raises(tablegames.InvalidStateError, match="before its first decision"):
        game.redeal(later, tuple(range(layout.draws)))

"""OpenSpiel information states: tensors with perfect recall, and chance nodes that show no hand before a deal."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest

from tests.extras import need_module

if TYPE_CHECKING:
    from types import ModuleType

#: Games and options whose tensors recall every decision of the deal in play; the histories stay in the first deal.
RECALLED: list[tuple[str, dict[str, Any]]] = [
    ("kalaha", {"pits": 3, "seeds": 2}),
    ("loo", {"players": 3, "rounds": 1}),
    ("loo", {"players": 4, "rounds": 1, "miss": True}),
    ("loo", {"players": 5, "rounds": 1}),
    ("kalo", {"players": 3, "play_limit": 60}),
    ("kalo", {"players": 4, "play_limit": 60}),
]


@pytest.fixture
def pyspiel() -> ModuleType:
    """The pyspiel module, from the extra openspiel."""
    return need_module("pyspiel", "openspiel")


def _replay(game: Any, history: list[int]) -> Any | None:
    """The state after ``history``, or None if an action of it is not legal there."""
    state = game.new_initial_state()
    for action in history:
        legal = [outcome for outcome, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        if action not in legal:
            return None
        state.apply_action(action)
    return state


def _swapped(history: list[int], dealt: list[int], rng: random.Random, *, card_plays: bool) -> list[int]:
    """``history`` with two dealt cards swapped: in the deal and, if ``card_plays`` (Loo's plays), in the play."""
    first, second = (history[index] for index in rng.sample(dealt, 2))
    swap = {first: second, second: first}
    return [
        swap.get(action, action) if index in dealt or (card_plays and action < 52) else action
        for index, action in enumerate(history)
    ]


def _random_history(game: Any, rng: random.Random, decisions: int) -> tuple[list[int], list[int]]:
    """A random history in the first deal, to a random number of decisions, and the indices of the deal's cards."""
    state = game.new_initial_state()
    history: list[int] = []
    dealt: list[int] = []
    stop = rng.randrange(1, decisions)
    while not state.is_terminal() and len(history) - len(dealt) < stop:
        if dealt and state.is_chance_node() and len(history) > dealt[-1] + 1:  # the decision that ended the deal
            history.pop()
            break
        if state.is_chance_node():
            dealt.append(len(history))
            action = rng.choice([outcome for outcome, _ in state.chance_outcomes()])
        else:
            action = rng.choice(state.legal_actions())
        history.append(action)
        state.apply_action(action)
    return history, dealt


class _Agreement:
    """Each seat's information state strings and tensors met so far: one tensor for each string, and back."""

    def __init__(self, players: int) -> None:
        self.strings: list[dict[str, tuple[float, ...]]] = [{} for _ in range(players)]
        self.tensors: list[dict[tuple[float, ...], str]] = [{} for _ in range(players)]

    def check(self, state: Any) -> None:
        """Add ``state``'s string and tensor of every seat, failing on a string with two tensors or the other way."""
        for seat, (strings, tensors) in enumerate(zip(self.strings, self.tensors, strict=True)):
            text, numbers = state.information_state_string(seat), tuple(state.information_state_tensor(seat))
            assert strings.setdefault(text, numbers) == numbers, f"seat {seat}: one string, two tensors"
            assert tensors.setdefault(numbers, text) == text, f"seat {seat}: one tensor, two strings"

    def assert_one_to_one(self) -> None:
        """As many strings as tensors met, for every seat."""
        for strings, tensors in zip(self.strings, self.tensors, strict=True):
            assert len(strings) == len(tensors)


@pytest.mark.parametrize(("name", "options"), RECALLED, ids=[f"{n}-{o.get('players', 2)}" for n, o in RECALLED])
def test_equal_tensors_if_and_only_if_equal_information_state_strings(
    pyspiel: ModuleType, name: str, options: dict[str, Any]
) -> None:
    """Over random histories and their twins with other seats' cards swapped, tensor and string agree, seat by seat."""
    from tablegames.adapters.openspiel import load_game

    game = load_game(name, **options)
    players = game.num_players()
    rng = random.Random(0)
    agreement = _Agreement(players)
    twins = 0
    for _ in range(80 if name == "kalo" else 150):
        history, dealt = _random_history(game, rng, 200 if name == "kalo" else 60)
        states = [_replay(game, history)]
        if len(dealt) > 2:
            states.append(_replay(game, _swapped(history, dealt, rng, card_plays=name == "loo")))
        for state in filter(None, states):
            if not state.is_terminal():
                agreement.check(state)
        twins += len(states) == 2 and None not in states
    assert twins > 20 or name == "kalaha"
    agreement.assert_one_to_one()


#: Games whose histories run into a later deal: the tensor's digest of earlier deals keeps them apart.
ACROSS: list[tuple[str, dict[str, Any]]] = [
    ("loo", {"players": 3, "rounds": 3}),
    ("kalo", {"players": 3, "play_limit": 60}),
]


def _into_the_second_deal(game: Any, rng: random.Random) -> tuple[list[int], list[int], int] | None:
    """A random history a few decisions into the second deal, the first deal's indices, and where the second starts.

    None if the game ends first.
    """
    state = game.new_initial_state()
    history: list[int] = []
    first: list[int] = []
    deals, second, dealing, left = 0, 0, False, rng.randrange(1, 8)
    while not state.is_terminal():
        chance = state.is_chance_node()
        if chance and not dealing:
            deals += 1
            second = len(history) if deals == 2 else second
        if chance and deals == 1:
            first.append(len(history))
        if not chance and deals == 2:
            if left == 0:
                return history, first, second
            left -= 1
        dealing = chance
        action = rng.choice([outcome for outcome, _ in state.chance_outcomes()] if chance else state.legal_actions())
        history.append(action)
        state.apply_action(action)
    return None


@pytest.mark.parametrize(("name", "options"), ACROSS, ids=[name for name, _ in ACROSS])
def test_across_deals_equal_tensors_if_and_only_if_equal_information_state_strings(
    pyspiel: ModuleType, name: str, options: dict[str, Any]
) -> None:
    """In a later deal, histories whose first deals differ by one card agree on tensor and string, seat by seat.

    The twin of a history deals, in the first deal, a card nobody holds in it instead of one a seat holds (Loo,
    and plays it where that seat played it) or two cards the other way round (Kalo), so the seats holding them
    saw another past; what all seats see of the second deal is the same.
    """
    from tablegames.adapters.openspiel import load_game

    game = load_game(name, **options)
    players = game.num_players()
    rng = random.Random(1)
    agreement = _Agreement(players)
    apart = 0
    for _ in range(60):
        found = _into_the_second_deal(game, rng)
        if found is None:
            continue
        history, first, second = found
        unused = sorted(set(range(game.max_chance_outcomes())) - {history[index] for index in first})
        if unused:  # Loo: a card nobody was dealt instead of one somebody was
            old, new = history[rng.choice(first)], rng.choice(unused)
        else:  # Kalo deals every card: two cards of the first deal change places
            old, new = (history[index] for index in rng.sample(first, 2))
        swap = {old: new, new: old}
        twin = [
            swap.get(action, action) if index in first or (name == "loo" and index < second) else action
            for index, action in enumerate(history)
        ]
        states = [_replay(game, history), _replay(game, twin)]
        for state in filter(None, states):
            agreement.check(state)
        mine, theirs = states
        if mine is not None and theirs is not None:
            apart += sum(
                mine.information_state_string(seat) != theirs.information_state_string(seat) for seat in range(players)
            )
    assert apart > 20


def test_the_reported_pair_of_loo_histories_is_told_apart(pyspiel: ModuleType) -> None:
    """Two deals and plays that seat 2 can tell apart (who played which card) have different tensors for it."""
    from tablegames.adapters.openspiel import load_game

    game = load_game("loo", players=3, rounds=1)
    first = _replay(game, [36, 35, 14, 39, 5, 19, 26, 21, 44, 42, 8, 37, 22, 7, 2, 27, 52, 52, 52, 42, 37, 39])
    second = _replay(game, [36, 35, 14, 42, 5, 19, 26, 21, 44, 39, 8, 37, 22, 7, 2, 27, 52, 52, 52, 39, 37, 42])
    assert first is not None
    assert second is not None
    assert first.information_state_string(2) != second.information_state_string(2)
    assert first.information_state_tensor(2) != second.information_state_tensor(2)
    assert game.information_state_tensor_shape() == [2 * game.game.observation_size + 2 + 3 * game.game.max_decisions]


@pytest.mark.parametrize(("name", "options"), [("loo", {"players": 3, "rounds": 2}), ("kalo", {"players": 3})])
def test_chance_nodes_show_no_hand_before_a_deal(pyspiel: ModuleType, name: str, options: dict[str, Any]) -> None:
    """Before and during a deal, strings name no card of any hand, and the observation tensors are all zero."""
    from tablegames.adapters.openspiel import load_game

    game = load_game(name, **options)
    state = game.new_initial_state()
    hands = [set(map(str, hand)) for hand in _hands(state.tablegames_state)]
    assert state.is_chance_node()
    for seat in range(game.num_players()):
        for text in (state.observation_string(seat), state.information_state_string(seat), str(state)):
            assert not any(card in text for hand in hands for card in hand), text
        assert not any(state.observation_tensor(seat))
    state.apply_action(state.chance_outcomes()[0][0])
    assert (
        state.observation_string(0)
        == f'{{"dealing": true, "scores": {list(state.tablegames_state.scores)}, "seat": 0}}'
    )


def _hands(state: Any) -> list[list[str]]:
    hands = state.to_dict()["hands"]
    return [[slot["card"] if isinstance(slot, dict) else slot for slot in hand] for hand in hands]


@pytest.mark.parametrize("players", [3, 6])
def test_kalo_tensor_is_sized_by_the_play_limit(pyspiel: ModuleType, players: int) -> None:
    """Kalo's tensor holds the most decisions a round can take: its bound on a game is that times the rounds' bound."""
    from tablegames.adapters.openspiel import load_game, recalled_decisions, recalls_decisions

    for limit in (60, 500):
        game = load_game("kalo", players=players, play_limit=limit)
        rows = recalled_decisions(game.game)
        assert not recalls_decisions(game.game)
        rounds = players * (5 * players - 1) // 2 + 1
        assert game.game.max_decisions == rounds * rows
        assert game.information_state_tensor_shape() == [2 * game.game.observation_size + 2 + 3 * rows]


def test_a_loo_game_too_long_to_recall_whole_recalls_its_round_in_play(pyspiel: ModuleType) -> None:
    """A Loo game whose bound passes the recall limit keeps the round in play, as Kalo does: six rows a seat."""
    from tablegames.adapters.openspiel import RECALL_LIMIT, load_game, recalled_decisions, recalls_decisions

    game = load_game("loo", players=8, rounds=420)
    assert game.game.max_decisions > RECALL_LIMIT
    assert not recalls_decisions(game.game)
    assert recalled_decisions(game.game) == game.game.max_round_decisions == 48
    assert game.information_state_tensor_shape() == [2 * game.game.observation_size + 2 + 3 * 48]


def test_kalo_later_rounds_say_earlier_decisions_are_left_out(pyspiel: ModuleType) -> None:
    """In Kalo's second round the flag is 1 and the rows hold only that round's decisions."""
    from tablegames.adapters.openspiel import load_game

    game = load_game("kalo", players=3)
    size = game.game.observation_size
    state = game.new_initial_state()
    rng = random.Random(2)
    layout = game.game.deal_of(state.tablegames_state)
    assert layout is not None
    decisions = deals = 0
    while deals < 2 or state.is_chance_node():
        if state.is_chance_node():
            deals += len(state.chance_outcomes()) == len(layout.cards)
            state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
            continue
        if deals == 2:
            break
        decisions += 1
        state.apply_action(rng.choice(state.legal_actions()))
    before = state.information_state_tensor(0)
    state.apply_action(state.legal_actions()[0])
    tensor = state.information_state_tensor(0)
    assert decisions > 0
    assert before[2 * size] == tensor[2 * size] == 1.0
    rows = [tensor[2 * size + 2 + 3 * row : 2 * size + 5 + 3 * row] for row in range(2)]
    assert rows[0][0] > 0  # one decision of this round
    assert rows[1] == [0.0, 0.0, 0.0]

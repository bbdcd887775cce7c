"""The Kalaha bots: legal moves only, the same move for the same view and RNG, perfect play when searched to the end."""

from __future__ import annotations

import random
import sys
from functools import cache
from typing import TYPE_CHECKING

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames import ConfigError, IllegalActionError, InvalidStateError
from tablegames.kalaha import Kalaha, KalahaState, Sow
from tablegames.kalaha.bots import KalahaHeuristic, KalahaSearch
from tablegames.testing.strategies import states
from tests.kalaha.strategies import games, positions
from tests.kalaha.test_values import VALUES

if TYPE_CHECKING:
    from collections.abc import Iterator

#: Every bot Kalaha offers, with settings that keep the search quick.
BOTS = [("random", {}), ("heuristic", {}), ("search", {"depth": 4}), ("search", {"depth": 3, "randomize": False})]


@st.composite
def playing(draw: st.DrawFn) -> KalahaState:
    """A position that is not over: reachable from the start of a drawn game, or set up at will."""
    game = draw(games())
    state = draw(st.one_of(states(game), positions(game)))
    assert isinstance(state, KalahaState)
    return draw(playing()) if state.is_over else state


@pytest.fixture(autouse=True, scope="module")
def _deep_recursion() -> Iterator[None]:
    """The exact minimax below recurses once per move of a game."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    yield
    sys.setrecursionlimit(limit)


@cache
def exact(state: KalahaState) -> int:
    """Seat 0's final store minus seat 1's under perfect play (memoised minimax, as in test_values)."""
    if state.is_over:
        return state.stores[0] - state.stores[1]
    results = [exact(state.apply(action)) for action in state.legal_actions()]
    return max(results) if state.current_player == 0 else min(results)


def exact_for_mover(state: KalahaState, action: Sow) -> int:
    """The perfect-play margin, for the seat to move in ``state``, after it plays ``action``."""
    sign = 1 if state.current_player == 0 else -1
    return sign * exact(state.apply(action))


def test_bots_on_offer() -> None:
    """Kalaha offers random, heuristic and search, each made for the game that offers it."""
    game = Kalaha(pits=4, seeds=3, empty_capture=False)
    assert sorted(game.bots()) == ["heuristic", "random", "search"]
    heuristic, search = game.bot("heuristic"), game.bot("search", depth=2)
    assert isinstance(heuristic, KalahaHeuristic)
    assert isinstance(search, KalahaSearch)
    assert heuristic.game == game
    assert (search.game, search.depth, search.time_limit, search.randomize) == (game, 2, None, True)
    assert KalahaSearch().game == Kalaha()


@pytest.mark.parametrize(
    "settings",
    [{"depth": 0}, {"depth": 2.0}, {"time_limit": 0}, {"time_limit": "1"}, {"side_weight": -1}, {"randomize": 1}],
)
def test_bad_search_settings(settings: dict[str, object]) -> None:
    """A bad search setting is a ConfigError naming it."""
    with pytest.raises(ConfigError, match=next(iter(settings))):
        Kalaha().bot("search", **settings)


def test_unknown_setting() -> None:
    """A setting a bot does not have is a ConfigError."""
    with pytest.raises(ConfigError, match="colour"):
        Kalaha().bot("heuristic", colour="red")


@given(playing(), st.sampled_from([0, 1, None]))
def test_sample_state_is_the_state(state: KalahaState, seat: int | None) -> None:
    """Kalaha hides nothing, so the state sampled from any seat's view is the state itself."""
    assert state.game.sample_state(state.view(seat), random.Random(0)) == state


def test_sample_state_rejects_views_of_other_games() -> None:
    """A view of another board, or of another game, is not a view of this game's states."""
    with pytest.raises(InvalidStateError):
        Kalaha().sample_state(Kalaha(pits=4).start().view(0), random.Random(0))
    loo = tablegames.load("loo", players=3).start(seed=1)
    with pytest.raises(InvalidStateError):
        Kalaha().sample_state(loo.view(0), random.Random(0))


@pytest.mark.parametrize(("name", "settings"), BOTS)
@given(state=playing(), seed=st.integers(0, 2**32))
def test_bots_play_legal_moves(name: str, settings: dict[str, object], state: KalahaState, seed: int) -> None:
    """Every bot returns one of the legal actions, from any position."""
    bot = state.game.bot(name, **settings)
    seat = state.current_player
    assert seat is not None
    assert bot.choose(state.view(seat), random.Random(seed)) in state.legal_actions()


@pytest.mark.parametrize(("name", "settings"), BOTS)
@given(state=playing(), seed=st.integers(0, 2**32))
def test_same_view_and_rng_same_move(name: str, settings: dict[str, object], state: KalahaState, seed: int) -> None:
    """The same view and the same RNG state give the same action and leave the RNG in the same state."""
    bot = state.game.bot(name, **settings)
    seat = state.current_player
    assert seat is not None
    first, second = random.Random(seed), random.Random(seed)
    assert bot.choose(state.view(seat), first) == bot.choose(state.view(seat), second)
    assert first.getstate() == second.getstate()


@pytest.mark.parametrize("name", ["heuristic", "search"])
def test_bots_choose_only_for_the_seat_to_move(name: str) -> None:
    """A bot given a view of a seat that is not to move, or of a finished game, says there is nothing to choose."""
    game = Kalaha(pits=3, seeds=1)
    state = game.start()
    with pytest.raises(IllegalActionError):
        game.bot(name).choose(state.view(1), random.Random(0))
    over = game.position(rows=((0, 0, 0), (0, 0, 0)), stores=(3, 3), to_move=None)
    with pytest.raises(IllegalActionError):
        game.bot(name).choose(over.view(0), random.Random(0))


@pytest.mark.parametrize("empty_capture", [True, False])
@pytest.mark.parametrize(("pits", "seeds"), sorted(VALUES))
def test_search_solves_small_boards(pits: int, seeds: int, empty_capture: bool) -> None:
    """Searched to the end, each small board's start has the value in the table (rules/kalaha.md#small-boards)."""
    game = Kalaha(pits=pits, seeds=seeds, empty_capture=empty_capture)
    analysis = KalahaSearch(game=game, depth=200).analyse(game.start())
    assert analysis.solved
    assert analysis.value == VALUES[pits, seeds]
    assert analysis.depth < 200


@st.composite
def small_positions(draw: st.DrawFn) -> KalahaState:
    """A position, not over, reachable on a board small enough for an exact minimax of the whole game."""
    pits, seeds = draw(st.sampled_from([(3, 3), (3, 2), (2, 3)]))
    state = draw(states(Kalaha(pits=pits, seeds=seeds, empty_capture=draw(st.booleans()))))
    assert isinstance(state, KalahaState)
    return draw(small_positions()) if state.is_over else state


@given(small_positions(), st.integers(0, 2**32))
def test_full_depth_search_plays_perfectly(state: KalahaState, seed: int) -> None:
    """Searched to the end, the value is exact, the best moves are the optimal ones, and it plays one of them."""
    analysis = KalahaSearch(game=state.game, depth=100).analyse(state)
    sign = 1 if state.current_player == 0 else -1
    optimal = tuple(action for action in state.legal_actions() if exact_for_mover(state, action) == sign * exact(state))
    assert analysis.solved
    assert analysis.value == sign * exact(state)
    assert analysis.best == optimal
    seat = state.current_player
    assert seat is not None
    assert state.game.bot("search", depth=100).choose(state.view(seat), random.Random(seed)) in optimal


def test_search_draws_among_equal_moves() -> None:
    """With randomize the search draws among equal best moves; without, it plays the first and leaves the RNG alone."""
    game = Kalaha()
    view = game.start().view(0)
    randomized, fixed = KalahaSearch(game=game, depth=1), KalahaSearch(game=game, depth=1, randomize=False)
    best = randomized.analyse(game.start()).best
    assert [str(action) for action in best] == ["c", "d", "e", "f"]  # one seed into the store, each
    assert {randomized.choose(view, random.Random(seed)) for seed in range(40)} == set(best)
    rng = random.Random(1)
    before = rng.getstate()
    assert fixed.choose(view, rng) == best[0]
    assert rng.getstate() == before


def test_time_limit_still_answers() -> None:
    """With a time limit far too short, the search stops early but answers from the deepest search that finished."""
    game = Kalaha()
    analysis = KalahaSearch(game=game, depth=30, time_limit=1e-9).analyse(game.start())
    assert 1 <= analysis.depth < 30
    assert not analysis.solved
    assert analysis.best
    assert set(analysis.best) <= set(game.start().legal_actions())


def test_heuristic_moves_again_from_the_pit_nearest_the_store() -> None:
    """Of two extra moves, the heuristic sows the pit nearest its store first, keeping the other."""
    game = Kalaha()
    state = game.position(rows=((3, 3, 3, 3, 2, 1), (4, 4, 4, 4, 4, 4)), stores=(5, 4), to_move=0)
    assert game.bot("heuristic").choose(state.view(0), random.Random(0)) == Sow(5)


@given(playing(), st.integers(0, 2**32))
def test_heuristic_takes_an_extra_move(state: KalahaState, seed: int) -> None:
    """When a move gives an extra move, the heuristic plays one, unless it has a move that wins the game at once."""
    seat = state.current_player
    assert seat is not None
    after = {action: state.apply(action) for action in state.legal_actions()}
    extra = {action for action, child in after.items() if child.current_player == seat}
    wins = {action for action, child in after.items() if child.is_over and child.winners == {seat}}
    chosen = state.game.bot("heuristic").choose(state.view(seat), random.Random(seed))
    if wins:
        assert chosen in wins
    elif extra:
        assert chosen in extra


def test_heuristic_captures() -> None:
    """With no extra move on offer, the heuristic takes the biggest capture."""
    game = Kalaha(pits=3, seeds=2)
    state = game.position(rows=((1, 0, 0), (1, 3, 0)), stores=(3, 4), to_move=0)
    assert game.bot("heuristic").choose(state.view(0), random.Random(0)) == Sow(0)


def _distinct(result: tablegames.ArenaResult) -> int:
    """Games of a run told apart by their seating, final scores and length: a floor on the distinct games played."""
    return len({(game.seat_bots, game.scores, game.decisions) for game in result.results})


def test_heuristic_beats_random() -> None:
    """In the arena the heuristic wins more than random, beyond both 95% intervals."""
    result = tablegames.simulate(Kalaha(), ["heuristic", "random"], games=100, seed=1)
    heuristic, rand = result.bots
    assert heuristic.win_rate - heuristic.win_rate_error > rand.win_rate + rand.win_rate_error
    assert _distinct(result) > 50


def test_search_beats_heuristic() -> None:
    """In the arena the depth-5 search beats the heuristic beyond both 95% intervals, over games that differ."""
    settings = {"search": {"depth": 5}}
    result = tablegames.simulate(Kalaha(), ["search", "heuristic"], games=120, seed=1, settings=settings)
    search, heuristic = result.bots
    assert search.win_rate - search.win_rate_error > heuristic.win_rate + heuristic.win_rate_error
    assert _distinct(result) > 50

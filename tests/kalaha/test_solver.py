"""The exact solver against plain memoised minimax, against itself (a value is the best of its children's), and the bot.

Slow solves (whole boards from 4x4 up) are in benchmarks/kalaha_solve.py, not here.
"""

from __future__ import annotations

import random
import sys
from functools import cache
from typing import TYPE_CHECKING

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames import ConfigError
from tablegames.kalaha import Kalaha, KalahaState, Progress, Solution, Solver, Sow, solve
from tablegames.kalaha.bots import KalahaSearch
from tablegames.kalaha.solver import DEFAULT_TABLE_SIZE, auto_endgame, clear_endgame_cache
from tablegames.kalaha.solver.endgame import EndgameTable, table_bytes
from tests.kalaha import reference

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

Position = tuple[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int], int]
SMALL_BOARDS = [(pits, seeds) for pits in (1, 2, 3) for seeds in (1, 2, 3)]
RULES = [True, False]


@pytest.fixture(autouse=True, scope="module")
def _deep_recursion() -> Iterator[None]:
    """The plain minimax recurses once a move."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    yield
    sys.setrecursionlimit(limit)


def minimax(game: Kalaha) -> Callable[[KalahaState], int]:
    """Plain memoised minimax over the library's states: the mover's final margin (seat 0's once over)."""

    @cache
    def seat0(state: KalahaState) -> int:
        if state.is_over:
            return state.stores[0] - state.stores[1]
        results = [seat0(state.apply(action)) for action in state.legal_actions()]
        return max(results) if state.current_player == 0 else min(results)

    def value(state: KalahaState) -> int:
        return -seat0(state) if state.current_player == 1 else seat0(state)

    return value


def plain_minimax(game: Kalaha) -> Callable[[KalahaState], int]:
    """Memoised minimax over the independent model in reference.py (rows, stores, mover): the mover's final margin."""

    @cache
    def mover_value(key: Position) -> int:
        rows, stores, mover = key
        best = None
        for pit in range(game.pits):
            if rows[mover][pit]:
                done = reference.move(rows, stores, mover, pit, game.empty_capture)
                if done.to_move is None:
                    value = done.stores[mover] - done.stores[1 - mover]
                elif done.to_move == mover:
                    value = mover_value((done.rows, done.stores, mover))
                else:
                    value = -mover_value((done.rows, done.stores, 1 - mover))
                best = value if best is None else max(best, value)
        assert best is not None
        return best

    def value(state: KalahaState) -> int:
        assert state.current_player is not None
        return mover_value((state.pits, state.stores, state.current_player))

    return value


def reachable(game: Kalaha) -> list[KalahaState]:
    """Every position reachable from the start, not over."""
    seen = {game.start()}
    todo = [game.start()]
    while todo:
        state = todo.pop()
        for action in state.legal_actions():
            child = state.apply(action)
            if not child.is_over and child not in seen:
                seen.add(child)
                todo.append(child)
    return sorted(seen, key=lambda state: (state.board, state.current_player))


def random_positions(game: Kalaha, count: int, most: int, seed: int) -> list[KalahaState]:
    """Positions from random games, taken once at most ``most`` seeds are left on the board (not over)."""
    rng = random.Random(seed)
    out: list[KalahaState] = []
    while len(out) < count:
        state = game.start()
        while not state.is_over:
            if sum(map(sum, state.pits)) <= most and rng.random() < 0.3:
                out.append(state)
                break
            state = state.apply(rng.choice(state.legal_actions()))
    return out


def child_value(state: KalahaState, action: Sow, value: Callable[[KalahaState], int]) -> int:
    """The value of playing ``action`` for the seat to move, from the value of the position after it."""
    mover = state.current_player
    child = state.apply(action)
    if child.is_over:
        margin = child.stores[0] - child.stores[1]
        return margin if mover == 0 else -margin
    return value(child) if child.current_player == mover else -value(child)


# Whole small boards: every position, every move.


@pytest.mark.parametrize("empty_capture", RULES)
@pytest.mark.parametrize(("pits", "seeds"), SMALL_BOARDS)
def test_every_position_of_small_boards_matches_minimax(pits: int, seeds: int, empty_capture: bool) -> None:
    """On every board up to 3x3, every reachable position has the value plain minimax gives."""
    game = Kalaha(pits=pits, seeds=seeds, empty_capture=empty_capture)
    expected = minimax(game)
    other = plain_minimax(game)
    with_table = Solver(game, endgame=min(6, 2 * pits * seeds))
    without = Solver(game, endgame=0, table_size=1009)  # a tiny table: entries replace each other all the time
    for state in reachable(game):
        value = expected(state)
        assert other(state) == value
        assert with_table.value(state) == value, state
        assert without.value(state) == value, state


@pytest.mark.parametrize("empty_capture", RULES)
@pytest.mark.parametrize(("pits", "seeds"), SMALL_BOARDS)
def test_start_solutions_of_small_boards(pits: int, seeds: int, empty_capture: bool) -> None:
    """The whole solution of each small board's start: every move's value, the best move, a line keeping the value."""
    game = Kalaha(pits=pits, seeds=seeds, empty_capture=empty_capture)
    expected = minimax(game)
    solution = solve(game.start(), table_size=50_021)
    assert solution.value == expected(game.start())
    assert dict(solution.moves) == {
        action: child_value(game.start(), action, expected) for action in game.start().legal_actions()
    }
    check_solution(game.start(), solution)


def check_solution(state: KalahaState, solution: Solution) -> None:
    """What every solution must hold, whatever the position."""
    mover = state.current_player
    assert solution.seat == mover
    total = 2 * state.game.pits * state.game.seeds
    assert sum(solution.scores) == total
    seat0 = solution.scores[0] - solution.scores[1]
    assert seat0 == (solution.value if mover != 1 else -solution.value)
    assert solution.winner == (0 if seat0 > 0 else 1 if seat0 < 0 else None)
    if solution.moves:
        assert list(solution.moves) == list(state.legal_actions())
        assert solution.value == max(solution.moves.values())
        assert solution.best == min(
            (move for move, value in solution.moves.items() if value == solution.value), key=lambda move: move.pit
        )
    # The principal variation is a legal game from here that ends with the promised stores.
    line = solution.principal_variation
    assert line[0] == solution.best
    for action in line:
        assert not state.is_over
        state = state.apply(action)
    assert state.is_over
    assert state.stores == solution.scores


# Random mid-game positions of larger boards.

LARGER = [(4, 3, 12), (4, 4, 11), (5, 3, 10), (5, 4, 10), (6, 3, 9), (6, 4, 9), (6, 6, 8)]


@pytest.mark.parametrize("empty_capture", RULES)
@pytest.mark.parametrize(("pits", "seeds", "most"), LARGER)
def test_random_positions_of_larger_boards_match_minimax(pits: int, seeds: int, most: int, empty_capture: bool) -> None:
    """150 positions from random games per board and rule (2,100 in all) have the value minimax gives."""
    game = Kalaha(pits=pits, seeds=seeds, empty_capture=empty_capture)
    expected = minimax(game)
    with_table = Solver(game, endgame=6, table_size=20_011)
    without = Solver(game, endgame=0, table_size=1009)
    for state in random_positions(game, 150, most, seed=pits * 100 + seeds):
        value = expected(state)
        assert with_table.value(state) == value, state
        assert without.value(state) == value, state


@st.composite
def positions(draw: st.DrawFn, most: int = 20) -> KalahaState:
    """A position of a drawn board of up to 6 pits, not over, with at most ``most`` seeds on the board."""
    game = Kalaha(pits=draw(st.integers(1, 6)), seeds=draw(st.integers(1, 6)), empty_capture=draw(st.booleans()))
    p, total = game.pits, 2 * game.pits * game.seeds
    on_board = draw(st.integers(2, min(total, most)))
    counts = [0] * (2 * p)
    counts[draw(st.integers(0, p - 1))] += 1
    counts[draw(st.integers(p, 2 * p - 1))] += 1
    for place in draw(st.lists(st.integers(0, 2 * p - 1), min_size=on_board - 2, max_size=on_board - 2)):
        counts[place] += 1
    store0 = draw(st.integers(0, total - on_board))
    return game.position(
        rows=(counts[:p], counts[p:]), stores=(store0, total - on_board - store0), to_move=draw(st.sampled_from((0, 1)))
    )


@given(positions())
def test_a_value_is_the_best_of_its_childrens_values(state: KalahaState) -> None:
    """Each move's value is the value of the position after it, and the position's value is the best of them."""
    solution = Solver(state.game, endgame=8, table_size=50_021).solve(state)
    fresh = Solver(state.game, endgame=0, table_size=50_021)
    children = {action: child_value(state, action, fresh.value) for action in state.legal_actions()}
    assert dict(solution.moves) == children
    assert solution.value == max(children.values())
    check_solution(state, solution)


@given(positions(most=16), st.booleans())
def test_quick_solutions_agree_with_full_ones(state: KalahaState, line: bool) -> None:
    """Without every move's value the value, the best move and the line are still right."""
    full = solve(state, endgame=6, table_size=50_021)
    quick = solve(state, moves=False, line=line, endgame=0, table_size=50_021)
    assert quick.value == full.value
    assert quick.moves == {}
    assert quick.best is not None
    assert full.moves[quick.best] == full.value
    if line:
        check_solution(state, quick)
    else:
        assert quick.principal_variation == ()


@given(positions(most=10))
def test_the_solver_agrees_with_the_search_bot_at_unlimited_depth(state: KalahaState) -> None:
    """The search bot with no depth limit to speak of reaches the same exact value, and the same best moves."""
    analysis = KalahaSearch(game=state.game, depth=1000, randomize=False).analyse(state)
    solution = solve(state, endgame=0, table_size=50_021)
    assert analysis.solved
    assert analysis.value == solution.value
    assert set(analysis.best) == {move for move, value in solution.moves.items() if value == solution.value}


# The internal board against the library.


@given(positions(most=72))
def test_internal_moves_match_the_library(state: KalahaState) -> None:
    """The solver's packed board plays every move as KalahaState.apply does."""
    solver = Solver(state.game, endgame=0, table_size=1009)
    engine = solver._start(None, 0.0)
    mover = state.current_player
    assert mover is not None
    rows = state.pits
    key = engine.key(rows[mover], rows[1 - mover])
    assert engine.rows(key) == (rows[mover], rows[1 - mover])
    for action in state.legal_actions():
        kind, child, home = engine.play(key, action.pit)
        after = state.apply(action)
        if after.is_over:
            assert kind == 2
            margin = after.stores[mover] - after.stores[1 - mover]
            assert child == margin - (state.stores[mover] - state.stores[1 - mover])
            continue
        assert after.stores[mover] - state.stores[mover] == home
        if after.current_player == mover:
            assert kind == 1
            assert engine.rows(child) == (after.pits[mover], after.pits[1 - mover])
        else:
            assert kind == 0
            assert engine.rows(child) == (after.pits[1 - mover], after.pits[mover])


# Endgame tables.


@pytest.mark.parametrize("empty_capture", RULES)
@pytest.mark.parametrize(("pits", "seeds"), [(1, 10), (2, 9), (3, 7), (4, 5)])
def test_endgame_tables_match_minimax(pits: int, seeds: int, empty_capture: bool) -> None:
    """Every position of a table has the value minimax gives (whatever the stores hold)."""
    table = EndgameTable.build(pits, seeds, empty_capture)
    assert len(table.values) == table_bytes(pits, seeds)
    game = Kalaha(pits=pits, seeds=seeds, empty_capture=empty_capture)
    value = plain_minimax(game)
    for mover in _rows(pits, seeds):
        for opponent in _rows(pits, seeds - sum(mover)):
            if any(mover) and any(opponent):
                left = 2 * pits * seeds - sum(mover) - sum(opponent)
                state = game.position(rows=(mover, opponent), stores=(0, left), to_move=0)
                assert table.value(mover, opponent) == value(state) + left


def _rows(pits: int, most: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for _ in range(pits):
        out = [(*row, count) for row in out for count in range(most - sum(row) + 1)]
    return out


def test_endgame_tables_are_saved_only_where_asked(tmp_path: Path) -> None:
    """A table goes to disk only into the directory given, and comes back equal."""
    directory = tmp_path / "tables"
    built = EndgameTable.cached(3, 6, True)
    assert not directory.exists()
    saved = EndgameTable.cached(3, 6, True, directory)
    path = directory / EndgameTable.file_name(3, 6, True)
    assert path.exists()
    assert saved.values == built.values
    loaded = EndgameTable.cached(3, 6, True, directory)
    assert loaded.values == built.values
    assert (loaded.pits, loaded.seeds, loaded.empty_capture) == (3, 6, True)
    game = Kalaha(pits=3, seeds=2)
    assert Solver(game, endgame=6, endgame_path=directory).value(game.start()) == 4
    path.write_bytes(path.read_bytes()[:-1])
    with pytest.raises(ConfigError, match="not a whole"):
        EndgameTable.load(path)


def test_a_solver_can_share_a_built_table() -> None:
    game = Kalaha(pits=4, seeds=2, empty_capture=False)
    table = EndgameTable.build(4, 8, False)
    assert Solver(game, endgame=table).endgame == 8
    with pytest.raises(ConfigError, match="empty_capture"):
        Solver(Kalaha(pits=4, seeds=2), endgame=table)
    assert Solver(game, endgame=table).value(game.start()) == Solver(game, endgame=0).value(game.start())


# The API around the search.


def test_progress_reports_and_stopping() -> None:
    """Progress comes with tightening bounds; raising from it stops the solve and leaves the solver usable."""
    game = Kalaha(pits=4, seeds=3)
    reports: list[Progress] = []
    clear_endgame_cache()  # else a table built by an earlier test is taken as it is, without a report
    solution = solve(game.start(), progress=reports.append, endgame=4)
    phases = [report.phase for report in reports]
    assert phases[0] == "endgame"
    assert {"value", "moves"} <= set(phases)
    values = [report for report in reports if report.phase == "value"]
    assert all(report.lower is not None and report.upper is not None for report in values)
    assert values[-1].lower == values[-1].upper == solution.value
    assert all(report.lower <= solution.value <= report.upper for report in values)  # type: ignore[operator]
    assert all(report.move in game.start().legal_actions() for report in reports if report.phase == "moves")

    class Stop(Exception):
        pass

    def stop(report: Progress) -> None:
        if report.phase == "value":
            raise Stop

    solver = Solver(game, endgame=0)
    with pytest.raises(Stop):
        solver.solve(game.start(), progress=stop)
    assert solver.solve(game.start()).value == solution.value


def test_a_finished_game() -> None:
    game = Kalaha(pits=2, seeds=1)
    over = game.position(rows=((0, 0), (0, 0)), stores=(1, 3), to_move=None)
    solution = solve(over)
    assert (solution.seat, solution.value, solution.scores, solution.winner) == (None, -2, (1, 3), 1)
    assert (solution.best, dict(solution.moves), solution.principal_variation) == (None, {}, ())


def test_seat_1_to_move_sees_its_own_margin() -> None:
    game = Kalaha(pits=3, seeds=2)
    state = game.start().apply(Sow(0))
    solution = solve(state)
    assert state.current_player == 1
    assert solution.scores[1] - solution.scores[0] == solution.value == minimax(game)(state)


def test_a_guess_changes_nothing_but_the_work() -> None:
    game = Kalaha(pits=4, seeds=2)
    values = {Solver(game).solve(game.start(), guess=guess).value for guess in (-16, -3, 0, 6, 7, 40)}
    assert values == {6}


def test_memory_is_bounded_and_checked() -> None:
    game = Kalaha(pits=6, seeds=3)
    solver = Solver(game, table_size=10_000, endgame=10)
    assert 9_900 <= solver.table_size <= 10_000  # two slots a bucket, a prime number of buckets
    assert solver.memory >= solver.table_size * 48 + table_bytes(6, 10)  # a key, its slot and four small numbers
    assert Solver(game).table_size <= DEFAULT_TABLE_SIZE
    assert Solver(game).endgame == auto_endgame(game) == 12
    assert Solver(Kalaha(pits=2, seeds=2), endgame=50).endgame == 8  # never more than the seeds in play
    with pytest.raises(ConfigError, match="table_size"):
        Solver(game, table_size=10)
    with pytest.raises(ConfigError, match="endgame"):
        Solver(game, endgame=500)
    with pytest.raises(ConfigError, match="more than 75% of this machine's"):
        Solver(Kalaha(pits=6, seeds=6), endgame=60)  # a table of C(72, 12) bytes: 15 TB
    with pytest.raises(ConfigError, match="solves"):
        Solver(game).solve(Kalaha(pits=6, seeds=4).start())


def test_a_solver_learns_and_can_forget() -> None:
    """A second solve of the same position is answered from the table; after clear() it is searched again."""
    game = Kalaha(pits=4, seeds=3)
    solver = Solver(game, table_size=100_003, endgame=0)
    first = solver.solve(game.start(), moves=False, line=False)
    again = solver.solve(game.start(), moves=False, line=False)
    assert again.value == first.value
    assert again.nodes < first.nodes / 10
    solver.clear()
    assert solver.solve(game.start(), moves=False, line=False).nodes == first.nodes
    assert solver.nodes == 2 * first.nodes + again.nodes

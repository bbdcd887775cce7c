"""Kalaha bots: `KalahaHeuristic`, a one-move look by fixed priorities, and `KalahaSearch`, an alpha-beta search.

Both are frozen attrs values holding their settings and the game they play:
``game.bot("search", depth=6)`` makes one for ``game`` (made directly, a bot
plays the standard board). A bot sees only the view it is given and rebuilds
the position with ``game.sample_state(view, rng)``; Kalaha hides nothing, so
that is the position itself. The same view and RNG state always give the
same move.

Kalaha always starts from the same position, so two bots that never use
their RNG would play the same game over and over. Both bots here draw among
moves they rank equal with the RNG (`KalahaSearch` unless ``randomize=False``),
so the games of an arena run differ.

Examples:
    >>> import random
    >>> from tablegames.kalaha import Kalaha
    >>> game = Kalaha()
    >>> view = game.start().view(0)
    >>> str(game.bot("heuristic").choose(view, random.Random(1)))  # pit c's last seed lands in the store
    'c'
    >>> bot = game.bot("search", depth=6)
    >>> analysis = bot.analyse(game.start())
    >>> analysis.depth, analysis.value, [str(action) for action in analysis.best]
    (6, 3.0, ['f'])
    >>> str(bot.choose(view, random.Random(1)))
    'f'
"""

from __future__ import annotations

import functools
import math
import time
from typing import TYPE_CHECKING, ClassVar

import attrs

from tablegames.core.bots import Bot, BotSpec, Setting, game_validator, register_bots
from tablegames.core.errors import ConfigError, IllegalActionError
from tablegames.kalaha.game import Kalaha
from tablegames.kalaha.options import KalahaOptions

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

    from tablegames.core.protocol import View
    from tablegames.kalaha.actions import Sow
    from tablegames.kalaha.state import KalahaState

__all__ = ["SEARCH_SETTINGS", "Analysis", "KalahaHeuristic", "KalahaSearch", "kalaha_bots"]


def _standard_game() -> Kalaha:
    """The default game of a bot made without one: the standard board."""
    return Kalaha()


#: Checks that a bot's game is a Kalaha game.
_check_game = game_validator(KalahaOptions, "Kalaha")


#: `KalahaSearch`'s settings, as ``game.bot("search", ...)`` checks them.
DEPTH = Setting("depth", "integer", 8, "the deepest search, in moves", minimum=1, maximum=1000)
TIME_LIMIT = Setting(
    "time_limit", "number", None, "seconds per move (null: search to depth)", minimum=0, maximum=3600, above=True,
    nullable=True,
)  # fmt: skip
SIDE_WEIGHT = Setting("side_weight", "number", 0.0, "weight of a seed on one's own side at the horizon", minimum=0)
RANDOMIZE = Setting("randomize", "bool", True, "draw among equally good moves")
SEARCH_SETTINGS = (DEPTH, TIME_LIMIT, SIDE_WEIGHT, RANDOMIZE)


def _position(game: KalahaOptions[KalahaState], view: View, rng: random.Random) -> KalahaState:
    """The position behind ``view``, as the game rebuilds it; a bot is asked only when it is to move."""
    state = game.sample_state(view, rng)
    if state.current_player is None or state.current_player != view.seat:
        raise IllegalActionError(f"there is nothing to choose: this view is seat {view.seat}'s and it is not its turn")
    return state


def _margin(state: KalahaState, seat: int) -> int:
    """``seat``'s store minus the other seat's."""
    stores = state.stores
    return stores[seat] - stores[1 - seat]


@attrs.frozen(kw_only=True)
class KalahaHeuristic(Bot):
    """Looks one move ahead and plays by fixed priorities; moves it ranks equal are drawn with the RNG.

    In order of preference:

    1. a move that ends the game won, the bigger win first;
    2. a move whose last seed lands in its own store (an extra move), the
       one from the pit nearest the store first, since sowing it first leaves
       the others' extra moves in place;
    3. any other move, ranked by the seeds it brings to its store (a capture,
       or a seed sown through it), then by the fewest seeds the opponent can
       bring to its store with one reply (its best capture or extra move);
    4. a move that ends the game drawn, and last a move that ends it lost.

    Attributes:
        game: The game it plays (``game.bot("heuristic")`` sets it).

    Examples:
        >>> import random
        >>> from tablegames.kalaha import Kalaha
        >>> game = Kalaha(pits=3, seeds=2)
        >>> state = game.position(rows=((1, 0, 0), (1, 3, 0)), stores=(3, 4), to_move=0)
        >>> str(game.bot("heuristic").choose(state.view(0), random.Random(0)))  # captures 3 + 1
        'a'
    """

    name: ClassVar[str] = "heuristic"

    game: KalahaOptions[KalahaState] = attrs.field(factory=_standard_game, validator=_check_game)

    def choose(self, view: View, rng: random.Random) -> Sow:
        """Return the move the priorities rank first, drawing among equals with ``rng``."""
        state = _position(self.game, view, rng)
        ranked = [(self.rank(state, action), action) for action in state.legal_actions()]
        top = max(rank for rank, _ in ranked)
        best = [action for rank, action in ranked if rank == top]
        return best[0] if len(best) == 1 else rng.choice(best)

    def rank(self, state: KalahaState, action: Sow) -> tuple[int, int, int]:
        """Return how much the priorities like ``action`` in ``state`` (not over): the higher, the better.

        Examples:
            >>> from tablegames.kalaha import Kalaha, Sow
            >>> start = Kalaha().start()
            >>> KalahaHeuristic().rank(start, Sow(2)), KalahaHeuristic().rank(start, Sow(5))
            ((3, 2, 0), (2, 1, -1))
        """
        mover = state.current_player
        assert mover is not None
        after = state.apply(action)
        if after.current_player is None:
            margin = _margin(after, mover)
            return (4 if margin > 0 else 1 if margin == 0 else 0), margin, 0
        if after.current_player == mover:
            return 3, action.pit, 0
        gain = after.stores[mover] - state.stores[mover]
        threat = max(after.apply(reply).stores[1 - mover] for reply in after.legal_actions()) - after.stores[1 - mover]
        return 2, gain, -threat


#: Bound types of transposition-table entries.
_EXACT, _LOWER, _UPPER = 0, 1, 2
#: The depth of an entry whose value no search horizon cut short: exact at any depth.
_SOLVED = 1 << 30


class _OutOfTime(Exception):
    """Raised inside the search when the time limit has passed."""


@attrs.frozen
class Analysis:
    """What `KalahaSearch.analyse` found.

    Attributes:
        value: The position's value for the seat to move: its final store
            minus the opponent's where the search reached the end of the game,
            and where it stopped short, its store minus the opponent's plus
            ``side_weight`` times the seeds on its side minus those on the
            opponent's.
        best: The moves of that value, in pit order.
        depth: The depth of the last search that finished, in moves (an extra
            move counts as a move).
        solved: True when every line was searched to the end of the game, so
            ``value`` is the exact final margin under perfect play.
        nodes: Positions searched, over all depths.
    """

    value: float
    best: tuple[Sow, ...]
    depth: int
    solved: bool
    nodes: int


@attrs.frozen(kw_only=True)
class KalahaSearch(Bot):
    """Alpha-beta search with a transposition table, iterative deepening and move ordering.

    The search is a fail-soft negamax over the library's states (through
    ``legal_actions`` and ``apply``) in which a move that gives an extra move
    keeps the sign, since the same seat moves again. Depth counts moves, an
    extra move included. It deepens one move at a time up to ``depth``, and
    stops early once every line has reached the end of the game, when the
    value is exact. Positions are remembered in a transposition table keyed on
    the state, with the depth, value, bound type and best move; a value that
    no horizon cut short is kept as good for any depth. Moves are tried in
    this order: the table's best move, extra moves (from the pit nearest the
    store), captures (the biggest first), the other pits from the one nearest
    the store. A position at the horizon is worth its store margin plus
    ``side_weight`` times its margin of seeds on each side; a finished game is
    worth its final margin exactly. The table lives for one `analyse` call, so
    a move depends on nothing but the position and the settings.

    With ``time_limit`` None (the default) the search depends only on the
    position and ``depth``. With a time limit it stops when time runs out and
    plays a best move of the deepest search that finished (depth 1 always
    finishes), so the move may depend on the machine.

    On the standard board depth 8 takes about 0.02 s a move (0.15 s at
    worst in our runs). The default ``side_weight`` is 0: in arena runs
    against the heuristic, weights of 0.1, 0.25 and 0.5 all did worse than
    the store margin alone, and 0.25 did no better against 0 head to head.

    Attributes:
        game: The game it plays (``game.bot("search")`` sets it).
        depth: The deepest search, in moves (1 to 1,000).
        time_limit: Seconds per move (above 0, at most 3,600), or None to search to ``depth`` whatever it takes.
        side_weight: The weight of a seed on one's own side at the horizon,
            against 1 for a seed in the store (at least 0).
        randomize: True: draw among the root moves of equal best value with
            the RNG, so that games from Kalaha's one start position differ.
            False: play the first of them in pit order, and never use the RNG.

    Examples:
        >>> from tablegames.kalaha import Kalaha
        >>> game = Kalaha(pits=3, seeds=3)
        >>> bot = game.bot("search", depth=50)
        >>> analysis = bot.analyse(game.start())
        >>> analysis.solved, analysis.value  # the rules page's table: +2 for seat 0
        (True, 2.0)
    """

    name: ClassVar[str] = "search"

    game: KalahaOptions[KalahaState] = attrs.field(factory=_standard_game, validator=_check_game)
    depth: int = attrs.field(default=8, validator=DEPTH.validator)
    time_limit: float | None = attrs.field(default=None, validator=TIME_LIMIT.validator)
    side_weight: float = attrs.field(default=0.0, validator=SIDE_WEIGHT.validator)
    randomize: bool = attrs.field(default=True, validator=RANDOMIZE.validator)

    def choose(self, view: View, rng: random.Random) -> Sow:
        """Return a best move found by the search; equal best moves are drawn with ``rng`` if ``randomize``."""
        state = _position(self.game, view, rng)
        best = self.analyse(state).best
        return rng.choice(best) if self.randomize and len(best) > 1 else best[0]

    def analyse(self, state: KalahaState) -> Analysis:
        """Search ``state`` and return its value and every move of that value.

        Raises:
            ConfigError: If the game is over.
        """
        mover = state.current_player
        if mover is None:
            raise ConfigError("the game is over: there is nothing to search")
        p = state.game.pits
        lap = 2 * p + 1
        routes = state.game.routes
        weight = self.side_weight
        table: dict[KalahaState, tuple[int, float, int, Sow | None]] = {}
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        nodes = 0
        checking = False

        def order(current: KalahaState, seat: int, first_choice: Sow | None) -> list[Sow]:
            """The legal moves, the likeliest best first."""
            board = current.board
            first = routes[seat][0]
            keyed = []
            for action in current.legal_actions():
                pit = action.pit
                seeds = board[first + pit]
                last = (pit + seeds) % lap
                if action is first_choice:
                    key = 10_000
                elif last == p:
                    key = 5_000 + pit
                elif last < p and seeds < lap and not board[first + last]:
                    key = 1_000 + board[2 * p - first - last]
                else:
                    key = pit
                keyed.append((key, action))
            keyed.sort(key=_first, reverse=True)
            return [action for _, action in keyed]

        def search(current: KalahaState, depth: int, alpha: float, beta: float) -> tuple[float, bool]:
            """Negamax, fail-soft: the value for the seat to move, and whether no horizon cut it short."""
            nonlocal nodes
            nodes += 1
            if checking and not nodes & 1023 and deadline is not None and time.perf_counter() > deadline:
                raise _OutOfTime
            seat = current.current_player
            assert seat is not None
            if depth == 0:
                board = current.board
                own, other = (board[p], board[lap]) if seat == 0 else (board[lap], board[p])
                side = sum(board[:p]) - sum(board[p + 1 : lap])
                return own - other + weight * (side if seat == 0 else -side), False
            entry = table.get(current)
            hint = None
            if entry is not None:
                known, value, bound, hint = entry
                if known >= depth and (
                    bound == _EXACT or (bound == _LOWER and value >= beta) or (bound == _UPPER and value <= alpha)
                ):
                    return value, known == _SOLVED
            best = -math.inf
            best_action = None
            solved = True
            start_alpha = alpha
            for action in order(current, seat, hint):
                child = current.apply(action)
                to_move = child.current_player
                if to_move is None:
                    value, exact = _margin(child, seat), True
                elif to_move == seat:
                    value, exact = search(child, depth - 1, alpha, beta)
                else:
                    value, exact = search(child, depth - 1, -beta, -alpha)
                    value = -value
                if value > best:
                    best, best_action = value, action
                    if value >= beta:
                        solved = exact
                        break
                    alpha = max(alpha, value)
                solved = solved and exact
            bound = _LOWER if best >= beta else _UPPER if best <= start_alpha else _EXACT
            table[current] = (_SOLVED if solved else depth, best, bound, best_action)
            return best, solved

        def root(depth: int) -> tuple[float, tuple[Sow, ...], bool]:
            """Search every root move to ``depth``: the best value, the moves of that value, and whether it is exact."""
            entry = table.get(state)
            values: dict[Sow, float] = {}
            best = -math.inf
            solved = True
            value: float
            for action in order(state, mover, None if entry is None else entry[3]):
                # Ties need exact values: each move is searched with alpha just below the best so far.
                alpha = math.nextafter(best, -math.inf)
                child = state.apply(action)
                to_move = child.current_player
                if to_move is None:
                    value, exact = _margin(child, mover), True
                elif to_move == mover:
                    value, exact = search(child, depth - 1, alpha, math.inf)
                else:
                    value, exact = search(child, depth - 1, -math.inf, -alpha)
                    value = -value
                values[action] = value
                best = max(best, value)
                solved = solved and exact
            tied = tuple(action for action in state.legal_actions() if values[action] >= best)
            table[state] = (_SOLVED if solved else depth, best, _EXACT, tied[0])
            return best, tied, solved

        value, best, solved = root(1)
        reached = 1
        checking = deadline is not None
        while not solved and reached < self.depth:
            try:
                value, best, solved = root(reached + 1)
            except _OutOfTime:
                break
            reached += 1
        return Analysis(value=float(value), best=best, depth=reached, solved=solved, nodes=nodes)


def _first(pair: tuple[int, Sow]) -> int:
    return pair[0]


def kalaha_bots(game: Kalaha) -> dict[str, Callable[..., Bot]]:
    """The bots ``game.bot(name)`` offers, each declared with its settings."""
    return {
        "heuristic": BotSpec(
            "heuristic",
            "extra moves first, then the biggest capture, then the safest move",
            functools.partial(KalahaHeuristic, game=game),
            game="kalaha",
        ),
        "search": BotSpec(
            "search",
            "alpha-beta search with a transposition table and iterative deepening",
            functools.partial(KalahaSearch, game=game),
            SEARCH_SETTINGS,
            game="kalaha",
        ),
    }


register_bots("kalaha", kalaha_bots)

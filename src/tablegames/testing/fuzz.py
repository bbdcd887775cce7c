"""Fuzzing the readers: feed mutants of real inputs to every entry point and judge each answer.

For every mutant the promise is the same: either a `TablegamesError` is
raised and nothing changed (the input and every state are as they were), or
the value accepted is sound — it round-trips, plays to the end without any
exception, and conserves what its game conserves. `Fuzzer` draws real inputs
from random games (states from every phase, records, action dicts, notation,
options, seeds), mutates them with `tablegames.testing.mutants`, and returns a
`Trial` per mutant:

- ``"rejected"``: a typed error, nothing changed;
- ``"accepted"``: a sound value;
- ``"error"``: any other exception (a bug);
- ``"broken"``: accepted, but unsound (a bug), or the input was changed.

Examples:
    >>> import tablegames
    >>> fuzzer = Fuzzer(tablegames.load("kalaha", pits=3, seeds=2), seed=1)
    >>> trials = [fuzzer.trial("from_dict") for _ in range(20)]
    >>> sorted({trial.verdict for trial in trials} - {"rejected", "accepted"})
    []
"""

from __future__ import annotations

import contextlib
import gc
import json
import random
import time
import traceback
from typing import TYPE_CHECKING, Any

import attrs

from tablegames.core.errors import IllegalActionError, TablegamesError
from tablegames.core.inputs import brief
from tablegames.core.match import Match
from tablegames.core.registry import load, state_from_dict
from tablegames.testing.mutants import HOSTILE_VALUES, _copy, mutate, mutate_text

if TYPE_CHECKING:
    from collections.abc import Callable

    from tablegames.core.protocol import Action, Game, State

__all__ = ["ENTRY_POINTS", "Fuzzer", "Trial", "Unsound", "check_sound", "laws"]

#: The readers of outside input that `Fuzzer.trial` feeds.
ENTRY_POINTS = (
    "from_dict",
    "state_from_dict",
    "action_from_dict",
    "from_record",
    "parse_action",
    "load",
    "start",
)


@attrs.frozen
class Trial:
    """How one entry point answered one mutant.

    Attributes:
        entry: The entry point (see `ENTRY_POINTS`).
        verdict: ``"rejected"``, ``"accepted"``, ``"error"`` or ``"broken"``.
        seconds: The processor time the entry point took to answer (the soundness check not counted).
        detail: For ``"error"`` and ``"broken"``: what went wrong, and the mutant.
    """

    entry: str
    verdict: str
    seconds: float
    detail: str = ""


_RANDOM: Any = object()  # no mutant given: draw one


class Unsound(AssertionError):
    """An accepted value broke a promise: it does not round-trip, play on, or conserve."""


def laws(state: State) -> None:
    """Check what every reachable state satisfies: the seat to act, and the laws its game states.

    Every game: the seat to act is an int seat or None, never a bool or a
    float. Then whatever `Game.broken_laws` of the state's game names (the
    built-in games: seeds, cards and chips conserved, hands as dealt while
    arranged, whose turn it is in a trick).

    Raises:
        Unsound: If a law is broken.
    """
    game = state.game
    seat = state.current_player
    if seat is not None and (type(seat) is not int or not 0 <= seat < game.players):
        raise Unsound(f"current_player is {brief(seat)}, not a seat")
    broken = game.broken_laws(state)
    if broken:
        raise Unsound("; ".join(broken))


def check_sound(
    state: State,
    rng: random.Random,
    *,
    checked_steps: int = 300,
    max_actions: int = 200_000,
    game_laws: Callable[[State], None] = laws,
) -> int:
    """Check that an accepted state is sound: it round-trips, plays to the end, and conserves.

    For the first ``checked_steps`` decisions of a random playout every state
    must read back from its dict unchanged (so every state play reaches from
    an accepted one is accepted too); all the way to the end, legal actions
    must exist exactly while the game goes on, every action must apply, and
    ``game_laws`` must hold (by default `laws`).

    Returns:
        The number of decisions played.

    Raises:
        Unsound: On the first broken promise.
    """
    game = state.game
    for step in range(max_actions):
        if step < checked_steps:
            again = game.from_dict(json.loads(json.dumps(state.to_dict())))
            if again != state:
                raise Unsound(f"after {step} decisions the state does not read back from its own dict")
        game_laws(state)
        legal = state.legal_actions()
        if state.is_over:
            if legal:
                raise Unsound(f"after {step} decisions the game is over but lists legal actions")
            return step
        if not legal:
            raise Unsound(f"after {step} decisions the game goes on with no legal action")
        state = state.apply(legal[int(rng.random() * len(legal))])
    raise Unsound(f"no end after {max_actions} decisions")


def _same(first: Any, second: Any) -> bool:
    """Equal, NaN equal to NaN, compared without recursion."""
    stack = [(first, second)]
    while stack:
        a, b = stack.pop()
        if type(a) is not type(b):
            return False
        if isinstance(a, (list, tuple)):
            if len(a) != len(b):
                return False
            stack.extend(zip(a, b, strict=True))
        elif isinstance(a, dict):
            if a.keys() != b.keys():
                return False
            stack.extend((a[key], b[key]) for key in a)
        elif isinstance(a, float) and a != a:
            if b == b:
                return False
        elif a is not b and a != b:
            return False
    return True


class Fuzzer:
    """Mutants of one game's real inputs, fed to the entry points one at a time.

    Args:
        game: The game whose readers are fuzzed.
        seed: Seeds every random choice, so a run is reproduced by it.
        checked_steps: How many decisions of an accepted state's playout are
            read back from their dicts (see `check_sound`).
        pool: How many real matches to draw inputs from at a time (one in 20
            trials replaces one with a new match).
        game_laws: What every reachable state must satisfy (see `laws`); it
            raises `Unsound` when a law is broken.
    """

    def __init__(
        self,
        game: Game[State],
        *,
        seed: int = 0,
        checked_steps: int = 300,
        pool: int = 40,
        game_laws: Callable[[State], None] = laws,
    ) -> None:
        self.game = game
        self.game_laws = game_laws
        self.rng = random.Random(seed)
        self.checked_steps = checked_steps
        self.size = pool
        self._pool: list[tuple[Match[State], State]] = []

    def _real(self) -> tuple[Match[State], State]:
        """A match from a random game, stopped at a random point, from a pool that is renewed as it is used."""
        if len(self._pool) < self.size or self.rng.random() < 0.05:
            match = Match(self.game, seed=self.rng.randrange(2**32))
            stop = self.rng.choice((0, 1, 3, 10, 40, 100, 300, 10**6))
            while not match.state.is_over and len(match.plies) < stop:
                legal = match.state.legal_actions()
                match.play(legal[self.rng.randrange(len(legal))])
            entry = (match, match.state)
            if len(self._pool) < self.size:
                self._pool.append(entry)
            else:
                self._pool[self.rng.randrange(self.size)] = entry
            return entry
        return self.rng.choice(self._pool)

    def trial(self, entry: str, *, mutant: Any = _RANDOM, match: Match[State] | None = None) -> Trial:
        """Feed one mutant to ``entry`` (one of `ENTRY_POINTS`) and judge the answer.

        Args:
            entry: The entry point.
            mutant: The input to feed (a state dict, record, action dict,
                notation, options dict or seed, as ``entry`` reads); by default
                a random mutant of a real input.
            match: The real match the input belongs to (its state is where
                actions are tried); by default one from the pool.
        """
        match, state = self._real() if match is None else (match, match.state)
        rng = random.Random(self.rng.getrandbits(64))
        feed = getattr(self, f"_{entry}")
        try:
            read, judge, mutant = feed(match, state, rng, mutant)
        except Exception:  # building the mutant failed: a bug of the kit, reported as such
            return Trial(entry, "error", 0.0, "the mutant could not be built: " + traceback.format_exc(limit=3))
        shown = f"mutant: {brief(mutant, 600)}"
        collecting = gc.isenabled()
        gc.disable()  # as timeit does: a collection's pause is the process's, not the reader's
        began = time.process_time()
        failure: Exception | None = None
        try:
            value = read()
        except Exception as error:  # judged below, the collector running again
            failure = error
        finally:
            seconds = time.process_time() - began
            if collecting:
                gc.enable()
        if isinstance(failure, TablegamesError):
            problem = judge(None)
            verdict = "broken" if problem else "rejected"
            return Trial(entry, verdict, seconds, f"{problem or ''}\n{shown}" if problem or seconds > 0.1 else "")
        if failure is not None:  # any other exception is what the kit looks for
            where = "".join(traceback.format_exception(failure, limit=-3))
            return Trial(entry, "error", seconds, f"{type(failure).__name__}: {failure!s:.300}\n{where}{shown}")
        try:
            problem = judge(value)
        except Exception as error:  # an accepted value that fails later is unsound
            where = traceback.format_exc(limit=-3)
            problem = f"{type(error).__name__}: {error!s:.300}\n{where}"
        verdict = "broken" if problem else "accepted"
        return Trial(entry, verdict, seconds, f"{problem or ''}\n{shown}" if problem or seconds > 0.1 else "")

    # -- the entry points: each returns (read, judge); judge(None) checks after a rejection --------

    def _sound(self, state: State, rng: random.Random) -> None:
        check_sound(state, rng, checked_steps=self.checked_steps, game_laws=self.game_laws)

    def _state_reader(self, state: State, rng: random.Random, read: Callable[[Any], State], given: Any) -> Any:
        mutant = mutate(state.to_dict(), rng) if given is _RANDOM else given
        copy = _copy(mutant)

        def judge(value: State | None) -> str | None:
            if not _same(mutant, copy):
                return "the reader changed its input"
            if value is not None and not _same(value.to_dict(), state.to_dict()):  # else it is the real, reached state
                if value.game != self.game and read is not state_from_dict:
                    return "a state of another game was accepted"
                self._sound(value, rng)
            return None

        return (lambda: read(mutant)), judge, mutant

    def _from_dict(self, match: Match[State], state: State, rng: random.Random, given: Any) -> Any:
        return self._state_reader(state, rng, self.game.from_dict, given)

    def _state_from_dict(self, match: Match[State], state: State, rng: random.Random, given: Any) -> Any:
        return self._state_reader(state, rng, state_from_dict, given)

    def _action_from_dict(self, match: Match[State], state: State, rng: random.Random, given: Any) -> Any:
        sources = state.legal_actions() or match.initial.legal_actions()
        mutant = mutate(rng.choice(sources).to_dict(), rng) if given is _RANDOM else given
        return (lambda: self.game.action_from_dict(mutant)), lambda action: self._judge_action(state, action), mutant

    def _parse_action(self, match: Match[State], state: State, rng: random.Random, given: Any) -> Any:
        sources = state.legal_actions() or match.initial.legal_actions()
        text = mutate_text(str(rng.choice(sources)), rng) if given is _RANDOM else given
        return (lambda: state.parse_action(text)), lambda action: self._judge_action(state, action), text

    def _judge_action(self, state: State, action: Action | None) -> str | None:
        if action is None:
            return None
        if self.game.action_from_dict(json.loads(json.dumps(action.to_dict()))) != action:
            return f"{action!r} does not read back from its dict"
        if state.parse_action(str(action)) != action:
            return f"{action!r} does not read back from its notation {str(action)!r}"
        before = state.to_dict()
        with contextlib.suppress(IllegalActionError):
            state.apply(action)
        if state.to_dict() != before:
            return "applying an action changed the state"
        return None

    def _from_record(self, match: Match[State], state: State, rng: random.Random, given: Any) -> Any:
        if given is _RANDOM:
            record = match.to_record()
            if rng.random() < 0.5 and record["actions"]:
                actions = list(record["actions"])
                spot = rng.randrange(len(actions))
                actions[spot] = mutate_text(actions[spot], rng)
                record = {**record, "actions": actions}
            given = mutate(record, rng, changes=rng.choice((0, 1, 1, 2)))
        mutant = given
        copy = _copy(mutant)

        def judge(value: Match[State] | None) -> str | None:
            if not _same(mutant, copy):
                return "the reader changed its input"
            if value is not None:
                again = Match.from_record(json.loads(json.dumps(value.to_record())))
                if again.state != value.state:
                    return "an accepted record does not replay from its own record"
                self._sound(value.state, rng)
            return None

        return (lambda: Match.from_record(mutant)), judge, mutant

    def _load(self, match: Match[State], state: State, rng: random.Random, given: Any) -> Any:
        options = mutate(self.game.options(), rng) if given is _RANDOM else given
        if not isinstance(options, dict) or not all(isinstance(key, str) for key in options):
            options = {"players": options}

        def judge(game: Game[State] | None) -> str | None:
            if game is not None:
                if load(game.name, **game.options()) != game:
                    return "an accepted game does not load again from its own options"
                self._sound(game.start(seed=rng.randrange(2**32)), rng)
            return None

        return (lambda: load(self.game.name, **options)), judge, options

    def _start(self, match: Match[State], state: State, rng: random.Random, given: Any) -> Any:
        if given is _RANDOM:
            given = rng.choice(HOSTILE_VALUES)() if rng.random() < 0.6 else rng.randrange(-(2**70), 2**70)
        seed = given

        def judge(start: State | None) -> str | None:
            if start is not None:
                if seed is not None and self.game.start(seed=seed) != start:
                    return "the same seed gave two different starts"
                self._sound(start, rng)
            return None

        return (lambda: self.game.start(seed=seed)), judge, seed

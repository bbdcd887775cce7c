r"""The summary of a finished round, read from the round's ``round_ended`` event alone.

A round's end and the next deal are one step, so no state shows a finished
round; the ``round_ended`` event holds its summary instead (Kalo: the places
and points, Loo: the tricks, the chips won, the loo). This module reads that
event as JSON (``event.to_dict()``), as a web frontend would receive it, and
says it in a few lines: the same words ``play`` and ``replay`` show.

Examples:
    >>> import tablegames
    >>> from tablegames.kalo import Kalo
    >>> state = Kalo(players=3).position([["Ac"], ["Kc"], []], out=[2], kalo_holder=0)
    >>> events = state.step(state.parse_action("Ac")).events   # seat 0 goes out; seat 1 is left holding cards
    >>> ended = next(event for event in events if event.kind == "round_ended")
    >>> print("\n".join(round_summary("kalo", ended.to_dict(), target=15)))
    round 1 is over: one player holds cards
      places: 1. seat 2 (3 points)  2. seat 0 (2 points)  3. seat 1 (1 point)
      seat 0 has 2 points, seat 1 has 1 point and seat 2 has 3 points
      the game ends at 15 points: seat 2 is ahead, 12 to go
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.core.plurals import plural

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from tablegames import Event, Ply, State

__all__ = ["ROUND_ENDED", "ROUND_STARTED", "events_of_round", "game_length", "round_summary"]

#: The type of the event that starts a round.
ROUND_STARTED = "round_started"

#: The type of the event that ends a round, in every game with rounds.
ROUND_ENDED = "round_ended"

_WHY = {
    "last": "one player holds cards",
    "blocked": "every player holding cards is blocked",
    "limit": "the round reached its play limit",
}


def _seats(seats: Sequence[int]) -> str:
    """``seat 2``, ``seats 0 and 2``, ``seats 0, 1 and 3``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def _standing(values: Sequence[int], unit: str) -> str:
    """``seat 0 has 2 points, seat 1 has 1 point and seat 2 has 3 points``."""
    said = [f"seat {seat} has {plural(value, unit)}" for seat, value in enumerate(values)]
    return ", ".join(said[:-1]) + f" and {said[-1]}" if len(said) > 1 else said[0]


def _leaders(scores: Sequence[int]) -> tuple[list[int], int]:
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best], best


def game_length(game: object) -> tuple[int | None, int | None]:
    """The score a game ends at and the rounds it lasts, each None if the game has none (Kalaha has neither).

    Examples:
        >>> import tablegames
        >>> game_length(tablegames.load("kalo", rounds=3)), game_length(tablegames.load("kalaha"))
        ((20, 3), (None, None))
    """
    target, rounds = getattr(game, "target", None), getattr(game, "rounds", None)
    return (target if isinstance(target, int) else None, rounds if isinstance(rounds, int) else None)


def events_of_round(plies: Sequence[Ply[State]], seat: int | None) -> list[Event]:
    """The events of the round in progress after ``plies``, as ``seat`` may know them (all, if no round starts)."""
    found: list[Event] = []
    for ply in reversed(plies):
        for event in reversed(ply.events):
            if event.kind == ROUND_STARTED:
                return list(reversed(found))
            seen = event.for_seat(seat)
            if seen is not None:
                found.append(seen)
    return list(reversed(found))


def round_summary(
    game: str, event: Mapping[str, Any], *, target: int | None = None, rounds: int | None = None
) -> list[str]:
    """The lines that sum up a finished round, from its ``round_ended`` event's dict; empty for other events.

    Args:
        game: The game's name (``"kalo"``, ``"loo"``).
        event: An event's ``to_dict()``.
        target: Kalo: the total that ends the game.
        rounds: Loo: how many rounds the game has.
    """
    if event.get("type") != ROUND_ENDED:
        return []
    if game == "kalo":
        return _kalo(event, target, rounds)
    if game == "loo":
        return _loo(event, rounds)
    return [f"round {event.get('round_number')} is over"]


def kalo_game_end(target: int, rounds: int | None) -> str:
    """How a Kalo game with these options ends, in words.

    Examples:
        >>> kalo_game_end(20, None)
        'the game ends at 20 points'
        >>> kalo_game_end(20, 3)
        'the game ends at 20 points or after round 3'
        >>> kalo_game_end(20, 1)
        'a game of one round'
    """
    if rounds == 1:
        return "a game of one round"
    return f"the game ends at {target} points" + (f" or after round {rounds}" if rounds else "")


def _kalo(event: Mapping[str, Any], target: int | None, rounds: int | None) -> list[str]:
    points, scores, reason = event["points"], event["scores"], event["reason"]
    lines = [f"round {event['round_number']} is over: {_WHY.get(reason, reason)}"]
    places = "  ".join(
        f"{place}. seat {seat} ({plural(points[seat], 'point')})" for place, seat in enumerate(event["places"], 1)
    )
    if places:
        lines.append(f"  places: {places}")
    if reason != "last" and event["scoring"]:
        lines.append(f"  1 point each to {_seats(event['scoring'])}, still holding cards")
    lines.append(f"  {_standing(scores, 'point')}")
    if target is not None and rounds != 1:
        leaders, best = _leaders(scores)
        who = f"{_seats(leaders)} {'is' if len(leaders) == 1 else 'are'} ahead"
        lines.append(f"  {kalo_game_end(target, rounds)}: {who}, {target - best} to go")
    return lines


def _loo(event: Mapping[str, Any], rounds: int | None) -> list[str]:
    number = event["round_number"]
    lines = [f"round {number}{f' of {rounds}' if rounds else ''} is over"]
    tricks, won = event["tricks"], event["won"]
    if any(tricks):
        taken = ", ".join(
            f"seat {seat} won {plural(count, 'trick')} and {plural(won[seat], 'chip')}"
            for seat, count in enumerate(tricks)
            if count
        )
        lines.append(f"  {taken}")
    else:
        winner = next((seat for seat, chips in enumerate(won) if chips), None)
        if winner is not None:
            lines.append(f"  everyone else dropped: seat {winner} takes the pot of {plural(won[winner], 'chip')}")
    if event["looed"]:
        pays = "pays" if len(event["looed"]) == 1 else "each pay"
        last = event.get("last_round", False)  # after the last round the loo goes to nobody
        where = "to nobody: this was the last round" if last else "into the next pot"
        lines.append(f"  looed: {_seats(event['looed'])} {pays} {plural(event['loo'], 'chip')} {where}")
    lines.append(f"  {_standing(event['balances'], 'chip')}")
    if event["carry"] and not event.get("last_round", False):
        lines.append(f"  {plural(event['carry'], 'chip')} carried over into the next pot")
    if rounds:
        leaders, _ = _leaders(event["balances"])
        left = rounds - number
        who = f"{_seats(leaders)} {'is' if len(leaders) == 1 else 'are'} ahead"
        lines.append(f"  {who}, {plural(left, 'round')} to go" if left else f"  {who}")
    return lines

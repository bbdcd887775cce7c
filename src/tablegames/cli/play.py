"""The play loop: a terminal player, a random bot, and the loop that asks each in turn."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TextIO

from tablegames.core.errors import InvalidActionError, MatchError

if TYPE_CHECKING:
    from tablegames.core.match import Match
    from tablegames.core.protocol import Action

__all__ = ["Player", "Quit", "RandomBot", "Terminal", "play"]

HELP = """Type a move in notation (the list after 'to move'), or:
  undo   take back your last move (and the bots' replies)
  save F write the game's record to file F ('tablegames play --load F' continues it)
  help   show this
  quit   stop"""


class Quit(Exception):
    """The player asked to stop."""


class Player(Protocol):
    """Anything that chooses an action for a seat."""

    def choose(self, match: Match, seat: int) -> Action | None:
        """Return the action for ``seat`` in ``match.state``; None means "the match changed, ask again"."""
        ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded random stream."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, match: Match, seat: int) -> Action:
        """Pick a legal action at random."""
        return self.rng.choice(match.state.view(seat).legal_actions)


class Terminal:
    """A person at the keyboard: shows their view and reads their move."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout

    def choose(self, match: Match, seat: int) -> Action | None:
        """Show the seat's view and read a move or a command."""
        state = match.state
        print(f"\n{state.view(seat)}", file=self.stdout)
        while True:
            print(f"seat {seat}> ", end="", file=self.stdout, flush=True)
            line = self.stdin.readline()
            if not line:
                raise Quit
            text = line.strip()
            if text in ("quit", "exit"):
                raise Quit
            if text in ("help", "?", ""):
                print(HELP, file=self.stdout)
                continue
            if text == "undo":
                if _undo_to(match, seat):
                    return None
                print("nothing of yours to undo", file=self.stdout)
                continue
            if text.startswith("save "):
                path = Path(text[5:].strip())
                try:
                    path.write_text(json.dumps(match.to_record(), indent=1))
                except OSError as error:
                    print(f"could not save to {path}: {error.strerror or error}", file=self.stdout)
                else:
                    print(f"saved to {path}", file=self.stdout)
                continue
            try:
                action = state.parse_action(text)
            except InvalidActionError as error:
                print(error, file=self.stdout)
                continue
            if not state.is_legal(action):
                print(f"{text} is not legal now; legal: {' '.join(map(str, state.legal_actions()))}", file=self.stdout)
                continue
            return action


def _undo_to(match: Match, seat: int) -> bool:
    """Undo back to before ``seat``'s last decision; False if it has none."""
    if not any(ply_seat == seat for ply_seat, _ in match.history):
        return False
    try:
        while True:
            match.undo()
            if match.state.current_player == seat:
                return True
    except MatchError:
        return True


def play(match: Match, players: dict[int, Player], out: TextIO) -> None:
    """Ask each seat's player in turn until the game is over or someone quits."""
    watcher = next((seat for seat, player in players.items() if isinstance(player, Terminal)), None)
    try:
        while not match.state.is_over:
            seat = match.state.current_player
            assert seat is not None
            action = players[seat].choose(match, seat)
            if action is None:
                continue
            transition = match.play(action)
            if seat == watcher:
                # Other seats' decisions may name cards the watcher may not know: their events say what it may.
                print(f"you: {action}", file=out)
            for event in transition.events:
                seen = event.for_seat(watcher)
                if seen is not None:
                    print(f"  {seen}", file=out)
    except Quit:
        print("\nbye", file=out)
        return
    print(f"\n{match.state.view(watcher)}", file=out)

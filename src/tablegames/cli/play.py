"""The play loop: people at the keyboard and bots take turns; each person sees only their own seat's view.

A person is shown, at each of their decisions, what happened since their last
one (every event passed through ``event.for_seat(seat)``), their view, and
their decisions as a numbered list with notation. Bots are asked with their
seat's view alone, and what they did is shown only through the events: a
bot's action may name a card nobody else may see.

With two or more people at one screen (hot-seat), the screen is cleared and
the next person is asked to take the device before their hand is shown.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from rich.rule import Rule
from rich.text import Text

from tablegames import IllegalActionError, InvalidActionError, Match, MatchError
from tablegames.cli.render import choices, event_text, plain_input, render_view

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rich.console import Console

    from tablegames import Action, Bot, View

__all__ = ["HELP", "Quit", "Reader", "Session"]

HELP = """Type the number of a decision or its notation (both are listed), or a command:
  undo       take back your last decision, and the bots' replies since
  save FILE  write the game's record to FILE ('tablegames play --load FILE' continues it)
  help       show this
  quit       stop (so does Ctrl-D)"""


class Quit(Exception):
    """The player asked to stop."""


class Reader:
    """Reads lines from a person: with line editing on a terminal, echoed when scripted (so transcripts read well)."""

    def __init__(self, stdin: TextIO, console: Console, *, interactive: bool) -> None:
        self.stdin = stdin
        self.console = console
        self.interactive = interactive

    def read(self, prompt: str) -> str:
        """Show ``prompt`` and return the line typed, stripped.

        Raises:
            Quit: At the end of the input.
        """
        if self.interactive:
            try:
                return self.console.input(Text(prompt, style="bold")).strip()
            except EOFError:
                raise Quit from None
        self.console.print(Text(prompt, style="bold"), end="")
        line = self.stdin.readline()
        if not line:
            self.console.print()
            raise Quit
        self.console.print(line.rstrip("\n"))
        return line.strip()


class Session:
    """One match in the terminal: which seats are people, which are bots, and what each person has seen.

    Args:
        match: The match to play on.
        bots: The bot of every seat not played by a person.
        console: Where the game is drawn.
        reader: Where people's input comes from.
        seed: Seeds the bots' random streams.
    """

    def __init__(self, match: Match, bots: Mapping[int, Bot], console: Console, reader: Reader, seed: int) -> None:
        self.match = match
        self.bots = dict(bots)
        self.rngs = {seat: random.Random(f"tablegames-cli/{seed}/{seat}") for seat in self.bots}
        self.humans = [seat for seat in range(match.game.players) if seat not in self.bots]
        self.console = console
        self.reader = reader
        #: For each person, how many plies of the match they have been shown.
        self.seen = {seat: len(match.plies) for seat in self.humans}
        self.at_screen: int | None = None

    @property
    def hot_seat(self) -> bool:
        """True when two or more people share the screen."""
        return len(self.humans) > 1

    def run(self) -> None:
        """Play until the game is over and the player leaves, or someone quits."""
        try:
            while True:
                state = self.match.state
                if state.is_over:
                    if self._game_over():
                        return
                    continue
                seat = state.current_player
                assert seat is not None
                if seat in self.bots:
                    view = state.view(seat)
                    self.match.play(self.bots[seat].choose(view, self.rngs[seat]), seat=seat)
                else:
                    self._turn(seat)
        except Quit:
            self.console.print("bye")

    def _hand_over(self, seat: int) -> None:
        """Between two people: hide the screen and wait for ``seat`` to take the device."""
        if self.hot_seat and self.at_screen != seat:
            self._clear()
            self.console.print(Rule(style="dim"))
            if self.reader.read(f"pass the device to seat {seat}, then press Enter ").lower() in ("quit", "exit"):
                raise Quit
            self._clear()
        self.at_screen = seat

    def _clear(self) -> None:
        """Clear the terminal, its scrollback too, so that the last person's hand cannot be scrolled back to."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def _show(self, seat: int | None, since: int) -> None:
        """The events since ply ``since`` as ``seat`` may know them."""
        game = self.match.game.name
        lines = []
        for ply in self.match.plies[since:]:
            for event in ply.events:
                seen = event.for_seat(seat)
                if seen is not None:
                    lines.append(event_text(seen, game))
        if lines:
            self.console.print(Text("\n").join(lines))

    def _draw(self, view: View) -> None:
        target = getattr(self.match.game, "target", None)
        self.console.print(
            render_view(view, target=target if isinstance(target, int) else None, width=self.console.width)
        )

    def _turn(self, seat: int) -> None:
        """Show ``seat`` its news and view; read until it decides (or undoes, or quits)."""
        self._hand_over(seat)
        title = f"seat {seat} · decision {len(self.match.plies) + 1}"
        self.console.print(Rule(title, style="dim"))
        self._show(seat, self.seen[seat])
        self.seen[seat] = len(self.match.plies)
        view = self.match.state.view(seat)
        self._draw(view)
        legal = view.legal_actions
        self.console.print(choices(legal, view, self.console.width))
        while True:
            text = self.reader.read(f"seat {seat}> ")
            done = self._command(text, seat)
            if done is not None:
                if done:
                    return
                continue
            if not text:
                self.console.print(choices(legal, view, self.console.width))
                continue
            action = self._read_action(text, legal)
            if action is None:
                continue
            try:
                self.match.play(action, seat=seat)
            except IllegalActionError as error:  # the rules say why, and list what is legal
                self.console.print(Text(str(error), style="red"))
                self.console.print(Text(f"type a number from 1 to {len(legal)}, or a decision's notation", style="dim"))
                continue
            return

    def _say(self, why: str, legal: tuple[Action, ...]) -> None:
        self.console.print(Text(why, style="red"))
        listing = " | ".join(f"{number}. {action}" for number, action in enumerate(legal, start=1))
        self.console.print(Text(f"legal: {listing}", style="dim"))

    def _read_action(self, text: str, legal: tuple[Action, ...]) -> Action | None:
        """The decision typed as a number or in notation; None (having said why) if it is neither."""
        if text.isascii() and text.isdigit():  # '²' and '١' are digits to Python, not to a player
            if len(text) <= 6 and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            shown = text if len(text) <= 12 else f"{text[:9]}… ({len(text):,} digits)"
            self._say(f"there is no decision {shown}: choose 1 to {len(legal)}", legal)
            return None
        try:
            return self.match.state.parse_action(plain_input(text))
        except InvalidActionError as error:
            self._say(f"{error} (or a command: undo, save FILE, help, quit)", legal)
            return None

    def _command(self, text: str, seat: int | None) -> bool | None:
        """Carry out a command: True if the match changed, False if not, None if ``text`` is no command.

        Raises:
            Quit: On ``quit``.
        """
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("quit", "exit") and not rest:
            raise Quit
        if word == "save":
            self._save(rest.strip())
            return False
        if word == "undo" and not rest:
            return self._undo(seat)
        if word in ("help", "?") and not rest:
            self.console.print(HELP)
            return False
        return None

    def _save(self, name: str) -> None:
        if not name:
            self.console.print(Text("save needs a file name: save FILE", style="red"))
            return
        path = Path(name).expanduser()
        try:
            path.write_text(json.dumps(self.match.to_record(), indent=1) + "\n")
        except OSError as error:
            self.console.print(Text(f"could not save to {path}: {error.strerror or error}", style="red"))
            return
        self.console.print(f"saved to {path}; 'tablegames play --load {path}' continues it")

    def _undo(self, seat: int | None) -> bool:
        """Take back ``seat``'s last decision and every bot's decision since; False (having said why) if it cannot."""
        plies = self.match.plies
        mine = [index for index, ply in enumerate(plies) if ply.seat == seat]
        if seat is None or not mine:
            self.console.print(Text("nothing of yours to undo", style="red"))
            return False
        others = {ply.seat for ply in plies[mine[-1] + 1 :] if ply.seat in self.humans and ply.seat != seat}
        if others:
            whose = ", ".join(f"seat {other}" for other in sorted(others))
            self.console.print(Text(f"cannot undo: it would take back the decisions of {whose}", style="red"))
            return False
        taken = len(plies) - mine[-1]
        try:
            for _ in range(taken):
                self.match.undo()
        except MatchError as error:  # pragma: no cover - the count above is what the match holds
            self.console.print(Text(str(error), style="red"))
        replies = taken - 1
        self.console.print(
            f"took back your decision {plies[mine[-1]].action}"
            + (f" and {replies} repl{'y' if replies == 1 else 'ies'} since" if replies else "")
        )
        for human in self.humans:
            self.seen[human] = min(self.seen[human], len(self.match.plies))
        self.seen[seat] = len(self.match.plies)
        return True

    def _game_over(self) -> bool:
        """Show the end as the player (or, hot-seat, a spectator) may see it; True when the player leaves."""
        viewer = None if self.hot_seat or not self.humans else self.humans[0]
        at_screen = self.at_screen if self.at_screen is not None else viewer
        if self.hot_seat:
            self._clear()
        self.console.print(Rule("game over", style="dim"))
        self._show(viewer, self.seen[at_screen] if at_screen is not None else len(self.match.plies))
        for human in self.humans:
            self.seen[human] = len(self.match.plies)
        self._draw(self.match.state.view(viewer))
        self.console.print("save FILE keeps the record, undo takes back your last decision; anything else leaves")
        while True:
            done = self._command(self.reader.read("> "), at_screen)
            if done is None:
                return True
            if done:
                return False

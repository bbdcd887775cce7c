"""Reading what a person types: one line at a time, checked, with line editing on a terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from rich.text import Text

from tablegames import InvalidActionError
from tablegames.core.inputs import brief, check_text

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["LINE_LIMIT", "Quit", "Reader"]

#: The longest line read from a person.
LINE_LIMIT = 1_000


class Quit(Exception):
    """The player asked to stop."""


class Reader:
    """Reads lines from a person: with line editing on a terminal, echoed when scripted (so transcripts read well).

    Every line goes through `tablegames.core.inputs.check_text`: a line too long or holding control
    characters is refused with the reason, and asked for again.
    """

    def __init__(self, stdin: TextIO, console: Console, *, interactive: bool) -> None:
        self.stdin = stdin
        self.console = console
        self.interactive = interactive

    def read(self, prompt: str) -> str:
        """Show ``prompt`` and return the line typed, stripped.

        Raises:
            Quit: At the end of the input.
        """
        while True:
            line = self._line(prompt)
            try:
                return check_text(line.strip(), InvalidActionError, "what you typed", limit=LINE_LIMIT)
            except InvalidActionError as error:
                self.console.print(Text(str(error), style="red"))

    def _line(self, prompt: str) -> str:
        if self.interactive:
            try:
                return self.console.input(Text(prompt, style="bold"))
            except EOFError:
                raise Quit from None
        self.console.print(Text(prompt, style="bold"), end="")
        line = self.stdin.readline(LINE_LIMIT + 1)
        if not line:
            self.console.print()
            raise Quit
        if not line.endswith("\n"):  # a line longer than any command: read to its end, to be refused whole
            while (rest := self.stdin.readline(65_536)) and not rest.endswith("\n"):
                pass
        line = line.rstrip("\n")
        self.console.print(line if len(line) <= LINE_LIMIT else brief(line, 60))
        return line

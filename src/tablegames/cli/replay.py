"""``tablegames replay``: a saved record ply by ply, as a spectator (or one seat) may see it.

Each ply is printed with its events; where a round ends, its summary (from
the round's ``round_ended`` event) follows. With ``--step`` the table is
drawn after each ply and the replay waits: Enter for the next ply, ``b`` to
step back one, ``q`` to stop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.rule import Rule
from rich.text import Text

from tablegames.cli.play import Quit
from tablegames.cli.render import event_text, render_view
from tablegames.cli.rounds import ROUND_ENDED, events_of_round, game_length, round_summary
from tablegames.core.plurals import plural
from tablegames.core.registry import describe_game

if TYPE_CHECKING:
    from rich.console import Console

    from tablegames import Match, Ply, State
    from tablegames.cli.play import Reader

__all__ = ["STEP_PROMPT", "replay"]

#: What ``--step`` asks after each ply.
STEP_PROMPT = "Enter: next ply, b: back, q: stop "


class _Replay:
    def __init__(self, match: Match[State], console: Console, seat: int | None) -> None:
        self.match, self.console, self.seat = match, console, seat
        self.target, self.rounds = game_length(match.game)
        self.explained: set[str] = set()

    def ply(self, number: int, ply: Ply[State]) -> None:
        """Ply ``number``: who decided (and what, to the seat that did), its events, and any round's summary."""
        game = self.match.game.name
        own = f": {ply.action}" if self.seat is not None and ply.seat == self.seat else ""
        self.console.print(Text(f"{number}. seat {ply.seat}{own}", style="bold"))
        lines = []
        for event in ply.events:
            seen = event.for_seat(self.seat)
            if seen is None:
                continue
            lines.append(event_text(seen, game))
            if seen.kind == ROUND_ENDED:
                self.console.print(Text("\n").join(lines))
                lines = []
                summary = round_summary(game, seen.to_dict(), target=self.target, rounds=self.rounds)
                self.console.print(Text(summary[0], style="bold"))
                for line in summary[1:]:
                    self.console.print(line)
        if lines:
            self.console.print(Text("\n").join(lines))
        elif not any(event.for_seat(self.seat) for event in ply.events):
            self.console.print(Text("  · (nothing to see)", style="dim"))

    def table(self, plies: int) -> None:
        """The table after the first ``plies`` plies, as the seat sees it."""
        shown = self.match.plies[:plies]
        state = shown[-1].after if shown else self.match.initial
        view = state.view(self.seat)
        events = events_of_round(shown, self.seat)
        self.console.print(
            render_view(
                view,
                target=self.target,
                rounds=self.rounds,
                width=self.console.width,
                round_events=events,
                explained=self.explained,
            )
        )


def replay(match: Match[State], console: Console, reader: Reader | None, seat: int | None = None) -> None:
    """Print every ply of ``match`` with its events as ``seat`` may know them (None: a spectator).

    Args:
        match: The match, replayed from its record.
        console: Where to print.
        reader: With ``--step``, where the answers between plies come from; None prints straight through.
        seat: Whose eyes to see with; that seat's own decisions are printed too.
    """
    game = match.game
    start = f"seed {match.seed}" if match.seed is not None else "a given start"
    plies = match.plies
    head = f"{describe_game(game.name, game.options())} · {start} · {plural(len(plies), 'ply', 'plies')}"
    console.print(Text(head, style="bold"))
    show = _Replay(match, console, seat)
    if reader is None:
        for number, ply in enumerate(plies, start=1):
            show.ply(number, ply)
        show.table(len(plies))
        return
    show.table(0)
    done, first = 0, True
    waiting: Reader | None = reader
    while done < len(plies):
        if not first and waiting is not None:
            try:
                answer = waiting.read(STEP_PROMPT).lower()
            except Quit:  # the input ran out: go on to the end without waiting
                waiting, answer = None, ""
            if answer in ("q", "quit"):
                return
            if answer in ("b", "back"):
                if done:
                    done -= 1
                    console.print(Rule(f"back to before ply {done + 1}", style="dim"))
                    show.table(done)
                else:
                    console.print(Text("this is the start: there is no ply before it", style="dim"))
                continue
        if not first:
            console.print(Rule(style="dim"))
        first = False
        done += 1
        show.ply(done, plies[done - 1])
        show.table(done)

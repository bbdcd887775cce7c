"""``tablegames replay``: step through a saved record ply by ply, as a spectator (or one seat) may see it."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from rich.rule import Rule
from rich.text import Text

from tablegames.cli.play import Quit
from tablegames.cli.render import event_text, render_view

if TYPE_CHECKING:
    from rich.console import Console

    from tablegames import Match
    from tablegames.cli.play import Reader

__all__ = ["replay"]


def replay(match: Match, console: Console, reader: Reader | None, seat: int | None = None) -> None:
    """Print every ply of ``match`` with its events as ``seat`` may know them (None: a spectator).

    Args:
        match: The match, replayed from its record.
        console: Where to print.
        reader: With ``--step``, where the Enter between plies comes from; None prints straight through.
        seat: Whose eyes to see with; that seat's own decisions are printed too.
    """
    game = match.game
    start = f"seed {match.seed}" if match.seed is not None else "a given start"
    options = ", ".join(f"{key}={json.dumps(value)}" for key, value in game.options().items())
    console.print(Text(f"{game.name} ({options}) · {start} · {len(match.plies)} plies", style="bold"))
    target = getattr(game, "target", None)
    target = target if isinstance(target, int) else None
    stepping = reader is not None
    if stepping:
        console.print(render_view(match.initial.view(seat), target=target, width=console.width))
    for number, ply in enumerate(match.plies, start=1):
        own = f": {ply.action}" if seat is not None and ply.seat == seat else ""
        console.print(Text(f"{number}. seat {ply.seat}{own}", style="bold"))
        lines = [event_text(seen, game.name) for seen in (event.for_seat(seat) for event in ply.events) if seen]
        console.print(Text("\n").join(lines) if lines else Text("  · (nothing to see)", style="dim"))
        if stepping:
            console.print(render_view(ply.after.view(seat), target=target, width=console.width))
            if reader is not None and number < len(match.plies):
                try:
                    answer = reader.read("Enter: next ply, q: stop ")
                except Quit:  # the input ran out: go on to the end without waiting
                    reader = None
                    answer = ""
                if answer.lower() in ("q", "quit"):
                    return
                console.print(Rule(style="dim"))
    if not stepping:
        console.print(render_view(match.state.view(seat), target=target, width=console.width))

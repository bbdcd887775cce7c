"""Helpers for the terminal tests: run the command on scripted input, and look for cards in its output."""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tablegames import Match
from tablegames.cli import main

if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

    from tablegames import State
    from tablegames.kalo import Card as KaloCard
    from tablegames.loo import Card as LooCard

SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


@dataclass(frozen=True)
class Run:
    """What one run of the command did."""

    code: int
    out: str
    err: str


def run(argv: list[str], typed: str = "") -> Run:
    """Run ``tablegames ARGV`` with ``typed`` as the keyboard, capturing both output streams."""
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(typed), stdout=out, stderr=err)
    return Run(code, out.getvalue(), err.getvalue())


def flat(text: str) -> str:
    """``text`` with its line breaks and runs of spaces as single spaces: what was said, however it wrapped."""
    return " ".join(text.split())


def record_of(state: State, path: Path) -> Path:
    """Save a record of a match starting at ``state`` (a position) to ``path``, for ``play --load`` and ``replay``."""
    path.write_text(json.dumps(Match(state.game, state=state).to_record()))
    return path


def card_pattern(card: KaloCard | LooCard) -> re.Pattern[str]:
    """A card in notation (``Qh``) or drawn (``Q♥``), not as part of a longer word or rank."""
    notation = str(card)
    drawn = notation[:-1] + SYMBOLS[notation[-1]]
    return re.compile(rf"(?<![\w♣♦♥♠])(?:{re.escape(notation)}(?!\w)|{re.escape(drawn)})")


#: Lines that announce what the seat watching may know: events (``  · seat 2 plays Q♥``), and in Kalo the
#: effect in progress, which names the card on its way only to the seats that may see it.
ANNOUNCEMENTS = ("  · ", "effect of ")


def shown_outside_events(text: str, cards: Iterable[KaloCard | LooCard]) -> list[str]:
    """The cards of ``cards`` whose first mention in ``text`` is not an announcement: they were shown unannounced."""
    lines = text.splitlines()
    leaked = []
    for card in cards:
        pattern = card_pattern(card)
        first = next((line for line in lines if pattern.search(line)), None)
        if first is not None and not first.startswith(ANNOUNCEMENTS):
            leaked.append(f"{card}: {first!r}")
    return leaked


def segments(text: str, marker: str) -> list[str]:
    """The parts of ``text`` after each ``marker``, each up to the next one."""
    return text.split(marker)[1:]


#: The prompt at the end of a round: what is printed before it has been read when the next table is shown.
ROUND_OVER = "press Enter for the next round "


def screens(text: str, seat: int = 0) -> list[list[str]]:
    """Each of ``seat``'s turns as the lines on screen at its first prompt, the prompt's line last.

    A turn's screen starts at its rule line, or after a round's summary if one was waited for on the way.
    """
    turns = text.split(f"seat {seat}'s turn")[1:]
    return [[*turn.split(f"seat {seat}> ")[0].split(ROUND_OVER)[-1].splitlines(), f"seat {seat}> "] for turn in turns]

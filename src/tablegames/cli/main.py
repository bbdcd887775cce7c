"""Command-line entry point: parse arguments and run a command."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from tablegames.cli.play import Player, RandomBot, Terminal, play
from tablegames.core.errors import TablegamesError
from tablegames.core.match import Match
from tablegames.core.registry import load, names

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["main"]


def _option(text: str) -> tuple[str, Any]:
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"options look like name=value, got {text!r}")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key, value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tablegames", description="Play table games in the terminal.")
    commands = parser.add_subparsers(dest="command", required=True)
    play_cmd = commands.add_parser("play", help="play a game against bots")
    play_cmd.add_argument("game", nargs="?", default="kalaha", choices=names(), help="which game (default: kalaha)")
    play_cmd.add_argument("--seat", type=int, default=0, help="your seat (default 0, the first to play)")
    play_cmd.add_argument("--seed", type=int, default=None, help="the game's seed (default: a fresh one)")
    kalaha = play_cmd.add_argument_group("Kalaha options")
    kalaha.add_argument("--pits", type=int, default=None, help="pits in each row (default 6)")
    kalaha.add_argument("--seeds", type=int, default=None, help="seeds in each pit at the start (default 4)")
    kalaha.add_argument(
        "--empty-capture",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="capture a lone last seed against an empty opposite pit (default: yes, as the rule sheet says)",
    )
    play_cmd.add_argument(
        "-o", "--option", type=_option, action="append", default=[], metavar="NAME=VALUE", help="a game option"
    )
    play_cmd.add_argument("--load", type=Path, default=None, help="continue a record saved with 'save'")
    replay_cmd = commands.add_parser("replay", help="print a saved record move by move")
    replay_cmd.add_argument("record", type=Path, help="a record file written by 'save'")
    return parser


def main(argv: Sequence[str] | None = None, *, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the ``tablegames`` command; return its exit code.

    Args:
        argv: The arguments (default: ``sys.argv[1:]``).
        stdin: Where the player's input comes from (default: ``sys.stdin``).
        stdout: Where the game is written (default: ``sys.stdout``).
    """
    out = stdout or sys.stdout
    try:
        args = _parser().parse_args(argv)
    except SystemExit as stop:
        return int(stop.code or 0)
    try:
        if args.command == "replay":
            return _replay(args.record, out)
        if args.load is not None:
            match = Match.from_record(json.loads(args.load.read_text()))
        else:
            options = dict(args.option)
            named = {"pits": args.pits, "seeds": args.seeds, "empty_capture": args.empty_capture}
            options.update({key: value for key, value in named.items() if value is not None})
            match = Match(load(args.game, **options), seed=args.seed)
        match.game.check_seat(args.seat)
        bot_seed = match.seed if match.seed is not None else 0
        players: dict[int, Player] = {
            seat: RandomBot(seed=bot_seed + seat) for seat in range(match.game.players) if seat != args.seat
        }
        players[args.seat] = Terminal(stdin or sys.stdin, out)
        play(match, players, out)
    except (TablegamesError, OSError, ValueError) as error:
        print(f"tablegames: {error}", file=out)
        return 2
    return 0


def _replay(path: Path, out: TextIO) -> int:
    match = Match.from_record(json.loads(path.read_text()))
    for number, ply in enumerate(match.plies, start=1):
        print(f"{number}. seat {ply.seat}: {ply.action}", file=out)
        for event in ply.events:
            print(f"   {event}", file=out)
    print(match.state.view(None), file=out)
    return 0

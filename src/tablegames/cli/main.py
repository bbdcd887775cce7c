"""Command-line entry point: parse the arguments, check that rich is there, and run a command.

The commands are ``play`` (people against bots, or several people at one
screen), ``replay`` (a saved record, ply by ply), ``simulate`` (many games
between bots), ``tournament`` (every bot against every other, rated),
``solve`` (the perfect-play value of a Kalaha board), ``analyse`` (the
value of every move in a Kalaha position) and ``serve`` (the game server;
it needs the ``web`` extra). ``play`` and ``replay`` draw with rich (the
``cli`` extra); the others print plain text and need no rich. Errors are one
line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import tablegames
from tablegames import ConfigError, Match, TablegamesError
from tablegames.cli.bot_help import bots_help
from tablegames.cli.files import file_name, read_record
from tablegames.cli.serve import add_serve_parser, run_serve
from tablegames.cli.simulate import run_simulation
from tablegames.cli.solve import position_of, run_solve
from tablegames.cli.tournament import run_tournament
from tablegames.core.bots import check_settings_for
from tablegames.core.inputs import parse_json
from tablegames.core.registry import describe_game
from tablegames.kalaha import KalahaState

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablegames import Bot, Game, State

__all__ = ["default_bot", "main", "seat_bots"]

HUMAN = "human"
#: The commands that draw with rich; the others print plain text.
DRAWN = ("play", "replay")
INSTALL_HINT = (
    "tablegames: play and replay draw with rich; install it with: python -m pip install 'tablegames[cli]' "
    "(from a checkout: python -m pip install '.[cli]')"
)


def _value(raw: str) -> Any:
    try:
        return parse_json(raw, ConfigError, "a value")
    except ConfigError:
        return raw


def _option(text: str) -> tuple[str, Any]:
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"options look like name=value, got {text!r}")
    return key, _value(raw)


def _setting(text: str) -> tuple[str, str, Any]:
    key, sep, raw = text.partition("=")
    bot, dot, name = key.partition(".")
    if not sep or not dot or not bot or not name:
        raise argparse.ArgumentTypeError(f"bot settings look like bot.name=value, got {text!r}")
    return bot, name, _value(raw)


def _names(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"bots are names separated by commas, got {text!r}")
    return names


def _game_options(parser: argparse.ArgumentParser, *, kalaha_flags: bool) -> None:
    options = parser.add_argument_group("the game's options")
    options.add_argument("--players", type=int, default=None, metavar="N", help="how many seats (Kalo 3-6, Loo 3-8)")
    options.add_argument(
        "-o",
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="any option of the game, e.g. -o rounds=3 -o miss=true (see the game's rules page)",
    )
    if kalaha_flags:
        options.add_argument("--pits", type=int, default=None, help="Kalaha: pits in each row (default 6)")
        options.add_argument(
            "--seeds", type=int, default=None, help="Kalaha: seeds in each pit at the start (default 4)"
        )
        options.add_argument(
            "--empty-capture",
            action=argparse.BooleanOptionalAction,
            default=None,
            help="Kalaha: capture a lone last seed against an empty opposite pit (default: yes)",
        )
    parser.add_argument(
        "--setting",
        type=_setting,
        action="append",
        default=[],
        metavar="BOT.NAME=VALUE",
        help="a setting of a bot that plays, e.g. --setting search.depth=4 (Kalaha) or search.iterations=20 "
        "(Kalo, Loo); each game's bots and settings are listed below",
    )


def _backend_options(parser: argparse.ArgumentParser) -> None:
    where = parser.add_argument_group("where the games run")
    where.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="K",
        help="games at once: worker processes (default 1), or with Ray tasks at once (default: the cluster's CPUs)",
    )
    where.add_argument(
        "--backend", choices=("local", "ray"), default="local", help="local processes, or Ray (the extra 'ray')"
    )
    where.add_argument(
        "--address",
        default=None,
        metavar="HOST:PORT",
        help="with --backend ray, the cluster to join (default: start a local Ray)",
    )


def _parser() -> argparse.ArgumentParser:
    games = ", ".join(tablegames.names())
    bots = bots_help()
    parser = argparse.ArgumentParser(prog="tablegames", description="Play table games in the terminal.")
    parser.add_argument("--version", action="store_true", help="print the version of tablegames")
    commands = parser.add_subparsers(dest="command", metavar="{play,replay,simulate,tournament,solve,analyse,serve}")

    play = commands.add_parser(
        "play",
        help="play a game against bots, or with others at one screen",
        description="Play a game in the terminal. Type a decision's number or its notation; 'help' lists commands.",
        epilog=bots,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("game", nargs="?", default=None, metavar="GAME", help=f"which game: {games} (default kalaha)")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument(
        "--bots",
        type=_names,
        default=None,
        metavar="A,B,...",
        help="the bots of the other seats in seat order, repeated if fewer; 'human' seats another person there "
        "(hot-seat). Default: the game's 'heuristic' bot if it has one, else 'random'",
    )
    play.add_argument("--seed", type=int, default=None, help="the game's seed (default: a fresh one)")
    play.add_argument("--load", type=Path, default=None, metavar="FILE", help="continue a record saved with 'save'")
    play.add_argument(
        "--auto-forced",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="make a person's decision for them when it is the only one they have, such as a pass (default: yes)",
    )
    _game_options(play, kalaha_flags=True)

    replay = commands.add_parser("replay", help="step through a saved record", description="Print a record ply by ply.")
    replay.add_argument("record", type=Path, metavar="FILE", help="a record written by 'save'")
    replay.add_argument("--step", action="store_true", help="draw the table after each ply and wait for Enter")
    replay.add_argument("--seat", type=int, default=None, help="see as this seat does (default: as a spectator)")

    simulate = commands.add_parser(
        "simulate",
        help="play many games between bots and measure them",
        description="Play many games between bots, seats rotated, and print win rates with 95% intervals.",
        epilog=bots,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    simulate.add_argument("game", metavar="GAME", help=f"which game: {games}")
    simulate.add_argument("--games", type=int, default=100, metavar="N", help="how many games (default 100)")
    simulate.add_argument(
        "--bots", type=_names, default=["random"], metavar="A,B,...", help="the bots, seated in turn (default random)"
    )
    simulate.add_argument("--seed", type=int, default=None, help="the run's seed (default: a fresh one)")
    simulate.add_argument("--json", action="store_true", help="print the results as JSON")
    _backend_options(simulate)
    _game_options(simulate, kalaha_flags=True)

    tournament = commands.add_parser(
        "tournament",
        help="play every bot against every other and rate them",
        description="Play every bot against every other at tables, seats rotated, and print Bradley-Terry ratings "
        "with 95% intervals and a crosstable; --plot draws them.",
        epilog=bots,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    tournament.add_argument("game", metavar="GAME", help=f"which game: {games}")
    tournament.add_argument(
        "--bots", type=_names, required=True, metavar="A,B,...", help="the bots, at least two, with distinct names"
    )
    tournament.add_argument(
        "--games",
        type=int,
        default=None,
        metavar="N",
        help="games at each table, a multiple of the bots at a table (default: the first such from 100)",
    )
    tournament.add_argument("--seed", type=int, default=None, help="the tournament's seed (default: a fresh one)")
    tournament.add_argument("--json", action="store_true", help="print the tournament as JSON, every game included")
    tournament.add_argument(
        "--plot", type=Path, default=None, metavar="FILE", help="draw the ratings and the crosstable (.svg or .png)"
    )
    _backend_options(tournament)
    _game_options(tournament, kalaha_flags=True)

    solve = commands.add_parser(
        "solve",
        help="solve a Kalaha board: its value with perfect play, each opening move's value and a best line",
        description="Solve the start of a Kalaha board exactly, showing progress while it works.",
    )
    solve.add_argument("game", metavar="GAME", choices=["kalaha"], help="kalaha (the game the solver solves)")
    analyse = commands.add_parser(
        "analyse",
        help="solve a Kalaha position given as moves from the start or as a saved state",
        description="Solve a Kalaha position: POSITION is moves from the start in notation ('c f a'), "
        "a state's JSON, or a file holding a saved state or a game record ('save FILE'); a file's board is its own.",
    )
    analyse.add_argument(
        "position", metavar="POSITION", help="moves from the start ('c f a'), a state as JSON, or a file holding one"
    )
    for command in (solve, analyse):
        command.add_argument("--pits", type=int, default=None, help="pits in each row (default 6)")
        command.add_argument("--seeds", type=int, default=None, help="seeds in each pit at the start (default 4)")
        command.add_argument(
            "--empty-capture",
            action=argparse.BooleanOptionalAction,
            default=None,
            help="capture a lone last seed against an empty opposite pit (default: yes)",
        )
        command.add_argument("--table-size", type=int, default=None, metavar="SLOTS", help="transposition table slots")
        command.add_argument("--endgame", type=int, default=None, metavar="SEEDS", help="endgame table size in seeds")
        command.add_argument("--json", action="store_true", help="print the solution as JSON")
    add_serve_parser(commands)
    return parser


def default_bot(game: Game[State]) -> str:
    """The bot to play against when none is named: ``heuristic`` if the game offers it, else ``random``.

    Examples:
        >>> import tablegames
        >>> game = tablegames.load("kalaha")
        >>> default_bot(game) == ("heuristic" if "heuristic" in game.bots() else "random")
        True
    """
    return "heuristic" if "heuristic" in game.bots() else "random"


def seat_bots(players: int, seat: int, names: Sequence[str]) -> dict[int, str]:
    """The bot (or ``human``) of every seat but ``seat``: ``names`` in seat order, repeated as needed.

    Examples:
        >>> seat_bots(5, 1, ["heuristic", "random"])
        {0: 'heuristic', 2: 'random', 3: 'heuristic', 4: 'random'}
    """
    others = [other for other in range(players) if other != seat]
    return {other: names[index % len(names)] for index, other in enumerate(others)}


def _options(args: argparse.Namespace) -> dict[str, Any]:
    options = dict(args.option)
    named = {
        "players": args.players,
        "pits": getattr(args, "pits", None),
        "seeds": getattr(args, "seeds", None),
        "empty_capture": getattr(args, "empty_capture", None),
    }
    options.update({key: value for key, value in named.items() if value is not None})
    return options


def _settings(args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    settings: dict[str, dict[str, Any]] = {}
    for bot, name, value in args.setting:
        settings.setdefault(bot, {})[name] = value
    return settings


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the ``tablegames`` command; return its exit status.

    Args:
        argv: The arguments (default: ``sys.argv[1:]``).
        stdin: Where the players' input comes from (default: ``sys.stdin``).
        stdout: Where the game is drawn (default: ``sys.stdout``); colour only if it is a terminal.
        stderr: Where errors and the progress bar go (default: ``sys.stderr``).

    Returns:
        0 on success, 2 for an error (a bad option, an unreadable file, a missing extra), 1 if the output was
        closed early (``| head``), 130 on Ctrl-C.
    """
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    try:
        parser = _parser()
        args = parser.parse_args(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    if args.version or args.command is None:
        print(f"tablegames {tablegames.__version__}" if args.version else _start_here(parser), file=out)
        return 0
    if args.command in DRAWN:
        try:
            importlib.import_module("rich")
        except ImportError:
            print(INSTALL_HINT, file=err)
            return 2
    try:
        if args.command == "serve":
            run_serve(args, out)
        elif args.command == "play":
            _play(args, stdin, out)
        elif args.command == "replay":
            _replay(args, stdin, out)
        elif args.command == "simulate":
            _simulate(args, out, err)
        elif args.command == "tournament":
            _tournament(args, out, err)
        else:
            _solve(args, out, err)
    except (TablegamesError, OSError, ValueError) as error:
        if isinstance(error, BrokenPipeError):
            return _closed_output(out)
        print(f"tablegames: {error}", file=err)
        return 2
    except KeyboardInterrupt:
        with contextlib.suppress(OSError, ValueError):
            print("\ninterrupted", file=err)
        return 130
    return 0


def _start_here(parser: argparse.ArgumentParser) -> str:
    """What a bare ``tablegames`` says: how to start a game, then every command."""
    games = " · ".join(f"tablegames play {name}" for name in tablegames.names())
    return f"tablegames {tablegames.__version__}: table games in the terminal. To play, type one of:\n  {games}\n\n" + (
        parser.format_help()
    )


def _closed_output(out: TextIO) -> int:
    """The reader of our output went away (``| head``): stop quietly, and keep Python's exit flush from failing."""
    if out is sys.stdout:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):  # pragma: no cover - no real file behind stdout
            pass
    return 1


def _interactive(stdin: TextIO | None, out: TextIO) -> bool:
    return stdin is None and out is sys.stdout and sys.stdin.isatty() and out.isatty()


def _play(args: argparse.Namespace, stdin: TextIO | None, out: TextIO) -> None:
    from tablegames.cli.play import Reader, Session
    from tablegames.cli.render import make_console

    options = _options(args)
    if args.load is not None:
        if options or args.seed is not None:
            raise ConfigError("--load continues the record's game: its seed and options come from the record")
        match = read_record(args.load)
        if args.game is not None and args.game != match.game.name:
            raise ConfigError(f"{file_name(args.load)} holds a game of {match.game.name}, not of {args.game}")
    else:
        match = Match(tablegames.load(args.game or "kalaha", **options), seed=args.seed)
    game = match.game
    if not 0 <= args.seat < game.players:
        raise ConfigError(f"--seat must be 0 to {game.players - 1} in {game.name} with {game.players} players")
    names = seat_bots(game.players, args.seat, args.bots or [default_bot(game)])
    settings = _settings(args)
    check_settings_for((name for name in names.values() if name != HUMAN), settings)
    bots: dict[int, Bot] = {
        seat: game.bot(name, **settings.get(name, {})) for seat, name in names.items() if name != HUMAN
    }
    console = make_console(out)
    reader = Reader(stdin if stdin is not None else sys.stdin, console, interactive=_interactive(stdin, out))
    seed = match.seed if match.seed is not None else 0
    people = [seat for seat in range(game.players) if seat not in bots]
    console.print(f"{describe_game(game.name, game.options())} · seed {seed}")
    who = f"you are seat {args.seat}" if len(people) == 1 else f"people at seats {', '.join(map(str, people))}"
    console.print(who + "".join(f" · seat {seat}: {name} bot" for seat, name in sorted(names.items()) if name != HUMAN))
    console.print("type a decision's number or notation; help lists the commands")
    Session(match, bots, console, reader, seed=seed, auto_forced=args.auto_forced).run()


def _replay(args: argparse.Namespace, stdin: TextIO | None, out: TextIO) -> None:
    from tablegames.cli.play import Reader
    from tablegames.cli.render import make_console
    from tablegames.cli.replay import replay

    match = read_record(args.record)
    game = match.game
    if args.seat is not None and not 0 <= args.seat < game.players:
        raise ConfigError(f"--seat must be 0 to {game.players - 1} in {game.name} with {game.players} players")
    console = make_console(out)
    reader = None
    if args.step:
        reader = Reader(stdin if stdin is not None else sys.stdin, console, interactive=_interactive(stdin, out))
    replay(match, console, reader, seat=args.seat)


def _game_and_seed(args: argparse.Namespace) -> tuple[Game[State], int]:
    """The game the options name, and the seed given or a fresh one."""
    game = tablegames.load(args.game, **_options(args))
    return game, args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)


def _simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    game, seed = _game_and_seed(args)
    run_simulation(
        game,
        args.bots,
        games=args.games,
        seed=seed,
        workers=args.workers,
        settings=_settings(args),
        as_json=args.json,
        out=out,
        err=err,
        backend=args.backend,
        address=args.address,
    )


def _tournament(args: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    game, seed = _game_and_seed(args)
    run_tournament(
        game,
        args.bots,
        games=args.games,
        seed=seed,
        settings=_settings(args),
        as_json=args.json,
        plot=args.plot,
        out=out,
        err=err,
        backend=args.backend,
        workers=args.workers,
        address=args.address,
    )


def _solve(args: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    named = {"pits": args.pits, "seeds": args.seeds, "empty_capture": args.empty_capture}
    options = {key: value for key, value in named.items() if value is not None}
    if args.command == "solve":
        state = tablegames.load("kalaha", **options).start()
        assert isinstance(state, KalahaState)
    else:
        state = position_of(args.position, options)
    run_solve(state, table_size=args.table_size, endgame=args.endgame, as_json=args.json, out=out, err=err)

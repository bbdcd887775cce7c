"""The play loop: people at the keyboard and bots take turns; each person sees only their own seat's view.

A person is shown, at each of their decisions, what happened since their last
one (every event passed through ``event.for_seat(seat)``), their view, and
their decisions as a numbered list with notation. Bots are asked with their
seat's view alone, and what they did is shown only through the events: a
bot's action may name a card nobody else may see. A bot that takes more than
a moment shows a spinner with its name (on a terminal).

A decision that is a person's only one (a forced pass, a last card) is made
for them unless ``auto_forced`` is off, and shown with their news. When a
round ends, its summary (read from the round's ``round_ended`` event) waits
for Enter before the next round is shown.

With two or more people at one screen (hot-seat), the screen is cleared and
the next person is asked to take the device before their hand is shown.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import TYPE_CHECKING

from rich.rule import Rule
from rich.text import Text

from tablegames import IllegalActionError, InvalidActionError, Match, MatchError
from tablegames.cli.arranging import arranging_line, hand_cards, order_decisions, sort_decisions
from tablegames.cli.choices import choices, listing
from tablegames.cli.reading import Quit, Reader
from tablegames.cli.render import cards_text, event_text, plain_input, render_view
from tablegames.cli.rounds import ROUND_ENDED, events_of_round, game_length, round_summary
from tablegames.cli.screen import NEWS_COMMAND, fit_news, lines_tall, screen_height
from tablegames.cli.sentences import ARRANGING, SHORT_RULES, plain_refusal
from tablegames.cli.thinking import thinking
from tablegames.core.inputs import brief
from tablegames.core.plurals import plural
from tablegames.kalo import KaloView, Ready

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rich.console import Console, RenderableType

    from tablegames import Action, Bot, Event, State, View

__all__ = ["HELP", "Quit", "Reader", "Session"]

HELP = """Type the number of a decision or its notation (both are listed), or a command:
  undo       take back your last decision, and the bots' replies since
  save FILE  write the game's record to FILE ('tablegames play --load FILE' continues it)
  sort       Kalo, while arranging: sort your hand by rank, the Kalo last, and be ready
  order S..  Kalo, while arranging: the cards at slots S.. first, in that order, the rest after; be ready
  A, B       several decisions typed ahead, separated by commas (e.g. card 9c, insert 2)
  news       show every event since your last turn (when they did not all fit on the screen)
  help       show this and the game's rules in short
  quit       stop (so does Ctrl-D)"""


class Session:
    """One match in the terminal: which seats are people, which are bots, and what each person has seen.

    Args:
        match: The match to play on.
        bots: The bot of every seat not played by a person.
        console: Where the game is drawn.
        reader: Where people's input comes from.
        seed: Seeds the bots' random streams.
        auto_forced: Make a person's only decision for them (shown in their news).
    """

    def __init__(
        self,
        match: Match[State],
        bots: Mapping[int, Bot],
        console: Console,
        reader: Reader,
        seed: int,
        *,
        auto_forced: bool = True,
    ) -> None:
        self.match = match
        self.bots = dict(bots)
        self.rngs = {seat: random.Random(f"tablegames-cli/{seed}/{seat}") for seat in self.bots}
        self.humans = [seat for seat in range(match.game.players) if seat not in self.bots]
        self.console = console
        self.reader = reader
        self.auto_forced = auto_forced
        #: For each person, how many plies of the match they have been shown.
        self.seen = {seat: len(match.plies) for seat in self.humans}
        #: For each person, the plies where a decision they typed began: what ``undo`` goes back to.
        self.typed = {
            seat: [index for index, ply in enumerate(match.plies) if ply.seat == seat] for seat in self.humans
        }
        #: The plies made for a person because they were its only decision.
        self.forced: set[int] = set()
        #: Notes shown once per session (what P0 is).
        self.explained: set[str] = set()
        self.at_screen: int | None = None
        #: How many plies the last save held (None: never saved), so that quitting asks only when unsaved.
        self.saved: int | None = None
        #: The events shown before the last turn, whole: what the ``news`` command shows again.
        self.news: list[Text] = []
        self.target, self.rounds = game_length(match.game)

    @property
    def hot_seat(self) -> bool:
        """True when two or more people share the screen."""
        return len(self.humans) > 1

    def run(self) -> None:
        """Play until the game is over and the player leaves, or someone quits."""
        made = len(self.match.plies)
        if made:  # a saved game, loaded
            self.console.print(f"the saved game goes on from where it was left, {plural(made, 'move')} in")
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
                    self._bot_turn(seat)
                elif self.auto_forced and len(state.legal_actions()) == 1:
                    self.forced.add(len(self.match.plies))
                    self.match.play(state.legal_actions()[0], seat=seat)
                else:
                    self._turn(seat)
        except Quit:
            self.console.print("bye")

    def _bot_turn(self, seat: int) -> None:
        bot = self.bots[seat]
        with thinking(self.console, f"seat {seat}: the {bot.name} bot is thinking"):
            action = bot.choose(self.match.state.view(seat), self.rngs[seat])
        self.match.play(action, seat=seat)

    def _hand_over(self, seat: int) -> None:
        """Between two people: hide the screen and wait for ``seat`` to take the device."""
        if self.hot_seat and self.at_screen != seat:
            self._clear()
            self.console.print(Rule(style="dim"))
            while True:
                text = self.reader.read(f"pass the device to seat {seat}, then press Enter ")
                if text.lower() in ("quit", "exit"):
                    self._leave()
                    continue
                if not text:
                    break
                self.console.print(
                    Text(f"{brief(text, 40)} was not played: seat {seat}, press Enter alone first to see your hand")
                )
            self._clear()
        self.at_screen = seat

    def _clear(self) -> None:
        """Clear the terminal, its scrollback too, so that the last person's hand cannot be scrolled back to."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def _show(self, seat: int | None, since: int, *, wait: bool = True, room: int | None = None) -> None:
        """The events since ply ``since`` as ``seat`` may know them; a round's summary waits for Enter (``wait``).

        The events after the last summary are kept for the ``news`` command and cut to the latest that fit
        in ``room`` lines (None: all).
        """
        game = self.match.game.name
        lines: list[Text] = []
        plies = self.match.plies
        for index in range(since, len(plies)):
            ply = plies[index]
            if index in self.forced and ply.seat == seat:
                lines.append(Text(f"  · your only choice, {ply.action}, was made for you:", style="dim"))
            for event in ply.events:
                seen = event.for_seat(seat)
                if seen is None:
                    continue
                lines.append(event_text(seen, game))
                if seen.kind == ROUND_ENDED:
                    self._flush(lines)
                    self._round_ended(seen, wait=wait and not ply.after.is_over)
        self.news = list(lines)
        self._flush(fit_news(lines, room, self.console))

    def _flush(self, lines: list[Text]) -> None:
        if lines:
            self.console.print(Text("\n").join(lines))
            lines.clear()

    def _round_ended(self, event: Event, *, wait: bool) -> None:
        """A finished round's summary, from its event; then, if ``wait``, Enter for the next round."""
        summary = round_summary(self.match.game.name, event.to_dict(), target=self.target, rounds=self.rounds)
        self.console.print(Rule(style="dim"))
        self.console.print(Text(summary[0], style="bold"))
        for line in summary[1:]:
            self.console.print(line)
        while wait:
            text = self.reader.read("press Enter for the next round ")
            word = text.partition(" ")[0].lower()
            if not text:
                return
            if word in ("quit", "exit", "save", "help", "?"):
                self._command(text, None)
                continue
            self.console.print(Text(f"the round is over ({brief(text, 40)} was not played): press Enter, or quit"))

    def _draw(self, view: View, seat: int | None) -> None:
        self.console.print(self._board(view, seat))

    def _board(self, view: View, seat: int | None) -> RenderableType:
        return render_view(
            view,
            target=self.target,
            rounds=self.rounds,
            width=self.console.width,
            round_events=events_of_round(self.match.plies, seat),
            explained=self.explained,
        )

    def _turn(self, seat: int) -> None:
        """Show ``seat`` its news and view; read until it decides (or undoes, or quits)."""
        self._hand_over(seat)
        title = f"seat {seat}'s turn"
        view = self.match.state.view(seat)
        board = [self._board(view, seat)]
        if isinstance(view, KaloView) and view.phase == "arrange" and ARRANGING not in self.explained:
            self.explained.add(ARRANGING)
            board.append(Text(ARRANGING, style="dim"))
        legal = view.legal_actions
        short = arranging_line(view)
        board.append(Text(short) if short else choices(legal, view, self.console.width))
        height = screen_height(self.console)
        # The news gets what the rule above it, the table, the choices and the prompt leave of the screen.
        room = None if height is None else max(2, height - 2 - lines_tall(self.console, *board))
        self.console.print(Rule(title, style="dim"))
        self._show(seat, self.seen[seat], room=room)
        self.seen[seat] = len(self.match.plies)
        for part in board:
            self.console.print(part)
        while True:
            text = self.reader.read(f"seat {seat}> ")
            done = self._command(text, seat)
            if done is not None:
                if done:
                    return
                continue
            # Decisions typed ahead; a comma with nothing after it (``pass,``) is no decision of its own.
            parts = [part.strip() for part in text.split(",") if part.strip()]
            if len(parts) > 1:
                if self._ahead(seat, parts):
                    return
                continue
            text = parts[0] if parts else ""
            if not text:
                self.console.print(choices(legal, view, self.console.width))
                continue
            action = self._read_action(text, view)
            if action is None:
                continue
            why = self.match.state.why_illegal(action)
            if why is not None:  # the rules say why, and what is legal is listed
                self._refuse(why, legal, seat)
                continue
            self._decide(seat, [action])
            return

    def _ahead(self, seat: int, parts: list[str]) -> bool:
        """Decisions typed ahead, ``card 9c, insert 2``: made in turn, as one typed decision; True if any was.

        The first that cannot be made then stops the rest, and is refused in words.
        """
        self.typed[seat].append(len(self.match.plies))
        made = 0
        for part in parts:
            state = self.match.state
            why: str | None = "it is no longer your turn"
            if state.current_player == seat:
                legal = state.legal_actions()
                try:
                    if part.isascii() and part.isdigit() and 1 <= int(part) <= len(legal):
                        action = legal[int(part) - 1]
                    else:
                        action = state.parse_action(plain_input(part))
                    why = state.why_illegal(action)
                except InvalidActionError as error:
                    why = str(error)
            if why is not None:
                self.console.print(Text(f"{brief(part, 40)} was not played: {plain_refusal(why, seat)}", style="red"))
                break
            self.match.play(action, seat=seat)
            made += 1
        if not made:
            self.typed[seat].pop()
        return made > 0

    def _leave(self) -> None:
        """``quit``: leave at once if nothing would be lost; otherwise ask first, and offer to save.

        Raises:
            Quit: When the person leaves.
        """
        if self.match.state.is_over or self.saved == len(self.match.plies):
            raise Quit
        self.console.print(
            "the game is not over and not saved: save FILE saves it and leaves, quit leaves, Enter plays on"
        )
        while True:
            text = self.reader.read("leave? ")
            word, _, rest = text.partition(" ")
            if not text:
                return
            if word.lower() in ("quit", "exit", "y", "yes") and not rest:
                raise Quit
            if word.lower() == "save":
                self._save(rest.strip())
                if self.saved == len(self.match.plies):
                    raise Quit
                continue
            self.console.print(Text("type save FILE, quit, or press Enter to play on", style="red"))

    def _decide(self, seat: int, actions: list[Action]) -> None:
        """Play ``actions`` for ``seat`` as one typed decision (``undo`` takes them back together)."""
        self.typed[seat].append(len(self.match.plies))
        try:
            for action in actions:
                events = self.match.play(action, seat=seat).events
        except IllegalActionError:
            self.typed[seat].pop()
            raise
        if len(actions) == 1 and not isinstance(actions[0], Ready) and any(event.kind == "ready" for event in events):
            self.console.print(
                Text("that placed every card but the last, which has one place left: your hand is arranged", "dim")
            )

    def _refuse(self, why: str, legal: tuple[Action, ...], seat: int) -> None:
        """Say in the rules' words why a decision was not taken, then what is legal and how to choose it."""
        entries = [str(action) for action in legal]
        refusal = plain_refusal(why, seat)
        self.console.print(Text(listing(f"{refusal}; legal: ", entries, self.console.width, ", ").plain, "red"))
        self.console.print(Text(f"type a number from 1 to {len(legal)}, or a decision's notation", style="dim"))

    def _say(self, why: str, legal: tuple[Action, ...]) -> None:
        self.console.print(Text(why, style="red"))
        entries = [f"{number}. {action}" for number, action in enumerate(legal, start=1)]
        self.console.print(Text(listing("legal: ", entries, self.console.width).plain, style="dim"))

    def _read_action(self, text: str, view: View) -> Action | None:
        """The decision typed as a number or in notation; None (having said why) if it is neither."""
        legal = view.legal_actions
        if text.isascii() and text.isdigit():  # '²' and '١' are digits to Python, not to a player
            if len(text) <= 6 and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            shown = text if len(text) <= 12 else f"{text[:9]}… ({len(text):,} digits)"
            self._say(f"there is no decision {shown}: choose 1 to {len(legal)}", legal)
            return None
        try:
            return self.match.state.parse_action(plain_input(text))
        except InvalidActionError as error:
            arranging = isinstance(view, KaloView) and view.phase == "arrange"
            commands = ("sort, order S.., " if arranging else "") + "undo, save FILE, help, quit"
            self._say(f"{plain_refusal(str(error), view.seat)} (or a command: {commands})", legal)
            return None

    def _command(self, text: str, seat: int | None) -> bool | None:
        """Carry out a command: True if the match changed, False if not, None if ``text`` is no command.

        Raises:
            Quit: On ``quit``.
        """
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("quit", "exit") and not rest:
            self._leave()
            return False
        if word == "save":
            self._save(rest.strip())
            return False
        if word == "undo" and not rest:
            return self._undo(seat)
        if word == NEWS_COMMAND and not rest:
            self.console.print(Text("\n").join(self.news) if self.news else "no news since your last turn")
            return False
        if word in ("help", "?") and not rest:
            self.console.print(HELP)
            if self.match.game.name in SHORT_RULES:
                self.console.print(Text(" ".join(SHORT_RULES[self.match.game.name].split()), style="dim"))
            return False
        if word in ("sort", "order") and seat is not None:
            return self._arrange(seat, word, rest.split())
        return None

    def _arrange(self, seat: int, word: str, slots: list[str]) -> bool:
        """Kalo's ``sort`` and ``order S..``: the arrange decisions for the whole hand, as one typed decision."""
        view = self.match.state.view(seat)
        try:
            if word == "sort":
                if slots:
                    raise InvalidActionError("sort takes nothing after it; to choose the order, type order S..")
                decisions = sort_decisions(view)
            else:
                if not slots or not all(each.isascii() and each.isdigit() and len(each) <= 2 for each in slots):
                    raise InvalidActionError("order takes slot numbers of your hand, e.g. 'order 5 2 9'")
                decisions = order_decisions(view, [int(each) for each in slots])
        except InvalidActionError as error:
            self.console.print(Text(str(error), style="red"))
            return False
        self._decide(seat, decisions)
        self.seen[seat] = len(self.match.plies)
        arranged = self.match.state.view(seat)
        assert isinstance(arranged, KaloView)
        hand = hand_cards(arranged)
        self.console.print(Text("your hand, arranged: ") + cards_text(hand, "kalo"))
        how = "sorted by rank, the Kalo last" if word == "sort" else "in the order you gave, the rest after"
        self.console.print(Text(f"{how}; your hand stays in this order from the first lead", style="dim"))
        return True

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
        self.saved = len(self.match.plies)
        if self.match.state.is_over:
            self.console.print(f"saved to {path}; 'tablegames replay {path}' shows the game again")
        else:
            self.console.print(f"saved to {path}; 'tablegames play --load {path}' continues it")

    def _undo(self, seat: int | None) -> bool:
        """Take back ``seat``'s last typed decision and everything since; False (having said why) if it cannot."""
        plies = self.match.plies
        starts = [] if seat is None else [index for index in self.typed.get(seat, []) if index < len(plies)]
        if seat is None or not starts:
            self.console.print(Text("nothing of yours to undo", style="red"))
            return False
        start = starts[-1]
        others = {
            human
            for human in self.humans
            if human != seat and any(start <= index < len(plies) for index in self.typed[human])
        }
        if others:
            whose = ", ".join(f"seat {other}" for other in sorted(others))
            self.console.print(Text(f"cannot undo: it would take back the decisions of {whose}", style="red"))
            return False
        taken = len(plies) - start
        try:
            for _ in range(taken):
                self.match.undo()
        except MatchError as error:  # pragma: no cover - the count above is what the match holds
            self.console.print(Text(str(error), style="red"))
        mine = sum(1 for index in range(start, start + taken) if plies[index].seat == seat and index not in self.forced)
        replies = taken - mine
        self.console.print(
            f"took back your decision {plies[start].action}"
            + (f" ({plural(mine, 'decision')})" if mine > 1 else "")
            + (f" and {plural(replies, 'reply', 'replies')} since" if replies else "")
        )
        self.typed[seat] = starts[:-1]
        self.forced = {index for index in self.forced if index < start}
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
        self._show(viewer, self.seen[at_screen] if at_screen is not None else len(self.match.plies), wait=False)
        for human in self.humans:
            self.seen[human] = len(self.match.plies)
        self._draw(self.match.state.view(viewer), viewer)
        self.console.print("save FILE keeps the record, undo takes back your last decision; anything else leaves")
        while True:
            done = self._command(self.reader.read("> "), at_screen)
            if done is None:
                return True
            if done:
                return False

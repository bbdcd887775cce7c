"""Drawing views, events and decisions with rich: cards with suit symbols, the Kalaha board, Kalo and Loo tables.

Everything here draws from what one seat may know (a `View`, or an event
already passed through ``event.for_seat``), never from a full state.

Examples:
    >>> import tablegames
    >>> from tablegames.kalo import Card
    >>> card_text(Card.parse("10h")).plain, card_text(Card.parse("Qs")).plain
    ('10♥', 'Q♠')
    >>> card_text(tablegames.loo.PAM, "loo").plain, card_text(tablegames.loo.PAM, "kalo").plain
    ('J♣ (Pam)', 'J♣')
    >>> symbolize("seat 2 plays Qh and 10d").plain
    'seat 2 plays Q♥ and 10♦'
"""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tablegames.cards import SUIT_NAMES, Card
from tablegames.cli.rounds import kalo_game_end
from tablegames.cli.sentences import event_sentence
from tablegames.cli.whereabouts import kalo_whereabouts
from tablegames.core.plurals import plural
from tablegames.kalaha import KalahaView
from tablegames.kalo import (
    KALO,
    KaloView,
    SlotView,
)
from tablegames.loo import PAM, LooView

if TYPE_CHECKING:
    from collections.abc import Iterable, MutableSet, Sequence
    from typing import TextIO

    from rich.console import RenderableType

    from tablegames import Event, View

__all__ = [
    "SUIT_SYMBOLS",
    "card_text",
    "cards_text",
    "event_text",
    "make_console",
    "plain_input",
    "render_view",
    "result_line",
    "symbolize",
]

#: The suit letters of the notation and the symbols drawn for them.
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
_RED = frozenset("dh")
_CARD_TOKEN = re.compile(r"(?<![\w♣♦♥♠])(10|[2-9JQKA])([cdhs])(?![\w])")
_SYMBOL_LETTERS = str.maketrans({symbol: letter for letter, symbol in SUIT_SYMBOLS.items()})
#: A card of either card game.


def make_console(file: TextIO) -> Console:
    """A console writing to ``file``: colour only on a terminal; lines wrapped between words at its width.

    The width is the terminal's, or ``COLUMNS`` if set; off a terminal without ``COLUMNS``, 100.
    """
    terminal = file.isatty()
    standard = file is sys.stdout or file is sys.stderr
    return _Console(
        file=file,
        force_terminal=None if standard else terminal,  # FORCE_COLOR and friends apply to the real streams only
        width=None if terminal or os.environ.get("COLUMNS", "").isdigit() else 100,
        markup=False,
        highlight=False,
        emoji=False,
    )


class _Console(Console):
    """A console that lets a closed pipe (``| head``) surface as `BrokenPipeError` for `main` to handle quietly."""

    def on_broken_pipe(self) -> None:
        """Stop writing and raise, instead of rich's default exit."""
        self.quiet = True
        raise BrokenPipeError


def plain_input(text: str) -> str:
    """Read typed suit symbols as notation letters: ``Q♥`` is ``Qh``.

    Examples:
        >>> plain_input("q♥ 10♦")
        'qh 10d'
    """
    return text.translate(_SYMBOL_LETTERS)


def card_text(card: Card, game: str = "") -> Text:
    """A card with its suit symbol, hearts and diamonds in red; Pam stands out in Loo, the Kalo in Kalo."""
    notation = str(card)
    style = "bold red" if card.suit in _RED else "bold"
    text = Text(notation[:-1] + SUIT_SYMBOLS[card.suit], style=style)
    if game == "loo" and card is PAM:
        text.stylize("bold magenta")
        text.append(" (Pam)", style="magenta")
    elif game == "kalo" and card is KALO:
        text.stylize("bold white on red")
    return text


def cards_text(cards: Iterable[Card], game: str = "", sep: str = " ") -> Text:
    """Cards side by side, marked as in ``game`` (see `card_text`)."""
    return Text(sep).join(card_text(card, game) for card in cards)


def symbolize(sentence: str) -> Text:
    """A sentence with every card notation in it (``Qh``, ``10d``) drawn as a card (``Q♥``, ``10♦``)."""
    text = Text()
    end = 0
    for match in _CARD_TOKEN.finditer(sentence):
        text.append(sentence[end : match.start()])
        rank, suit = match.groups()
        text.append(rank + SUIT_SYMBOLS[suit], style="bold red" if suit in _RED else "bold")
        end = match.end()
    text.append(sentence[end:])
    return text


def event_text(event: Event, game: str) -> Text:
    """An event's sentence, its cards drawn as cards in the card games."""
    sentence = event_sentence(event)
    return Text("  · ") + (symbolize(sentence) if game in ("kalo", "loo") else Text(sentence))


def result_line(view: View) -> str:
    """Who won: ``game over: 20–28; seat 1 wins``."""
    scores = view.scores
    separator = "–" if min(scores) >= 0 else ", "
    score = separator.join(str(each) for each in scores)
    winners = sorted(view.winners)
    if len(winners) == len(scores):
        return f"game over: {score}, a draw"
    if len(winners) == 1:
        return f"game over: {score}; seat {winners[0]} wins"
    return f"game over: {score}; seats {', '.join(map(str, winners[:-1]))} and {winners[-1]} share the win"


def _who(seat: int, view: View) -> str:
    return f"seat {seat} (you)" if seat == view.seat else f"seat {seat}"


def _status(view: View, verb: str = "to move") -> Text:
    if view.current_player is None:
        return Text(result_line(view), style="bold green")
    return Text(f"{_who(view.current_player, view)} {verb}", style="bold")


# Kalaha ---------------------------------------------------------------------------------------------------------


def _kalaha(view: KalahaView) -> RenderableType:
    me = 1 if view.seat == 1 else 0
    them = 1 - me
    width = len(view.pits[me])

    def pit(seeds: int, own: bool) -> Text:
        style = "dim" if seeds == 0 else ("bold cyan" if own else "cyan")
        return Text("[") + Text(f"{seeds:2}", style=style) + Text("]")

    pad = Text(" " * 5)
    top_labels = Text(" " * 5 + "".join(f"  {chr(ord('a') + p)} " for p in reversed(range(width))), style="dim")
    top = pad + Text("").join(pit(seeds, own=False) for seeds in reversed(view.pits[them]))
    top.append(f"    {_who(them, view)}", style="dim")
    store = Text("[") + Text(f"{view.stores[them]:2}", style="bold yellow") + Text("]")
    store.append(" " * (4 * width + 2))
    store += Text("[") + Text(f"{view.stores[me]:2}", style="bold yellow") + Text("]")
    bottom = pad + Text("").join(pit(seeds, own=view.seat is not None) for seeds in view.pits[me])
    bottom.append(f"    {_who(me, view)}", style="bold" if view.seat is not None else "dim")
    labels = Text(" " * 5 + "".join(f"  {chr(ord('a') + p)} " for p in range(width)), style="dim")
    board = Text("\n").join([top_labels, top, store, bottom, labels])
    return Group(Panel(board, title="Kalaha", expand=False), _status(view))


# Kalo -----------------------------------------------------------------------------------------------------------

_CELL = 5


def _cells(hand: Sequence[SlotView], per_line: int, *, numbered: bool) -> list[Text]:
    """A hand's slots in rows of fixed-width cells, slot numbers above if ``numbered``; ``'`` marks a received card."""
    lines: list[Text] = []
    for start in range(0, len(hand), per_line):
        chunk = hand[start : start + per_line]
        if numbered:
            numbers = "".join(f"{slot:>{_CELL - 1}} " for slot in range(start, start + len(chunk)))
            lines.append(Text("    " + numbers.rstrip(), style="dim"))
        cards = Text("    ")
        for slot in chunk:
            cell = Text("??", style="dim") if slot.card is None else card_text(slot.card, "kalo")
            if slot.received:
                cell.append("'", style="yellow")
            cards.append(" " * max(0, _CELL - 1 - cell.cell_len))
            cards += cell
            cards.append(" ")
        cards.rstrip()
        lines.append(cards)
    return lines


def _kalo_hand(view: KaloView, seat: int, width: int) -> list[Text]:
    hand = view.hands[seat]
    marker = "▶ " if seat == view.current_player else "  "
    state = ""
    if seat in view.out:
        state = f", out in place {view.out.index(seat) + 1}"
    elif seat in view.passed:
        state = ", passed"
    points = plural(view.scores[seat], "point")
    title = Text(marker + f"{_who(seat, view)}: {plural(len(hand), 'card')}{state} · {points}")
    if seat == view.seat:
        title.stylize("bold")
    per_line = max(8, (width - 4) // _CELL)
    lines = [title, *_cells(hand, per_line, numbered=seat == view.seat)]
    if seat == view.seat:
        known = [
            f"slot {index} (seat {', '.join(map(str, sorted(slot.known_by - {seat})))})"
            for index, slot in enumerate(hand)
            if slot.known_by - {seat}
        ]
        if known:
            lines.append(Text("    known to others: " + "; ".join(known), style="dim"))
    return lines


#: What a Kalo round is doing, in words, by its phase.
_PHASES = {
    "arrange": "everyone arranges their hand",
    "play": "playing",
    "effect": "a card's effect is carried out",
    "over": "the round is over",
}


def _kalo(
    view: KaloView, target: int | None, rounds: int | None, width: int, round_events: Sequence[Event]
) -> RenderableType:
    head = Text(f"Kalo · round {view.round_number} · {_PHASES[view.phase]}", style="bold")
    if target is not None:
        head.append(f" ({kalo_game_end(target, rounds)})", style="dim")
    holder = Text("the Kalo (") + card_text(KALO, "kalo") + Text(f"): {kalo_whereabouts(view, round_events)}")
    seats = list(range(len(view.hands)))
    if view.seat is not None:  # your own hand last, nearest the prompt
        seats = [seat for seat in seats if seat != view.seat] + [view.seat]
    hands: list[Text] = []
    for seat in seats:
        hands += _kalo_hand(view, seat, width)
    trick = Text("trick: ")
    if view.trick:
        trick += Text(" · ").join(Text(f"seat {play.seat}: ") + cards_text(play.cards, "kalo") for play in view.trick)
    else:
        trick.append(f"(seat {view.leader} to lead)")
    pile = f"discard pile: {plural(view.pile_size, 'card')}"
    parts: list[RenderableType] = [head, holder, *hands]
    if trick.cell_len + 4 + len(pile) <= width:  # side by side if they fit, else one under the other
        trick.append("    " + pile)
        parts.append(trick)
    else:
        parts += [trick, Text(pile)]
    if view.pile is not None:
        parts.append(Text("discard pile: ") + cards_text(view.pile, "kalo"))
    if view.effect is not None:
        parts.append(effect_line(view))
    if any(slot.received for hand in view.hands for slot in hand):
        parts.append(Text("' = received this round", style="dim"))
    parts.append(_status(view, "to decide"))
    return Group(*parts)


#: What each card's effect does, said of the one who played it (you, or another seat).
_EFFECTS = {
    3: ("give", "a card from {their} hand to another player"),
    4: ("take", "a card from the discard pile"),
    5: ("give", "a card from the discard pile to another player"),
    6: ("take", "a card from another player's hand"),
}
#: What an effect waits for now, in words.
_STEPS = {
    "card": "choosing the card",
    "seat": "choosing the other player",
    "slot": "choosing one of that player's cards, face down",
    "insert": "choosing where the card goes in the hand",
}


def effect_line(view: KaloView) -> Text:
    """The Kalo effect being carried out, in a sentence: who does what, what is chosen now, what follows.

    Examples:
        >>> import tablegames
        >>> state = tablegames.load("kalo", players=3).position([["3c", "9c"], ["4d", "2h"], ["Qs"]], leader=0)
        >>> after = state.apply(state.parse_action("3c"))
        >>> print(effect_line(after.view(0)).plain)
        effect of your 3: you give a card from your hand to another player; now choosing the card
        >>> print(effect_line(after.view(1)).plain)
        effect of seat 0's 3: they give a card from their hand to another player; now choosing the card
    """
    effect = view.effect
    assert effect is not None
    mine = effect.seat == view.seat
    verb, what = _EFFECTS[effect.rank]
    who, their = ("you", "your") if mine else ("they", "their")
    played = "your" if mine else f"seat {effect.seat}'s"
    line = Text(f"effect of {played} {effect.rank}")
    if effect.card is not None:  # first, so that the card is named on the line's first row however narrow
        line += Text(", the card ") + card_text(effect.card, "kalo")
    line.append(f": {who} {verb} {what.format(their=their)}; now {_STEPS[effect.step]}")
    if effect.target is not None:
        line.append(f" (the other player: {'you' if effect.target == view.seat else f'seat {effect.target}'})")
    if effect.left > 1:
        line.append(f"; then {plural(effect.left - 1, 'more ' + str(effect.rank))}")
    return line


# Loo ------------------------------------------------------------------------------------------------------------

_DECISIONS = {"play": "stays in", "drop": "dropped", "miss": "took the Miss", None: "yet to decide"}
#: Said once, the first time P0 is on the table.
P0_NOTE = "P0 is the pot as the first trick began; each trick pays a fifth of it"


def _loo(view: LooView, explained: MutableSet[str] | None) -> RenderableType:
    head = Text(f"Loo · round {view.round_number} of {view.rounds} · seat {view.dealer} deals · turned ", style="bold")
    head += card_text(view.turned, "loo")
    head.append(f" · trump: {SUIT_SYMBOLS[view.trump]} ", style="bold")
    head.append(SUIT_NAMES[view.trump], style="bold red" if view.trump in _RED else "bold")
    pot = Text(f"pot {view.pot}")
    if view.p0:
        pot.append(f" · P0 {view.p0}")
        if explained is not None and P0_NOTE not in explained:
            explained.add(P0_NOTE)
            pot.append(f" ({P0_NOTE})", style="dim")
    if view.carry:
        pot.append(f" · carried over {view.carry}")
    table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 2))
    for column in ("", "seat", "chips", "decision", "tricks", "cards"):
        table.add_column(column, justify="right" if column in ("chips", "tricks", "cards") else "left")
    for seat, chips in enumerate(view.scores):
        table.add_row(
            "▶" if seat == view.current_player else "",
            _who(seat, view),
            str(chips),
            _DECISIONS[view.decisions[seat]],
            str(view.tricks_won[seat]),
            str(view.hand_sizes[seat]),
            style="bold" if seat == view.seat else None,
        )
    parts: list[RenderableType] = [head, pot, table]
    if view.phase == "play" or view.trick:
        trick = Text(f"trick {len(view.tricks) + 1}: ")
        if view.trick:
            trick.append(f"seat {view.trick[0].seat} led · ")
            trick += Text(" · ").join(Text(f"seat {play.seat}: ") + card_text(play.card, "loo") for play in view.trick)
        elif view.current_player is not None:
            trick.append(f"{_who(view.current_player, view)} to lead")
        parts.append(trick)
    if view.seat is not None:
        hand = Text("your hand: ", style="bold") + (cards_text(view.hand, "loo") if view.hand else Text("-"))
        parts.append(hand)
        if view.given_up:
            parts.append(Text("you gave up for the Miss: ") + cards_text(view.given_up, "loo"))
    parts.append(_status(view, "to decide" if view.phase == "decide" else "to play"))
    return Group(*parts)


def render_view(
    view: View,
    *,
    target: int | None = None,
    rounds: int | None = None,
    width: int = 100,
    round_events: Sequence[Event] = (),
    explained: MutableSet[str] | None = None,
) -> RenderableType:
    """Draw a seat's view; games without a drawing of their own show ``str(view)``.

    Args:
        view: What the seat may know.
        target: Kalo's winning total, to show beside the scores.
        rounds: Kalo's number of rounds, if the game also ends after so many.
        width: The console's width, to wrap long hands.
        round_events: The events of the round in progress as the seat may know them: Kalo says from
            them where the Kalo is once it was played.
        explained: Notes shown already (such as what P0 means): a note is shown once, then added here.
    """
    if isinstance(view, KalahaView):
        return _kalaha(view)
    if isinstance(view, KaloView):
        return _kalo(view, target, rounds, width, round_events)
    if isinstance(view, LooView):
        return _loo(view, explained)
    return Text(str(view))

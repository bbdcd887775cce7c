"""The pictures on the rules pages, drawn as SVG from the library's own positions, moves and rules.

Every board and card table here is computed by tablegames itself: a Kalaha picture
shows the position a move really leads to, a Kalo table replays the plays through
the game, and a Loo diagram marks the cards ``follow`` really allows. So a picture
cannot drift from the rules the library plays. Run::

    python docs/pictures.py --write

to rewrite ``docs/img/*.svg`` (a picture in a page's language is ``<name>.<locale>.svg``,
which the site shows on that language's pages); ``tests/docs/test_pictures.py`` fails
when a committed picture differs from what this module draws.
"""

from __future__ import annotations

import argparse
import json
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from tablegames.kalaha import Kalaha, Sow
from tablegames.kalo import Card as KaloCard
from tablegames.kalo import Kalo, power
from tablegames.loo import Card as LooCard
from tablegames.loo import Loo, follow

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from tablegames.kalaha import KalahaState

IMAGES = Path(__file__).resolve().parent / "img"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RED, BLACK, GREEN, AMBER, GREY = "#c62828", "#212121", "#2e7d32", "#f9a825", "#757575"
CARD_W, CARD_H, GAP = 34, 48, 4

#: Every word a picture writes, in each language a page is written in (kept in pictures.json, next to this file).
WORDS: dict[str, dict[str, str]] = json.loads((Path(__file__).with_suffix(".json")).read_text(encoding="utf-8"))


def word(locale: str, key: str, **values: object) -> str:
    """The word ``key`` in ``locale`` (English where a language has no word of its own), filled in."""
    return WORDS[locale].get(key, WORDS["en"][key]).format(**values)


class Svg:
    """An SVG drawing built element by element."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.parts: list[str] = []

    def add(self, tag: str, text: str = "", **attributes: object) -> None:
        """Add one element; ``stroke_width`` is written ``stroke-width``."""
        written = " ".join(f'{name.replace("_", "-")}="{escape(str(value))}"' for name, value in attributes.items())
        self.parts.append(f"<{tag} {written}>{escape(text)}</{tag}>" if text else f"<{tag} {written}/>")

    def text(self, x: int, y: int, text: str, size: int = 13, **attributes: object) -> None:
        """Write ``text`` with its baseline at ``y``."""
        self.add("text", text, x=x, y=y, font_size=size, **attributes)

    def __str__(self) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {self.height}" '
            f'width="{self.width}" height="{self.height}" font-family="{FONT}" fill="{BLACK}">'
        )
        panel = f'<rect x="0.5" y="0.5" width="{self.width - 1}" height="{self.height - 1}" rx="8" fill="#fafafa" '
        panel += 'stroke="#d0d0d0"/>'
        return "\n".join([head, panel, *self.parts, "</svg>"]) + "\n"


def card(svg: Svg, x: int, y: int, notation: str, look: str = "plain", kalo: bool = False, name: str = "") -> None:
    """Draw a card (``Qh``, ``10d``): plain, ``legal`` (framed green), ``played`` (amber) or ``dim``.

    The Kalo keeps its olive background, played or not; ``name`` (``Kalo``, ``Pam``) is written on the card.
    """
    rank, suit = notation[:-1], notation[-1]
    colour = RED if suit in "hd" else BLACK
    fill = "#b9c46a" if kalo else {"played": "#fff3c4"}.get(look, "#ffffff")
    stroke, width = {"legal": (GREEN, 2.5), "played": (AMBER, 3)}.get(look, ("#9e9e9e", 1))
    opacity = 0.35 if look == "dim" else 1
    svg.parts.append(f'<g opacity="{opacity}">')
    svg.add("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=4, fill=fill, stroke=stroke, stroke_width=width)
    svg.text(x + 4, y + 15, rank, 13, fill=colour, font_weight="bold")
    svg.text(x + CARD_W // 2, y + CARD_H - 8, SUITS[suit], 20, fill=colour, text_anchor="middle")
    if name:
        svg.text(x + CARD_W - 3, y + 13, name, 8, text_anchor="end", font_weight="bold")
    svg.parts.append("</g>")


def cards(svg: Svg, x: int, y: int, notations: Sequence[str], looks: Sequence[str] = (), kalo: str = "") -> int:
    """Draw a row of cards from ``x``; return the ``x`` after it. Kalo's ``kalo`` card and Loo's Pam are named."""
    for index, notation in enumerate(notations):
        named = "Kalo" if notation == kalo else "Pam" if notation == "Jc" and not kalo else ""
        card(svg, x, y, notation, looks[index] if looks else "plain", kalo=notation == kalo, name=named)
        x += CARD_W + GAP
    return x


def key(svg: Svg, locale: str, x: int, y: int, entries: Sequence[str]) -> None:
    """A key to the frames: each of ``entries`` (``may``, ``played``, ``may not``, ``received``) with its frame."""
    looks = {"may": "legal", "played": "played", "may not": "dim", "received": "legal"}
    for entry in entries:
        svg.add(
            "rect",
            x=x,
            y=y - 11,
            width=14,
            height=14,
            rx=2,
            fill="#ffffff",
            opacity=0.35 if entry == "may not" else 1,
            stroke={"legal": GREEN, "played": AMBER}.get(looks[entry], "#9e9e9e"),
            stroke_width=2.5,
        )
        svg.text(x + 20, y, word(locale, entry), 11, fill=GREY)
        x += 40 + 6 * len(word(locale, entry))


# --- Kalaha ---------------------------------------------------------------------------------------------------

PIT, PAD = 44, 16


def _board(
    svg: Svg, state: KalahaState, x: int, y: int, chosen: int | None = None, changed: frozenset[str] = frozenset()
) -> None:
    """Draw the board as seat 0 sees it: its row below, left to right, its store on the right."""
    pits = len(state.pits[0])
    width = (pits + 2) * PIT
    svg.add("rect", x=x, y=y + 14, width=width, height=2 * PIT + 8, rx=22, fill="#d7b98e", stroke="#8d6e63")
    letters = "abcdefghijklmnopqrstuvwxyz"
    for index in range(pits):
        for seat, (column, row) in enumerate(((index, 1), (pits - 1 - index, 0))):
            cx, cy = x + PIT + column * PIT + PIT // 2, y + 18 + row * PIT + PIT // 2 + 2
            place = f"{seat}:{index}"
            fill = "#c8e6c9" if place in changed else "#f3e3c3"
            ring = ("#e65100", 3) if seat == 0 and index == chosen else ("#8d6e63", 1)
            svg.add("circle", cx=cx, cy=cy, r=18, fill=fill, stroke=ring[0], stroke_width=ring[1])
            svg.text(cx, cy + 5, str(state.pits[seat][index]), 15, text_anchor="middle", font_weight="bold")
            label_y = y + 2 * PIT + 40 if row else y + 10
            svg.text(cx, label_y, letters[index], 12, text_anchor="middle", fill=GREY)
    for seat, left in ((1, x + 4), (0, x + width - PIT + 4)):
        fill = "#c8e6c9" if f"store{seat}" in changed else "#f3e3c3"
        svg.add("rect", x=left, y=y + 22, width=PIT - 8, height=2 * PIT - 8, rx=16, fill=fill, stroke="#8d6e63")
        svg.text(
            left + PIT // 2 - 4, y + 18 + PIT + 5, str(state.stores[seat]), 15, text_anchor="middle", font_weight="bold"
        )


def _changed(before: KalahaState, after: KalahaState) -> frozenset[str]:
    places = {
        f"{seat}:{pit}"
        for seat in (0, 1)
        for pit in range(len(before.pits[0]))
        if before.pits[seat][pit] != after.pits[seat][pit]
    }
    places |= {f"store{seat}" for seat in (0, 1) if before.stores[seat] != after.stores[seat]}
    return frozenset(places)


def kalaha_board(locale: str) -> str:
    """The board at the start, with pit letters, the two stores and the way seat 0 sows."""
    state = Kalaha().start()
    width, x, y = 8 * PIT, 150, 34
    svg = Svg(width + 2 * x, 2 * PIT + 124)
    _board(svg, state, x, y)
    svg.text(x + width // 2, y + 2 * PIT + 80, word(locale, "you"), 13, text_anchor="middle", font_weight="bold")
    svg.text(x + width // 2, y - 16, word(locale, "them"), 13, text_anchor="middle")
    svg.text(x + width + 26, y + PIT + 22, word(locale, "your store"), 12)
    svg.text(x - 8, y + PIT + 14, word(locale, "their store"), 12, text_anchor="end")
    svg.text(x - 8, y + PIT + 30, f"({word(locale, 'skipped')})", 11, text_anchor="end", fill=GREY)
    bottom, top, right = y + 2 * PIT + 50, y - 6, x + width - PIT // 2  # up through your own store
    arrow = f"M {x + PIT + 10} {bottom} L {right - 20} {bottom} Q {right} {bottom} {right} {bottom - 20} "
    arrow += f"L {right} {top + 20} Q {right} {top} {right - 20} {top} L {x + PIT + 10} {top}"
    svg.parts.append(
        '<defs><marker id="head" markerWidth="8" markerHeight="8" refX="4" refY="4" orient="auto">'
        '<path d="M0,0 L8,4 L0,8 z" fill="#e65100"/></marker></defs>'
    )
    svg.add("path", d=arrow, fill="none", stroke="#e65100", stroke_width=2, marker_end="url(#head)", opacity=0.8)
    return str(svg)


def _outcome(before: KalahaState, after: KalahaState, pit: int) -> str:
    """What a move did, as the library played it: the game ended, a capture, a move again, a lap, or the turn passed."""
    sown = before.pits[0][pit]
    if after.is_over:
        return "end"
    if after.stores[0] - before.stores[0] > sown // (2 * len(before.pits[0]) + 1) + 1:
        return "capture"
    if after.current_player == 0:
        return "again"
    return "lap" if sown > 2 * len(before.pits[0]) else "passes"


def _kalaha_move(
    rows: tuple[tuple[int, ...], tuple[int, ...]] | None, stores: tuple[int, int], pit: int
) -> Callable[[str], str]:
    def draw(locale: str) -> str:
        game = Kalaha()
        before = game.start() if rows is None else game.position(rows=rows, stores=stores)
        after = before.apply(Sow(pit))
        width = 8 * PIT
        svg = Svg(2 * width + 3 * PAD + 30, 2 * PIT + 112)
        outcome = word(locale, _outcome(before, after, pit))
        svg.text(svg.width // 2, 2 * PIT + 104, outcome, 13, text_anchor="middle", fill=GREEN, font_weight="bold")
        _board(svg, before, PAD, 24, chosen=pit)
        svg.text(PAD + width + PAD // 2 + 15, 24 + PIT + 24, "→", 28, text_anchor="middle", fill="#e65100")
        _board(svg, after, 2 * PAD + width + 30, 24, changed=_changed(before, after))
        svg.text(PAD + width // 2, 2 * PIT + 84, word(locale, "sows", pit="abcdef"[pit]), 13, text_anchor="middle")
        return str(svg)

    return draw


# --- Kalo -----------------------------------------------------------------------------------------------------


def _seat_columns(svg: Svg, locale: str, seats: int, x0: int, column: int, y: int, extra: Sequence[str] = ()) -> None:
    for seat in range(seats):
        label = word(locale, "seat", n=seat) + (f" ({extra[seat]})" if extra else "")
        svg.text(x0 + seat * column, y, label, 13, font_weight="bold")


def kalo_example_trick(locale: str) -> str:
    """The sheet's example trick, replayed through the game: the hands, then each play turn by turn."""
    hands = [["8c", "8d", "2c", "2d", "9c"], ["2h", "9d", "10c"], ["Kc", "Kd", "9h"], ["9s", "10d"]]
    moves = ["8c 8d", "pass", "Kc Kd", "pass", "2c 2d", "2h"]
    state = Kalo(players=4).position(hands, leader=0)
    turns: list[list[str]] = [[] for _ in hands]
    for move in moves:
        seat = state.current_player
        assert seat is not None
        turns[seat].append(move)
        state = state.apply(state.parse_action(move))
    winner = state.current_player
    rows = max(len(seat_turns) for seat_turns in turns)
    x0, column, label = 150, 200, 16
    svg = Svg(x0 + 4 * column, 40 + (rows + 1) * (CARD_H + 22) + 10)
    _seat_columns(svg, locale, 4, x0, column, 24, extra=["P1", "P2", "P3", "P4"])
    lines = [word(locale, "hand")] + [word(locale, "round", n=n + 1) for n in range(rows)]
    for row, name in enumerate(lines):
        y = 36 + row * (CARD_H + 22)
        svg.text(label, y + 30, name, 13, fill=GREY)
        for seat in range(4):
            x = x0 + seat * column
            if row == 0:
                cards(svg, x, y, hands[seat], kalo="2h")
            elif row - 1 < len(turns[seat]):
                move = turns[seat][row - 1]
                if move == "pass":
                    svg.text(x + 4, y + 30, word(locale, "pass"), 13, fill=GREY, font_style="italic")
                else:
                    end = cards(svg, x, y, move.split(), looks=["played"] * len(move.split()), kalo="2h")
                    if seat == winner and row - 1 == len(turns[seat]) - 1:
                        svg.text(end + 2, y + 30, word(locale, "wins"), 12, fill=GREEN, font_weight="bold")
    return str(svg)


def kalo_effects(locale: str) -> str:
    """The worked example of a 3 and a 6: every hand before the trick and after it, received cards framed."""
    hands = [["3c", "9c", "Kc", "5h"], ["6d", "Qd"], ["Kd", "8s"], ["Ad", "8h"]]
    state = Kalo(players=4).position(hands, leader=0, kalo_holder=0)
    for move in ["3c", "card 9c", "seat 2", "insert 2", "6d", "seat 0", "slot 0", "insert 0", "Kd", "Ad"]:
        state = state.apply(state.parse_action(move))
    x0, after_x, row_h = 90, 300, CARD_H + 26
    svg = Svg(after_x + 4 * (CARD_W + GAP) + 40, 64 + 4 * row_h)
    key(svg, locale, 16, 54 + 4 * row_h, ["received"])
    svg.text(x0, 22, word(locale, "before"), 13, font_weight="bold")
    svg.text(after_x, 22, word(locale, "after"), 13, font_weight="bold")
    for seat in range(4):
        y = 32 + seat * row_h
        svg.text(16, y + 30, word(locale, "seat", n=seat), 13, font_weight="bold")
        cards(svg, x0, y, hands[seat])
        slots = state.hands[seat]
        for column, count in ((x0, len(hands[seat])), (after_x, len(slots))):
            for index in range(count):
                svg.text(
                    column + index * (CARD_W + GAP) + CARD_W // 2,
                    y + CARD_H + 12,
                    str(index),
                    9,
                    fill=GREY,
                    text_anchor="middle",
                )
        cards(
            svg,
            after_x,
            y,
            [str(slot.card) for slot in slots],
            ["legal" if slot.received else "plain" for slot in slots],
        )
    for effect, (giver, slot), (taker, place) in (("3", (0, 1), (2, 1)), ("6", (0, 2), (1, 0))):
        x1, y1 = x0 + slot * (CARD_W + GAP) + CARD_W // 2, 32 + giver * row_h + CARD_H
        x2, y2 = after_x + place * (CARD_W + GAP) + CARD_W // 2, 30 + taker * row_h
        arc = f"M {x1} {y1} C {x1} {y1 + 40}, {x2} {y2 - 40}, {x2} {y2}"
        svg.add("path", d=arc, fill="none", stroke=AMBER, stroke_width=2, marker_end="url(#gift)", opacity=0.9)
        said = effect if effect == "3" else f"6: {word(locale, 'slot')}"
        svg.text(x2 - 8, y2 - 6, said, 12, fill=AMBER, font_weight="bold", text_anchor="end")
    svg.parts.append(
        '<defs><marker id="gift" markerWidth="8" markerHeight="8" refX="6" refY="4" orient="auto">'
        f'<path d="M0,0 L8,4 L0,8 z" fill="{AMBER}"/></marker></defs>'
    )
    return str(svg)


def kalo_ranks(locale: str) -> str:
    """The ranks from low to high as the game orders them, the effects of 3 to 6, and the Kalo on top."""
    ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    notations = [*sorted((rank + "s" for rank in ranks), key=_kalo_power), "2h"]
    step = CARD_W + 10
    svg = Svg(32 + len(notations) * step, 170)
    svg.parts.append(
        '<defs><marker id="up" markerWidth="8" markerHeight="8" refX="4" refY="4" orient="auto">'
        f'<path d="M0,0 L8,4 L0,8 z" fill="{GREY}"/></marker></defs>'
    )
    for index, notation in enumerate(notations):
        card(svg, 16 + index * step, 16, notation, kalo=notation == "2h")
    svg.text(16 + (len(notations) - 1) * step + CARD_W // 2, 82, word(locale, "kalo"), 11, text_anchor="middle")
    svg.add("path", d=f"M 16 {74} L {16 + 4 * step - 10} 74", stroke=GREY, stroke_width=1)
    for line, rank in enumerate("3456"):
        svg.text(16, 96 + 15 * line, f"{rank}: {word(locale, rank)}", 12)
    svg.add(
        "path", d=f"M {16 + 5 * step} 140 L {16 + 12 * step} 140", stroke=GREY, stroke_width=1.5, marker_end="url(#up)"
    )
    svg.text(16 + 5 * step, 158, word(locale, "low"), 11, fill=GREY)
    svg.text(16 + 12 * step, 158, word(locale, "high"), 11, fill=GREY, text_anchor="end")
    return str(svg)


def _kalo_power(notation: str) -> int:
    return power(KaloCard.parse(notation))


# --- Loo ------------------------------------------------------------------------------------------------------


def _rule_words(locale: str, rule: str, trick: Sequence[str] = (), trump: str = "", options: Sequence[str] = ()) -> str:
    """The case's words; beating a trick no trump is in yet is trumping, and a variant names its option."""
    if rule == "overtrump" and not any(c[-1] == trump or c == "Jc" for c in trick):
        rule = "trump_rule"
    said = word(locale, "trump_rule" if rule == "trump" else rule)
    return said + "".join(f" ({word(locale, 'option', name=name)})" for name in options)


def loo_first_trick(locale: str) -> str:
    """The sheet's example trick, played through the game: each hand, the cards it may play, and the card played."""
    hands = ["7s 2s 3s 2c 3c", "Qh 5h 8h As 4s", "Ah 10h 3h Ac 4c", "9d Kc Qc 10c 9c", "Jc 6s 5s 8c 7c"]
    state = Loo(players=5).deal([hand.split() for hand in hands], turned="5d")
    for _ in hands:
        state = state.apply(state.parse_action("play"))
    played = ["Qh", "Ah", "9d", "Jc", "7s"]
    row_h, x0 = CARD_H + 14, 110
    svg = Svg(x0 + 5 * (CARD_W + GAP) + 290, 64 + 5 * row_h)
    key(svg, locale, 16, 54 + 5 * row_h, ["may", "played", "may not"])
    svg.text(16, 22, word(locale, "trump", suit=SUITS[state.trump]), 13, font_weight="bold", fill=RED)
    rows = []
    for notation in played:
        seat = state.current_player
        assert seat is not None
        allowed = state.follow(seat)
        rows.append(
            (seat, [str(c) for c in state.hands[seat]], {str(c) for c in allowed.cards}, allowed.rule, notation)
        )
        state = state.apply(state.parse_action(notation))
    winner = max(range(5), key=lambda seat: state.tricks_won[seat])
    for index, (seat, hand, legal, rule, notation) in enumerate(rows):
        y = 32 + index * row_h
        svg.text(16, y + 30, word(locale, "seat", n=seat), 13, font_weight="bold")
        looks = ["played" if c == notation else "legal" if c in legal else "dim" for c in hand]
        end = cards(svg, x0, y, hand, looks)
        svg.text(end + 10, y + 30, _rule_words(locale, rule, played[:index], state.trump), 13)
        if seat == winner:
            svg.text(end + 10, y + 46, word(locale, "takes"), 12, fill=GREEN, font_weight="bold")
    return str(svg)


#: The follow examples of each subsection of the rules on following: (hand, trick so far, trump, options).
FOLLOW_EXAMPLES: dict[str, list[tuple[str, str, str, dict[str, bool]]]] = {
    "must-follow": [("Kh 3h 2d", "Qh Ah", "d", {}), ("Kh 3h", "Qh 2d", "d", {})],
    "must-head": [("Ah Kh 3h 2d", "Qh", "d", {})],
    "must-trump": [
        ("Jc Jd 5d 4c", "Qh Ah 9d", "d", {}),
        ("5d 4c", "Qh Ah 9d", "d", {}),
        ("5d Jd 4c", "Qh Ah 9d", "d", {"trump_must_be_highest": True}),
    ],
    "discarding": [("4c 7s", "Qh 9d", "d", {})],
    "pam": [
        ("Jc 4c", "Kc", "d", {}),
        ("Jc 4c", "Kc", "c", {}),
        ("Jc 4h", "Kd", "d", {}),
        ("Ad 4h", "Jc", "d", {}),
        ("5h Jc", "Qh", "d", {"pam_is_wild": True}),
    ],
}


def _loo_follow(anchor: str) -> Callable[[str], str]:
    def draw(locale: str) -> str:
        examples = FOLLOW_EXAMPLES[anchor]
        row_h, hand_x = CARD_H + 16, 270
        svg = Svg(hand_x + 4 * (CARD_W + GAP) + 390, 54 + len(examples) * row_h)
        key(svg, locale, 10, 46 + len(examples) * row_h, ["may", "may not"])
        svg.text(10, 20, word(locale, "trumps"), 12, fill=GREY)
        svg.text(64, 20, word(locale, "trick"), 12, fill=GREY)
        svg.text(hand_x, 20, word(locale, "hand"), 12, fill=GREY)
        for index, (hand, trick, trump, options) in enumerate(examples):
            y = 28 + index * row_h
            result = follow(
                [LooCard.parse(t) for t in hand.split()], [LooCard.parse(t) for t in trick.split()], trump, **options
            )
            legal = {str(c) for c in result.cards}
            svg.text(18, y + 30, SUITS[trump], 16, fill=RED if trump in "hd" else BLACK)
            cards(svg, 64, y, trick.split())
            cards(svg, hand_x, y, hand.split(), ["legal" if c in legal else "dim" for c in hand.split()])
            said = _rule_words(locale, result.rule, trick.split(), trump, [name for name in options if options[name]])
            svg.text(hand_x + len(hand.split()) * (CARD_W + GAP) + 10, y + 30, said, 13)
        return str(svg)

    return draw


#: Every picture by its file name, with the languages it is drawn in.
PICTURES: dict[str, tuple[Callable[[str], str], tuple[str, ...]]] = {
    "kalaha-board": (kalaha_board, ("en", "sv")),
    "kalaha-sowing": (_kalaha_move(None, (0, 0), 4), ("en", "sv")),
    "kalaha-moving-again": (_kalaha_move(None, (0, 0), 2), ("en", "sv")),
    "kalaha-capture": (_kalaha_move(((1, 0, 4, 4, 4, 4), (4, 4, 4, 4, 7, 4)), (3, 1), 0), ("en", "sv")),
    "kalaha-lap": (_kalaha_move(((15, 1, 1, 1, 1, 1), (1, 1, 1, 1, 1, 1)), (11, 11), 0), ("en", "sv")),
    "kalaha-game-end": (_kalaha_move(((0, 0, 0, 0, 0, 1), (1, 2, 3, 0, 0, 4)), (20, 17), 5), ("en", "sv")),
    "kalo-ranks": (kalo_ranks, ("en", "de")),
    "kalo-example-trick": (kalo_example_trick, ("en", "de")),
    "kalo-effects": (kalo_effects, ("en", "de")),
    "loo-first-trick": (loo_first_trick, ("en", "de")),
    **{f"loo-{anchor}": (_loo_follow(anchor), ("en", "de")) for anchor in FOLLOW_EXAMPLES},
}


def drawn() -> dict[Path, str]:
    """Every picture file as this module draws it: ``img/<name>.svg`` in English, ``img/<name>.<locale>.svg``."""
    files = {}
    for name, (draw, locales) in PICTURES.items():
        for locale in locales:
            files[IMAGES / (f"{name}.svg" if locale == "en" else f"{name}.{locale}.svg")] = draw(locale)
    return files


def main() -> None:
    """Write the pictures, or list those that differ from what is drawn."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--write", action="store_true", help="rewrite docs/img/*.svg")
    arguments = parser.parse_args()
    IMAGES.mkdir(exist_ok=True)
    for path, text in drawn().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            if arguments.write:
                path.write_text(text, encoding="utf-8")
            print(f"{'wrote' if arguments.write else 'out of date:'} {path.name}")


if __name__ == "__main__":
    main()

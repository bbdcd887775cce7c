"""The pictures on the rules pages, drawn as SVG from the library's own positions, moves and rules.

Every board and card table here is computed by tablegames itself: a Kalaha picture
shows the position a move really leads to, a Kalo table replays the plays through
the game, and a Loo diagram marks the cards ``follow`` really allows. So a picture
cannot drift from the rules the library plays. Run::

    python docs/pictures.py --write

to rewrite ``docs/img/*.svg`` (a picture in a page's language is ``<name>.<locale>.svg``,
which the site shows on that language's pages); ``tests/docs/test_pictures.py`` fails
when a committed picture differs from what this module draws. The words, cards, keys and
arrows every picture is drawn with are in ``drawing.py`` next to this file, the words
themselves in ``pictures.json``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from drawing import (
    AMBER,
    BLACK,
    CARD_H,
    CARD_W,
    CHANGED,
    GAP,
    GREEN,
    GREY,
    OPTION,
    ORANGE,
    RED,
    SUITS,
    Svg,
    card_name,
    cards,
    key,
    marker,
    word,
)

from tablegames.kalaha import Captured, ExtraMove, Kalaha, Sow, Swept
from tablegames.kalo import Card as KaloCard
from tablegames.kalo import Kalo, power
from tablegames.loo import Card as LooCard
from tablegames.loo import Follow, Loo, follow
from tablegames.loo.tricks import suit_of

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from tablegames.kalaha import KalahaState

IMAGES = Path(__file__).resolve().parent / "img"


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
            fill = CHANGED if place in changed else "#f3e3c3"
            ring = (ORANGE, 3) if seat == 0 and index == chosen else ("#8d6e63", 1)
            svg.add("circle", cx=cx, cy=cy, r=18, fill=fill, stroke=ring[0], stroke_width=ring[1])
            svg.text(cx, cy + 5, str(state.pits[seat][index]), 15, text_anchor="middle", font_weight="bold")
            label_y = y + 2 * PIT + 40 if row else y + 10
            svg.text(cx, label_y, letters[index], 12, text_anchor="middle", fill=GREY)
    for seat, left in ((1, x + 4), (0, x + width - PIT + 4)):
        fill = CHANGED if f"store{seat}" in changed else "#f3e3c3"
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
    """The board at the start, with pit letters, the two stores and the way seat 0 sows: through its own store."""
    state = Kalaha().start()
    width, x, y = 8 * PIT, 170, 34
    svg = Svg(width + 2 * x, 2 * PIT + 146)
    _board(svg, state, x, y)
    svg.text(x + width // 2, y + 2 * PIT + 80, word(locale, "you"), 13, text_anchor="middle", font_weight="bold")
    svg.text(x + width // 2, y - 16, word(locale, "them"), 13, text_anchor="middle")
    svg.text(x + width + 26, y + PIT + 22, word(locale, "your store"), 12)
    svg.text(x - 8, y + PIT + 14, word(locale, "their store"), 12, text_anchor="end")
    svg.text(x - 8, y + PIT + 30, f"({word(locale, 'skipped')})", 11, text_anchor="end", fill=GREY)
    svg.text(
        svg.width // 2,
        y + 2 * PIT + 104,
        word(locale, "the way"),
        13,
        text_anchor="middle",
        fill=GREEN,
        font_weight="bold",
    )
    # Up through your own store, beside the number of its seeds.
    bottom, top, right = y + 2 * PIT + 50, y - 6, x + width - PIT // 2 + 10
    arrow = f"M {x + PIT + 10} {bottom} L {right - 20} {bottom} Q {right} {bottom} {right} {bottom - 20} "
    arrow += f"L {right} {top + 20} Q {right} {top} {right - 20} {top} L {x + PIT + 10} {top}"
    marker(svg, "head", ORANGE)
    svg.add("path", d=arrow, fill="none", stroke=ORANGE, stroke_width=2, marker_end="url(#head)", opacity=0.8)
    return str(svg)


def _said(locale: str, before: KalahaState, pit: int) -> list[str]:
    """What a move did, in words, from the events the library reports: where the last seed fell and what followed."""
    pits, sown = len(before.pits[0]), before.pits[0][pit]
    letters = "abcdefghijklmnopqrstuvwxyz"
    last = (pit + sown) % (2 * pits + 1)  # your pits, your store, then theirs
    where = (
        word(locale, "in your pit", pit=letters[last])
        if last < pits
        else word(locale, "in your store")
        if last == pits
        else word(locale, "in their pit", pit=letters[last - pits - 1])
    )
    lap = [word(locale, "lap", n=sown, pit=letters[pit])] if sown > 2 * pits else []
    for event in before.step(Sow(pit)).events:
        if isinstance(event, Swept):
            return [*lap, word(locale, "end", where=where), word(locale, "sweep", n=event.seeds)]
        if isinstance(event, Captured):
            return [*lap, word(locale, "capture", pit=letters[event.pit], n=event.seeds - 1)]
        if isinstance(event, ExtraMove):
            return [*lap, word(locale, "again", where=where)]
    return [*lap, word(locale, "passes", where=where)]


def _kalaha_move(
    rows: tuple[tuple[int, ...], tuple[int, ...]] | None, stores: tuple[int, int], pit: int
) -> Callable[[str], str]:
    def draw(locale: str) -> str:
        game = Kalaha()
        before = game.start() if rows is None else game.position(rows=rows, stores=stores)
        after = before.apply(Sow(pit))
        width, said = 8 * PIT, _said(locale, before, pit)
        svg = Svg(2 * width + 3 * PAD + 30, 2 * PIT + 120 + 20 * len(said))
        for line, text in enumerate(said):
            y = 2 * PIT + 106 + 20 * line
            svg.text(svg.width // 2, y, text, 13, text_anchor="middle", fill=GREEN, font_weight="bold")
        _board(svg, before, PAD, 24, chosen=pit)
        svg.text(PAD + width + PAD // 2 + 15, 24 + PIT + 24, "→", 28, text_anchor="middle", fill=ORANGE)
        _board(svg, after, 2 * PAD + width + 30, 24, changed=_changed(before, after))
        svg.text(PAD + width // 2, 2 * PIT + 82, word(locale, "sows", pit="abcdef"[pit]), 13, text_anchor="middle")
        # The key: the ringed pit is the one sown, the green places are those the move changed.
        x, y = PAD + width + 2 * PAD + 30, 2 * PIT + 82
        svg.add("circle", cx=x + 6, cy=y - 4, r=6, fill="#f3e3c3", stroke=ORANGE, stroke_width=2)
        svg.text(x + 18, y, word(locale, "sown"), 11, fill=GREY)
        x += 40 + 6 * len(word(locale, "sown"))
        svg.add("circle", cx=x + 6, cy=y - 4, r=6, fill=CHANGED, stroke="#8d6e63")
        svg.text(x + 18, y, word(locale, "changed"), 11, fill=GREY)
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
    svg = Svg(x0 + 4 * column, 64 + (rows + 1) * (CARD_H + 22) + 10)
    key(svg, locale, label, 54 + (rows + 1) * (CARD_H + 22), ["played"])
    _seat_columns(svg, locale, 4, x0, column, 24, extra=["P1", "P2", "P3", "P4"])
    lines = [word(locale, "hand")] + [word(locale, "round", n=n + 1) for n in range(rows)]
    for row, name in enumerate(lines):
        y = 36 + row * (CARD_H + 22)
        svg.text(label, y + 30, name, 13, fill=GREY)
        for seat in range(4):
            x = x0 + seat * column
            if row == 0:
                cards(svg, x, y, hands[seat], kalo="2h", locale=locale)
            elif row - 1 < len(turns[seat]):
                move = turns[seat][row - 1]
                if move == "pass":
                    svg.text(x + 4, y + 30, word(locale, "pass"), 13, fill=GREY, font_style="italic")
                else:
                    end = cards(svg, x, y, move.split(), ["played"] * len(move.split()), kalo="2h", locale=locale)
                    if seat == winner and row - 1 == len(turns[seat]) - 1:
                        svg.text(end + 2, y + 30, word(locale, "wins"), 12, fill=GREEN, font_weight="bold")
    return str(svg)


def kalo_effects(locale: str) -> str:
    """The worked example of a 3 and a 6: every hand before the trick, when the 6 is played, and after the trick.

    An arrow runs from the giver's card to the hand that receives it: the 3's gift from the hand before the
    trick, the 6's theft from the hand as it is when the 6 is played, where the place taken is named.
    """
    hands = [["3c", "9c", "Kc", "5h"], ["6d", "Qd"], ["Kd", "8s"], ["Ad", "8h"]]
    moves = ["3c", "card 9c", "seat 2", "insert 2", "6d", "seat 0", "slot 0", "insert 0", "Kd", "Ad"]
    state = Kalo(players=4).position(hands, leader=0, kalo_holder=0)
    columns: list[list[list[tuple[str, bool]]]] = [[[(card, False) for card in hand] for hand in hands]]
    robber = None
    for move in moves:
        if move.startswith("slot"):  # the 6's player chooses a place in the hand robbed: the hands as they are now
            robber = state.current_player
            columns.append([[(str(slot.card), slot.received) for slot in hand] for hand in state.hands])
        state = state.apply(state.parse_action(move))
    columns.append([[(str(slot.card), slot.received) for slot in hand] for hand in state.hands])
    gift = (0, int(moves[2].split()[1]), moves[1].split()[1])  # (giver, receiver, card): seat 0 leads the 3
    place, robbed = int(moves[6].split()[1]), int(moves[5].split()[1])
    assert robber is not None
    theft = (robbed, robber, columns[1][robbed][place][0])
    said = [
        word(locale, "gift", giver=gift[0], taker=gift[1], card=card_name(locale, gift[2])),
        word(
            locale,
            "theft",
            giver=theft[0],
            taker=theft[1],
            card=card_name(locale, theft[2]),
            place=word(locale, f"card {place + 1}"),
        ),
    ]
    xs, row_h, top = (90, 300, 510), CARD_H + 34, 34
    bottom = top + 4 * row_h
    svg = Svg(max(xs[2] + 140, 32 + 7 * max(len(line) for line in said)), bottom + 64)
    marker(svg, "gift", AMBER)
    headers = [word(locale, "before"), word(locale, "when", n=theft[1]), word(locale, "after")]
    for x, header in zip(xs, headers, strict=True):
        svg.text(x, 22, header, 13, font_weight="bold")
    for seat in range(4):
        y = top + seat * row_h
        svg.text(16, y + 30, word(locale, "seat", n=seat), 13, font_weight="bold")
        for x, column in zip(xs, columns, strict=True):
            cards(svg, x, y, [c for c, _ in column[seat]], ["legal" if new else "plain" for _, new in column[seat]])

    def centre(column: int, seat: int, notation: str) -> int:
        index = [c for c, _ in columns[column][seat]].index(notation)
        return xs[column] + index * (CARD_W + GAP) + CARD_W // 2

    # The 3: from the giver's card before the trick, down the gap between the columns, to the card received.
    x1, y1, x2, y2 = (
        centre(0, gift[0], gift[2]),
        top + gift[0] * row_h + CARD_H,
        centre(1, *gift[1:]),
        top + gift[1] * row_h,
    )
    gutter = xs[1] - 22
    path = f"M {x1} {y1} L {x1} {y1 + 24} L {gutter} {y1 + 24} L {gutter} {y2 - 10} L {x2} {y2 - 10} L {x2} {y2}"
    svg.add(
        "path", d=path, fill="none", stroke=AMBER, stroke_width=2.5, stroke_linejoin="round", marker_end="url(#gift)"
    )
    svg.text(gutter - 6, (y1 + y2) // 2 + 4, "3", 14, fill=AMBER, font_weight="bold", text_anchor="end")
    # The 6: from the place taken, named under the card, to the card received after the trick.
    x1, y1, x2, y2 = (
        centre(1, theft[0], theft[2]),
        top + theft[0] * row_h + CARD_H,
        centre(2, *theft[1:]),
        top + theft[1] * row_h,
    )
    svg.text(x1, y1 + 12, word(locale, f"card {place + 1}"), 10, fill=BLACK, font_weight="bold", text_anchor="middle")
    path = f"M {x1} {y1 + 16} L {x1} {y2 - 10} L {x2} {y2 - 10} L {x2} {y2}"
    svg.add(
        "path", d=path, fill="none", stroke=AMBER, stroke_width=2.5, stroke_linejoin="round", marker_end="url(#gift)"
    )
    svg.text((x1 + x2) // 2, y2 - 14, "6", 14, fill=AMBER, font_weight="bold", text_anchor="middle")
    for line, text in enumerate(said):
        svg.text(16, bottom + 8 + 18 * line, text, 12)
    key(svg, locale, 16, bottom + 52, ["received"])
    return str(svg)


def kalo_ranks(locale: str) -> str:
    """The ranks from low to high as the game orders them, the effects of 3 to 6, and the Kalo on top."""
    ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    notations = [*sorted((rank + "s" for rank in ranks), key=_kalo_power), "2h"]
    step = CARD_W + 10
    svg = Svg(32 + len(notations) * step, 170)
    marker(svg, "up", GREY)
    for index, notation in enumerate(notations):
        cards(svg, 16 + index * step, 16, [notation], kalo="2h", locale=locale)
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


def _rule_words(locale: str, allowed: Follow, trump: str) -> str:
    """The case's words: beating a trick no trump is in yet is trumping, not overtrumping (ruling L9)."""
    rule = allowed.rule
    if rule == "overtrump" and (allowed.winning is None or suit_of(allowed.winning, trump) != trump):
        rule = "trump"
    return word(locale, "trump_rule" if rule == "trump" else rule)


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
        rows.append((seat, [str(c) for c in state.hands[seat]], allowed, notation))
        state = state.apply(state.parse_action(notation))
    winner = max(range(5), key=lambda seat: state.tricks_won[seat])
    for index, (seat, hand, allowed, notation) in enumerate(rows):
        y = 32 + index * row_h
        svg.text(16, y + 30, word(locale, "seat", n=seat), 13, font_weight="bold")
        legal = {str(c) for c in allowed.cards}
        looks = ["played" if c == notation else "legal" if c in legal else "dim" for c in hand]
        end = cards(svg, x0, y, hand, looks, pam=True)
        svg.text(end + 10, y + 30, _rule_words(locale, allowed, state.trump), 13)
        if seat == winner:
            svg.text(end + 10, y + 46, word(locale, "takes"), 12, fill=GREEN, font_weight="bold")
    return str(svg)


#: The follow examples of each subsection of the rules on following: (hand, trick so far, trump, options).
#: A row with an option shows that option's rule and says so under it; every other row is the default rule.
FOLLOW_EXAMPLES: dict[str, list[tuple[str, str, str, dict[str, bool]]]] = {
    "must-follow": [("Kh 3h 2d", "Qh Ah", "d", {}), ("Kh 3h", "Qh 2d", "d", {})],
    "must-head": [("Ah Kh 3h 2d", "Qh", "d", {})],
    "must-trump": [
        ("Jc Jd 5d 4c", "Qh Ah 9d", "d", {}),
        ("5d 4c", "Qh Ah 9d", "d", {}),
        ("10d Jd 4c", "Qh Ah 9d", "d", {"trump_must_be_highest": True}),
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
        said = [[word(locale, f"option {name}") for name, on in options.items() if on] for *_, options in examples]
        longest = max(len(line) for lines in said for line in lines) if any(said) else 0
        svg = Svg(
            max(hand_x + 4 * (CARD_W + GAP) + 300, hand_x + 3 * (CARD_W + GAP) + 24 + 7 * longest),
            54 + len(examples) * row_h,
        )
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
            if said[index]:  # a game option's rule, not the default: set apart, and named under the rule
                svg.add("path", d=f"M 10 {y - 6} L {svg.width - 10} {y - 6}", stroke=OPTION, stroke_dasharray="4 3")
            svg.text(18, y + 30, SUITS[trump], 16, fill=RED if trump in "hd" else BLACK)
            cards(svg, 64, y, trick.split(), pam=True)
            end = cards(
                svg, hand_x, y, hand.split(), ["legal" if c in legal else "dim" for c in hand.split()], pam=True
            )
            svg.text(end + 10, y + 26, _rule_words(locale, result, trump), 13)
            for line, text in enumerate(said[index]):
                svg.text(end + 10, y + 44 + 14 * line, text, 12, fill=OPTION, font_style="italic")
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

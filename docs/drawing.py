"""What every picture of docs/pictures.py is drawn with: the words in each language, the canvas, cards, keys, arrows.

The words are in ``pictures.json``, next to this file: English, and the German and Swedish of the rules pages
drawn in those languages. A card is drawn as every picture draws it: Loo's Pam says so on the card, Kalo's Kalo
is olive with its name under it, and a key says what each frame means.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RED, BLACK, GREEN, AMBER, GREY = "#c62828", "#212121", "#2e7d32", "#f9a825", "#757575"
OLIVE, ORANGE, CHANGED, OPTION = "#b9c46a", "#e65100", "#c8e6c9", "#3949ab"
CARD_W, CARD_H, GAP = 34, 48, 4

#: Every word a picture writes, in each language a page is written in.
WORDS: dict[str, dict[str, str]] = json.loads(Path(__file__).with_name("pictures.json").read_text(encoding="utf-8"))


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

    The Kalo keeps its olive background, played or not; ``name`` (Loo's ``Pam``) is written on the card.
    """
    rank, suit = notation[:-1], notation[-1]
    colour = RED if suit in "hd" else BLACK
    fill = OLIVE if kalo else {"played": "#fff3c4"}.get(look, "#ffffff")
    stroke, width = {"legal": (GREEN, 2.5), "played": (AMBER, 3)}.get(look, ("#9e9e9e", 1))
    opacity = 0.35 if look == "dim" else 1
    svg.parts.append(f'<g opacity="{opacity}">')
    svg.add("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=4, fill=fill, stroke=stroke, stroke_width=width)
    svg.text(x + 4, y + 15, rank, 13, fill=colour, font_weight="bold")
    svg.text(x + CARD_W // 2, y + CARD_H - 8, SUITS[suit], 20, fill=colour, text_anchor="middle")
    if name:
        svg.text(x + CARD_W - 3, y + 13, name, 8, text_anchor="end", font_weight="bold")
    svg.parts.append("</g>")


def cards(
    svg: Svg,
    x: int,
    y: int,
    notations: Sequence[str],
    looks: Sequence[str] = (),
    pam: bool = False,
    kalo: str = "",
    locale: str = "en",
) -> int:
    """Draw a row of cards from ``x``; return the ``x`` after it.

    With ``pam`` (Loo) the J♣ says Pam on it; Kalo's ``kalo`` card is olive with its name under it, as in every
    Kalo picture, in hand or played.
    """
    for index, notation in enumerate(notations):
        look = looks[index] if looks else "plain"
        card(svg, x, y, notation, look, kalo=notation == kalo, name="Pam" if pam and notation == "Jc" else "")
        if notation == kalo:
            svg.text(
                x + CARD_W // 2, y + CARD_H + 13, word(locale, "kalo"), 11, text_anchor="middle", font_weight="bold"
            )
        x += CARD_W + GAP
    return x


def card_name(locale: str, notation: str) -> str:
    """A card in a sentence: ``9♣`` in English, ``Kreuz 9`` where the language names suits and ranks in words."""
    rank, suit = notation[:-1], notation[-1]
    words = WORDS[locale]
    return words.get("card", "{rank}{symbol}").format(
        rank=words.get(f"rank {rank}", rank), suit=words.get(f"suit {suit}", ""), symbol=SUITS[suit]
    )


def key(svg: Svg, locale: str, x: int, y: int, entries: Sequence[str]) -> None:
    """A key to the frames: each of ``entries`` (``may``, ``played``, ``may not``, ``received``) with its frame."""
    looks = {"may": "legal", "played": "played", "may not": "dim", "received": "legal"}
    for entry in entries:
        stroke = {"legal": GREEN, "played": AMBER}.get(looks[entry], "#9e9e9e")
        opacity = 0.35 if entry == "may not" else 1
        svg.add(
            "rect",
            x=x,
            y=y - 11,
            width=14,
            height=14,
            rx=2,
            fill="#ffffff",
            opacity=opacity,
            stroke=stroke,
            stroke_width=2.5,
        )
        svg.text(x + 20, y, word(locale, entry), 11, fill=GREY)
        x += 40 + 6 * len(word(locale, entry))


def marker(svg: Svg, name: str, colour: str) -> None:
    """An arrow head ``url(#name)`` of ``colour``, of one size whatever the line's width."""
    svg.parts.append(
        f'<defs><marker id="{name}" markerWidth="10" markerHeight="10" refX="8" refY="5" orient="auto" '
        f'markerUnits="userSpaceOnUse"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker></defs>'
    )

"""The pictures on the rules pages are what docs/pictures.py draws from the library now (``--write`` redraws them)."""

from __future__ import annotations

import functools
import importlib.util
import re
import sys
from typing import TYPE_CHECKING, NamedTuple
from xml.etree import ElementTree

import pytest

from tablegames.loo import Card, follow

if TYPE_CHECKING:
    from types import ModuleType

from tests.docs.test_site import DOCS, ROOT


def _pictures() -> ModuleType:
    """docs/pictures.py as a module, with the drawing pieces next to it importable as when it is run."""
    if str(DOCS) not in sys.path:
        sys.path.append(str(DOCS))
    spec = importlib.util.spec_from_file_location("tablegames_docs_pictures", DOCS / "pictures.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


pictures = _pictures()


def test_the_committed_pictures_are_what_the_library_draws() -> None:
    """Every picture in docs/img is exactly what docs/pictures.py draws, and nothing else is there."""
    drawn = pictures.drawn()
    stale = sorted(path.name for path, text in drawn.items() if not path.exists() or path.read_text("utf-8") != text)
    assert not stale, f"pictures out of date (run: python docs/pictures.py --write): {stale}"
    stray = sorted(path.name for path in (DOCS / "img").glob("*.svg") if path not in drawn)
    assert not stray, f"pictures no longer drawn by docs/pictures.py: {stray}"


def test_the_pictures_are_well_formed_svg() -> None:
    """Each picture parses as SVG with a view box."""
    for path, text in pictures.drawn().items():
        root = ElementTree.fromstring(text)
        assert root.tag == "{http://www.w3.org/2000/svg}svg", path.name
        assert root.get("viewBox"), path.name


def test_every_picture_is_on_a_page_and_every_page_picture_exists() -> None:
    """Each English picture is shown on some page, and every picture a page shows is drawn."""
    shown: set[str] = set()
    for page in DOCS.rglob("*.md"):
        shown.update(re.findall(r"img/([\w-]+)\.svg", page.read_text("utf-8")))
    names = set(pictures.PICTURES)
    assert not shown - names, f"pages show pictures that are not drawn: {sorted(shown - names)}"
    assert not names - shown, f"pictures no page shows: {sorted(names - shown)}"


def test_a_picture_follows_the_library() -> None:
    """The pictures are computed, not copied: a Loo diagram marks the cards ``follow`` allows, so a change shows."""
    text = pictures.drawn()[DOCS / "img" / "loo-must-head.svg"]
    framed = 'rx="4" fill="#ffffff" stroke="#2e7d32"'
    assert text.count(framed) == 2, "the K and the A of hearts beat the Q: two cards framed as legal"
    assert str(ROOT) not in text


@functools.cache
def _all_drawn() -> dict[str, str]:
    """Every picture as drawn now, by file name."""
    return {path.name: text for path, text in pictures.drawn().items()}


def _svg(name: str) -> str:
    return _all_drawn()[f"{name}.svg"]


SVG = "{http://www.w3.org/2000/svg}"
SUIT_LETTERS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
GREEN, AMBER, OLIVE = "#2e7d32", "#f9a825", "#b9c46a"


class Text(NamedTuple):
    """A piece of text a picture writes, where its baseline starts."""

    x: float
    y: float
    words: str


class Drawn(NamedTuple):
    """A card a picture draws: its notation, its face (left, top, right, bottom), frame, fill and words on it."""

    card: str
    box: tuple[float, float, float, float]
    stroke: str
    fill: str
    on: list[str]


def _texts(text: str) -> list[Text]:
    root = ElementTree.fromstring(text)
    return [Text(float(t.get("x", 0)), float(t.get("y", 0)), t.text or "") for t in root.iter(f"{SVG}text")]


def _cards(text: str) -> list[Drawn]:
    found = []
    for group in ElementTree.fromstring(text).iter(f"{SVG}g"):
        rect, *words = list(group)
        rank, suit, *on_it = [w.text or "" for w in words]
        x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
        box = (x, y, x + float(rect.get("width", 0)), y + float(rect.get("height", 0)))
        found.append(Drawn(rank + SUIT_LETTERS[suit], box, rect.get("stroke", ""), rect.get("fill", ""), on_it))
    return found


def test_the_pictures_speak_to_players() -> None:
    """No picture writes notation, rule codes or protocol terms: no option's code name, no slot numbers."""
    for name, text in _all_drawn().items():
        for said in _texts(text):
            assert not re.search(r"[a-z]+_[a-z_]+", said.words), f"{name}: a code name in {said.words!r}"
            assert not re.search(r"\bslot\b|Position \d", said.words), f"{name}: {said.words!r}"


def test_trumping_a_trick_with_no_trump_in_it_is_must_trump() -> None:
    """Ruling L9: void in the suit led and no trump in the trick yet, you must trump; over a trump, overtrump.

    In the sheet's first trick the 9♦ is the first trump: "must trump"; only Pam after it must overtrump, and
    the German picture says so in the German page's words.
    """
    for name, trump, over in (
        ("loo-first-trick.svg", "must trump: any trump", "must overtrump"),
        ("loo-first-trick.de.svg", "muss trumpfen: beliebiger Trumpf", "muss übertrumpfen"),
        ("loo-must-trump.svg", "must trump: any trump", "must overtrump"),
    ):
        said = [t.words for t in _texts(_all_drawn()[name])]
        assert said.count(trump) == 1, name
        assert said.count(over) == 1, name


class Row(NamedTuple):
    """A row of a Loo follow picture: the trump, the trick, the hand, the cards framed as legal, and the words."""

    trump: str
    trick: list[str]
    hand: list[str]
    legal: set[str]
    said: list[str]


def _rows(text: str, hand_x: float = 270) -> list[Row]:
    cards, texts = _cards(text), _texts(text)
    rows = []
    for top in sorted({c.box[1] for c in cards}):
        here = [c for c in cards if c.box[1] == top]
        words = [t.words for t in texts if t.x > hand_x and top <= t.y < top + 60]
        said = [w for w in words if w not in SUIT_LETTERS and w != "Pam" and not re.fullmatch(r"\d+|[JQKA]", w)]
        trump = next(t.words for t in texts if t.x < 30 and top <= t.y < top + CARD_H)
        rows.append(
            Row(
                SUIT_LETTERS[trump],
                [c.card for c in here if c.box[0] < hand_x],
                [c.card for c in here if c.box[0] >= hand_x],
                {c.card for c in here if c.box[0] >= hand_x and c.stroke == GREEN},
                said,
            )
        )
    return rows


CARD_H = 48


#: What a follow picture says for each case of ruling L9 under the default rules, in the rules pages' words.
DEFAULT_WORDS = {
    "en": {
        "head": "must head the trick",
        "follow": "follows suit: any",
        "overtrump": "must overtrump",
        "trump": "must trump: any trump",
        "discard": "neither: any card",
    },
    "de": {
        "head": "Stichzwang: muss überbieten",
        "follow": "bedient: beliebige Karte der Farbe",
        "overtrump": "muss übertrumpfen",
        "trump": "muss trumpfen: beliebiger Trumpf",
        "discard": "weder noch: beliebig abwerfen",
    },
}


@pytest.mark.parametrize(
    ("locale", "named", "options"),
    [
        ("en", "with the option ‘", ["Pam may always be played", "Trump with your highest trump"]),
        ("de", "mit der Option „", ["Pam darf immer gespielt werden", "Mit dem höchsten Trumpf trumpfen"]),
    ],
)
def test_only_the_default_rules_are_shown_unless_an_option_is_named(
    locale: str, named: str, options: list[str]
) -> None:
    """A row whose cards or words are not the default rule's says under it, in players' words, which option it shows.

    Each row is read back from the picture and played through ``follow`` with the default rules: where the cards
    framed or the words differ, the option is named as the table chooses it; where they do not, no option is.
    Overtrumping a trick with no trump in it yet is trumping (ruling L9).
    """
    labelled = 0
    for anchor in pictures.FOLLOW_EXAMPLES:
        for row in _rows(_all_drawn()[f"loo-{anchor}.svg" if locale == "en" else f"loo-{anchor}.{locale}.svg"]):
            default = follow([Card.parse(c) for c in row.hand], [Card.parse(c) for c in row.trick], row.trump)
            trumped = any(c[-1] == row.trump or c == "Jc" for c in row.trick)
            rule = "trump" if default.rule == "overtrump" and not trumped else default.rule
            as_default = {str(c) for c in default.cards} == row.legal and row.said == [DEFAULT_WORDS[locale][rule]]
            names = [w for w in row.said if w.startswith(named)]
            assert as_default or names, f"{anchor}: {row} shows an option's rule as if it were the default"
            assert not (as_default and names), f"{anchor}: {row} names an option but shows the default rule"
            assert all(any(option in w for option in options) for w in names), names
            labelled += len(names)
    assert labelled == 2, "the wild Pam and the highest trump, each under its row"


def test_pam_is_named_and_every_frame_has_a_key() -> None:
    """Every J♣ in a Loo picture says Pam on it; every colour a card is framed with is in the picture's key."""
    for name, text in _all_drawn().items():
        cards = _cards(text)
        if name.startswith("loo-"):
            pams = [c for c in cards if c.card == "Jc"]
            assert pams or name.startswith(("loo-must-follow", "loo-must-head", "loo-discarding")), name
            assert all(c.on == ["Pam"] for c in pams), name
        frames = {c.stroke for c in cards} & {GREEN, AMBER}
        keyed = {r.get("stroke") for r in ElementTree.fromstring(text).iter(f"{SVG}rect") if r.get("width") == "14"}
        assert frames <= keyed, f"{name}: the frames {frames - keyed} have no key"
    said = {name: [t.words for t in _texts(text)] for name, text in _all_drawn().items()}
    assert {"may be played", "may not be played"} <= set(said["loo-pam.svg"])
    assert "played" in said["loo-first-trick.svg"]
    assert "played" in said["kalo-example-trick.svg"]
    assert "gespielt" in said["kalo-example-trick.de.svg"]
    assert "received in this trick" in said["kalo-effects.svg"]


def test_the_sowing_arrow_goes_through_your_own_store() -> None:
    """The arrow on the board rises through seat 0's store (it is sown into), not outside it, beside its count."""
    text = _svg("kalaha-board")
    stores = [float(x) for x in re.findall(r'<rect x="([\d.]+)" y="[\d.]+" width="36"', text)]
    arrow = re.search(r'<path d="(M [^"]+)" fill="none" stroke="#e65100"', text)
    assert arrow is not None
    xs = [float(x) for x in re.findall(r"[MLQ] ([\d.]+) [\d.]+", arrow[1])]
    assert max(stores) < max(xs) < max(stores) + 36, (stores, max(xs))
    count = next(t for t in _texts(text) if max(stores) < t.x < max(stores) + 36)
    assert abs(max(xs) - count.x) >= 8, "the arrow passes beside the store's count, not over it"


def test_each_kalaha_picture_says_what_happened() -> None:
    """Under each Kalaha picture, in words and in both languages, what happened as the library played it.

    The board says the way you sow, through your own store; a move says where its last seed fell and what
    followed: the turn passing, a move again, a capture with the seeds it took, a lap, the sweep at the end.
    """
    said = {
        "kalaha-board": ["you sow along your row, through your own store, then along seat 1's row"],
        "kalaha-sowing": ["the last seed lands in seat 1's pit b: now it is seat 1's turn"],
        "kalaha-moving-again": ["the last seed lands in your store: you move again"],
        "kalaha-capture": ["the last seed lands in your empty pit b: it and the 7 seeds opposite go to your store"],
        "kalaha-lap": [
            "15 seeds go a whole lap round: the emptied pit a gets a seed too",
            "the last seed lands in your pit c: now it is seat 1's turn",
        ],
        "kalaha-game-end": [
            "the last seed lands in your store and your row is empty: the game ends",
            "seat 1 puts the 10 seeds left in their row into their own store",
        ],
    }
    svenska = {
        "kalaha-board": "du sår längs din rad, genom ditt eget bo och vidare längs motståndarens rad",
        "kalaha-sowing": "sista stenen landar i motståndarens hål b: nu är det motståndarens tur",
        "kalaha-moving-again": "sista stenen landar i ditt bo: du drar igen",
        "kalaha-capture": "sista stenen landar i ditt tomma hål b: den och de 7 stenarna mitt emot hamnar i ditt bo",
        "kalaha-lap": "15 stenar går ett helt varv: även hålet a som du tömde får en sten",
        "kalaha-game-end": "motståndaren flyttar de 10 stenar som är kvar i sin rad till sitt eget bo",
    }
    for name, lines in said.items():
        captions = sorted((t.y, t.words) for t in _texts(_svg(name)) if t.words in lines)
        assert [words for _, words in captions] == lines, name
        assert all(y > 2 * 44 + 80 for y, _ in captions), f"{name}: the words stand under the boards"
        assert svenska[name] in [t.words for t in _texts(_all_drawn()[f"{name}.sv.svg"])], name


def test_the_kalo_is_drawn_alike_in_hand_played_and_among_the_ranks() -> None:
    """The Kalo is olive with its name under it, never over its rank: in the hand, played, and among the ranks."""
    for name, count, kalo in (
        ("kalo-example-trick.svg", 2, "the Kalo"),
        ("kalo-example-trick.de.svg", 2, "das Kalo"),
        ("kalo-ranks.svg", 1, "the Kalo"),
    ):
        text = _all_drawn()[name]
        olive = [c for c in _cards(text) if c.fill == OLIVE]
        assert [c.card for c in olive] == ["2h"] * count, name
        for c in olive:
            left, _, right, bottom = c.box
            assert c.on == [], f"{name}: words on the Kalo, over its rank"
            under = [t.words for t in _texts(text) if left <= t.x <= right and bottom < t.y <= bottom + 20]
            assert under == [kalo], f"{name}: {under}"
    played = [c for c in _cards(_svg("kalo-example-trick")) if c.fill == OLIVE and c.stroke == AMBER]
    assert len(played) == 1, "the played Kalo is framed as played and stays olive"


def _arrow_ends(text: str) -> list[tuple[tuple[str, int], tuple[str, int], tuple[float, float]]]:
    """Each arrow of a Kalo effects picture: the card (and seat) it leaves, the card it reaches, where it starts."""
    texts, cards = _texts(text), _cards(text)
    rows = {t.y - 30: int(t.words.split()[-1]) for t in texts if t.x < 30 and re.fullmatch(r"(seat|Platz) \d", t.words)}

    def at(x: float, y: float, edge: int) -> tuple[str, int]:
        for c in cards:
            left, top, right, bottom = c.box
            if left <= x <= right and abs((top, bottom)[edge] - y) <= 20:
                return c.card, rows[top]
        raise AssertionError(f"no card at {x, y}")

    ends = []
    for arrow in ElementTree.fromstring(text).iter(f"{SVG}path"):
        if arrow.get("marker-end") == "url(#gift)":
            points = [(float(x), float(y)) for x, y in re.findall(r"([\d.]+) ([\d.]+)", arrow.get("d", ""))]
            ends.append((at(*points[0], edge=1), at(*points[-1], edge=0), points[0]))
    return sorted(ends)


@pytest.mark.parametrize(
    ("locale", "first", "gave", "took"),
    [
        (
            "en",
            "first card",
            "3: seat 0 gives a card to seat 2: the 9♣",
            "6: seat 1 takes seat 0's first card, face down: the K♣",
        ),
        (
            "de",
            "erste Karte",
            "3: Platz 0 gibt Platz 2 eine Karte: Kreuz 9",
            "6: Platz 1 zieht verdeckt die erste Karte von Platz 0: Kreuz König",
        ),
    ],
)
def test_the_effects_picture_draws_the_gift_and_the_theft_from_giver_to_receiver(
    locale: str, first: str, gave: str, took: str
) -> None:
    """Arrows run from seat 0's 9♣ to seat 2 for the 3, and from seat 0's first card, the K♣, to seat 1 for the 6.

    The place the 6 takes is seat 0's first card when the 6 is played: that hand is drawn, the place named under
    the card the arrow leaves, and the words under the picture say who gave or took what.
    """
    text = _all_drawn()["kalo-effects.svg" if locale == "en" else f"kalo-effects.{locale}.svg"]
    ends = _arrow_ends(text)
    assert [(giver, taker) for giver, taker, _ in ends] == [(("9c", 0), ("9c", 2)), (("Kc", 0), ("Kc", 1))]
    x, y = ends[1][2]
    assert [t.words for t in _texts(text) if abs(t.x - x) < 2 and 0 < y - t.y < 20] == [first]
    said = [t.words for t in _texts(text)]
    assert gave in said
    assert took in said

"""The pictures on the rules pages are what docs/pictures.py draws from the library now (``--write`` redraws them)."""

from __future__ import annotations

import importlib.util
import re
import sys
from typing import TYPE_CHECKING
from xml.etree import ElementTree

if TYPE_CHECKING:
    from types import ModuleType

from tests.docs.test_site import DOCS, ROOT


def _pictures() -> ModuleType:
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


def _svg(name: str) -> str:
    text = pictures.drawn()[DOCS / "img" / f"{name}.svg"]
    assert isinstance(text, str)
    return text


def test_trumping_a_trick_with_no_trump_in_it_is_must_trump() -> None:
    """In the sheet's first trick the 9♦ is the first trump: "must trump"; only Pam after it must overtrump."""
    text = _svg("loo-first-trick")
    assert text.count("must trump: any trump") == 1
    assert text.count("must overtrump") == 1


def test_a_variant_is_labelled_with_its_option() -> None:
    """A row that shows an option's rule names the option; the other rows are the default rules."""
    assert _svg("loo-must-trump").count("(option trump_must_be_highest)") == 1
    assert _svg("loo-pam").count("(option pam_is_wild)") == 1
    assert "Option pam_is_wild" in pictures.drawn()[DOCS / "img" / "loo-pam.de.svg"]
    for name in ("loo-must-follow", "loo-must-head", "loo-discarding", "loo-first-trick"):
        assert "option" not in _svg(name), name


def test_pam_is_named_and_the_frames_have_a_key() -> None:
    """Every drawn J♣ in a Loo picture says Pam, and every Loo picture explains its green and amber frames."""
    for name in ("loo-first-trick", "loo-must-trump", "loo-pam"):
        text = _svg(name)
        assert text.count(">Pam<") == text.count(">J<") - text.count('fill="#c62828" font-weight="bold">J<'), name
        assert "may be played" in text, name
    assert "played</text>" in _svg("loo-first-trick")
    assert "received in this trick" in _svg("kalo-effects")


def test_the_sowing_arrow_goes_through_your_own_store() -> None:
    """The arrow on the board rises through seat 0's store (it is sown into), not outside it."""
    text = _svg("kalaha-board")
    stores = [float(x) for x in re.findall(r'<rect x="([\d.]+)" y="[\d.]+" width="36"', text)]
    arrow = re.search(r'<path d="(M [^"]+)" fill="none" stroke="#e65100"', text)
    assert arrow is not None
    xs = [float(x) for x in re.findall(r"[MLQ] ([\d.]+) [\d.]+", arrow[1])]
    assert max(stores) < max(xs) < max(stores) + 36, (stores, max(xs))


def test_each_kalaha_move_says_what_happened() -> None:
    """Each move picture says in words what the move did, as the library played it."""
    said = {
        "kalaha-sowing": "the turn passes to seat 1",
        "kalaha-moving-again": "you move again",
        "kalaha-capture": "it and the seeds opposite go to your store",
        "kalaha-lap": "the emptied pit gets a seed too",
        "kalaha-game-end": "the game ends",
    }
    for name, words in said.items():
        assert words in _svg(name), name
    assert "du drar igen" in pictures.drawn()[DOCS / "img" / "kalaha-moving-again.sv.svg"]


def test_the_played_kalo_keeps_its_look_and_name() -> None:
    """The Kalo is olive and named in the hand and when played."""
    text = _svg("kalo-example-trick")
    assert text.count('fill="#b9c46a"') == 2
    assert text.count(">Kalo<") == 2


def test_the_effects_picture_shows_the_gift_the_theft_and_the_slots() -> None:
    """Arrows show the 3's gift and the 6's theft, the 6's slot is named, and each card's slot is numbered."""
    text = _svg("kalo-effects")
    assert text.count('marker-end="url(#gift)"') == 2
    assert ">6: slot 0<" in text
    assert ">3<" in text
    assert text.count('font-size="9" fill="#757575" text-anchor="middle">0<') == 8, "slot 0 under every hand"

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
    assert text.count('stroke="#2e7d32"') == 2, "the K and the A of hearts beat the Q: two cards framed as legal"
    assert str(ROOT) not in text

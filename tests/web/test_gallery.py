"""The gallery of every game at both widths in each language: committed, shown in the guide, and not stale."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import pytest

from tests.docs.test_site import DOCS
from tests.web.gallery import GALLERY, MANIFEST, SHOTS, shoot

if TYPE_CHECKING:
    from pathlib import Path

    from tests.web.conftest import Pages

GUIDE = DOCS / "guide" / "browser.md"
REDO = "run: python -m tests.web.gallery --write"


def test_the_guide_shows_every_shot_and_the_manifest_lists_them() -> None:
    """Each shot has its picture and its line in the manifest, the guide shows each, and nothing else lies there."""
    shown = set(re.findall(r"\]\(\.\./img/gallery/([\w-]+)\.png\)", GUIDE.read_text("utf-8")))
    assert shown == set(SHOTS), f"the guide shows {sorted(shown)}"
    assert {path.stem for path in GALLERY.glob("*.png")} == set(SHOTS), REDO
    assert set(json.loads(MANIFEST.read_text("utf-8"))) == set(SHOTS), REDO


@pytest.mark.parametrize("name", SHOTS)
def test_each_shot_still_shows_what_the_client_draws(pages: Pages, tmp_path: Path, name: str) -> None:
    """Played again, the shot shows the same words as its committed picture, in its language, within its width.

    And no word on the page is split across two lines, as a column too narrow for it splits it.
    """
    shown = shoot(pages, name, tmp_path)
    assert shown["fits"], f"{name}: wider than the screen"
    assert not shown["broken"], f"{name}: words split across two lines: {shown['broken']}"
    assert shown["language"] == name.rsplit("-", 1)[1]
    assert shown == json.loads(MANIFEST.read_text("utf-8"))[name], f"{name} is stale: {REDO}"

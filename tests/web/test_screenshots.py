"""The screenshots of "Play in the browser": each scene's picture is committed and shown, and each scene still plays."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from tests.docs.test_site import DOCS
from tests.web.screenshots import IMAGES, SCENES, take

if TYPE_CHECKING:
    from pathlib import Path

    from tests.web.conftest import Pages

GUIDE = DOCS / "guide" / "browser.md"
PNG = b"\x89PNG\r\n\x1a\n"


def test_the_guide_shows_every_scene_and_only_those() -> None:
    """Each scene has its picture in docs/img/web, the guide shows each, and nothing else lies there."""
    shown = set(re.findall(r"\]\(\.\./img/web/([\w-]+)\.png\)", GUIDE.read_text("utf-8")))
    committed = {path.stem for path in IMAGES.glob("*")}
    assert shown == set(SCENES), f"the guide shows {sorted(shown)}, the scenes are {sorted(SCENES)}"
    assert committed == set(SCENES), f"run: python -m tests.web.screenshots --write (found {sorted(committed)})"
    for name in SCENES:
        assert (IMAGES / f"{name}.png").read_bytes().startswith(PNG), name


@pytest.mark.parametrize("name", sorted(SCENES))
def test_each_scene_is_played_and_taken(pages: Pages, tmp_path: Path, name: str) -> None:
    """The scene plays to its moment in a real browser with no console error and writes a picture."""
    path = take(pages, name, tmp_path)
    data = path.read_bytes()
    assert data.startswith(PNG), f"{name}: not a PNG"
    assert len(data) > 10_000, f"{name}: too small to be a picture of a page"

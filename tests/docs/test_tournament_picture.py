"""The tournament guide's picture: drawn by docs/examples/tournament_picture.py from a real run of its bots."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections import Counter
from typing import TYPE_CHECKING

import tablegames
from tests.docs.examples import load_example
from tests.extras import need_module

if TYPE_CHECKING:
    from pathlib import Path
    from types import ModuleType

    import pytest


def _script() -> ModuleType:
    return load_example("tournament_picture.py")


def _labels(path: Path) -> list[str]:
    """The texts of an SVG drawn by matplotlib, which writes each text as a comment before its glyphs."""
    root = ElementTree.parse(path, parser=ElementTree.XMLParser(target=ElementTree.TreeBuilder(insert_comments=True)))
    comment: object = ElementTree.Comment
    comments = [element for element in root.getroot().iter() if element.tag is comment]
    return [element.text.strip() for element in comments if element.text]


def test_the_committed_picture_shows_the_scripts_bots() -> None:
    """The picture in docs/assets is an SVG of a tournament of exactly the script's bots, each with a rating."""
    script = _script()
    labels = _labels(script.PICTURE)
    names = list(script.entrants(tablegames.load("kalaha")))
    shown = Counter(label for label in labels if label in names)
    assert shown == dict.fromkeys(names, 3)  # on the rating axis, and as a row and a column of the crosstable
    assert sum(1 for label in labels if " ± " in label) == len(names)
    assert f"kalaha · {len(names)} bots · 10 tables of {script.GAMES} games · seed {script.SEED}" in labels


def test_the_script_draws_a_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The script plays its tournament (here two games a pairing) and writes the SVG it prints."""
    need_module("matplotlib", "plot")
    out = tmp_path / "picture.svg"
    _script().main(["--games", "2", "--out", str(out)])
    assert capsys.readouterr().out.rstrip().endswith(f"plot: {out}")
    assert "10 tables of 2 games" in " ".join(_labels(out))

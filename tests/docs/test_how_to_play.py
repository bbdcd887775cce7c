"""Each game has a five-minute how-to-play page in plain words, linked both ways with its rules page and from home."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from tests import rules_index
from tests.docs.test_site import DOCS

if TYPE_CHECKING:
    from pathlib import Path

#: A how-to-play page is read in five minutes, slowly: at most this many words.
ONE_SCREEN = 700


def _page(folder: Path, game: str, locale: str) -> Path:
    return folder / (f"{game}.md" if locale == "en" else f"{game}.{locale}.md")


def problems(docs: Path, game: str, locales: list[str]) -> list[str]:
    """What is wrong with ``game``'s how-to-play pages and their links, in English and in each of ``locales``."""
    found = []
    home = (docs / "index.md").read_text("utf-8")
    if f"(play/{game}.md)" not in home:
        found.append(f"the home page does not link play/{game}.md")
    for locale in ["en", *locales]:
        rules, play = _page(docs / "rules", game, locale), _page(docs / "play", game, locale)
        if not play.is_file():
            found.append(f"{play.relative_to(docs)} is missing")
            continue
        text = play.read_text("utf-8")
        if f"(../rules/{game}.md" not in text:
            found.append(f"{play.relative_to(docs)} does not link its rules page")
        if "`" in text:
            found.append(f"{play.relative_to(docs)} holds code")
        if len(re.sub(r"!\[.*?\]\(.*?\)", "", text, flags=re.S).split()) > ONE_SCREEN:
            found.append(f"{play.relative_to(docs)} is longer than {ONE_SCREEN} words")
        if not re.search(rf"!\[[^\]]+\]\(\.\./img/{game}-[\w-]+\.svg\)", text):
            found.append(f"{play.relative_to(docs)} shows no picture of the game")
        if f"(../play/{game}.md)" not in rules.read_text("utf-8"):
            found.append(f"{rules.relative_to(docs)} does not link the how-to-play page")
    return found


@pytest.mark.parametrize("game", rules_index.games())
def test_each_game_has_a_how_to_play_page_linked_from_home_and_its_rules(game: str) -> None:
    """The how-to-play page exists in every language of the rules page, in plain words, linked to and from it."""
    assert not problems(DOCS, game, rules_index.translations(game))


def test_no_how_to_play_page_without_a_rules_page() -> None:
    """Every how-to-play page, in any language, belongs to a rules page in the same language."""
    pages = {(game, locale) for game, locale in rules_index.pages()}
    for path in (DOCS / "play").glob("*.md"):
        match = rules_index.PAGE.match(path.name)
        assert match, path.name
        assert (match["game"], match["locale"] or "en") in pages, f"{path.name} has no rules page in its language"


def test_the_check_finds_each_problem(tmp_path: Path) -> None:
    """The check is not vacuous: a missing link either way, code, length, no picture and a missing page are reported."""
    (tmp_path / "rules").mkdir()
    (tmp_path / "play").mkdir()
    (tmp_path / "index.md").write_text("[How to play](play/toy.md)")
    (tmp_path / "rules" / "toy.md").write_text("[How to play](../play/toy.md)")
    good = "Play. ![The board](../img/toy-board.svg) [The rules](../rules/toy.md)"
    (tmp_path / "play" / "toy.md").write_text(good)
    assert problems(tmp_path, "toy", []) == []
    assert problems(tmp_path, "toy", ["de"]) == ["play/toy.de.md is missing"]
    for broken, expected in [
        (good.replace("(../rules/toy.md)", ""), "does not link its rules page"),
        (good + " `Sow(0)`", "holds code"),
        (good + " word" * ONE_SCREEN, "longer than"),
        (good.replace("![The board](../img/toy-board.svg)", ""), "shows no picture"),
    ]:
        (tmp_path / "play" / "toy.md").write_text(broken)
        assert any(expected in problem for problem in problems(tmp_path, "toy", [])), expected
    (tmp_path / "play" / "toy.md").write_text(good)
    (tmp_path / "rules" / "toy.md").write_text("no link")
    (tmp_path / "index.md").write_text("no link")
    assert problems(tmp_path, "toy", []) == [
        "the home page does not link play/toy.md",
        "rules/toy.md does not link the how-to-play page",
    ]

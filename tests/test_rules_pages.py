"""Every numbered rules section is checked by a test that names it, and every named section exists."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from tests import rules_index

if TYPE_CHECKING:
    from pathlib import Path


@pytest.mark.parametrize("game", rules_index.games())
def test_every_rule_section_is_named_by_a_test(game: str) -> None:
    """A numbered section with no test naming it (directly or through all its subsections) fails."""
    assert rules_index.sections(game), f"docs/rules/{game}.md has no numbered sections"
    missing = [
        f"{section.number} {section.title} ({section.address})"
        for section in rules_index.unchecked(game, rules_index.citations())
    ]
    assert not missing, f"sections no test names: {missing}"


def test_every_named_section_exists() -> None:
    """A test docstring citing ``rules/<game>.md#<anchor>`` must name a numbered section of that page."""
    unknown = rules_index.unknown_citations(rules_index.citations())
    assert not unknown, f"tests name sections that do not exist: {unknown}"


@pytest.mark.parametrize("game", rules_index.games())
def test_pages_list_the_tests_that_check_each_section(game: str) -> None:
    """The page's *Checked by:* paragraphs are exactly what the tests cite (``python -m tests.rules_index --write``)."""
    page = (rules_index.RULES / f"{game}.md").read_text()
    assert page == rules_index.render(game, rules_index.citations()), (
        f"docs/rules/{game}.md is out of date; run: python -m tests.rules_index --write"
    )


def test_the_checks_fail_on_a_missing_or_unknown_section(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check is not vacuous: an uncited section and a citation of a missing anchor are both reported."""
    rules = tmp_path / "docs" / "rules"
    tests = tmp_path / "tests"
    rules.mkdir(parents=True)
    tests.mkdir()
    (rules / "toy.md").write_text(
        "# Toy\n\n## 1. Setup {#setup}\n\nText.\n\n## 2. Play {#play}\n\n### 2.1 Moving {#moving}\n\nMore.\n\n"
        "```\n## 9. Not a section {#fenced}\n```\n"
    )
    (tests / "test_toy.py").write_text(
        'def test_setup():\n    """rules/toy.md#setup"""\n\n\n'
        'class TestPlay:\n    def test_gone(self):\n        """rules/toy.md#gone"""\n'
    )
    monkeypatch.setattr(rules_index, "RULES", rules)
    monkeypatch.setattr(rules_index, "TESTS", tests)
    cited = rules_index.citations()
    assert cited == {
        "rules/toy.md#setup": ["test_toy.py::test_setup"],
        "rules/toy.md#gone": ["test_toy.py::TestPlay.test_gone"],
    }
    assert [section.anchor for section in rules_index.sections("toy")] == ["setup", "play", "moving"]
    assert [section.anchor for section in rules_index.unchecked("toy", cited)] == ["play", "moving"]
    assert rules_index.unknown_citations(cited) == {"rules/toy.md#gone": ["test_toy.py::TestPlay.test_gone"]}
    rendered = rules_index.render("toy", cited)
    assert "Text.\n\n*Checked by:* `test_toy.py::test_setup`\n\n## 2. Play" in rendered
    assert rules_index.render("toy", cited).count("Checked by") == 1


#: The letter each game's rulings are labelled with on its rules page (H1, K8, L12, ...).
RULING_LETTERS = {"kalaha": "H", "kalo": "K", "loo": "L"}


def _labels(text: str, letter: str) -> set[str]:
    return set(re.findall(rf"\b{letter}\d{{1,2}}\b", text))


@pytest.mark.parametrize(("game", "letter"), sorted(RULING_LETTERS.items()))
def test_every_ruling_the_code_cites_is_on_the_rules_page(game: str, letter: str) -> None:
    """A ruling label in the game's source (docstrings, comments, error messages) is defined on its rules page."""
    source = "\n".join(path.read_text() for path in (rules_index.ROOT / "src" / "tablegames" / game).rglob("*.py"))
    page = (rules_index.RULES / f"{game}.md").read_text()
    assert _labels(source, letter), f"the {game} source cites no ruling labels; is {letter} its letter?"
    missing = sorted(_labels(source, letter) - _labels(page, letter))
    assert not missing, f"rulings cited by src/tablegames/{game} but not on docs/rules/{game}.md: {missing}"

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


@pytest.mark.parametrize(("game", "locale"), rules_index.pages())
def test_pages_list_the_tests_that_check_each_section(game: str, locale: str) -> None:
    """The generated *Checked by* blocks are what the tests cite (``python -m tests.rules_index --write``)."""
    text = rules_index.page(game, locale).read_text(encoding="utf-8")
    assert text == rules_index.render(game, rules_index.citations(), locale), (
        f"{rules_index.page(game, locale).relative_to(rules_index.ROOT)} is out of date; "
        "run: python -m tests.rules_index --write"
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
    block = '??? success checked-by "Checked by"\n\n    - `test_toy.py::test_setup`\n'
    assert f"Text.\n\n{block}\n## 2. Play" in rendered
    assert rendered.count("checked-by") == 1
    (rules / "toy.md").write_text(rendered)
    assert rules_index.render("toy", cited) == rendered, "rendering a rendered page changes nothing"
    (rules / "toy.md").write_text(rendered.replace("\n## 2.", "\n*Checked by:* `old.py::test`\n\n## 2.", 1))
    assert rules_index.render("toy", cited) == rendered, "a Checked by paragraph of the old form is replaced"
    (rules / "toy.de.md").write_text("# Spiel\n\n## 1. Aufbau {#setup}\n\nText.\n")
    assert rules_index.pages() == [("toy", "de"), ("toy", "en")]
    assert '??? success checked-by "Geprüft durch"' in rules_index.render("toy", cited, "de")


#: The letter each game's rulings are labelled with on its rules page (H1, K8, L12, ...).
RULING_LETTERS = {"kalaha": "H", "kalo": "K", "loo": "L"}


def _labels(text: str, letter: str) -> set[str]:
    return set(re.findall(rf"\b[{letter}]\d{{1,2}}\b", text))


@pytest.mark.parametrize(("game", "letter"), sorted(RULING_LETTERS.items()))
def test_every_ruling_the_code_cites_is_on_the_rules_page(game: str, letter: str) -> None:
    """A ruling label in the game's source (docstrings, comments, error messages) is defined on its rules page."""
    source = "\n".join(path.read_text() for path in (rules_index.ROOT / "src" / "tablegames" / game).rglob("*.py"))
    page = (rules_index.RULES / f"{game}.md").read_text()
    assert _labels(source, letter), f"the {game} source cites no ruling labels; is {letter} its letter?"
    missing = sorted(_labels(source, letter) - _labels(page, letter))
    assert not missing, f"rulings cited by src/tablegames/{game} but not on docs/rules/{game}.md: {missing}"


def _differences(game: str, locale: str) -> list[str]:
    english = {anchor: (number, rulings) for number, anchor, rulings in rules_index.outline(game)}
    translated = {anchor: (number, rulings) for number, anchor, rulings in rules_index.outline(game, locale)}
    found = [f"section #{anchor} is only in English" for anchor in english.keys() - translated.keys()]
    found += [f"section #{anchor} is only in {locale!r}" for anchor in translated.keys() - english.keys()]
    for anchor in english.keys() & translated.keys():
        (number, rulings), (their_number, their_rulings) = english[anchor], translated[anchor]
        if number != their_number:
            found.append(f"#{anchor} is section {number} in English but {their_number} in {locale!r}")
        if rulings != their_rulings:
            found.append(f"#{anchor} has the rulings {rulings} in English but {their_rulings} in {locale!r}")
    if [anchor for _, anchor, _ in rules_index.outline(game)] != [
        anchor for _, anchor, _ in rules_index.outline(game, locale) if anchor in english
    ]:
        found.append("the sections come in another order")
    labels = {path: _labels(rules_index.page(game, path).read_text(encoding="utf-8"), "HKL") for path in ("en", locale)}
    found += [f"ruling {label} is named only in English" for label in sorted(labels["en"] - labels[locale])]
    found += [f"ruling {label} is named only in {locale!r}" for label in sorted(labels[locale] - labels["en"])]
    return sorted(found)


@pytest.mark.parametrize(("game", "locale"), [(game, locale) for game, locale in rules_index.pages() if locale != "en"])
def test_a_translation_keeps_the_sections_anchors_and_rulings(game: str, locale: str) -> None:
    """A translated rules page has the English page's section numbers, anchors, ruling boxes, labels and marks."""
    assert not _differences(game, locale), f"docs/rules/{game}.{locale}.md differs: {_differences(game, locale)}"


def test_the_translation_check_fails_on_each_difference(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A missing section, a changed anchor or number, a ruling missing or marked otherwise: each is reported."""
    monkeypatch.setattr(rules_index, "RULES", tmp_path)
    english = (
        '# Toy\n\n## 1. Setup {#setup}\n\n!!! note ruling "Ruling K1 [sheet] — cards"\n    Text.\n\n'
        '## 2. Play {#play}\n\n!!! note ruling "Ruling K2 — who opens [sheet+trad, option]"\n    Text.\n'
    )
    (tmp_path / "toy.md").write_text(english)
    german = english.replace("Ruling", "Entscheidung").replace("sheet", "Regelblatt").replace("trad", "Tradition")
    german = german.replace("option]", "Option]")
    (tmp_path / "toy.de.md").write_text(german)
    assert _differences("toy", "de") == []
    broken = {
        "a missing section": (german.split("## 2.")[0], ["#play is only in English", "K2 is named only in English"]),
        "a changed anchor": (german.replace("{#play}", "{#spiel}"), ["#play is only in English", "#spiel is only in"]),
        "a changed number": (german.replace("## 2. Play", "## 3. Play"), ["#play is section 2 in English but 3"]),
        "a missing ruling": (german.replace("!!! note ruling", "!!! note", 1), ["#setup has the rulings"]),
        "another label": (german.replace("K1", "K3"), ["#setup has the rulings", "K3 is named only in 'de'"]),
        "another mark": (german.replace("[Regelblatt]", "[Tradition]"), ["#setup has the rulings"]),
        "an unknown mark": (german.replace("[Regelblatt]", "[sheet]"), ["unknown mark 'sheet'"]),
    }
    for what, (text, expected) in broken.items():
        (tmp_path / "toy.de.md").write_text(text)
        found = " / ".join(_differences("toy", "de"))
        assert all(part in found for part in expected), f"{what}: {found}"

"""The link between the rules pages and the tests that check them.

A rules page (``docs/rules/<game>.md``) states its rules in numbered sections,
each heading with an explicit anchor::

    ## 3. Capturing {#capturing}
    ### 3.1 An empty own pit {#capture-empty-pit}

A test names the section it checks by writing the section's address in its
docstring, e.g. ``rules/kalaha.md#capturing``. At the end of each section the
page lists the tests that name it, in a collapsed block::

    ??? success checked-by "Checked by"

        - `kalaha/test_rules.py::test_capture_exactly_on_own_empty_pit`

That block is written by this module, never by hand, on the English page and
on every translation of it (``docs/rules/<game>.<locale>.md``, which keeps the
English page's section numbers and anchors, so the same tests check it)::

    python -m tests.rules_index --write

and ``tests/test_rules_pages.py`` fails when a page is out of date, when a
section has no test naming it (a section whose numbered subsections are all
checked counts as checked), or when a test names a section that does not exist.
"""

from __future__ import annotations

import argparse
import ast
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterator

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
TESTS = ROOT / "tests"

HEADING = re.compile(r"^(#{2,4})\s+(\d+(?:\.\d+)*)\.?\s+(.*?)\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$")
CITATION = re.compile(r"rules/([a-z]+)\.md#([a-z0-9][a-z0-9-]*)")
FENCE = re.compile(r"^\s*(```|~~~)")
#: The title of the generated block in each language a rules page is written in.
CHECKED_BY = {"en": "Checked by", "de": "Geprüft durch", "sv": "Testas av"}
#: The opening line of a generated block, in any language.
CHECKED_BY_BLOCK = re.compile(r'^\?\?\? success checked-by "[^"]*"\s*$')
#: ``kalo.de.md`` is the German translation of ``kalo.md``.
PAGE = re.compile(r"^(?P<game>[a-z]+)(?:\.(?P<locale>[a-z]{2}))?\.md$")


@dataclass(frozen=True)
class Section:
    """One numbered section of a rules page."""

    game: str
    number: str
    title: str
    anchor: str
    line: int

    @property
    def address(self) -> str:
        """The address tests cite, e.g. ``rules/kalaha.md#capturing``."""
        return f"rules/{self.game}.md#{self.anchor}"

    def is_under(self, other: Section) -> bool:
        """Whether this section is a numbered subsection of ``other``."""
        return self.number.startswith(other.number + ".")


def _pages() -> Iterator[tuple[str, str, Path]]:
    for path in sorted(RULES.glob("*.md")):
        match = PAGE.match(path.name)
        if match and match["game"] != "index":
            yield match["game"], match["locale"] or "en", path


def games() -> list[str]:
    """The games with a rules page."""
    return sorted({game for game, locale, _ in _pages() if locale == "en"})


def page(game: str, locale: str = "en") -> Path:
    """The path of ``game``'s rules page in ``locale`` (``en``, the original, or a translation)."""
    return RULES / (f"{game}.md" if locale == "en" else f"{game}.{locale}.md")


def pages() -> list[tuple[str, str]]:
    """Every rules page as ``(game, locale)``, the English pages and their translations."""
    return [(game, locale) for game, locale, _ in _pages()]


def translations(game: str) -> list[str]:
    """The locales ``game``'s rules page is translated into."""
    return [locale for other, locale, _ in _pages() if other == game and locale != "en"]


def _lines_outside_code(lines: list[str]) -> Iterator[tuple[int, str]]:
    fenced = False
    for index, line in enumerate(lines):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield index, line


def sections(game: str, locale: str = "en") -> list[Section]:
    """The numbered sections of ``game``'s rules page (in ``locale``), in page order."""
    lines = page(game, locale).read_text(encoding="utf-8").splitlines()
    found = []
    for index, line in _lines_outside_code(lines):
        match = HEADING.match(line)
        if match:
            found.append(Section(game, match[2], match[3], match[4], index))
    return found


def citations() -> dict[str, list[str]]:
    """Every cited section address, with the tests (``path::name``) whose docstrings cite it."""
    cited: dict[str, set[str]] = defaultdict(set)
    for path in sorted(TESTS.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        name = path.relative_to(TESTS).as_posix()
        for test, docstring in _docstrings(tree):
            for game, anchor in CITATION.findall(docstring):
                cited[f"rules/{game}.md#{anchor}"].add(f"{name}::{test}")
    return {address: sorted(tests) for address, tests in cited.items()}


def _docstrings(tree: ast.Module) -> Iterator[tuple[str, str]]:
    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[str, str]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = prefix + child.name
                docstring = ast.get_docstring(child)
                if docstring:
                    yield name, docstring
                if isinstance(child, ast.ClassDef):
                    yield from walk(child, name + ".")

    yield from walk(tree, "")


def unchecked(game: str, cited: dict[str, list[str]]) -> list[Section]:
    """The sections of ``game`` that no test checks, directly or through all their subsections."""
    found = sections(game)

    def checked(section: Section) -> bool:
        if section.address in cited:
            return True
        children = [
            other
            for other in found
            if other.is_under(section) and other.number.count(".") == section.number.count(".") + 1
        ]
        return bool(children) and all(checked(child) for child in children)

    return [section for section in found if not checked(section)]


def unknown_citations(cited: dict[str, list[str]]) -> dict[str, list[str]]:
    """The cited addresses that name no numbered section, with the tests citing them."""
    known = {section.address for game in games() for section in sections(game)}
    return {address: tests for address, tests in cited.items() if address not in known}


#: A ruling box: ``!!! note ruling "Ruling K8 [sheet] — the discard pile"``.
RULING = re.compile(r'^!!! note ruling "(?P<title>[^"]*)"\s*$')
#: The marks of how firm a ruling is, in each language, by their English names.
MARKS = {
    "en": {"sheet": "sheet", "trad": "trad", "choice": "choice", "option": "option"},
    "de": {"Regelblatt": "sheet", "Tradition": "trad", "Festlegung": "choice", "Option": "option"},
    "sv": {"regelbladet": "sheet", "tradition": "trad", "beslut": "choice", "tillval": "option"},
}
LABEL = re.compile(r"\b[HKL]\d{1,2}\b")


@dataclass(frozen=True)
class Ruling:
    """A ruling box, as its labels (``K8``) and its marks by their English names (``sheet``, ``trad``, ...)."""

    labels: tuple[str, ...]
    marks: tuple[str, ...]


def _marks(title: str, locale: str) -> tuple[str, ...]:
    words = MARKS[locale]
    found = []
    for bracket in re.findall(r"\[([^\]]+)\]", title):
        for part in re.split(r"[,+]", bracket):
            word = part.strip()
            found.append(words.get(word, f"unknown mark {word!r}"))
    return tuple(found)


def outline(game: str, locale: str = "en") -> list[tuple[str, str, tuple[Ruling, ...]]]:
    """The page's numbered sections as ``(number, anchor, rulings)``: what a translation must keep."""
    lines = page(game, locale).read_text(encoding="utf-8").splitlines()
    result: list[tuple[str, str, list[Ruling]]] = []
    for _, line in _lines_outside_code(lines):
        heading = HEADING.match(line)
        if heading:
            result.append((heading[2], heading[4], []))
        box = RULING.match(line)
        if box and result:
            title = box["title"]
            result[-1][2].append(Ruling(tuple(LABEL.findall(title)), _marks(title, locale)))
    return [(number, anchor, tuple(rulings)) for number, anchor, rulings in result]


def _without_generated_blocks(lines: list[str]) -> list[str]:
    kept: list[str] = []
    inside = False
    for line in lines:
        if CHECKED_BY_BLOCK.match(line):
            inside = True
            continue
        if line.startswith("*Checked by:*"):  # the paragraph the pages had before the blocks
            continue
        if inside and (not line.strip() or line.startswith("    ")):
            continue
        inside = False
        kept.append(line)
    return kept


def render(game: str, cited: dict[str, list[str]], locale: str = "en") -> str:
    """``game``'s rules page (in ``locale``) with every generated *Checked by* block written from the citations."""
    lines = _without_generated_blocks(page(game, locale).read_text(encoding="utf-8").splitlines())
    all_headings = {index for index, line in _lines_outside_code(lines) if line.startswith("#")}
    numbered = {index: HEADING.match(lines[index]) for index in all_headings}
    out: list[str] = []
    current: str | None = None

    def close() -> None:
        if current is None or current not in cited:
            return
        while out and not out[-1].strip():
            out.pop()
        out.extend(["", f'??? success checked-by "{CHECKED_BY[locale]}"', ""])
        out.extend(f"    - `{test}`" for test in cited[current])
        out.append("")

    for index, line in enumerate(lines):
        if index in all_headings:
            close()
            match = numbered[index]
            current = f"rules/{game}.md#{match[4]}" if match else None
        out.append(line)
    close()
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out) + "\n"


def main() -> None:
    """Check the rules pages against the tests, or rewrite their generated *Checked by* blocks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--write", action="store_true", help="rewrite the Checked by blocks")
    arguments = parser.parse_args()
    cited = citations()
    for game, locale in pages():
        path = page(game, locale)
        text = render(game, cited, locale)
        if arguments.write and text != path.read_text(encoding="utf-8"):
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    for game in games():
        for section in unchecked(game, cited):
            print(f"unchecked: {section.address} ({section.number} {section.title})")
    for address, tests in unknown_citations(cited).items():
        print(f"unknown section {address}, cited by {', '.join(tests)}")


if __name__ == "__main__":
    main()

"""The link between the rules pages and the tests that check them.

A rules page (``docs/rules/<game>.md``) states its rules in numbered sections,
each heading with an explicit anchor::

    ## 3. Capturing {#capturing}
    ### 3.1 An empty own pit {#capture-empty-pit}

A test names the section it checks by writing the section's address in its
docstring, e.g. ``rules/kalaha.md#capturing``. Under each section the page
lists the tests that name it, in a paragraph that starts with ``*Checked by:*``.
That paragraph is written by this module, never by hand::

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
CHECKED_BY = "*Checked by:*"
FENCE = re.compile(r"^\s*(```|~~~)")


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


def games() -> list[str]:
    """The games with a rules page."""
    return sorted(path.stem for path in RULES.glob("*.md") if path.stem != "index")


def _lines_outside_code(lines: list[str]) -> Iterator[tuple[int, str]]:
    fenced = False
    for index, line in enumerate(lines):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield index, line


def sections(game: str) -> list[Section]:
    """The numbered sections of ``game``'s rules page, in page order."""
    lines = (RULES / f"{game}.md").read_text().splitlines()
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
        tree = ast.parse(path.read_text(), filename=str(path))
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


def render(game: str, cited: dict[str, list[str]]) -> str:
    """``game``'s rules page with every ``*Checked by:*`` paragraph written from the citations."""
    lines = (RULES / f"{game}.md").read_text().splitlines()
    headings = {section.line: section for section in sections(game)}
    all_headings = {index for index, line in _lines_outside_code(lines) if line.startswith("#")}
    out: list[str] = []
    current: Section | None = None

    def close() -> None:
        if current is None or current.address not in cited:
            return
        while out and not out[-1].strip():
            out.pop()
        tests = ", ".join(f"`{test}`" for test in cited[current.address])
        out.extend(["", f"{CHECKED_BY} {tests}", ""])

    for index, line in enumerate(lines):
        if index in all_headings:
            close()
            current = headings.get(index)
        if line.startswith(CHECKED_BY):
            continue
        out.append(line)
    close()
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out) + "\n"


def main() -> None:
    """Check the rules pages against the tests, or rewrite their ``*Checked by:*`` paragraphs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--write", action="store_true", help="rewrite the Checked by paragraphs")
    arguments = parser.parse_args()
    cited = citations()
    for game in games():
        page = RULES / f"{game}.md"
        text = render(game, cited)
        if arguments.write and text != page.read_text():
            page.write_text(text)
            print(f"wrote {page.relative_to(ROOT)}")
        for section in unchecked(game, cited):
            print(f"unchecked: {section.address} ({section.number} {section.title})")
    for address, tests in unknown_citations(cited).items():
        print(f"unknown section {address}, cited by {', '.join(tests)}")


if __name__ == "__main__":
    main()

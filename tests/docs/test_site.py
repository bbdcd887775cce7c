"""The documentation site covers the whole public API, and every Python example on it runs as a test."""

from __future__ import annotations

import re
from pathlib import Path

import tablegames

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SOURCE = ROOT / "src"
EXAMPLES = DOCS / "examples"
#: A fenced block: its opening fence (indentation kept, for blocks inside admonitions), language and body.
FENCE = re.compile(
    r"^(?P<indent>[ \t]*)```\s*(?:\{\.)?(?P<language>[\w-]*)[^\n]*\n(?P<body>.*?)^(?P=indent)```", re.M | re.S
)
SNIPPET = re.compile(r'^\s*--8<--\s+"(?P<path>[^"]+)"\s*$')


def public_modules() -> set[str]:
    """Every module and package under src/tablegames whose dotted path has no part starting with an underscore."""
    modules = set()
    for path in (SOURCE / "tablegames").rglob("*.py"):
        parts = path.relative_to(SOURCE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if not any(part.startswith("_") for part in parts):
            modules.add(".".join(parts))
    return modules


def rendered() -> set[str]:
    """The objects the API pages render with a ``::: dotted.path`` line."""
    found = set()
    for page in (DOCS / "reference").glob("*.md"):
        found.update(re.findall(r"^:::\s+([\w.]+)\s*$", page.read_text(encoding="utf-8"), flags=re.M))
    return found


#: A page's mark before a copy of a file (see ``tests/server/page_copies.py``, which checks the copy is current).
COPY_MARK = re.compile(r"<!-- copy: (?P<path>[^ :]+) -->\n\Z")


def python_blocks() -> list[tuple[str, str]]:
    """Every fenced Python block of the site's pages outside docs/examples, as (page and line, body)."""
    blocks = []
    for page in sorted(DOCS.rglob("*.md")):
        if EXAMPLES in page.parents:
            continue
        text = page.read_text(encoding="utf-8")
        for fence in FENCE.finditer(text):
            if fence["language"].lower() in ("python", "py", "python3", "pycon"):
                line = text.count("\n", 0, fence.start()) + 1
                copied = COPY_MARK.search(text[: fence.start()])
                body = fence["body"]
                if copied is not None:  # a copy of a file (kept current by its own test) stands for the file
                    body = f'--8<-- "{copied["path"]}"'
                blocks.append((f"{page.relative_to(ROOT)}:{line}", body))
    return blocks


def test_every_public_module_has_an_api_page() -> None:
    """Each public module is rendered by a ``::: module`` line on a page under docs/reference."""
    missing = sorted(public_modules() - rendered())
    assert not missing, f"public modules without an API page in docs/reference: {missing}"


def test_api_pages_render_only_modules_that_exist() -> None:
    """No API page renders a module that is gone or private."""
    stale = sorted(name for name in rendered() if name.startswith("tablegames") and name not in public_modules())
    assert not stale, f"docs/reference renders modules that are not public modules: {stale}"


def test_every_python_example_is_a_doctest() -> None:
    """Every Python block on the site holds ``>>>`` examples (which pytest runs) or includes a tested example file."""
    tested = "\n".join(path.read_text(encoding="utf-8") for path in (ROOT / "tests" / "docs").glob("test_*.py"))
    untested = []
    for where, body in python_blocks():
        if ">>>" in body:
            continue
        lines = [line for line in body.splitlines() if line.strip()]
        included = [SNIPPET.match(line) for line in lines]
        if not lines or not all(included):
            untested.append(where)
            continue
        for match in included:
            assert match is not None
            path = ROOT / match["path"]
            if EXAMPLES not in path.parents or not path.is_file() or path.name not in tested:
                untested.append(f"{where} ({match['path']}: not a docs/examples file that tests/docs run)")
    assert not untested, f"Python blocks that do not run as tests (use >>> examples): {untested}"


def test_the_block_finder_sees_blocks_in_admonitions() -> None:
    """The check above also reads blocks indented under an admonition, and knows a block without prompts."""
    text = '!!! note\n    ```python\n    print("hi")\n    ```\n\n``` {.python}\n--8<-- "docs/examples/nim.py"\n```\n'
    first, second = FENCE.finditer(text)
    assert (first["language"], second["language"]) == ("python", "python")
    assert ">>>" not in first["body"]


def test_the_changelog_names_the_current_version() -> None:
    """docs/changelog.md has a heading for the version in ``tablegames.__version__``."""
    changelog = (DOCS / "changelog.md").read_text(encoding="utf-8")
    assert re.search(rf"^## .*\b{re.escape(tablegames.__version__)}\b", changelog, flags=re.M)

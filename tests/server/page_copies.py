"""Code shown in the docs as copies of the files it comes from, so the pages read whole as plain Markdown.

A page marks a copy with ``<!-- copy: PATH -->`` or ``<!-- copy: PATH:SECTION -->``
before a fenced code block, and ``<!-- /copy -->`` after it. A section is
the lines between ``--8<-- [start:SECTION]`` and ``--8<-- [end:SECTION]``
comments in the file. ``python -m tests.server.page_copies --write`` writes
every copy anew; ``tests/server/test_wire_docs.py`` fails when one differs.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The pages that show copies.
PAGES = (ROOT / "docs" / "guide" / "frontend.md",)
COPY = re.compile(r"(?P<open><!-- copy: (?P<source>[^ ]+) -->\n)(?P<body>.*?)(?P<close><!-- /copy -->)", re.S)
_FENCE = {".py": "python", ".js": "js"}


def section(source: str) -> str:
    """The text of ``PATH`` or ``PATH:SECTION``, without the section's marker lines."""
    path, _, name = source.partition(":")
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    if name:
        start = next(at for at, line in enumerate(lines) if f"--8<-- [start:{name}]" in line)
        end = next(at for at, line in enumerate(lines) if f"--8<-- [end:{name}]" in line)
        lines = lines[start + 1 : end]
    return "\n".join(line for line in lines if "--8<-- [" not in line) + "\n"


def render(text: str) -> str:
    """``text`` with every copy written from its source."""

    def copied(found: re.Match[str]) -> str:
        source = found["source"]
        fence = _FENCE.get(Path(source.partition(":")[0]).suffix, "text")
        return f"{found['open']}```{fence}\n{section(source)}```\n{found['close']}"

    return COPY.sub(copied, text)


def main() -> None:
    """Check, or with ``--write`` rewrite, every page's copies."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="rewrite the pages")
    args = parser.parse_args()
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        fresh = render(text)
        if fresh != text and args.write:
            page.write_text(fresh, encoding="utf-8")
        print(f"{page.relative_to(ROOT)}: {'current' if fresh == text else 'rewritten' if args.write else 'stale'}")


if __name__ == "__main__":
    main()

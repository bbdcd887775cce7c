"""Every game at a desktop's and a phone's width in each language, as pictures in docs/img/gallery.

``python -m tests.web.gallery --write`` plays each shot (the scenes of `tests.web.screenshots`) against a fresh
server and writes ``docs/img/gallery/<game>-<width>-<language>.png`` and ``manifest.json``: what each picture
shows, in the words on its screen. ``tests/web/test_gallery.py`` plays every shot again and fails while the
manifest differs, that is while a picture no longer shows what the client draws now.
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.web.screenshots import DESKTOP, PHONE, kalaha, kalo, loo
from tests.web.support import DOCS

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Page

    from tests.web.conftest import Pages

GALLERY = Path(__file__).resolve().parents[2] / "docs" / "img" / "gallery"
MANIFEST = GALLERY / "manifest.json"
GAMES: dict[str, Callable[..., Page]] = {"kalaha": kalaha, "kalo": kalo, "loo": loo}
WIDTHS = {"desktop": DESKTOP, "phone": PHONE}
LANGUAGES = {"en": "en-GB", "de": "de-DE", "sv": "sv-SE"}
#: Every shot's name: game, width, language.
SHOTS = [f"{game}-{width}-{language}" for game in GAMES for width in WIDTHS for language in LANGUAGES]

#: What a page shows, in its own words: its language, the turn line, the board's text; whether it fits the width;
#: and the words it breaks across two lines (a break at a hyphen or a space is no broken word).
SHOWN = """() => ({
  language: document.documentElement.lang,
  turn: document.querySelector(".turn-line")?.innerText.trim() ?? "",
  board: (document.querySelector("#table .board")?.innerText ?? "").split("\\n").map((each) => each.trim())
    .filter(Boolean),
  fits: document.documentElement.scrollWidth <= window.innerWidth,
  broken: [...(function* () {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.data.matchAll(/[^\\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width);
        if (new Set(rects.map((rect) => Math.round(rect.top))).size > 1) yield word[0];
      }
    }
  })()],
})"""


def shoot(pages: Pages, name: str, folder: Path) -> dict[str, Any]:
    """Play shot ``name``, save its picture in ``folder``; what it shows."""
    game, width, language = name.split("-")
    page = GAMES[game](pages, viewport=WIDTHS[width], locale=LANGUAGES[language])
    page.mouse.move(0, 0)
    page.wait_for_function("() => !document.querySelector('.moving')")
    shown: dict[str, Any] = page.evaluate(SHOWN)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=width == "phone")
    shown["board"] = [re.sub(r"\s+", " ", line) for line in shown["board"]]
    return shown


def main() -> None:
    """Take every shot against a fresh server, into docs/img/gallery with its manifest (or a folder given)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="write docs/img/gallery")
    args = parser.parse_args()
    from tests.browser import launch, sync_api
    from tests.server.support import free_port, serve_process
    from tests.web.conftest import Pages
    from tests.web.support import Site

    folder = GALLERY if args.write else Path(tempfile.mkdtemp(prefix="tablegames-gallery-"))
    folder.mkdir(parents=True, exist_ok=True)
    api: Any = sync_api()
    manifest: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as work, api.sync_playwright() as playwright:
        port = free_port()
        with serve_process(Path(work) / "tables.sqlite3", port, "--bot-delay", "0.05", "--log-level", "warning", *DOCS):
            site = Site(f"http://127.0.0.1:{port}")
            browser = launch(playwright)
            pages = Pages(browser, site, Path(work) / "shots")
            try:
                for name in SHOTS:
                    manifest[name] = shoot(pages, name, folder)
                    print(folder / f"{name}.png")
                    pages.close()
                    pages.contexts.clear()
            finally:
                browser.close()
                site.close()
            if pages.errors:
                raise SystemExit(f"the pages logged errors: {pages.errors}")
    text = json.dumps(manifest, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    (folder / "manifest.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()

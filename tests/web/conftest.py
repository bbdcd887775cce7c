"""Fixtures of the browser tests: one real ``tablegames serve`` and one Chromium for them all, a context per test.

Every page a test opens fails the test on any console error or uncaught page error; screenshots go to
``artifacts/web/<test>/``.

``TABLEGAMES_WEB_BREAK=<name> python -m pytest tests/web`` serves a copy of the client with one thing broken
(`BREAKS`); the test of that thing must then fail.
"""

from __future__ import annotations

import os
import re
import shutil
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser import launch, sync_api
from tests.extras import need_module

need_module("starlette", "web")
need_module("httpx", "test")

from tests.server.support import free_port, serve_process  # noqa: E402
from tests.web.support import ARTIFACTS, DOCS, Player, Site  # noqa: E402

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

#: Deliberately broken clients: (file, what it says, what it says instead).
BREAKS = {
    # The Kalo page keeps showing the discard pile after a 4 or 5 is resolved.
    "pile": (
        "kalo.js",
        "if (view.pile === null) return",
        "view = { ...view, pile: (ui.local.pile = view.pile ?? ui.local.pile ?? null) };\n"
        "  if (view.pile === null) return",
    ),
    # The hot seat's cover leaves the next player's table under it.
    "cover": (
        "table.js",
        "if (covered) {\n      drawCover(covered);\n      return;\n    }",
        "if (covered) page.shown = covered;",
    ),
    # The tokens are kept in memory only: a reload forgets the seat.
    "storage": ("wire.js", "sessionStorage.getItem(this.key)", "null"),
    # Loo's illegal cards are disabled without asking the server why.
    "reasons": ("loo.js", "const reasons = ui.reasons(", "const reasons = new Map() ?? ("),
    # Kalaha's legal pits cannot be reached with the keyboard.
    "focus": (
        "kalaha.js",
        '{ type: "button", class: [...classes, "legal"]',
        '{ type: "button", tabindex: "-1", class: [...classes, "legal"]',
    ),
    # An element is styled inline, which the page's policy refuses.
    "csp": (
        "dom.js",
        "  append(element, children);\n  return element;",
        '  element.setAttribute("style", "");\n  append(element, children);\n  return element;',
    ),
    # The hot seat draws the first seat's view whichever seat's player is at the screen.
    "hand": ("table.js", "drawer.draw(asked, ui)", "drawer.draw(page.connections[0].view ?? asked, ui)"),
    # The next round's decision is offered behind the round summary, before the player has read it.
    "behind": ("table.js", "const waiting = page.summaries.length > 0;", "const waiting = false;"),
    # The phone's layout is left out: Kalaha's board of six pits is wider than a phone's screen.
    "wide": ("style.css", "@media (max-width: 30rem) {", "@media (max-width: 1rem) {"),
    # A Kalaha capture is told in words but not marked on the board.
    "capture": ("kalaha.js", 'classes.push("captured");', ""),
    # Loo's round summary shows the tricks won where the chips won belong.
    "summary": ("loo.js", '["won", (seat) => String(end.won[seat])]', '["won", (seat) => String(end.tricks[seat])]'),
    # The result names the winner as if seat numbers were counted from 1.
    "result": ("panels.js", "else if (winners.includes(me))", "else if (winners.includes(me + 1))"),
    # The lobby says a table could not be made, but not why.
    "refusal": (
        "lobby.js",
        "    } catch (error) {\n      report(error.message);\n    }\n  });\n  draw();",
        "    } catch (error) {\n      report(`no table: pits ${error.type}`);\n    }\n  });\n  draw();",
    ),
    # A refusal's rule code reaches the player.
    "codes": ("dom.js", 'String(text ?? "").replace(RULING, "")', 'String(text ?? "")'),
    # A refusal is said at the top of the page, far from the card that caused it.
    "far": (
        "table.js",
        "(event) => refuse(event.target.dataset?.key ?? null, event.detail)",
        '(event) => say(event.detail, "error")',
    ),
    # The log names seats by number.
    "numbers": ("dom.js", '  if (seat === me) return "you";', "  if (seat === me) return `seat ${seat}`;"),
    # The client speaks English whatever the language chosen.
    "english": ("i18n.js", "const entry = TABLES[language][key] ?? en[key];", "const entry = en[key];"),
    # The log keeps the server's English sentences on a German or Swedish page.
    "log": ("panels.js", "return eventSentence(event, name, me) ?? plain(", "return null ?? plain("),
    # A player who asks for no movement gets it all the same.
    "motion": (
        "style.css",
        "@media (prefers-reduced-motion: reduce) {",
        "@media (max-width: 1px) {",
    ),
    # "Play again" makes a new table but leaves the player outside it, watching.
    "again": ("table.js", "        if (mine.has(seat.seat)) next.add(seat.token);\n        else ", "        "),
    # On a phone the hand lies below the rest of the table, off the first screen.
    "below": ("style.css", "  .game.kalo > .my-hand, .game.loo > .my-hand { order: -1; }", ""),
    # A link whose place is played elsewhere takes it over without asking.
    "takeover": ("table.js", "?.connected ? askTaken(adopted) : start()", "?.connected ? start() : start()"),
    # The log scrolled down cuts its top line with no fade.
    "cut": ("panels.js", 'this.list.addEventListener("scroll", () => this.edge(), { passive: true });', ""),
    # The language chosen is not remembered.
    "forget": ("i18n.js", "      localStorage.setItem(KEY, select.value);", ""),
    # A dropped connection is not reconnected.
    "reconnect": ("wire.js", "setTimeout(() => this.reconnect(), wait);", ""),
}

#: The viewports the pages are tried at.
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def broken_client(folder: Path) -> list[str]:
    """The options serving the client broken as ``TABLEGAMES_WEB_BREAK`` names, or none."""
    name = os.environ.get("TABLEGAMES_WEB_BREAK")
    if not name:
        return []
    from tablegames.server.app import WEB

    web = folder / "web"
    shutil.copytree(WEB, web)
    file, old, new = BREAKS[name]
    text = (web / file).read_text("utf-8")
    assert old in text, f"the break {name!r} no longer applies to {file}"
    (web / file).write_text(text.replace(old, new), "utf-8")
    return ["--web", str(web)]


@pytest.fixture(scope="package")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """A real ``tablegames serve`` on a free localhost port, with a database of its own; stopped at the end."""
    folder = tmp_path_factory.mktemp("web-server")
    port = free_port()
    options = ["--bot-delay", "0.05", "--bot-workers", "1", "--log-level", "warning", *DOCS, *broken_client(folder)]
    with serve_process(folder / "tables.sqlite3", port, *options):
        running = Site(f"http://127.0.0.1:{port}")
        try:
            yield running
        finally:
            running.close()


@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, once for the browser tests (ended after them: Playwright's loop must not outlive them)."""
    api: Any = sync_api()
    with api.sync_playwright() as playwright:
        running = launch(playwright)
        try:
            yield running
        finally:
            running.close()


class Pages:
    """The pages a test opens, each in its own browser context (its own storage, as another device has)."""

    def __init__(self, browser: Browser, site: Site, shots: Path) -> None:
        self.browser = browser
        self.site = site
        self.shots = shots
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []
        self.allowed: list[re.Pattern[str]] = []

    def open(
        self,
        url: str = "/",
        *,
        viewport: dict[str, int] | None = None,
        context: BrowserContext | None = None,
        locale: str = "en-GB",
    ) -> Page:
        """Open ``url`` of the site in a new context (or a new page of ``context``), its errors recorded.

        ``locale`` is the browser's language, which the client takes for its own until a player chooses another.
        A viewport as narrow as a phone's is a phone's: a touch screen, with no mouse.
        """
        if context is None:
            phone = (viewport or DESKTOP)["width"] <= PHONE["width"]
            context = self.browser.new_context(
                viewport=viewport or DESKTOP,  # type: ignore[arg-type]
                base_url=self.site.base,
                locale=locale,
                has_touch=phone,
                is_mobile=phone,
            )
            self.contexts.append(context)
        page = context.new_page()
        page.on("console", self._console)
        page.on("pageerror", lambda error: self._error(f"page error: {error}"))
        page.goto(url if url.startswith("http") else self.site.base + url)
        return page

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self._error(f"console: {message.text}")

    def _error(self, text: str) -> None:
        if not any(pattern.search(text) for pattern in self.allowed):
            self.errors.append(text)

    def player(self, page: Page, table: str, tokens: dict[int, str], name: str) -> Player:
        """A player at ``page``."""
        return Player(page, self.site, table, tokens, name, self.shots)

    def close(self) -> None:
        """Close every context."""
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser: Browser, site: Site, request: pytest.FixtureRequest) -> Iterator[Pages]:
    """Pages for one test; it fails if any of them logged a console error or raised a page error."""
    shots = ARTIFACTS / re.sub(r"\W+", "-", request.node.name).strip("-")
    shutil.rmtree(shots, ignore_errors=True)
    opened = Pages(browser, site, shots)
    try:
        yield opened
    finally:
        opened.close()
    assert not opened.errors, f"the pages logged errors: {opened.errors}"


@pytest.fixture
def allow_errors(pages: Pages) -> Callable[[str], None]:
    """Let console errors matching a pattern pass (the browser's own lines about connections refused)."""
    return lambda pattern: pages.allowed.append(re.compile(pattern))

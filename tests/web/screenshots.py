"""The screenshots of the "Play in the browser" guide, taken from real pages of a real server.

Each scene sets up a table through the wire protocol, plays it in Chromium to the moment worth showing, and
returns the page. ``python -m tests.web.screenshots --write`` starts ``tablegames serve`` and Chromium, takes
every scene into ``docs/img/web/<name>.png`` (without ``--write``, into a new temporary folder). Each scene
checks, as the browser tests do, that the page draws no card its seat may not know.
``tests/web/test_screenshots.py`` checks that the guide shows each picture and plays every scene.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tablegames.kalo import Kalo
from tests.web.support import DOCS, fill_lobby

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Page

    from tests.web.conftest import Pages

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "img" / "web"
DESKTOP = {"width": 1180, "height": 820}
PHONE = {"width": 390, "height": 844}


def lobby(pages: Pages) -> Page:
    """The lobby, a Loo table being set up."""
    page = pages.open("/", viewport=DESKTOP)
    fill_lobby(page, "loo", options={"players": 4}, seats={1: "human"})
    return page


def kalaha(pages: Pages, viewport: dict[str, int] | None = None, locale: str = "en-GB") -> Page:
    """Kalaha against the heuristic bot, a few moves in: the last sowing ringed, the legal pits lit."""
    table, tokens, links = pages.site.create(game="kalaha", seats=["human", "heuristic"], seed=3)
    player = pages.player(pages.open(links[0], viewport=viewport or DESKTOP, locale=locale), table, tokens, "kalaha")
    for _ in range(3):
        view = player.turn()["view"]
        player.click(f"[data-key=pit-{view['legal_actions'][-1]}]")
    player.turn()
    return player.page


def kalo(pages: Pages, viewport: dict[str, int] | None = None, locale: str = "en-GB") -> Page:
    """Kalo: seat 0's 6 asks for a slot of another hand; the card seat 0 gave away shows face up.

    The bots hold only 3s, which beat nothing, so the plays are sure to go this way.
    """
    start = Kalo(players=3).position(
        [["3c", "3d", "4c", "5c", "6c", "8d", "9d", "Jd", "Kc", "Qh", "Ad"], ["3s"], ["3h"]],
        leader=0,
        scores=[4, 2, 3],
        kalo_holder=0,
    )
    table, tokens, links = pages.site.create(
        game="kalo", options={"players": 3}, seats=["human", "heuristic", "heuristic"], start=start.to_dict()
    )
    player = pages.player(pages.open(links[0], viewport=viewport or DESKTOP, locale=locale), table, tokens, "kalo")
    for step in ("card-3c", "play", "card-3d", "seat-1", "card-6c", "play", "seat-1"):
        player.turn()
        player.click(f"[data-key={step}]")
    player.turn()
    return player.page


def kalo_arrange(pages: Pages) -> Page:
    """Kalo at the start of a round: seat 0 arranges its hand."""
    table, tokens, links = pages.site.create(
        game="kalo", options={"players": 4}, seats=["human", "heuristic", "random", "heuristic"], seed=8
    )
    player = pages.player(pages.open(links[0], viewport=DESKTOP), table, tokens, "arrange")
    player.turn()
    return player.page


def loo(pages: Pages, viewport: dict[str, int] | None = None, locale: str = "en-GB") -> Page:
    """Loo: seat 0 must follow; the cards it may not play are greyed, and one says why."""
    table, tokens, links = pages.site.create(
        game="loo", options={"players": 4}, seats=["human", "heuristic", "heuristic", "random"], seed=6
    )
    player = pages.player(pages.open(links[0], viewport=viewport or DESKTOP, locale=locale), table, tokens, "loo")
    while True:
        view = player.turn()["view"]
        if view["phase"] == "decide":
            player.click("[data-action=play]")
            continue
        illegal = [card for card in view["hand"] if card not in view["legal_actions"]]
        if illegal:
            card = player.page.locator(f"button.card[data-card='{illegal[0]}']")
            player.page.wait_for_selector(f"button.card[data-card='{illegal[0]}'][aria-disabled=true]")
            card.focus()
            player.page.keyboard.press("Enter")
            return player.page
        player.click(f"button.card[data-card='{view['legal_actions'][0]}']")


def loo_phone(pages: Pages) -> Page:
    """Loo at a phone's width."""
    return loo(pages, PHONE)


def hot_seat(pages: Pages) -> Page:
    """Two people at one screen: the cover between their turns."""
    page = pages.open("/", viewport=DESKTOP)
    fill_lobby(page, "loo", options={"players": 3}, seats={1: "human"}, hotseat=True)
    page.click("text=Create a Loo table")
    page.wait_for_selector("[data-key=ready]")
    return page


def summary(pages: Pages) -> Page:
    """Loo: the summary that waits at the end of a round."""
    table, tokens, links = pages.site.create(
        game="loo", options={"players": 3, "rounds": 2}, seats=["human", "heuristic", "random"], seed=2
    )
    player = pages.player(pages.open(links[0], viewport=DESKTOP), table, tokens, "summary")
    while True:
        view = player.check()["view"]
        if player.summary_open():  # it may open with the update just checked: then nothing can be clicked under it
            return player.page
        if not view["legal_actions"]:
            continue
        if view["phase"] == "decide":
            player.click("[data-action=play]")
        else:
            player.click(f"button.card[data-card='{view['legal_actions'][0]}']")


#: Every screenshot of the guide, by the name of its file.
SCENES: dict[str, Callable[[Pages], Page]] = {
    "lobby": lobby,
    "kalaha": kalaha,
    "kalo": kalo,
    "kalo-arrange": kalo_arrange,
    "loo": loo,
    "loo-phone": loo_phone,
    "hot-seat": hot_seat,
    "round-summary": summary,
}


def take(pages: Pages, name: str, folder: Path) -> Path:
    """Play scene ``name`` and save its screenshot in ``folder``."""
    page = SCENES[name](pages)
    page.mouse.move(0, 0)
    page.wait_for_function("() => !document.querySelector('.moving')")  # no seed or card caught on its way
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=name == "loo-phone")
    return path


def main() -> None:
    """Take every scene against a fresh server, into docs/img/web (or a folder given)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="write docs/img/web/*.png")
    parser.add_argument("--only", nargs="*", default=list(SCENES), help="the scenes to take")
    args = parser.parse_args()
    from tests.browser import launch, sync_api
    from tests.server.support import free_port, serve_process
    from tests.web.conftest import Pages
    from tests.web.support import Site

    folder = IMAGES if args.write else Path(tempfile.mkdtemp(prefix="tablegames-shots-"))
    folder.mkdir(parents=True, exist_ok=True)
    api: Any = sync_api()
    with tempfile.TemporaryDirectory() as work, api.sync_playwright() as playwright:
        port = free_port()
        with serve_process(Path(work) / "tables.sqlite3", port, "--bot-delay", "0.05", "--log-level", "warning", *DOCS):
            site = Site(f"http://127.0.0.1:{port}")
            browser = launch(playwright)
            pages = Pages(browser, site, Path(work) / "shots")
            try:
                for name in args.only:
                    print(take(pages, name, folder))
                    pages.close()
                    pages.contexts.clear()
            finally:
                browser.close()
                site.close()
            if pages.errors:
                raise SystemExit(f"the pages logged errors: {pages.errors}")


if __name__ == "__main__":
    main()

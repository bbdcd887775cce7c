"""Helpers for the browser tests: a real server, players at pages, and the check that a page shows no card it may not.

A `Player` is a page of the web client and the tokens of the seats it plays. `Player.settled` waits until the page
shows what the server says its seat knows now (the same events counted, the same decisions, no action in flight);
`Player.check` then compares every card drawn on the page (each card element carries ``data-card``) with the seat's
knowledge as the server states it: the cards in its view and in the events it was told. A page under a hot seat's
cover must draw no card at all. It also checks that nothing on the page is wider than the screen, at a phone's width
as on a desktop, and that every card named in a sentence can be read against what lies behind it.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import httpx

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Page

T = TypeVar("T")

__all__ = ["ARTIFACTS", "CARD", "DOCS", "PROBE", "Player", "Site", "fill_lobby", "known_cards"]

ROOT = Path(__file__).resolve().parents[2]
#: Where the browser tests save their screenshots (ignored by git).
ARTIFACTS = ROOT / "artifacts" / "web"
#: Where the test servers say the rules pages are published, so that the lobby links each option to its rule: the
#: links are read, never followed (serving a built site is tried in ``tests/docs/test_site_build.py``).
DOCS = ("--docs", "https://tablegames.example.org/")
#: A card in notation, standing alone in a text: ``Qh``, ``10d``.
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[cdhs](?![0-9A-Za-z])")
#: The cards named in a sentence (``.inline-card``) whose colour stands out from what lies behind it by less than
#: WCAG's 4.5:1, each as its text, where it stands and the ratio: a red card on the felt is light, in a light box dark.
FAINT = """() => [...document.querySelectorAll(".inline-card")].flatMap(card => {
    const rgb = text => text.match(/[\\d.]+/g).map(Number);
    const channel = value => (value /= 255) <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    const light = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const ground = element => rgb(getComputedStyle(element).backgroundColor);
    let behind = card;
    while (behind.parentElement && ground(behind)[3] === 0) behind = behind.parentElement;
    const [one, other] = [light(rgb(getComputedStyle(card).color)), light(ground(behind))];
    const ratio = (Math.max(one, other) + 0.05) / (Math.min(one, other) + 0.05);
    return ratio < 4.5 ? [`${card.textContent} in ${card.parentElement.className || card.parentElement.tagName}: ${
        ratio.toFixed(1)}:1`] : [];
})"""
#: What a page says of itself (``#table``'s data attributes), every card it draws, whether a summary is open, and
#: what is wider than the screen (the page itself, or a part of it that scrolls sideways).
PROBE = """() => ({
    state: {...(document.getElementById("table")?.dataset ?? {})},
    cards: [...document.querySelectorAll("[data-card]")].map(element => element.dataset.card),
    summary: Boolean(document.querySelector("dialog.summary")?.open),
    scrolls: [document.documentElement, ...document.querySelectorAll("#app *")]
        .filter(element => element.scrollWidth > element.clientWidth + 1 && (element === document.documentElement
            || ["auto", "scroll"].includes(getComputedStyle(element).overflowX)))
        .map(element => element.id || element.className || element.tagName),
})"""

#: The rows of the round summary on screen: each seat's cells after its name.
SUMMARY_ROWS = """() => [...document.querySelectorAll("dialog.summary tbody tr")]
    .map(row => [...row.cells].slice(1).map(cell => cell.textContent))"""


class Site:
    """The server under test, through its HTTP API (as a test's own client, apart from the pages)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=30)

    def create(self, **request: Any) -> tuple[str, dict[int, str], dict[int, str]]:
        """Create a table; return its id, each person's seat's token and join link."""
        response = self.http.post("/api/tables", json=request)
        assert response.status_code == 201, response.text
        body = response.json()
        tokens = {seat["seat"]: seat["token"] for seat in body["seats"]}
        links = {seat["seat"]: seat["join"] for seat in body["seats"]}
        return body["table"]["id"], tokens, links

    def close(self) -> None:
        """Close the test's HTTP client."""
        self.http.close()

    def snapshot(self, table: str, token: str | None) -> dict[str, Any]:
        """What the seat of ``token`` (a spectator without) knows now: the table, the view, every event."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = self.http.get(f"/api/tables/{table}", headers=headers)
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body


def fill_lobby(
    page: Page,
    game: str,
    *,
    options: dict[str, int] | None = None,
    seats: dict[int, str] | None = None,
    seed: int | None = None,
    hotseat: bool = False,
) -> None:
    """Fill the lobby's form as a person would: the game, its options (players first), seats' kinds, seed, hot seat."""
    page.select_option("#game", game)
    for name, value in (options or {}).items():
        page.fill(f"#option-{name}", str(value))
        page.dispatch_event(f"#option-{name}", "change")  # a new number of players redraws the seats
    for seat, kind in (seats or {}).items():
        page.select_option(f"#seat-{seat}", kind)
    if seed is not None:
        page.fill("#seed", str(seed))
    if hotseat:
        page.check("#hotseat")
    page.wait_for_selector(f"text=Create a {game.capitalize()} table")


def known_cards(snapshot: dict[str, Any]) -> set[str]:
    """Every card a seat may know by what the server sent it: in its view and in its events."""
    return set(CARD.findall(json.dumps(snapshot["view"]) + json.dumps(snapshot["events"])))


class Player:
    """A page of the web client at a table, playing the seats of ``tokens`` (none: a spectator)."""

    def __init__(self, page: Page, site: Site, table: str, tokens: dict[int, str], name: str, shots: Path) -> None:
        self.page = page
        self.site = site
        self.table = table
        self.tokens = tokens
        self.name = name
        self.shots = shots
        self.taken = 0
        self.checked = 0
        self.held: dict[str, str] = {}
        #: The round summaries this page showed: each the seat's ``round_ended`` event and the rows on screen.
        self.summaries: list[tuple[dict[str, Any], list[list[str]]]] = []

    def probe(self) -> dict[str, Any]:
        """The page's own account of what it shows (seat, events held, decisions, busy, covered), and its cards."""
        found: dict[str, Any] = self.page.evaluate(PROBE)
        return found

    def settled(self, timeout: float = 20.0) -> tuple[dict[str, Any], list[str]]:
        """Wait until the page shows what the server says its seat knows now; the seat's snapshot and the cards drawn.

        Under a hot seat's cover the snapshot is empty.
        """
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = self.probe()
            state = shown["state"]
            if state.get("cover") == "true" and state.get("busy") == "false":
                if self.probe() == shown:
                    self.held = state
                    return {}, shown["cards"]
            elif state.get("busy") == "false":
                seat = int(state["seat"]) if state.get("seat") else None
                snapshot = self.site.snapshot(self.table, self.tokens.get(seat) if seat is not None else None)
                made = snapshot.get("decisions", 0)
                if snapshot["next"] == int(state["next"]) and made == int(state["decisions"]) and self.probe() == shown:
                    self.held = state
                    return snapshot, shown["cards"]
            time.sleep(0.02)
        raise AssertionError(
            f"{self.name}: the page did not catch up with the server within {timeout} s: {self.probe()}"
        )

    def check(self) -> dict[str, Any]:
        """Wait for the page to settle, then check that every card it draws is one its seat may know; the snapshot."""
        snapshot, cards = self.settled()
        self.checked += 1
        scrolls = self.probe()["scrolls"]
        assert not scrolls, f"{self.name}: wider than the screen ({self.page.viewport_size}): {scrolls}"
        faint = self.page.evaluate(FAINT)
        assert not faint, f"{self.name}: cards named too faintly to read: {faint}"
        if not snapshot:
            assert cards == [], f"{self.name}: the hot seat's cover shows cards {cards}"
            return snapshot
        unknown = sorted(set(cards) - known_cards(snapshot))
        assert not unknown, f"{self.name} (seat {snapshot.get('seat')!r}) shows cards it may not know: {unknown}"
        return snapshot

    def read(self, what: Callable[[], T]) -> tuple[dict[str, Any], T]:
        """The seat's snapshot and ``what()`` read from the page while it shows that snapshot (retried if it moves)."""
        for _ in range(100):
            snapshot = self.check()
            value = what()
            if self.probe()["state"] == self.held:
                return snapshot, value
        raise AssertionError(f"{self.name}: the page never held still")

    def summary(self, timeout: float = 60.0) -> tuple[dict[str, Any], list[list[str]]]:
        """Wait for a round summary; the seat's last ``round_ended`` event and the summary's rows, one per seat."""
        deadline = time.monotonic() + timeout
        while not self.summary_open():
            assert time.monotonic() < deadline, f"{self.name}: no round summary within {timeout} s"
            self.check()
        snapshot = self.check()
        ended = [item["event"] for item in snapshot["events"] if item["event"]["type"] == "round_ended"]
        rows: list[list[str]] = self.page.evaluate(SUMMARY_ROWS)
        return ended[-1], rows

    def close_summary(self) -> None:
        """Read the round summary on screen into `summaries` (a screenshot of the first), then close it."""
        self.shot("round-summary", once=True)
        self.summaries.append(self.summary())
        behind = self.page.locator(
            "#table .board :is([data-action], button.card.legal, button.pit.legal, [data-key=done], [data-key=play])"
            ":not([disabled]):not([aria-disabled=true])"
        )
        assert behind.count() == 0, f"{self.name}: a decision is offered behind the round summary"
        self.page.locator("dialog.summary [data-key=continue]").click()

    def summary_open(self) -> bool:
        """Whether a round summary waits for the player."""
        opened: bool = self.page.eval_on_selector("dialog.summary", "dialog => dialog.open")
        return opened

    def turn(self, timeout: float = 30.0) -> dict[str, Any]:
        """Wait for a decision of a seat this page plays (or the end), checking the page at every step; the snapshot.

        Round summaries are read (`close_summary`) and closed as a player would.
        """
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.summary_open():
                self.close_summary()
                continue
            snapshot = self.check()
            if not snapshot:  # under the cover: the next player says they are at the screen
                self.shot("hot-seat-cover", once=True)
                self.page.locator("[data-key=ready]").click()
                continue
            view = snapshot["view"]
            if (view["is_over"] or view["legal_actions"]) and not self.summary_open():
                return snapshot
            time.sleep(0.02)
        raise AssertionError(f"{self.name}: no decision came within {timeout} s")

    def click(self, selector: str) -> None:
        """Click what the selector finds (one element), as a person would."""
        self.page.locator(selector).click()
        self.taken += 1

    def shot(self, label: str, *, once: bool = False, full: bool = False) -> Path:
        """Save a screenshot of the page under the test's artifacts; with ``once``, only the first of that label."""
        self.shots.mkdir(parents=True, exist_ok=True)
        if once and any(self.shots.glob(f"*-{self.name}-{label}.png")):
            return next(self.shots.glob(f"*-{self.name}-{label}.png"))
        number = len(list(self.shots.glob("*.png"))) + 1
        path = self.shots / f"{number:02d}-{self.name}-{label}.png"
        self.page.screenshot(path=str(path), full_page=full)
        return path

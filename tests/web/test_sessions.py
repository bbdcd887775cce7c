"""A seat's session in the browser: a reload or a dropped connection rejoins it; a hot seat hides each hand.

Another tab of the same browser only watches, and a hot seat shows each hand only to its own player.
"""

from __future__ import annotations

import re
import signal
import time
from typing import TYPE_CHECKING, Any

from tests.server.support import free_port, serve_process
from tests.web.conftest import broken_client
from tests.web.support import Player, Site, fill_lobby

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from playwright.sync_api import WebSocketRoute

    from tests.web.conftest import Pages


def first_legal(player: Player) -> None:
    """Take the first decision the page offers (a Loo decision or card): the first enabled control of the game."""
    take_first(player, player.turn()["view"])


def take_first(player: Player, view: dict[str, Any]) -> None:
    """Take the first decision of ``view``, the page's seat's view at its turn: the first enabled control."""
    if view["phase"] == "decide":
        player.click("[data-action=play]")
    else:
        card = next(card for card in view["hand"] if card in view["legal_actions"])
        player.click(f"button.card[data-card='{card}']")


def log_lines(player: Player) -> list[str]:
    """The sentences of the page's event log."""
    lines: list[str] = player.page.eval_on_selector_all(".log li", "items => items.map(item => item.textContent)")
    return lines


def test_a_reload_mid_game_rejoins_the_seat_and_another_tab_only_watches(pages: Pages) -> None:
    """After a reload the page is the same seat, with the same view and every event once; a new tab is a spectator."""
    table, tokens, links = pages.site.create(
        game="loo", options={"players": 3}, seats=["human", "heuristic", "random"], seed=11
    )
    page = pages.open(links[0])
    player = pages.player(page, table, tokens, "seat0")
    for _ in range(3):
        first_legal(player)
    before = player.check()
    assert page.url.endswith(f"/tables/{table}"), "the token is left in the address bar"
    page.reload()
    after = player.check()
    assert player.probe()["state"]["seat"] == "0"
    assert after["decisions"] == before["decisions"] == 3
    events = [item["event"] for item in after["events"]]
    lines = log_lines(player)
    assert len(lines) == len(events), "an event is missing from the log or told twice"
    for line, event in zip(lines, events, strict=True):
        assert "seat" not in line.lower(), f"a seat number is shown to the player: {line!r}"
        for card in re.findall(r"\b(?:10|[2-9JQKA])[cdhs]\b", event["text"]):
            assert card[:-1] + "♣♦♥♠"["cdhs".index(card[-1])] in line, f"{line!r} is not {event['text']!r}"
    player.shot("reloaded")
    first_legal(player)
    assert player.check()["decisions"] == 4
    other = pages.player(pages.open(f"/tables/{table}", context=page.context), table, {}, "other-tab")
    spectator = other.check()
    assert spectator["seat"] is None
    assert other.probe()["state"]["seat"] == ""
    assert other.page.locator(".my-hand").count() == 0, "a spectator is shown a hand"
    assert "You are watching." in other.page.locator(".turn-line").inner_text()


def test_a_move_made_while_the_page_joins_its_seat_leaves_no_event_out_of_its_log(pages: Pages) -> None:
    """Another player moves while the page's ``auth`` is on its way: the log tells every event of the seat, once.

    A connection that listened as a spectator until its ``auth`` was answered would take the spectators' update
    for that move, then skip the seat's events before it.
    """
    table, tokens, links = pages.site.create(
        game="loo", options={"players": 3}, seats=["human", "human", "random"], names=["Ada", "Bo", None], seed=6
    )
    held: list[str | bytes] = []  # the page's auth, until the move is made
    servers: list[WebSocketRoute] = []

    def hold_auth(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def forward(message: str | bytes) -> None:
            if '"auth"' in str(message):
                held.append(message)
                return
            server.send(message)

        socket.on_message(forward)
        servers.append(server)

    context = pages.browser.new_context(base_url=pages.site.base)
    pages.contexts.append(context)
    context.route_web_socket(re.compile(r"/api/tables/\w+/ws"), hold_auth)
    page = pages.open(links[0], context=context)
    deadline = time.monotonic() + 20
    while not held:
        assert time.monotonic() < deadline, "the page sent no auth"
        page.wait_for_timeout(50)
    moved = pages.site.http.post(
        f"/api/tables/{table}/actions", json={"action": "play"}, headers={"Authorization": f"Bearer {tokens[1]}"}
    )
    assert moved.status_code == 200, moved.text
    page.wait_for_timeout(300)  # time for a frame sent before the auth to reach the page
    servers[0].send(held.pop())
    player = pages.player(page, table, tokens, "joining")
    events = [item["event"] for item in player.check()["events"]]
    lines = log_lines(player)
    assert events[-1]["type"] == "decided", events[-1]
    assert len(lines) == len(events), f"the log tells {len(lines)} of the seat's {len(events)} events: {lines}"
    assert lines[0].startswith("Round 1"), lines[0]
    assert "Bo stays in" in lines, lines


def test_a_dropped_connection_rejoins_when_the_server_is_back(
    pages: Pages, tmp_path: Path, allow_errors: Callable[[str], None]
) -> None:
    """The server is killed mid-game and started again: the page says it is reconnecting, then plays on."""
    allow_errors(r"WebSocket connection to .* failed|Failed to load resource|ERR_CONNECTION_REFUSED")
    port = free_port()
    db = tmp_path / "tables.sqlite3"
    options = ("--bot-delay", "0.05", "--bot-workers", "1", "--log-level", "warning", *broken_client(tmp_path))
    with serve_process(db, port, *options) as server:
        site = Site(f"http://127.0.0.1:{port}")
        table, tokens, links = site.create(
            game="loo", options={"players": 3}, seats=["human", "heuristic", "random"], seed=12
        )
        context = pages.browser.new_context(base_url=site.base)
        pages.contexts.append(context)
        page = pages.open(links[0], context=context)
        player = Player(page, site, table, tokens, "seat0", pages.shots)
        first_legal(player)
        held = player.check()["next"]
        server.send_signal(signal.SIGKILL)
        server.wait()
        page.wait_for_selector(".connection.closed")
        player.shot("reconnecting")
    with serve_process(db, port, *options):
        page.wait_for_selector(".connection.open", timeout=20000)
        snapshot = player.check()
        assert snapshot["next"] >= held
        first_legal(player)
        assert player.check()["decisions"] == 2
        site.close()


def test_a_hot_seat_shows_each_hand_only_to_its_player(pages: Pages) -> None:
    """Two people at one screen: between their turns a cover hides every card until the next one says they are there."""
    page = pages.open("/")
    fill_lobby(page, "loo", options={"players": 3}, seats={1: "human"}, seed=5, hotseat=True)
    page.click("text=Create a Loo table")
    page.wait_for_url("**/tables/*")
    table = page.url.rsplit("/", 1)[1]
    stored = page.evaluate(f"() => JSON.parse(sessionStorage.getItem('tablegames:table:{table}')).play")
    tokens = {}
    for token in stored:
        tokens[pages.site.snapshot(table, token)["seat"]] = token
    assert sorted(tokens) == [0, 1]
    player = pages.player(page, table, tokens, "hotseat")
    covers = 0
    seen: set[str] = set()
    deadline = time.monotonic() + 60
    while seen != {"0", "1"} or covers < 2:
        assert time.monotonic() < deadline, f"the seats shown: {seen}, covers: {covers}"
        snapshot, cards = player.settled()
        if not snapshot:
            assert cards == [], "the cover shows cards"
            assert page.locator(".log li").count() == 0, "the cover shows the log"
            players = page.locator(".seats li").all_inner_texts()
            named = [line.split(" · ")[0] for line in players]
            assert not [name for name in named if "You" in name], f"nobody is at the screen: {players}"
            covers += 1
            player.shot("cover", once=True)
            page.keyboard.press("Enter")  # the cover's button has the focus
            continue
        seen.add(str(snapshot["seat"]))  # the seat of the page as it settled (it may be covered again by now)
        if player.summary_open():
            player.close_summary()
            continue
        view = snapshot["view"]
        assert not view["is_over"], f"the game ended before each player had a turn behind a cover: {seen}, {covers}"
        if view["legal_actions"]:  # this loop passes every cover itself, so that each one is counted
            take_first(player, view)
        else:
            time.sleep(0.05)


def test_the_page_shows_the_servers_refusal(pages: Pages, allow_errors: Callable[[str], None]) -> None:
    """An option the server refuses is not a table: the lobby says the server's reason, naming the field, and stays."""
    allow_errors(r"Failed to load resource: the server responded with a status of 400")  # the browser's own line
    page = pages.open("/")
    fill_lobby(page, "kalaha", options={"pits": 0})
    page.click("text=Create a Kalaha table")
    message = page.locator("form.create .message")
    message.filter(has_text="Pits per side").wait_for()
    refused = pages.site.http.post(
        "/api/tables", json={"game": "kalaha", "options": {"pits": 0}, "seats": ["human"] * 2}
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["reason"] == {
        "key": "config.integer",
        "fields": {"option": "pits", "minimum": 1, "maximum": 26, "value": "0"},
    }
    assert message.inner_text() == "“Pits per side” must be a whole number from 1 to 26, not 0"
    assert page.url == pages.site.base + "/", "the lobby moved on to a table that was refused"


def test_a_link_whose_place_is_played_elsewhere_offers_to_watch(pages: Pages) -> None:
    """A join link opened while its place is played in another browser asks first: watch, or play here too."""
    table, tokens, links = pages.site.create(game="kalaha", seats=["human", "heuristic"], seed=2)
    first = pages.player(pages.open(links[0]), table, tokens, "first")
    first.turn()
    second = pages.open(links[0])
    second.locator("[data-key=watch]").click()
    second.wait_for_function("() => document.getElementById('table').dataset.status === 'playing'")
    assert second.eval_on_selector("#table", "table => table.dataset.seat") == "", "the watcher plays the seat"
    assert second.locator("button.pit.legal").count() == 0
    third = pages.open(links[0])
    third.locator("[data-key=take-over]").click()
    third.locator("button.pit.legal").first.wait_for()
    assert third.eval_on_selector("#table", "table => table.dataset.seat") == "0", "the place is not taken over"


def test_a_place_open_in_two_browsers_is_told_so_in_both_and_one_can_leave_it_to_the_other(pages: Pages) -> None:
    """Both pages of one seat say it is open elsewhere; one leaves it to the other and watches; the other plays on."""
    _, _, links = pages.site.create(game="kalaha", seats=["human", "heuristic"], seed=2)
    first = pages.open(links[0])
    first.locator("button.pit.legal").first.wait_for()
    assert first.locator("[data-key=hand-over]").count() == 0, "one place alone is told of no other"
    second = pages.open(links[0])
    second.locator("[data-key=take-over]").click()
    for page in (first, second):
        page.locator("[data-key=hand-over]").wait_for()
    first.locator("[data-key=hand-over]").click()
    first.wait_for_function("() => document.getElementById('table').dataset.seat === ''")
    second.wait_for_function("() => !document.querySelector('[data-key=hand-over]')")
    second.locator("button.pit.legal").first.wait_for()
    assert first.locator("button.pit.legal").count() == 0, "the page that left still plays"

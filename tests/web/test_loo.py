"""A Loo table made in the lobby, joined from a second browser by its link, played to its end against a bot."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

from tests.web.conftest import PHONE
from tests.web.support import fill_lobby

if TYPE_CHECKING:
    from tests.web.conftest import Pages
    from tests.web.support import Player


def create_in_lobby(pages: Pages) -> tuple[Player, str]:
    """Make a 3-seat Loo table of one round in the lobby: two people and a heuristic bot; the host's player and link."""
    page = pages.open("/")
    fill_lobby(page, "loo", options={"players": 3, "rounds": 1}, seats={1: "human", 2: "heuristic"}, seed=4)
    lobby = pages.player(page, "", {}, "host")
    lobby.shot("lobby")
    page.click("text=Create a Loo table")
    page.wait_for_url("**/tables/*")
    table = page.url.rsplit("/", 1)[1]
    link = page.locator("input[data-invite='1']").input_value()
    assert link.startswith(f"{pages.site.base}/tables/{table}#token=")
    token0 = page.evaluate(f"() => JSON.parse(sessionStorage.getItem('tablegames:table:{table}')).play[0]")
    host = pages.player(page, table, {0: token0}, "seat0")
    return host, link


def test_two_browsers_play_a_loo_round_to_its_end_against_a_bot(pages: Pages) -> None:
    """Each page plays its seat (one on a phone); illegal cards say the rule that forbids them; the summary waits."""
    host, link = create_in_lobby(pages)
    guest_page = pages.open(link, viewport=PHONE)  # the guest plays on a phone
    assert "#token=" not in guest_page.url, "the token stays in the address bar"
    guest = pages.player(guest_page, host.table, {1: link.split("#token=")[1]}, "seat1")
    players = {0: host, 1: guest}
    reasons_seen = 0
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        snapshots = {seat: player.check() for seat, player in players.items()}
        view = snapshots[0]["view"]
        if view["is_over"] and not any(player.summary_open() for player in players.values()):
            break
        for player in players.values():
            if player.summary_open():
                assert "Round 1 is over" in player.page.locator("dialog.summary h2").inner_text()
                told = player.page.locator("dialog.summary .highlights li").all_inner_texts()
                assert told, "the summary tells nothing of the round"
                assert not [line for line in told if line.startswith("Round 1")], f"the title told again: {told}"
                player.close_summary()
        seat = view["current_player"]
        if seat not in players or view["is_over"]:
            time.sleep(0.03)
            continue
        player = players[seat]
        turn = player.turn()
        mine, made = turn["view"], turn["decisions"]
        if mine["phase"] == "decide":
            player.shot("decide", once=True)
            player.click("[data-action=play]")
            continue
        legal = set(mine["legal_actions"])
        illegal = [card for card in mine["hand"] if card not in legal]
        for card in illegal:
            button = player.page.locator(f"button.card[data-card='{card}']")
            assert button.get_attribute("aria-disabled") == "true"
            player.page.wait_for_function(
                "card => document.querySelector(`button.card[data-card='${card}']`).title.includes('may not play')",
                arg=card,
            )
            title = button.get_attribute("title") or ""
            assert "L9" not in title, "a rule code is shown to the player"
            assert not re.search(r"\bseat \d", title), "a seat number is shown to the player"
            reasons_seen += 1
        if illegal:
            player.shot("illegal-cards", once=True)
            player.page.locator(f"button.card[data-card='{illegal[0]}']").focus()
            player.page.keyboard.press("Enter")
            refusal = player.page.locator(".my-hand .refusal")
            refusal.wait_for()
            assert "may not play" in refusal.inner_text(), "the refusal is not next to the card"
            assert not player.page.locator(".page-message").inner_text(), "the refusal is at the top of the page"
            assert player.check()["decisions"] == made, "an illegal card was played"
        card = next(card for card in mine["hand"] if card in legal)
        player.shot("trick", once=True)
        player.click(f"button.card[data-card='{card}']")
    else:
        raise AssertionError("the round did not end in time")
    for player in players.values():
        player.check()
        assert player.page.locator(".result").is_visible()
        assert len(player.summaries) == 1, f"{player.name} was shown {len(player.summaries)} round summaries"
        end, rows = player.summaries[0]
        paid = [f"paid {end['loo']}" if seat in end["looed"] else "" for seat in range(3)]
        columns = zip(end["tricks"], end["won"], paid, end["balances"], strict=True)
        assert rows == [[str(cell) for cell in row] for row in columns], "the summary is not the round's"
        player.shot("result")
    assert host.taken + guest.taken >= 4
    assert host.checked > 10
    assert guest.checked > 10
    assert reasons_seen, "no card was illegal: choose a seed where following suit binds"

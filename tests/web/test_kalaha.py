"""A Kalaha game in the browser, to its end against a bot, with the keyboard alone, at a phone's width."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tests.web.conftest import PHONE

if TYPE_CHECKING:
    from tests.web.conftest import Pages
    from tests.web.support import Player


def focus(player: Player, key: str, presses: int = 60) -> None:
    """Press Tab until the control ``data-key=key`` has the focus (it must be reachable in the page's focus order)."""
    for _ in range(presses):
        if player.page.evaluate("() => document.activeElement?.dataset?.key") == key:
            return
        player.page.keyboard.press("Tab")
    raise AssertionError(f"{key} cannot be reached with Tab")


def test_a_kalaha_game_is_played_to_its_end_with_the_keyboard(pages: Pages) -> None:
    """On a phone, legal pits are reached by Tab and sown by Enter; each move and capture is shown, then the result."""
    table, tokens, links = pages.site.create(game="kalaha", options={"seeds": 2}, seats=["human", "heuristic"], seed=5)
    player = pages.player(pages.open(links[0], viewport=PHONE), table, tokens, "seat0")
    choices = random.Random(5)
    moves = captures = 0
    while True:
        snapshot = player.turn()
        view = snapshot["view"]
        if moves == 2:
            player.shot("board")
        if view["is_over"]:
            break
        legal = view["legal_actions"]
        shown = player.page.eval_on_selector_all("button.pit.legal", "pits => pits.map(p => p.dataset.pit)")
        assert shown == legal, "the pits offered are not the legal pits"
        pit = choices.choice(legal)
        focus(player, f"pit-{pit}")
        player.page.keyboard.press("Enter")
        moves += 1
        after, (line, marked) = player.read(
            lambda: (player.page.locator(".last-move").inner_text(), player.page.locator(".pit.captured").count())
        )
        assert after["decisions"] == snapshot["decisions"] + 1
        events = [item["event"] for item in after["events"]]
        last = max(index for index, event in enumerate(events) if event["type"] == "sowed")
        said = events[last]["text"]
        assert line.startswith("Last move: "), line
        assert "seat" not in line, f"a seat number is shown to the player: {line}"
        assert said.split(" from ")[-1] in line, "the last move's pit is not told"
        captured = [event for event in events[last + 1 :] if event["type"] == "captured"]
        if captured:
            assert captured[0]["text"].split(" at ")[-1] in line.split(";")[-1], "the capture is not told"
            assert marked == 2, "the capturing pit and the pit captured from are not marked"
            captures += 1
        else:
            assert marked == 0
    player.shot("result")
    result = player.page.locator(".result")
    assert result.is_visible()
    scores = view["scores"]
    assert all(str(score) in result.inner_text() for score in scores)
    verdict = result.locator("h2").inner_text()
    assert verdict in ("You win!", "The game is a draw.", "Medium bot wins.")
    assert (verdict == "You win!") == (view["winners"] == [0])
    assert moves >= 3
    assert captures, "no capture came up: choose another seed"
    log = player.page.locator(".log")
    faded = "element => getComputedStyle(element).maskImage !== 'none'"
    assert log.evaluate("element => element.scrollTop > 0"), "the game's log is short enough to show whole"
    assert log.evaluate(faded), "the log scrolled down cuts its top line with no fade"
    log.evaluate("element => { element.scrollTop = 0; element.dispatchEvent(new Event('scroll')); }")
    player.page.wait_for_function("() => getComputedStyle(document.querySelector('.log')).maskImage === 'none'")
    record = pages.site.http.get(player.page.locator(".result a[download]").get_attribute("href") or "").json()
    assert record["format"] == "tablegames.record"

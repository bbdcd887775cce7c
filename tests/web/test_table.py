"""The table as players see it: every seat round it, whose turn it is, the trick in the middle, and movement.

The card just played moves in and the turn passes with a short transition, except for a player who asks for none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.web.conftest import Pages

#: Each seat round the table: its position, name, score, badges; and the animation of the play moving in.
RING = """() => ({
    seats: [...document.querySelectorAll(".ring-seat")].map(seat => ({
        seat: seat.dataset.seat, position: seat.dataset.position, turn: seat.classList.contains("turn"),
        text: seat.innerText, transition: getComputedStyle(seat).transitionDuration,
    })),
    middle: [...document.querySelectorAll(".ring-middle [data-card]")].map(card => card.dataset.card),
    moving: [...document.querySelectorAll(".ring-play.fresh")].map(play => getComputedStyle(play).animationName),
})"""


def test_the_seats_sit_round_the_table_and_the_trick_lies_in_the_middle(pages: Pages) -> None:
    """Loo: the names round the table, the turn marked, the trick's cards in the middle; no movement if asked."""
    for motion in ("no-preference", "reduce"):
        page = pages.open("/")
        page.emulate_media(reduced_motion=motion)
        page.select_option("#game", "loo")
        page.fill("#option-players", "3")
        page.dispatch_event("#option-players", "change")
        page.fill("#name-0", "Ada")
        page.select_option("#seat-1", "random")
        page.select_option("#seat-2", "heuristic")
        page.fill("#seed", "11")
        page.click("text=Create a Loo table")
        page.locator("[data-action=play]").click()
        page.locator(".my-hand button.card.legal").first.wait_for()
        ring = page.evaluate(RING)
        names = [seat["text"].split("\n")[0] for seat in sorted(ring["seats"], key=lambda seat: seat["seat"])]
        assert names == ["You", "Easy bot", "Medium bot"], names
        assert [seat["position"] for seat in ring["seats"]] == ["0", "1", "2"]
        assert [seat["seat"] for seat in ring["seats"] if seat["turn"]] == ["0"], "the turn is not marked on the table"
        assert "chip" in ring["seats"][0]["text"]
        trick = page.eval_on_selector_all(".trick .plays [data-card]", "cards => cards.map(card => card.dataset.card)")
        assert ring["middle"] == trick, "the trick in the middle is not the trick"
        page.locator(".my-hand button.card.legal").first.click()
        page.wait_for_function("() => document.querySelectorAll('.ring-middle [data-card]').length > 0")
        moving = page.evaluate(RING)["moving"]
        durations = {seat["transition"] for seat in page.evaluate(RING)["seats"]}
        if motion == "reduce":
            assert all(name == "none" for name in moving), "a card moves for a player who asked for no movement"
            assert durations == {"0s"}, "the seats move for a player who asked for no movement"
        else:
            assert durations != {"0s"}, "the turn passes round the table without movement"
        page.screenshot(path=str(pages.shots / f"table-{motion}.png"))


def test_names_come_with_the_table_to_every_device(pages: Pages) -> None:
    """A name given when the table was made shows on a device that never saw it typed: the server carries it."""
    table, tokens, _ = pages.site.create(
        game="loo", options={"players": 3}, seats=["human", "human", "random"], names=["Ada", "Bo", None], seed=5
    )
    page = pages.open(f"/tables/{table}#token={tokens[1]}")
    page.locator(".ring-seat").first.wait_for()
    ring = page.evaluate(RING)
    names = [seat["text"].split("\n")[0] for seat in sorted(ring["seats"], key=lambda seat: seat["seat"])]
    assert names == ["Ada", "You", "Easy bot"], names

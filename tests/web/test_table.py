"""The table as players see it: every seat round it, whose turn it is, the trick in the middle, and movement.

The card just played moves in and the turn passes with a short transition, except for a player who asks for none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

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


#: The boxes (left, top, right, bottom) of each seat's plate, by its name, and of the trick's cards, once the cards
#: lie still (null while a card just played moves in: it comes from below, past the bottom seat).
LAID_OUT = """() => {
    if (document.querySelector(".ring").getAnimations({ subtree: true }).length) return null;
    const box = element => {
        const { left, top, right, bottom } = element.getBoundingClientRect();
        return [left, top, right, bottom];
    };
    return {
        seats: [...document.querySelectorAll(".ring-seat")]
            .map(seat => [seat.querySelector(".ring-name").innerText, box(seat)]),
        cards: [...document.querySelectorAll(".ring-middle [data-card]")].map(box),
    };
}"""


def meet(one: list[float], other: list[float]) -> bool:
    """Whether two boxes (left, top, right, bottom) overlap."""
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]


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
        laid = page.wait_for_function(LAID_OUT).json_value()
        covered = [name for name, seat in laid["seats"] if any(meet(seat, card) for card in laid["cards"])]
        assert not covered, f"seats lie over the trick in the middle: {covered}"
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


#: Each seat's plate as the table shows it: its box; how far its farthest corner lies from the oval's centre, in its
#: radii (1 is on the edge; a corner is measured where its rounding is); and how many lines its name takes.
PLATES = """() => {
    const ring = document.querySelector(".ring").getBoundingClientRect();
    const [cx, cy, a, b] = [ring.left + ring.width / 2, ring.top + ring.height / 2, ring.width / 2, ring.height / 2];
    return [...document.querySelectorAll(".ring-seat")].map(seat => {
        const box = seat.getBoundingClientRect();
        const name = seat.querySelector(".ring-name");
        const round = parseFloat(getComputedStyle(seat).borderTopLeftRadius) * (1 - Math.SQRT1_2);
        const [left, right, top, bottom] = [box.left + round, box.right - round, box.top + round, box.bottom - round];
        const corners = [[left, top], [right, top], [left, bottom], [right, bottom]];
        return {
            name: name.innerText,
            box: [box.left, box.top, box.right, box.bottom],
            inside: box.left >= ring.left && box.right <= ring.right
                && box.top >= ring.top && box.bottom <= ring.bottom,
            reach: Math.max(...corners.map(([x, y]) => Math.hypot((x - cx) / a, (y - cy) / b))),
            lines: Math.round(name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight)),
        };
    });
}"""


@pytest.mark.parametrize("game", ["kalo", "loo"])
def test_every_seat_sits_on_the_table_apart_from_the_others(pages: Pages, game: str) -> None:
    """The most seats a game has round a German table, on a desktop and on a phone: each plate lies on the table.

    No plate touches another. On a desktop the table is an oval, and a name such as "Mittlerer Bot 2" takes one line.
    A phone's table is a rounded board as tall as its seats need; its plates are narrower, and a name may take two
    lines, but no word is left alone on its last line.
    """
    players = {"kalo": 6, "loo": 8}[game]
    seats = ["human"] + ["heuristic"] * (players - 1)
    for viewport in ({"width": 1280, "height": 900}, {"width": 390, "height": 844}):
        _, _, links = pages.site.create(game=game, options={"players": players}, seats=seats, seed=3)
        page = pages.open(links[0], locale="de-DE", viewport=viewport)
        page.locator(".ring-seat").nth(players - 1).wait_for()
        page.screenshot(path=str(pages.shots / f"{game}-seats-{viewport['width']}.png"), full_page=True)
        plates = page.evaluate(PLATES)
        names = [plate["name"].replace("\n", " ") for plate in plates]
        assert names[1:3] == ["Mittlerer Bot 2", "Mittlerer Bot 3"], names
        touching = [
            (names[one], names[other])
            for one, first in enumerate(plates)
            for other, second in enumerate(plates[one + 1 :], start=one + 1)
            if meet(first["box"], second["box"])
        ]
        assert not touching, f"at {viewport['width']} px these seats lie on each other: {touching}"
        if viewport["width"] > 1000:
            outside = [name for name, plate in zip(names, plates, strict=True) if plate["reach"] > 1]
            assert not outside, f"these seats stick out of the oval table: {outside}"
            assert all(plate["lines"] == 1 for plate in plates), f"names broken over lines on a desktop: {plates}"
        else:
            outside = [name for name, plate in zip(names, plates, strict=True) if not plate["inside"]]
            assert not outside, f"these seats stick out of a phone's table: {outside}"
            lines = [plate["name"].split("\n") for plate in plates]
            alone = [" ".join(name) for name in lines if len(name) > 1 and len(name[-1]) < 3]
            assert not alone, f"a name leaves a word alone on its last line: {alone}"

"""A Kalo round in the browser with every effect, from a position that makes each one come up, then a new deal arranged.

Seat 0 (the page) holds ``3c 3d 4c 5c 6c Kc Qh``; the bots hold only 3s, which beat nothing, so seat 0 wins every
trick and leads: a 3 gives a card, a 6 takes one from a hand by its slot, a 4 takes one from the discard pile, a 5
gives one from it, and the receivers choose where the cards go. Seat 0 goes out first; the bots end the round; the
round summary waits; in the next round seat 0 arranges its new hand by dragging and by "sort by rank".
A second position plays a game to its end: seat 0 goes out past the target.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.kalo import Kalo
from tests.web.conftest import DESKTOP, PHONE

if TYPE_CHECKING:
    from tests.web.conftest import Pages
    from tests.web.support import Player

HANDS = [["3c", "3d", "4c", "5c", "6c", "Kc", "Qh"], ["3s"], ["3h"]]


def decide(player: Player, selector: str, prompt: str | None = None) -> None:
    """At seat 0's next decision, check the prompt says what is asked, then click what the selector finds."""
    player.turn()
    if prompt is not None:
        shown = player.page.locator(".game .prompt").inner_text()
        assert prompt in shown, f"the prompt is {shown!r}, not about {prompt!r}"
    player.click(selector)


def play(player: Player, *cards: str) -> None:
    """Choose ``cards`` in the hand and play them."""
    player.turn()
    for card in cards:
        player.page.locator(f".my-hand button.card[data-card='{card}']").click()
    assert player.page.locator("[data-key=play]").inner_text().startswith("Play ")
    player.click("[data-key=play]")


def test_a_kalo_round_with_every_effect_and_a_hand_arranged(pages: Pages) -> None:
    """Each effect's steps are prompts with the right choices; no card the seat may not know is ever drawn."""
    start = Kalo(players=3).position(HANDS, leader=0, scores=[10, 0, 0], kalo_holder=0, seed=7)
    table, tokens, links = pages.site.create(
        game="kalo", options={"players": 3}, seats=["human", "heuristic", "heuristic"], start=start.to_dict()
    )
    player = pages.player(pages.open(links[0]), table, tokens, "seat0")
    play(player, "3c")
    player.shot("effect-3-card")
    decide(player, ".my-hand button.card[data-card='3d']", "Your 3: choose a card of your hand to give away")
    decide(player, "[data-key=seat-1]", "Your 3: choose who gets 3♦")
    play(player, "6c")
    decide(player, "[data-key=seat-1]", "Your 6: choose whose hand to take a card from")
    player.turn()
    slots = player.page.locator(".seat-hand[data-seat='1'] button.card")
    assert slots.count() == 2, "each slot of seat 1's hand is a choice"
    back = player.page.locator(".seat-hand[data-seat='1'] button.card.back")
    assert back.count() == 1, "the unknown card face down"
    back.hover()
    assert back.evaluate("card => getComputedStyle(card).backgroundImage") != "none", "a back goes blank under a mouse"
    assert player.page.locator(".seat-hand[data-seat='1'] button.card[data-card='3d']").count() == 1, (
        "the 3d it gave, face up"
    )
    player.shot("effect-6-slot")
    decide(player, "[data-key=slot-1-0]", "Your 6: choose a card of Medium bot 2's hand by its place")
    decide(player, "[data-key=insert-0]", "Your 6: you took")
    play(player, "4c")
    player.turn()
    assert player.page.locator(".pile.open [data-card]").count() > 30, "the discard pile is shown while the 4 resolves"
    player.shot("effect-4-pile")
    decide(player, "[data-key=pile-3c]", "Your 4: take a card from the discard pile")
    decide(player, "[data-key=insert-0]", "Your 4: choose where 3♣ goes in your hand")
    assert player.check()["view"]["pile"] is None
    assert player.page.locator(".pile.open").count() == 0, "the pile is hidden again once the 4 is done"
    play(player, "5c")
    decide(player, "[data-key=pile-4c]", "Your 5: choose a card of the discard pile to give away")
    decide(player, "[data-key=seat-2]", "Your 5: choose who gets 4♣")
    snapshot, marked = player.read(lambda: player.page.locator(".seat-hand[data-seat='2'] .received").count())
    while not any(slot["received"] for slot in snapshot["view"]["hands"][2]):  # seat 2 is still choosing where
        snapshot, marked = player.read(lambda: player.page.locator(".seat-hand[data-seat='2'] .received").count())
    assert marked == 1, "the card received is marked"
    play(player, "Kc")
    play(player, "Qh")
    hand = [slot["card"] for slot in player.check()["view"]["hands"][0]]
    assert sorted(hand) == ["3c", "3d"] or sorted(hand) == ["3c", "3s"]
    play(player, hand[0])
    decide(player, f".my-hand button.card[data-card='{hand[1]}']", "Your 3")
    decide(player, "[data-key=seat-1]", "Your 3")
    snapshot = player.turn(timeout=60)  # the bots finish the round; its summary waits, is read and closed
    assert len(player.summaries) == 1, "the round's summary was not shown"
    end, rows = player.summaries[0]
    places = [str(end["places"].index(seat) + 1) if seat in end["places"] else "" for seat in range(3)]
    assert places[0] == "1", "seat 0 went out first"
    assert rows == [
        [place, str(points), str(total)]
        for place, points, total in zip(places, end["points"], end["scores"], strict=True)
    ]
    assert snapshot["view"]["round"] == 2
    assert snapshot["view"]["scores"][0] == 13
    assert player.page.locator(".kalo-head").inner_text().count("the first to 15 points wins") == 1
    arrange(player)


def order(player: Player) -> list[str]:
    """The cards of seat 0's hand as the page draws them."""
    cards: list[str] = player.page.eval_on_selector_all(
        ".my-hand .hand [data-card]", "cards => cards.map(c => c.dataset.card)"
    )
    return cards


def arrange(player: Player) -> None:
    """Drag the last card to the front, move one with the keyboard, then sort by rank: the server's hand is sorted."""
    before = order(player)
    player.page.locator(f".my-hand [data-card='{before[-1]}']").drag_to(
        player.page.locator(f".my-hand [data-card='{before[0]}']")
    )
    dragged = order(player)
    assert dragged[0] == before[-1], "the dragged card did not move to the front"
    player.page.locator(f".my-hand [data-card='{dragged[0]}']").focus()
    player.page.keyboard.press("Shift+ArrowRight")
    assert order(player)[1] == dragged[0], "Shift+→ did not move the card"
    player.shot("arrange")
    player.click("[data-key=sort]")
    snapshot = player.turn()
    hand = [slot["card"] for slot in snapshot["view"]["hands"][0]]
    ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    power = [ranks.index(card[:-1]) * 4 + "cdhs".index(card[-1]) if card != "2h" else 99 for card in hand]
    assert power == sorted(power), f"the hand is not sorted by rank: {hand}"
    assert snapshot["view"]["phase"] == "play" or snapshot["view"]["current_player"] != 0
    assert order(player) == hand
    player.shot("arranged")


def test_a_kalo_game_is_played_to_its_end_with_its_result(pages: Pages) -> None:
    """Seat 0 going out past 5×N points ends the game at once (no round summary): the result is the server's.

    "Play again" then opens a new table of the same game with the same bots, played by the same seat.
    """
    start = Kalo(players=3).position([["Kc", "Ah"], ["3s"], ["3h"]], leader=0, scores=[14, 0, 0], kalo_holder=0)
    table, tokens, links = pages.site.create(
        game="kalo", options={"players": 3}, seats=["human", "heuristic", "random"], start=start.to_dict()
    )
    player = pages.player(pages.open(links[0]), table, tokens, "seat0")
    play(player, "Kc")
    play(player, "Ah")
    snapshot = player.turn(timeout=60)
    view = snapshot["view"]
    assert view["is_over"]
    assert view["winners"] == [0]
    assert player.summaries == [], "a round summary for a round that did not end"
    player.shot("result")
    result = player.page.locator(".result")
    assert result.locator("h2").inner_text() == "You win!"
    assert result.inner_text().lower().count("you win") == 1, "the result says twice who won"
    for seat, score in enumerate(view["scores"]):
        assert result.locator("tr").nth(seat).inner_text().split("\t")[1] == str(score)
    player.page.locator("[data-key=again]").click()
    player.page.wait_for_url(lambda url: table not in url)
    again = player.page.url.rsplit("/", 1)[-1]
    summary = pages.site.http.get(f"/api/tables/{again}").json()["table"]
    assert summary["game"] == "kalo"
    assert [place["player"] for place in summary["seats"]] == ["human", "bot", "bot"]
    assert [place.get("bot") for place in summary["seats"][1:]] == ["heuristic", "random"], "the bots are not the same"
    player.page.locator(".ring-seat.me").wait_for()
    assert player.page.eval_on_selector("#table", "table => table.dataset.seat") == "0", "the new table is not played"


def test_the_table_says_how_a_game_of_so_many_rounds_ends(pages: Pages) -> None:
    """With the option rounds the head of the table names the last round, or says the game is one round."""
    for rounds, said in ((1, "A game of one round"), (3, "Round 1 of 3 · the first to 15 points wins, or else")):
        table, tokens, links = pages.site.create(
            game="kalo", options={"players": 3, "rounds": rounds}, seats=["human", "heuristic", "heuristic"]
        )
        player = pages.player(pages.open(links[0]), table, tokens, f"rounds{rounds}")
        player.turn()
        head = player.page.locator(".kalo-head p").first.inner_text()
        assert head.startswith(said), head


def test_a_hand_is_arranged_by_tapping_on_a_touch_screen_and_the_note_names_no_keys(pages: Pages) -> None:
    """On a touch screen the note says to tap a card, then its place, and tapping moves it; a mouse's names keys."""
    shown = {}
    for viewport, said, unsaid in ((PHONE, "Tap a card", "Shift"), (DESKTOP, "Shift+← and Shift+→", "Tap")):
        table, tokens, links = pages.site.create(
            game="kalo", options={"players": 3}, seats=["human", "heuristic", "heuristic"]
        )
        page = pages.open(links[0], viewport=viewport)
        pages.player(page, table, tokens, "seat0").turn()
        note = page.locator(".my-hand .note").inner_text()
        assert said in note, f"the note is {note!r}"
        assert unsaid not in note, f"the note is {note!r}"
        shown[said] = page
    page = shown["Tap a card"]
    hand = ".my-hand .hand [data-card]"
    before = page.eval_on_selector_all(hand, "cards => cards.map(c => c.dataset.card)")
    page.locator(f".my-hand [data-card='{before[-1]}']").tap()
    page.locator(f".my-hand [data-card='{before[0]}']").tap()
    tapped = page.eval_on_selector_all(hand, "cards => cards.map(c => c.dataset.card)")
    assert tapped[0] == before[-1], f"tapping moved nothing: {before} then {tapped}"

"""Movement on the table: a sowing's seed goes pit by pit, briefly; a key ends it; none moves under reduced motion."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from tablegames.kalo import Kalo

if TYPE_CHECKING:
    from tests.web.conftest import Pages
    from tests.web.support import Player

#: Records each movement the page starts: its kind, its keyframes (places passed) and its duration.
WATCH = """() => {
  window.moves = [];
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (!node.classList?.contains("moving")) continue;
      const animation = node.getAnimations()[0];
      const frames = animation.effect.getKeyframes();
      const move = { kind: node.dataset.motion, frames: frames.length, duration: animation.effect.getTiming().duration,
                     end: frames.at(-1).transform, start: frames[0].transform };
      if (window.nearest) { move.to = window.nearest(move.end); move.from = window.nearest(move.start); }
      window.moves.push(move);
    }
  }).observe(document.body, { childList: true });
}"""


def sow(player: Player) -> dict[str, Any]:
    """Sow the first legal pit and wait for the next decision; the sowing event of this page's seat."""
    snapshot = player.turn()
    player.click(f"button.pit.legal[data-pit={snapshot['view']['legal_actions'][0]}]")
    after = player.turn()
    events = [item["event"] for item in after["events"][len(snapshot["events"]) :]]
    return next(event for event in events if event["type"] == "sowed" and event["seat"] == 0)


def test_a_sowing_moves_pit_by_pit_and_a_key_or_reduced_motion_stops_it(pages: Pages) -> None:
    """The seed passes each pit sown and the store, within 1.5 s; Escape ends it; reduced motion shows none."""
    # The bot answers a second later, so that its move does not end the slowed movement before it is looked at.
    table, tokens, links = pages.site.create(game="kalaha", seats=["human", "heuristic"], seed=3, bot_delay=1.0)
    player = pages.player(pages.open(links[0]), table, tokens, "seat0")
    player.turn()
    player.page.evaluate(WATCH)
    sowed = sow(player)
    moves = player.page.evaluate("() => window.moves")
    mine = [move for move in moves if move["kind"] == "sow"]
    assert mine, "a sowing did not move"
    assert mine[0]["frames"] == sowed["seeds"] + 1, "the seed does not pass each pit sown, one by one"
    assert all(move["duration"] <= 1500 for move in moves), "a movement is long"

    # Every movement so far has ended (on a loaded machine one may outlast the turn), so the one caught next is new.
    player.page.wait_for_function("() => !document.querySelector('.moving')")
    cdp = player.page.context.new_cdp_session(player.page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.01})
    snapshot = player.turn()
    player.click(f"button.pit.legal[data-pit={snapshot['view']['legal_actions'][0]}]")
    ghost = player.page.wait_for_selector(".moving[data-motion=sow]", state="attached")
    assert ghost is not None
    time.sleep(0.3)
    assert ghost.evaluate("node => node.isConnected"), "the slowed movement ended by itself"
    player.page.keyboard.press("Escape")
    player.page.wait_for_function("node => !node.isConnected", arg=ghost, timeout=2000)
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})

    player.page.emulate_media(reduced_motion="reduce")
    player.turn()
    player.page.evaluate("() => { window.moves = []; }")
    sow(player)
    sow(player)
    assert player.page.evaluate("() => window.moves") == [], "something moved under reduced motion"


#: Where each movement of ``kind`` ends: the seat in the ring nearest to its last place.
ENDS = """(kind) => window.moves.filter((move) => move.kind === kind).map((move) => move.to)"""


def run_of(part: list[Any], whole: list[Any]) -> bool:
    """True if ``part`` is ``whole`` from some point on for its length.

    The page may begin watching after the first events, and the events may
    hold what happened after the last movement was read.
    """
    return any(whole[start : start + len(part)] == part for start in range(len(whole) - len(part) + 1))


def watch_bots(pages: Pages, kind: str, enough: int, **request: Any) -> Player:
    """A spectator's page at a table of bots, watched until the game's end or ``enough`` movements of ``kind``."""
    table, _, _ = pages.site.create(bot_delay=0.12, **request)
    page = pages.open(f"/tables/{table}")
    # Where a movement starts and ends is read as it starts, so the reader is there before the first movement.
    page.evaluate(
        """() => { window.nearest = (transform) => {
          const [x, y] = transform.match(/-?[0-9.]+/g).map(Number);
          let best = null, far = Infinity;
          for (const seat of document.querySelectorAll(".ring-seat")) {
            const box = seat.getBoundingClientRect();
            const d = Math.hypot(box.left + box.width / 2 - x, box.top + box.height / 2 - y);
            if (d < far) { far = d; best = Number(seat.dataset.seat); }
          }
          return best;
        }; }"""
    )
    page.evaluate(WATCH)
    spectator = pages.player(page, table, {}, "spectator")
    deadline = time.monotonic() + 120
    while True:
        snapshot = spectator.check()
        if snapshot["view"]["is_over"] or len(page.evaluate(ENDS, kind)) >= enough:
            break
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return spectator


def test_a_won_loo_trick_goes_to_its_winner(pages: Pages) -> None:
    """Each trick won while the page watches goes from the middle of the table to the seat that won it."""
    spectator = watch_bots(
        pages, "trick", 4, game="loo", options={"players": 3, "rounds": 2}, seats=["heuristic"] * 3, seed=4
    )
    ends = spectator.page.evaluate(ENDS, "trick")
    events = [item["event"] for item in spectator.check()["events"]]  # read after the movements: it holds them all
    winners = [event["seat"] for event in events if event["type"] == "trick_won"]
    assert len(ends) >= 4, f"few tricks moved: {ends} of {winners}"
    assert run_of(ends, winners), f"a trick went to another seat than its winner: {ends} of {winners}"


def test_a_kalo_card_given_or_robbed_goes_between_the_two_players(pages: Pages) -> None:
    """A card given (a 3) goes from the giver to the one who gets it; a card robbed (a 6) from the robbed player."""
    hands = [["3c", "3d", "4c", "5c", "6c", "Kc", "Qh"], ["3s", "6s"], ["3h", "6h"]]
    start = Kalo(players=3).position(hands, leader=0, scores=[10, 0, 0], kalo_holder=0, seed=7)
    spectator = watch_bots(
        pages,
        "card",
        2,
        game="kalo",
        options={"players": 3},
        seats=["heuristic"] * 3,
        start=start.to_dict(),
    )
    moves = [
        (move["from"], move["to"]) for move in spectator.page.evaluate("() => window.moves") if move["kind"] == "card"
    ]
    events = [item["event"] for item in spectator.check()["events"]]  # read after the movements: it holds them all
    passes = [
        (event["victim"], event["seat"]) if event["type"] == "robbed" else (event["seat"], event["target"])
        for event in events
        if event["type"] == "robbed" or (event["type"] == "target_chosen" and event["rank"] != 6)
    ]
    assert moves, f"no card moved between players: {passes}"
    assert run_of(moves, passes), f"a card went between other players than the ones it passed between: {moves}"

"""No leaks over the wire: what the server sends a seat does not depend on cards that seat cannot know.

The same invariance test the games use (tests/kalo/test_leaks.py,
tests/loo/test_leaks.py), applied to the bytes a seat receives. A whole Kalo
game and a whole Loo game are played through the server with two people's
seats (scripted clients acting over HTTP and over the WebSocket, reading
their views, snapshots, errors, transcripts and the checks of actions) and bots; every frame and
response body sent to each person's seat is recorded. Then, for each of
those seats, the game is played again from a deal where cards that seat
never gets to see are exchanged between other hands, the Miss and the
stock: the other seats take the same decisions (the other person replays
them, the bots are scripted to), and the seat itself decides from what it
is sent. The bytes it is sent must be the same, byte for byte. And every
view and event in what it is sent must be exactly one of its views and its
n-th event as ``event.for_seat`` gives it, which the games' own leak tests
check hold nothing the seat may not know.

An exchange is kept only if the same decisions are still legal and the
seat's view is unchanged at every step: the games' own leak tests check the
views; this checks everything the server adds (events, frame numbering,
which frames are sent, table frames, errors, transcripts, records).
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from typing import TYPE_CHECKING, Any

import attrs
import pytest

import tablegames
from tablegames import Match, TablegamesError
from tablegames.server.botrunner import ThreadBotRunner
from tests.server.support import ScriptedRunner, TestClient, auth, choose, make_app, wait_until

if TYPE_CHECKING:
    from collections.abc import Callable

    from tablegames import Game, State

HUMAN = "human"
#: The actions every person checks now and then: every card, as a play and as an effect's choice (64 at most).
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
CHECKED = tuple(
    [("action", f"{rank}{suit}") for rank in RANKS for suit in "cdhs"]
    + [("action", f"card {rank}h") for rank in RANKS[:12]]
)


@attrs.frozen
class Played:
    """One game through the server: what each person's seat was sent, every decision taken, and the record."""

    frames: dict[int, list[str]]
    history: list[tuple[int, str]]
    record: dict[str, Any]


def play_through(
    start: State,
    kinds: list[str],
    *,
    scripts: dict[int, list[str]] | None = None,
    bot_moves: dict[int, str] | None = None,
    tamper: Callable[[Any], None] | None = None,
) -> Played:
    """Play a whole game from ``start`` through the server, recording every body and frame each person's seat gets.

    People's seats in ``scripts`` replay those decisions; the others choose from what they are sent. Bots play
    ``bot_moves`` (by ply) if given, else decide for real.
    """
    runner = ScriptedRunner(bot_moves) if bot_moves is not None else ThreadBotRunner()
    app = make_app(runner=runner)
    if tamper is not None:
        tamper(app)
    game = start.game
    request = {"game": game.name, "options": game.options(), "seats": kinds, "start": start.to_dict()}
    with TestClient(app) as http, contextlib.ExitStack() as stack:
        created = http.post("/api/tables", json=request).json()
        table_id = created["table"]["id"]
        tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
        people = sorted(tokens)
        frames: dict[int, list[str]] = {seat: [] for seat in people}
        views: dict[int, dict[str, Any]] = {}
        sockets = {
            seat: stack.enter_context(http.websocket_connect(f"/api/tables/{table_id}/ws?token={tokens[seat]}"))
            for seat in people
        }
        lobby = app.state.lobby
        table = lobby.known(table_id)
        assert table is not None

        def heard(seat: int, text: str) -> dict[str, Any]:
            frames[seat].append(text)
            body: dict[str, Any] = json.loads(text)
            if "view" in body:
                views[seat] = body["view"]
            return body

        def drain(seat: int) -> None:
            sockets[seat].send_json({"type": "ping"})
            while heard(seat, sockets[seat].receive_text()).get("type") != "pong":
                pass

        def settled() -> bool:
            return table.state.is_over or (table.current_player in people and lobby.bots.busy == 0)

        made = dict.fromkeys(people, 0)
        while True:
            wait_until(settled, what="the bots to finish their turn")
            if table.state.is_over:
                break
            seat = table.current_player
            drain(seat)
            assert views[seat]["legal_actions"], f"seat {seat} was not told it is its turn"
            number = made[seat]
            action = scripts[seat][number] if scripts and seat in scripts else choose(views[seat], f"seat {seat}")
            url, headers = f"/api/tables/{table_id}", auth(tokens[seat])
            if number % 9 == 4:
                heard(seat, http.post(f"{url}/actions", headers=headers, json={"action": "zz"}).text)
                heard(seat, http.get(f"{url}/record", headers=headers).text)
            if number % 11 == 6:
                heard(seat, http.get(f"{url}?since={max(0, len(frames[seat]) % 3)}", headers=headers).text)
            if number % 3 == 1:  # every person asks why each card would be refused, in turn and out of turn
                for asking in people:
                    heard(asking, http.get(f"{url}/check", params=CHECKED, headers=auth(tokens[asking])).text)
            before = table.ply
            if number % 2 == 0:
                heard(
                    seat,
                    http.post(f"{url}/actions", headers=headers, json={"action": action, "decisions": number}).text,
                )
            else:
                sockets[seat].send_json({"type": "action", "action": action, "decisions": number})
            wait_until(lambda before=before: table.ply > before, what="the action to be taken")
            made[seat] += 1
        for seat in people:
            drain(seat)
        record = http.get(f"/api/tables/{table_id}/record").json()
        for seat in people:  # once over, the record (the deal and every decision) is public: not compared
            assert http.get(f"/api/tables/{table_id}/record", headers=auth(tokens[seat])).json() == record
        history = [(seat, str(action)) for seat, action in Match.from_record(record).history]
    return Played(frames=frames, history=history, record=record)


def _views(start: State, history: list[tuple[int, str]], seat: int) -> list[dict[str, Any]]:
    """Seat's view dict before and after each decision of ``history`` from ``start``."""
    match = Match(start.game, state=start)
    views = [match.state.view(seat).to_dict()]
    for _, text in history:
        match.play(text)
        views.append(match.state.view(seat).to_dict())
    return views


def _same_views(start: State, history: list[tuple[int, str]], seat: int, target: list[dict[str, Any]]) -> bool:
    """True if every decision of ``history`` is legal from ``start`` and seat's views are ``target`` throughout."""
    match = Match(start.game, state=start)
    if match.state.view(seat).to_dict() != target[0]:
        return False
    for (_, text), view in zip(history, target[1:], strict=True):
        try:
            match.play(text)
        except TablegamesError:
            return False
        if match.state.view(seat).to_dict() != view:
            return False
    return True


def _seen(start: State, history: list[tuple[int, str]], seat: int) -> str:
    """Everything seat is shown in the first round, as text: its views and its events."""
    match = Match(start.game, state=start)
    shown = [json.dumps(match.state.view(seat).to_dict())]
    for _, text in history:
        events = match.play(text).events
        shown += [json.dumps(told.to_dict()) for event in events if (told := event.for_seat(seat)) is not None]
        if getattr(match.state, "round_number", 1) != 1:
            break
        shown.append(json.dumps(match.state.view(seat).to_dict()))
    return "\n".join(shown)


def _named(card: str, text: str) -> bool:
    return re.search(rf"(?<![0-9A-Za-z]){re.escape(card)}(?![0-9A-Za-z])", text) is not None


Places = list[list[Any]]


def _kalo_places(state: State) -> Places:
    return [[slot.card for slot in hand] for hand in state.hands]  # type: ignore[attr-defined]


def _kalo_deal(game: Game[State], places: Places, start: State) -> State:
    return game.deal(places, seed=start.seed)  # type: ignore[attr-defined,no-any-return]


def _loo_places(state: State) -> Places:
    return [*(list(hand) for hand in state.hands), list(state.miss), list(state.stock)]  # type: ignore[attr-defined]


def _loo_deal(game: Game[State], places: Places, start: State) -> State:
    players = game.players
    miss = places[players] if game.miss else None  # type: ignore[attr-defined]
    return game.deal(places[:players], start.turned, miss, seed=start.seed)  # type: ignore[attr-defined,no-any-return]


def exchanged(
    start: State,
    history: list[tuple[int, str]],
    seat: int,
    places_of: Callable[[State], Places],
    deal: Callable[[Game[State], Places, State], State],
    alike: Callable[[Any, Any], bool],
) -> tuple[State, int]:
    """A start where cards ``seat`` cannot see are exchanged among places it cannot see into; and how many moved.

    Cards are exchanged two at a time: within another seat's hand (the order of a Kalo hand is that
    seat's secret), or between two places when neither card is ever shown to the seat in the first
    round (``alike`` ones, so the same decisions are likely to stay legal). An exchange is kept only
    if every decision stays legal and the seat's view stays the same throughout.
    """
    shown = _seen(start, history, seat)
    places = places_of(start)
    others = [(where, index) for where, cards in enumerate(places) if where != seat for index in range(len(cards))]
    unseen = {place for place in others if not _named(str(places[place[0]][place[1]]), shown)}
    target = _views(start, history, seat)
    pairs = [
        (a, b)
        for a in others
        for b in others
        if a < b and (a[0] == b[0] or (a in unseen and b in unseen and alike(places[a[0]][a[1]], places[b[0]][b[1]])))
    ]
    random.Random(seat).shuffle(pairs)
    moved, current, used, tries = 0, start, set(), 0
    for a, b in pairs:
        if a in used or b in used:
            continue
        trial = [list(cards) for cards in places_of(current)]
        trial[a[0]][a[1]], trial[b[0]][b[1]] = trial[b[0]][b[1]], trial[a[0]][a[1]]
        candidate = deal(start.game, trial, start)
        if candidate == current:  # the place keeps its cards in order (a Loo hand, the stock)
            continue
        tries += 1
        if _same_views(candidate, history, seat, target):
            current, moved = candidate, moved + 2
            used |= {a, b}
        if moved >= 6 or tries >= 30:
            break
    return current, moved


#: Per game: the game, its seats, where its cards lie in a deal, how to deal them, which cards to exchange,
#: and a seed whose deal leaves each person's seat cards it never sees (a Loo hand dropped, the Miss not taken).
CASES = {
    "kalo": (
        tablegames.load("kalo", players=3),
        [HUMAN, "heuristic", HUMAN],
        _kalo_places,
        _kalo_deal,
        lambda first, second: first.rank == second.rank,
        11,
    ),
    "loo": (
        tablegames.load("loo", players=4, rounds=2, miss=True),
        [HUMAN, "heuristic", HUMAN, "random"],
        _loo_places,
        _loo_deal,
        lambda first, second: first.suit == second.suit,
        3,
    ),
}


def assert_only_what_the_seat_may_know(played: Played, seat: int) -> None:
    """Every view a seat was sent is one of its views in the game, and every event its n-th as it may know it."""
    match = Match.from_record(played.record)
    replay = Match(match.game, state=match.initial)
    views = [json.dumps(replay.state.view(seat).to_dict(), sort_keys=True)]
    for _, action in match.history:
        replay.play(action)
        views.append(json.dumps(replay.state.view(seat).to_dict(), sort_keys=True))
    # The server tells each decision's events; the match's opening (the first deal) is in the seat's first view.
    opening = sum(event.for_seat(seat) is not None for event in match.opening)
    known = [event.to_dict() for event in match.events_for(seat)][opening:]
    told: dict[int, Any] = {}
    for text in played.frames[seat]:
        body = json.loads(text)
        if "view" in body:
            assert json.dumps(body["view"], sort_keys=True) in views, f"seat {seat} was sent a view not its own"
        for item in body.get("events", []):
            if isinstance(item, dict) and "n" in item:
                told[item["n"]] = item["event"]
    assert sorted(told) == list(range(1, len(known) + 1))
    assert [told[number] for number in sorted(told)] == known, f"seat {seat} was sent events it may not know"


@pytest.mark.parametrize("name", list(CASES))
def test_what_a_seat_is_sent_does_not_depend_on_cards_it_cannot_know(name: str) -> None:
    """Exchanging cards a seat never sees leaves every byte it is sent the same.

    Checks rules/kalo.md#what-each-player-knows and rules/loo.md#what-each-player-knows.
    """
    game, kinds, places_of, deal, alike, seed = CASES[name]
    start = game.start(seed=seed)
    first = play_through(start, kinds)
    people = [seat for seat, kind in enumerate(kinds) if kind == HUMAN]
    assert len(first.history) > 20
    for seat in people:
        assert len(first.frames[seat]) > 20
        assert_only_what_the_seat_may_know(first, seat)
        other_start, moved = exchanged(start, first.history, seat, places_of, deal, alike)
        assert moved >= 4, f"only {moved} cards could be exchanged for seat {seat}"
        assert other_start != start
        scripts = {
            other: [action for who, action in first.history if who == other] for other in people if other != seat
        }
        bots = {ply: action for ply, (who, action) in enumerate(first.history) if kinds[who] != HUMAN}
        again = play_through(other_start, kinds, scripts=scripts, bot_moves=bots)
        assert again.history == first.history
        assert again.frames[seat] == first.frames[seat], f"seat {seat} was sent something that depends on unseen cards"

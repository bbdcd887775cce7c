"""The HTTP endpoints of the wire protocol, each answer and each error, on Starlette's TestClient."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

import tablegames
from tablegames.server.tokens import SeededSecrets, SystemSecrets
from tests.games import BUILT_IN
from tests.server.support import TestClient, auth, client, new_table, wait_until

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path


@pytest.fixture
def http() -> Iterator[TestClient]:
    with client() as running:
        yield running


def _two_people(http: TestClient, **request: Any) -> tuple[str, dict[int, str]]:
    return new_table(http, game="kalaha", seats=["human", "human"], seed=7, **request)


def test_the_server_says_what_it_is(http: TestClient) -> None:
    """GET /api names the server, the protocol version, the games and the limits."""
    body = http.get("/api").json()
    assert body["server"] == "tablegames"
    assert body["protocol"] == 1
    assert body["games"] == list(tablegames.names())
    assert body["limits"]["max_body"] == 65536


def test_games_list_options_players_and_bots(http: TestClient) -> None:
    """GET /api/games lists every game with its default options, its number of players and its bots."""
    games = {game["name"]: game for game in http.get("/api/games").json()["games"]}
    assert set(games) == set(tablegames.names())
    assert games["loo"]["players"] == {"min": 3, "max": 8}
    assert games["kalo"]["options"] == tablegames.load("kalo").options()
    assert "heuristic" in games["kalaha"]["bots"]
    for name, game in games.items():
        low, high = game["players"]["min"], game["players"]["max"]
        by_players = game["options_by_players"]
        assert set(by_players) == {str(players) for players in range(low, high + 1)}
        for players, options in by_players.items():
            assert options == tablegames.load(name, **({} if low == high else {"players": int(players)})).options()
    assert games["loo"]["options_by_players"]["3"]["rounds"] == 6


def test_the_largest_seed_is_one_javascript_reads_exactly(http: TestClient) -> None:
    """2**53 - 1 is taken (2**53 is refused above); the seeds the server draws are below 2**53 too."""
    largest = 2**53 - 1
    created = http.post("/api/tables", json={"game": "kalaha", "seats": ["human", "random"], "seed": largest})
    assert created.status_code == 201
    assert float(largest) == largest
    drawn = [SystemSecrets().seed() for _ in range(64)] + [SeededSecrets(n).seed() for n in range(64)]
    assert all(0 <= seed <= largest for seed in drawn)
    assert max(drawn) > 2**50  # drawn from the whole range, not a small part of it


@pytest.mark.parametrize("game", BUILT_IN)
def test_a_table_of_each_game_is_created_and_played(http: TestClient, game: str) -> None:
    """POST /api/tables makes a table of any game; its person sees a view, acts, and the bots answer."""
    players = tablegames.load(game).players
    table, tokens = new_table(http, game=game, seats=["human"] + ["random"] * (players - 1), seed=3)
    assert list(tokens) == [0]
    first = http.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()
    assert first["seat"] == 0
    assert first["view"]["game"] == game
    assert first["table"]["status"] == "playing"
    view = wait_until(
        lambda: (
            (got := http.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()["view"])["legal_actions"] and got
        ),
        what="seat 0's turn",
    )
    answer = http.post(
        f"/api/tables/{table}/actions", headers=auth(tokens[0]), json={"action": view["legal_actions"][0]}
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["decisions"] == 1


def test_creation_answers_tokens_and_join_links(http: TestClient) -> None:
    """A created table gets an id, a 43-character token and a join link per person's seat, and waits for them."""
    response = http.post(
        "/api/tables", json={"game": "loo", "options": {"players": 3}, "seats": ["human", "heuristic", "human"]}
    )
    assert response.status_code == 201
    body = response.json()
    assert [seat["seat"] for seat in body["seats"]] == [0, 2]
    for seat in body["seats"]:
        assert len(seat["token"]) == 43
        assert seat["join"] == f"http://testserver/tables/{body['table']['id']}#token={seat['token']}"
    assert body["table"]["status"] == "waiting"
    assert body["table"]["free"] == [0, 2]


def test_seats_default_to_one_person_against_the_games_heuristic(http: TestClient) -> None:
    """Without seats, seat 0 is a person's and every other seat the game's heuristic bot."""
    body = http.post("/api/tables", json={"game": "kalo", "options": {"players": 3}}).json()
    assert [seat.get("bot") for seat in body["table"]["seats"]] == [None, "heuristic", "heuristic"]


@pytest.mark.parametrize(
    ("request_body", "status", "kind"),
    [
        ({"game": "chess"}, 400, "ConfigError"),
        ({"game": "loo", "options": {"players": 99}}, 400, "ConfigError"),
        ({"game": "loo", "options": {"colour": "red"}}, 400, "ConfigError"),
        ({"game": "kalaha", "seats": ["human"]}, 400, "BadRequestError"),
        ({"game": "kalaha", "seats": ["human", "oracle"]}, 400, "ConfigError"),
        ({"game": "kalaha", "seed": -1}, 400, "BadRequestError"),
        ({"game": "kalaha", "seed": 2**63}, 400, "BadRequestError"),
        ({"game": "kalaha", "seed": 2**53}, 400, "BadRequestError"),
        ({"game": "kalaha", "seed": 1, "start": {}}, 400, "BadRequestError"),
        ({"game": "kalaha", "start": {"format": "tablegames.state"}}, 400, "InvalidStateError"),
        ({"game": "kalaha", "bot_delay": 11}, 400, "BadRequestError"),
        ({"game": "kalaha", "bot_delay": "slow"}, 400, "BadRequestError"),
        ({"game": "kalaha", "open": "yes"}, 400, "BadRequestError"),
        ({"game": "kalaha", "secret": 1}, 400, "BadRequestError"),
        (["kalaha"], 400, "BadRequestError"),
    ],
)
def test_bad_table_requests_are_refused_with_typed_errors(
    http: TestClient, request_body: object, status: int, kind: str
) -> None:
    """A bad table request gets its typed error and creates nothing."""
    response = http.post("/api/tables", json=request_body)
    assert (response.status_code, response.json()["error"]["type"]) == (status, kind)
    assert response.json()["error"]["message"]
    assert http.get("/api/tables").json() == {"tables": []}


@pytest.mark.parametrize(
    ("request_body", "reason"),
    [
        (
            {"game": "kalaha", "options": {"pits": 30}},
            {"key": "config.integer", "fields": {"option": "pits", "minimum": 1, "maximum": 26, "value": "30"}},
        ),
        (
            {"game": "loo", "options": {"players": 3, "first_dealer": 3}},
            {"key": "config.integer", "fields": {"option": "first_dealer", "minimum": 0, "maximum": 2, "value": "3"}},
        ),
        (
            {"game": "kalo", "options": {"players": 9}},
            {"key": "config.players", "fields": {"game": "Kalo", "minimum": 3, "maximum": 6, "value": "9"}},
        ),
        (
            {"game": "loo", "options": {"miss": 1}},
            {"key": "config.boolean", "fields": {"option": "miss", "value": "1"}},
        ),
        (
            {"game": "kalaha", "options": {"colour": "red"}},
            {
                "key": "config.unknown_options",
                "fields": {
                    "game": "kalaha",
                    "unknown": ["'colour'"],
                    "more": 0,
                    "options": ["pits", "seeds", "empty_capture", "players"],
                },
            },
        ),
        (
            {"game": "chess"},
            {"key": "config.no_game", "fields": {"game": "'chess'", "games": ["kalaha", "kalo", "loo"]}},
        ),
        (
            {"game": "kalaha", "seats": ["human", "oracle"]},
            {
                "key": "table.unknown_bots",
                "fields": {"game": "kalaha", "unknown": ["oracle"], "bots": ["random", "heuristic", "search"]},
            },
        ),
    ],
    ids=["pits", "first_dealer", "players", "miss", "option", "game", "bot"],
)
def test_a_refused_table_request_says_why_as_a_key_and_fields(
    http: TestClient, request_body: dict[str, Any], reason: dict[str, Any]
) -> None:
    """A table request refused for its options or seats carries the reason, as a refused action does."""
    error = http.post("/api/tables", json=request_body).json()["error"]
    assert error["type"] == "ConfigError"
    assert error["reason"] == reason, "the refusal's key and fields"
    assert "legal" not in error


def test_a_table_can_start_from_a_given_state(http: TestClient) -> None:
    """A start state is read with the game's from_dict, and the table plays on from it."""
    game = tablegames.load("kalaha", pits=3)
    start = game.start(seed=1).apply(game.start(seed=1).parse_action("a"))
    table, tokens = new_table(http, game="kalaha", options={"pits": 3}, start=start.to_dict(), seats=["human", "human"])
    view = http.get(f"/api/tables/{table}", headers=auth(tokens[1])).json()["view"]
    assert view == start.view(1).to_dict()


def test_the_table_list_shows_unfinished_tables_and_nothing_secret(http: TestClient) -> None:
    """GET /api/tables lists the unfinished tables newest first, with free seats; no token, seed or hash."""
    first, tokens = _two_people(http)
    second, more = new_table(http, game="loo", options={"players": 3}, seats=["human", "random", "random"], seed=9)
    listed = http.get("/api/tables").json()["tables"]
    assert [table["id"] for table in listed] == [second, first]
    assert listed[1]["free"] == [0, 1]
    text = json.dumps(listed)
    for token in [*tokens.values(), *more.values()]:
        assert token not in text
    assert '"seed"' not in text
    assert "hash" not in text


def test_a_spectator_sees_the_spectator_view(http: TestClient) -> None:
    """Without a token the table answers with the spectator's view and events."""
    table, _ = new_table(http, game="loo", options={"players": 3}, seats=["random"] * 3, seed=2)
    body = http.get(f"/api/tables/{table}").json()
    assert body["seat"] is None
    assert body["view"]["seat"] is None
    assert "decisions" not in body


def test_events_since(http: TestClient) -> None:
    """?since=N gives the events after the N-th, numbered; beyond the last is refused."""
    table, tokens = _two_people(http)
    for seat in (0, 1):
        http.get(f"/api/tables/{table}", headers=auth(tokens[seat]))
    http.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]), json={"action": "c"})
    everything = http.get(f"/api/tables/{table}", headers=auth(tokens[1])).json()
    assert [event["n"] for event in everything["events"]] == [1, 2]
    assert everything["next"] == 2
    later = http.get(f"/api/tables/{table}?since=1", headers=auth(tokens[1])).json()
    assert later["events"] == everything["events"][1:]
    for bad in ("3", "-1", "x", "1.5"):
        response = http.get(f"/api/tables/{table}?since={bad}")
        assert (response.status_code, response.json()["error"]["type"]) == (400, "BadRequestError")


def test_the_opening_deal_is_each_seats_first_events(http: TestClient) -> None:
    """Before any decision a seat is told the deal as it may know it: its own cards, not the others'."""
    table, tokens = new_table(http, game="loo", options={"players": 3}, seats=["human"] * 3, seed=2)
    match = tablegames.Match(tablegames.load("loo", players=3), seed=2)
    for seat in (None, 0, 1, 2):
        headers = auth(tokens[seat]) if seat is not None else {}
        body = http.get(f"/api/tables/{table}", headers=headers).json()
        expected = [event.to_dict() for event in match.events_for(seat)]
        assert [item["event"] for item in body["events"]] == expected
        assert [item["n"] for item in body["events"]] == list(range(1, len(expected) + 1))
        assert body["next"] == len(expected)
        assert [item["event"]["type"] for item in body["events"]][:2] == ["round_started", "dealt"]
        dealt = {item["event"]["seat"]: item["event"] for item in body["events"] if item["event"]["type"] == "dealt"}
        for other in (0, 1, 2):
            assert (None not in dealt[other]["cards"]) == (other == seat), dealt[other]


def test_an_action_answers_the_new_view_and_its_events(http: TestClient) -> None:
    """POST .../actions answers the seat's new view and the events of its action; an action dict works too."""
    table, tokens = _two_people(http)
    for seat in (0, 1):
        http.get(f"/api/tables/{table}", headers=auth(tokens[seat]))
    body = http.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]), json={"action": "c"}).json()
    assert [event["event"]["text"] for event in body["events"]] == [
        "seat 0 sows 4 seeds from pit c",
        "seat 0 moves again",
    ]
    assert body["view"]["current_player"] == 0
    move = tablegames.load("kalaha").start(seed=7).parse_action("f").to_dict()
    second = http.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]), json={"action": move})
    assert second.status_code == 200, second.text
    assert second.json()["view"]["current_player"] == 1


def test_illegal_unreadable_and_stale_actions(http: TestClient) -> None:
    """Illegal → 409 with the seat's legal actions; unreadable → 400; a stale decision count → 409; nothing changes."""
    table, tokens = _two_people(http)
    for seat in (0, 1):
        http.get(f"/api/tables/{table}", headers=auth(tokens[seat]))
    url, seat0 = f"/api/tables/{table}/actions", auth(tokens[0])
    assert http.post(url, headers=seat0, json={"action": "c", "decisions": 0}).status_code == 200
    empty = http.post(url, headers=seat0, json={"action": "c"})
    assert empty.status_code == 409
    error = empty.json()["error"]
    assert error["type"] == "IllegalActionError"
    assert error["legal"] == ["a", "b", "d", "e", "f"]
    assert error["reason"] == {"key": "kalaha.pit_empty", "fields": {"pit": 2}}, "the refusal's key and fields"
    assert error["legal"] == http.get(f"/api/tables/{table}", headers=seat0).json()["view"]["legal_actions"]
    unreadable = http.post(url, headers=seat0, json={"action": "zz"})
    assert (unreadable.status_code, unreadable.json()["error"]["type"]) == (400, "InvalidActionError")
    stale = http.post(url, headers=seat0, json={"action": "f", "decisions": 0})
    assert (stale.status_code, stale.json()["error"]["type"]) == (409, "ConflictError")
    assert http.post(url, headers=seat0, json={"action": "f", "decisions": 1}).status_code == 200
    out_of_turn = http.post(url, headers=seat0, json={"action": "zz"})
    assert out_of_turn.status_code == 409
    assert out_of_turn.json() == {
        "error": {
            "type": "IllegalActionError",
            "message": "it is seat 1's decision, not seat 0's",
            "legal": [],
            "reason": {"key": "core.turn", "fields": {"current": 1, "seat": 0}},
        }
    }
    assert http.get(f"/api/tables/{table}/record", headers=seat0).json()["decisions"] == ["c", "f"]
    assert http.get(f"/api/tables/{table}/record", headers=auth(tokens[1])).json()["decisions"] == []


def test_acting_needs_a_token_of_the_table(http: TestClient) -> None:
    """No token → 401; a token that is not this table's, or a malformed header → 401/403; nothing changes."""
    table, tokens = _two_people(http)
    other, other_tokens = _two_people(http)
    url = f"/api/tables/{table}/actions"
    assert http.post(url, json={"action": "c"}).status_code == 401
    assert http.post(url, headers={"Authorization": "Basic abc"}, json={"action": "c"}).status_code == 401
    assert http.post(url, headers=auth(other_tokens[0]), json={"action": "c"}).status_code == 403
    assert http.post(url, headers=auth("x" * 500), json={"action": "c"}).status_code == 403
    assert http.get(f"/api/tables/{table}", headers=auth(other_tokens[0])).status_code == 403
    assert http.get(f"/api/tables/{table}").json()["table"]["free"] == [0, 1]
    del tokens, other


def test_a_waiting_table_refuses_actions_until_everyone_joined(http: TestClient) -> None:
    """Until every person's seat has used its token the table waits: 409, and no bot moves."""
    table, tokens = new_table(http, game="kalaha", seats=["human", "random"], seed=1)
    assert http.get(f"/api/tables/{table}").json()["table"]["status"] == "waiting"
    del tokens
    table2, tokens2 = _two_people(http)
    http.get(f"/api/tables/{table2}", headers=auth(tokens2[0]))
    refused = http.post(f"/api/tables/{table2}/actions", headers=auth(tokens2[0]), json={"action": "c"})
    assert (refused.status_code, refused.json()["error"]["type"]) == (409, "ConflictError")
    assert "seat(s) 1" in refused.json()["error"]["message"]


def test_bodies_must_be_json_and_small(http: TestClient) -> None:
    """A body that is not application/json → 415; not JSON → 400; over the limit → 413."""
    assert (
        http.post(
            "/api/tables", content=b"game=loo", headers={"content-type": "application/x-www-form-urlencoded"}
        ).status_code
        == 415
    )
    assert http.post("/api/tables", content=b"{", headers={"content-type": "application/json"}).status_code == 400
    assert (
        http.post("/api/tables", content=b"[" * 10_000, headers={"content-type": "application/json"}).status_code == 400
    )
    big = json.dumps({"game": "loo", "options": {"x": "y" * 70_000}}).encode()
    assert http.post("/api/tables", content=big, headers={"content-type": "application/json"}).status_code == 413

    def chunks() -> Iterator[bytes]:
        yield b'{"game": "loo", "options": {"x": "'
        yield b"y" * 70_000
        yield b'"}}'

    streamed = http.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert (streamed.status_code, streamed.json()["error"]["type"]) == (413, "TooLargeError")


def test_unknown_tables_and_routes_are_404_json(http: TestClient) -> None:
    """An unknown table or route answers 404 with the error format; a wrong method 405."""
    for url in ("/api/tables/nope", "/api/tables/nope/record", "/api/nothing"):
        response = http.get(url)
        assert (response.status_code, response.json()["error"]["type"]) == (404, "NotFoundError")
    assert http.delete("/api/tables").status_code == 405


def test_the_record_during_play_is_the_seats_transcript_and_after_it_replays(http: TestClient, tmp_path: Path) -> None:
    """During play the record endpoint gives a seat its own decisions and events only; once over, the record."""
    table, tokens = new_table(http, game="kalaha", options={"pits": 3, "seeds": 2}, seats=["human", "random"], seed=4)
    http.get(f"/api/tables/{table}", headers=auth(tokens[0]))
    during = http.get(f"/api/tables/{table}/record", headers=auth(tokens[0])).json()
    assert during["format"] == "tablegames.transcript"
    assert "seed" not in during
    assert "actions" not in during
    while True:
        body = http.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()
        if body["view"]["is_over"]:
            break
        if body["view"]["legal_actions"]:
            http.post(
                f"/api/tables/{table}/actions",
                headers=auth(tokens[0]),
                json={"action": body["view"]["legal_actions"][0]},
            )
    record = http.get(f"/api/tables/{table}/record").json()
    assert record["format"] == "tablegames.record"
    assert tablegames.Match.from_record(record).state.is_over
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    from tablegames.cli import main

    assert main(["replay", str(path)]) == 0


def test_checking_actions_says_why_each_would_be_refused_and_changes_nothing(http: TestClient) -> None:
    """GET .../check answers, per action, whether it would be taken now, or the very error acting would get."""
    table, tokens = _two_people(http)
    for token in tokens.values():
        http.get(f"/api/tables/{table}", headers=auth(token))
    http.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]), json={"action": "c"})  # sows into its store
    before = http.get(f"/api/tables/{table}", headers=auth(tokens[0])).json()
    asked = (("action", "d"), ("action", "c"), ("action", "zz"))
    answer = http.get(f"/api/tables/{table}/check", params=asked, headers=auth(tokens[0]))
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["decisions"] == 1
    assert [(check["action"], check["legal"]) for check in body["checks"]] == [("d", True), ("c", False), ("zz", False)]
    for check in body["checks"][1:]:
        acted = http.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]), json={"action": check["action"]})
        assert check["error"] == acted.json()["error"], "a check tells what acting would"
    assert "empty" in body["checks"][1]["error"]["message"]
    assert body["checks"][1]["reason"] == "pit c is empty", "the rules' words, without what is legal"
    assert body["checks"][2]["reason"] == body["checks"][2]["error"]["message"]
    assert "reason" not in body["checks"][0]
    other = http.get(f"/api/tables/{table}/check?action=a", headers=auth(tokens[1])).json()
    assert other["checks"][0]["error"]["message"] == "it is seat 0's decision, not seat 1's"
    assert other["checks"][0]["reason"] == "it is seat 0's decision, not seat 1's"
    assert other["checks"][0]["error"]["reason"] == {"key": "core.turn", "fields": {"current": 0, "seat": 1}}
    assert body["checks"][1]["error"]["reason"] == {"key": "kalaha.pit_empty", "fields": {"pit": 2}}
    assert "reason" not in body["checks"][2]["error"], "an action that cannot be read is no refusal of the rules"
    assert http.get(f"/api/tables/{table}", headers=auth(tokens[0])).json() == before, "a check changed the table"


def test_checking_needs_a_seat_and_a_few_actions(http: TestClient) -> None:
    """A check needs a token of the table, one action or more, at most max_checks; a waiting table is refused."""
    table, tokens = _two_people(http)
    url = f"/api/tables/{table}/check"
    assert http.get(url, params={"action": "a"}, headers=auth(tokens[0])).status_code == 409  # seat 1 has not joined
    http.get(f"/api/tables/{table}", headers=auth(tokens[1]))
    assert http.get(url, params={"action": "a"}).status_code == 401
    assert http.get(url, params={"action": "a"}, headers=auth("x" * 43)).status_code == 403
    assert http.get(url, headers=auth(tokens[0])).status_code == 400
    many = (("action", "a"),) * 65
    assert http.get(url, params=many, headers=auth(tokens[0])).json()["error"]["message"] == (
        "at most 64 actions are checked at once, got 65"
    )
    assert http.get(url, params=many[:64], headers=auth(tokens[0])).status_code == 200


def test_open_tables_let_anyone_claim_a_free_seat(http: TestClient) -> None:
    """A free seat of an open table can be claimed once (a new token); of an invitation-only table never."""
    table, tokens = new_table(http, game="kalaha", seats=["human", "human"], open=True)
    claimed = http.post(f"/api/tables/{table}/seats/1")
    assert claimed.status_code == 201
    token = claimed.json()["token"]
    assert token != tokens[1]
    assert http.get(f"/api/tables/{table}", headers=auth(tokens[1])).status_code == 403
    assert http.get(f"/api/tables/{table}", headers=auth(token)).json()["seat"] == 1
    assert http.post(f"/api/tables/{table}/seats/1").status_code == 409
    assert http.post(f"/api/tables/{table}/seats/7").status_code == 404
    closed, _ = _two_people(http)
    assert http.post(f"/api/tables/{closed}/seats/0").status_code == 403


def test_the_web_client_hook_serves_index_and_static_files(tmp_path: Path) -> None:
    """With a web directory the server serves its index at / and /tables/{id}, and its files under /static."""
    (tmp_path / "index.html").write_text("<!doctype html><title>tablegames</title>")
    (tmp_path / "app.js").write_text("console.log(1)")
    with client(web=tmp_path) as http:
        assert "tablegames" in http.get("/").text
        assert http.get("/tables/abc").text == http.get("/").text
        assert http.get("/static/app.js").text == "console.log(1)"
    with client() as bare:
        assert "no web client" in bare.get("/").text


def test_a_server_keeps_nothing_per_table_for_the_tables_it_has_played() -> None:
    """Many tables played to their ends leave no lock behind: what a server holds does not grow with its past."""
    import asyncio
    import gc

    from tablegames.server.botrunner import ThreadBotRunner
    from tablegames.server.lobby import Lobby
    from tablegames.server.store import Store
    from tablegames.server.wire import read_create

    def locks() -> int:
        gc.collect()
        return sum(type(each) is asyncio.Lock for each in gc.get_objects())  # type(), not isinstance: no object asked

    async def run() -> int:
        lobby = Lobby(Store.open(":memory:"), runner=ThreadBotRunner(), secrets=SeededSecrets(5))
        before = locks()
        for _ in range(20):
            table, _ = await lobby.create(read_create({"game": "kalaha", "seats": ["human", "human"], "seed": 1}))
            for person in (0, 1):
                await lobby.join(table, person)
            while (seat := table.current_player) is not None:
                await lobby.play(table, seat, str(table.state.legal_actions()[0]))
        grown = locks() - before
        await lobby.close()
        return grown

    assert asyncio.run(run()) == 0

"""Rate limits per client: tables created and actions sent, refused with 429 past the allowance, others unaffected."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tablegames.server.limits import Limits
from tablegames.server.rates import RateLimit
from tests.server.support import TestClient, auth, client, make_app, new_table


@example(per_minute=1, steps=[("a", 0.0)] * 3)
@example(per_minute=2, steps=[("a", 0.0)] * 3 + [("a", 29.0)])
@given(
    per_minute=st.integers(1, 120),
    steps=st.lists(st.tuples(st.sampled_from("ab"), st.floats(0, 30, allow_nan=False)), max_size=80),
)
def test_a_client_gets_at_most_its_allowance_and_never_less(per_minute: int, steps: list[tuple[str, float]]) -> None:
    """Over any stretch, a client is let through at most a minute's allowance plus what the time refilled."""
    now = [0.0]
    limit = RateLimit(per_minute, clock=lambda: now[0], clients=1)
    allowed: dict[str, list[float]] = {"a": [], "b": []}
    for who, pause in steps:
        now[0] += pause
        window = [at for at in allowed[who] if at > now[0] - 60.0]
        if limit.wait(who) == 0.0:
            allowed[who].append(now[0])
        else:
            # Refused: the bucket's level is below 1, so the recent ones used up what a minute refills.
            assert len(window) >= 1
        for start in allowed[who]:
            inside = [at for at in allowed[who] if start <= at <= now[0]]
            assert len(inside) <= per_minute + (now[0] - start) * per_minute / 60.0 + 1e-6


def test_a_client_pacing_itself_is_never_refused() -> None:
    """Requests a full share of a minute apart all pass, however many."""
    now = [0.0]
    limit = RateLimit(6, clock=lambda: now[0])
    for _ in range(100):
        now[0] += 10.0
        assert limit.wait("a") == 0.0


def test_creating_tables_past_the_allowance_is_refused_for_that_client_only() -> None:
    """The third table of a client allowed two a minute is 429 with Retry-After; another client still creates."""
    limits = Limits(creations_per_minute=2, actions_per_minute=100)
    with client(limits=limits) as http:
        for _ in range(2):
            new_table(http, game="kalaha", seats=["human", "random"])
        refused = http.post("/api/tables", json={"game": "kalaha", "seats": ["human", "random"]})
        assert refused.status_code == 429
        assert refused.json()["error"]["type"] == "TooManyRequestsError"
        assert int(refused.headers["retry-after"]) >= 1
        assert len(http.get("/api/tables").json()["tables"]) == 2
        with TestClient(http.app, client=("10.0.0.2", 5000)) as other:
            new_table(other, game="kalaha", seats=["human", "random"])
        malformed = http.post("/api/tables", json={"game": 7})
        assert malformed.status_code == 400


def test_actions_past_the_allowance_are_refused_over_http_and_websockets_together() -> None:
    """One client's actions count together over both ways in; a refused action changes nothing."""
    limits = Limits(creations_per_minute=10, actions_per_minute=2)
    with TestClient(make_app(limits=limits)) as http:
        table, tokens = new_table(http, game="kalaha", seats=["human", "human"], seed=7)
        for token in tokens.values():
            http.get(f"/api/tables/{table}", headers=auth(token))
        first = http.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]), json={"action": "a"})
        assert first.status_code == 200, first.text
        with http.websocket_connect(f"/api/tables/{table}/ws?token={tokens[1]}") as socket:
            assert socket.receive_json()["type"] == "snapshot"
            legal = http.get(f"/api/tables/{table}", headers=auth(tokens[1])).json()["view"]["legal_actions"]
            socket.send_json({"type": "action", "action": legal[0]})
            assert socket.receive_json()["type"] == "update"
            socket.send_json({"type": "action", "action": "a"})
            frame = socket.receive_json()
            assert frame["type"] == "error"
            assert frame["error"]["type"] == "TooManyRequestsError"
        before = http.get(f"/api/tables/{table}").json()["next"]
        refused = http.post(f"/api/tables/{table}/actions", headers=auth(tokens[0]), json={"action": "b"})
        assert refused.status_code == 429
        assert http.get(f"/api/tables/{table}").json()["next"] == before


@pytest.mark.parametrize("name", ["creations_per_minute", "actions_per_minute"])
def test_the_rate_limits_are_listed_with_the_others(name: str) -> None:
    """GET /api shows each rate limit, so a client can pace itself."""
    with client(limits=Limits(**{name: 7})) as http:
        assert http.get("/api").json()["limits"][name] == 7

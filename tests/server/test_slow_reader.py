"""A WebSocket client that stops reading, on a real server: it is cut off (close 1013), and no one else waits for it.

The client here is a plain TCP socket speaking just enough WebSocket, with a
small receive buffer, so that "stops reading" means what it says: nothing
reads its socket until the test says so.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
import httpx

from tablegames.server.limits import Limits
from tests.server.support import UNHURRIED, new_table, real_server

if TYPE_CHECKING:
    from collections.abc import Iterator


def _frame(text: str) -> bytes:
    """A masked text frame, as a client sends it."""
    data = text.encode()
    mask = os.urandom(4)
    size = len(data)
    head = bytes([0x81]) + (bytes([0x80 | size]) if size < 126 else bytes([0x80 | 126]) + struct.pack("!H", size))
    return head + mask + bytes(byte ^ mask[at % 4] for at, byte in enumerate(data))


class _Reader:
    """The frames of a server's side of a WebSocket, read from a raw socket."""

    def __init__(self, connection: socket.socket, rest: bytes) -> None:
        self.connection = connection
        self.buffer = rest

    def _take(self, count: int) -> bytes:
        while len(self.buffer) < count:
            chunk = self.connection.recv(65536)
            if not chunk:
                raise EOFError("the server closed the TCP connection")
            self.buffer += chunk
        taken, self.buffer = self.buffer[:count], self.buffer[count:]
        return taken

    def frames(self) -> Iterator[tuple[int, bytes]]:
        while True:
            first, second = self._take(2)
            size = second & 0x7F
            if size == 126:
                size = struct.unpack("!H", self._take(2))[0]
            elif size == 127:
                size = struct.unpack("!Q", self._take(8))[0]
            yield first & 0x0F, self._take(size)


def _open(base: str, path: str, receive_buffer: int) -> tuple[socket.socket, _Reader]:
    host, port = base.removeprefix("http://").split(":")
    raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    raw.settimeout(60)  # a guard against hanging, not a measure: a test that would wait forever fails instead
    raw.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += raw.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return raw, _Reader(raw, b"")


def _kernel_send_buffer() -> int:
    """The most a localhost TCP connection may buffer for sending (Linux), or a generous guess elsewhere."""
    try:
        return int(Path("/proc/sys/net/ipv4/tcp_wmem").read_text().split()[2])
    except (OSError, IndexError, ValueError):
        return 8 * 1024 * 1024


def test_a_client_that_stops_reading_is_cut_off_with_1013_and_others_are_served(tmp_path: Path) -> None:
    """A reader that stops reading is closed with 1013 once it reads again; meanwhile another connection is served."""
    limits = attrs.evolve(UNHURRIED, max_queue=8)
    with real_server(tmp_path / "db.sqlite3", limits=limits) as base, httpx.Client(base_url=base) as http:
        table, tokens = new_table(http, game="kalo", options={"players": 6}, seats=["human"] + ["random"] * 5)
        path = f"/api/tables/{table}/ws"
        slow, reader = _open(base, path, receive_buffer=4096)
        kind, snapshot = next(reader.frames())
        assert kind == 1
        assert json.loads(snapshot)["type"] == "snapshot"
        # Each auth is answered with a whole snapshot (and a table frame): enough of them fill every buffer between
        # the server and this socket, and then the server's queue for it.
        auth = _frame(json.dumps({"type": "auth", "token": tokens[0], "since": 0}))
        count = 4 * (_kernel_send_buffer() + 1024 * 1024) // len(snapshot) + 100
        for _ in range(count):
            slow.sendall(auth)
        fast, fast_reader = _open(base, path, receive_buffer=1 << 20)
        frames = fast_reader.frames()
        assert json.loads(next(frames)[1])["type"] == "snapshot"
        fast.sendall(_frame('{"type": "ping"}'))
        assert any(json.loads(data).get("type") == "pong" for kind, data in frames if kind == 1)
        fast.close()
        received = 0
        for kind, data in reader.frames():
            if kind == 8:
                assert struct.unpack("!H", data[:2])[0] == 1013
                break
            received += 1
        else:  # pragma: no cover - frames() ends only by raising
            raise AssertionError("no close frame")
        assert received < count
        slow.close()
        assert Limits().max_queue > limits.max_queue

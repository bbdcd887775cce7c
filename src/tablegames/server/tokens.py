"""Seat tokens, table ids and seeds: where the server's secrets come from, and how tokens are kept.

A seat's token is 256 random bits from the operating system, written as 43
URL-safe characters. The server keeps only its SHA-256 hash: a stolen
database holds no token. Tokens are looked up by their hash and compared in
constant time. A fast hash is the right one here: a token is as strong as a
256-bit key, so there is nothing for a slow hash to protect.

`SystemSecrets` is what a server uses. `SeededSecrets` draws the same ids,
tokens and seeds on every run: for examples and tests only, never to serve.

Examples:
    >>> token = SystemSecrets().token()
    >>> len(token), len(token_hash(token))
    (43, 32)
    >>> matches(token, token_hash(token)), matches("guess", token_hash(token))
    (True, False)
    >>> SeededSecrets(1).table_id() == SeededSecrets(1).table_id()
    True
    >>> table = SystemSecrets().table_id()
    >>> len(table), set(table) <= set(ID_ALPHABET), set(table) & set("01ilo")
    (12, True, set())
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import random
import re
import secrets

__all__ = [
    "ID_ALPHABET",
    "ID_LENGTH",
    "TOKEN_BYTES",
    "SeededSecrets",
    "SystemSecrets",
    "matches",
    "token_hash",
    "well_formed",
]

#: Random bytes in a token.
TOKEN_BYTES = 32
#: The characters of a table id: digits and lower-case letters without the look-alikes 0, 1, i, l and o, so that an
#: id read aloud or copied by hand from a screen comes out right.
ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
#: Characters in a table id: about 59 random bits (ids are public; this only keeps them short and unique).
ID_LENGTH = 12
#: Seeds drawn are below this: the integers JavaScript's numbers hold exactly (see `tablegames.server.wire.MAX_SEED`).
SEEDS = 2**53
_TOKEN_TEXT = re.compile(r"[A-Za-z0-9_-]+")


def _text(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


class SystemSecrets:
    """Ids, tokens and seeds from the operating system's randomness."""

    def token(self) -> str:
        """Return a new seat token: 256 random bits as URL-safe text."""
        return secrets.token_urlsafe(TOKEN_BYTES)

    def table_id(self) -> str:
        """Return a new table id: `ID_LENGTH` characters drawn from `ID_ALPHABET`."""
        return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))

    def seed(self) -> int:
        """Return a game seed for a table created without one: below 2**53, so every JSON reader reads it exactly."""
        return secrets.randbelow(SEEDS)


class SeededSecrets(SystemSecrets):
    """Predictable ids, tokens and seeds, the same for the same ``seed``: for examples and tests only."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(f"tablegames.server.secrets/{seed}")

    def token(self) -> str:
        """Return the next predictable token."""
        return _text(self._rng.randbytes(TOKEN_BYTES))

    def table_id(self) -> str:
        """Return the next predictable table id, of the same characters as a served one's."""
        return "".join(self._rng.choice(ID_ALPHABET) for _ in range(ID_LENGTH))

    def seed(self) -> int:
        """Return the next predictable seed."""
        return self._rng.randrange(SEEDS)


def token_hash(token: str) -> bytes:
    """Return the SHA-256 hash under which a token is stored."""
    return hashlib.sha256(token.encode("utf-8")).digest()


def matches(token: str, stored: bytes | None) -> bool:
    """Return True if ``token`` hashes to ``stored``, comparing in constant time."""
    return stored is not None and hmac.compare_digest(token_hash(token), stored)


def well_formed(token: str, longest: int) -> bool:
    """Return True if ``token`` could be a token: URL-safe characters, at most ``longest`` of them.

    Examples:
        >>> well_formed("abc-_9", 128), well_formed("a b", 128), well_formed("x" * 200, 128)
        (True, False, False)
    """
    return 0 < len(token) <= longest and _TOKEN_TEXT.fullmatch(token) is not None

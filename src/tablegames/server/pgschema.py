"""The PostgreSQL store's schema: the SQLite store's tables, seats and actions, and each step between versions.

`MIGRATIONS` holds, for each schema version, the statements that take a
database from the version before to it, as the SQLite store's steps do
(`tablegames.server.store.MIGRATIONS`); `tablegames.server.pgstore` runs
those a database lacks, in one transaction, when it opens it.

Examples:
    >>> len(MIGRATIONS)
    2
    >>> "ADD COLUMN name" in MIGRATIONS[1]
    True
"""

from __future__ import annotations

__all__ = ["MIGRATIONS"]

_SCHEMA_1 = """
CREATE TABLE tables (
    id         TEXT PRIMARY KEY,
    game       TEXT NOT NULL,
    options    TEXT NOT NULL,
    record     TEXT NOT NULL,
    bot_seed   NUMERIC(40, 0) NOT NULL,
    bot_delay  DOUBLE PRECISION NOT NULL CHECK (bot_delay >= 0),
    open       BOOLEAN NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'over')),
    created_at DOUBLE PRECISION NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX tables_by_status ON tables (status, created_at);
CREATE TABLE seats (
    table_id   TEXT NOT NULL REFERENCES tables (id),
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    player     TEXT NOT NULL CHECK (player IN ('human', 'bot')),
    bot        TEXT CHECK ((player = 'bot') = (bot IS NOT NULL)),
    token_hash BYTEA CHECK ((player = 'human') = (token_hash IS NOT NULL) AND length(token_hash) = 32),
    joined_at  DOUBLE PRECISION,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables (id),
    ply      INTEGER NOT NULL CHECK (ply >= 1),
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    action   TEXT NOT NULL,
    at       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, ply)
)
"""

_SCHEMA_2 = "ALTER TABLE seats ADD COLUMN name TEXT CHECK (name IS NULL OR (player = 'human' AND length(name) <= 24))"

#: ``MIGRATIONS[n]`` takes a database from version ``n`` to ``n + 1``: the SQLite store's steps, in PostgreSQL.
MIGRATIONS: tuple[str, ...] = (_SCHEMA_1, _SCHEMA_2)

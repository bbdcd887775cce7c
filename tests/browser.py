"""Debian's Chromium under Playwright, for the tests that open pages: the docs site's print checks and the web client.

Playwright cannot download its own browser here, so it drives ``/usr/bin/chromium`` by its path, headless, with
no sandbox when run as root and without the background connections that a closed network refuses.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from tests.extras import need_module, need_program

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

__all__ = ["CHROMIUM_ARGS", "launch", "sync_api"]

#: Chromium's flags: no GPU, no QUIC, and none of the background requests that reach for Google's hosts.
CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
]


def sync_api() -> object:
    """Playwright's sync API (the ``test`` extra), or skip the test that needs it."""
    return need_module("playwright.sync_api", "test")


def launch(playwright: Playwright) -> Browser:
    """Start Debian's Chromium headless (skip the test if it is not installed)."""
    chromium = need_program("/usr/bin/chromium", "chromium")
    args = [*CHROMIUM_ARGS, *(["--no-sandbox"] if os.geteuid() == 0 else [])]
    return playwright.chromium.launch(executable_path=chromium, args=args, headless=True)

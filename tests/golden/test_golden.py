"""Seeded games replay exactly as written in the golden files: same moves, events, states, views and outcome."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablegames import Match
from tests.golden import CASES, HERE, playthrough


@pytest.mark.parametrize(("stem", "name", "options", "seed"), CASES, ids=[case[0] for case in CASES])
def test_playthrough_matches_golden_file(stem: str, name: str, options: dict[str, Any], seed: int) -> None:
    """Playing the same seeded game gives the written events and states, ply by ply."""
    golden = json.loads((HERE / f"{stem}.json").read_text())
    fresh = playthrough(name, options, seed)
    for number, (want, got) in enumerate(zip(golden["plies"], fresh["plies"], strict=True), start=1):
        assert got == want, f"ply {number} differs"
    assert fresh == golden


@pytest.mark.parametrize("stem", [case[0] for case in CASES])
def test_golden_record_replays(stem: str) -> None:
    """The record in each golden file replays to its final state."""
    golden = json.loads((HERE / f"{stem}.json").read_text())
    match = Match.from_record(golden["record"])
    assert match.state.to_dict() == golden["plies"][-1]["state"]

"""Fuzzing every reader of outside input: each mutant of a real input is refused, or accepted and sound.

The mutants come from `tablegames.testing.mutants`: real states, records, action
dicts, notation, options and seeds with keys dropped and added, values retyped,
nested, made huge or negative, cards moved and duplicated, text cut and padded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablegames
from tablegames.testing.fuzz import ENTRY_POINTS, Fuzzer
from tablegames.testing.mutants import single_changes, text_changes

if TYPE_CHECKING:
    from collections.abc import Iterator

#: A sample of games: every game, with options that change what its readers check.
GAMES = {
    "kalaha": tablegames.load("kalaha", pits=4, seeds=3),
    "kalaha-6x4": tablegames.load("kalaha"),
    "kalo-3": tablegames.load("kalo", players=3),
    "kalo-5": tablegames.load("kalo", players=5, kalo_in_combinations=True),
    "loo-4-miss": tablegames.load("loo", players=4, rounds=2, miss=True),
    "loo-3": tablegames.load("loo", players=3, rounds=2),
}
#: Mutants per drawn seed; the seeds themselves scale with the hypothesis profile.
TRIALS = 4
_EXAMPLES = max(5, settings().max_examples // 4)


def _failures(fuzzer: Fuzzer, entry: str) -> Iterator[str]:
    for _ in range(TRIALS):
        trial = fuzzer.trial(entry)
        if trial.verdict not in ("rejected", "accepted"):
            yield f"{trial.verdict}: {trial.detail}"


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=_EXAMPLES)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_mutant_is_refused_unchanged_or_accepted_and_sound(name: str, entry: str, seed: int) -> None:
    """A mutant raises a TablegamesError and changes nothing, or is accepted, round-trips, plays to the end, conserves.

    The mutants are drawn at random from real inputs of every kind.
    """
    fuzzer = Fuzzer(GAMES[name], seed=seed, checked_steps=60, pool=2)
    failures = list(_failures(fuzzer, entry))
    assert not failures, failures[0]


def _real_matches(game: tablegames.Game[tablegames.State]) -> list[tablegames.Match[tablegames.State]]:
    """Matches of ``game`` stopped in every kind of moment: the start, early, mid-round, late, over."""
    matches = []
    for seed, stop in [(1, 0), (2, 3), (3, 12), (4, 45), (5, 120), (6, 10**6)]:
        match = tablegames.Match(game, seed=seed)
        while not match.state.is_over and len(match.plies) < stop:
            legal = match.state.legal_actions()
            match.play(legal[(seed * 7 + len(match.plies)) % len(legal)])
        matches.append(match)
    return matches


@pytest.mark.parametrize("name", GAMES)
def test_every_single_change_to_a_real_state_is_refused_unchanged_or_accepted_and_sound(name: str) -> None:
    """Each field of real states retyped, bumped, dropped or swapped with another value is refused, or is sound."""
    game = GAMES[name]
    fuzzer = Fuzzer(game, checked_steps=40)
    for match in _real_matches(game):
        for mutant in single_changes(match.state.to_dict(), limit=400):
            trial = fuzzer.trial("from_dict", mutant=mutant, match=match)
            assert trial.verdict in ("rejected", "accepted"), trial.detail


def test_a_loosened_reader_fails_these_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a Kalaha reader that trusts its dict, the single changes find an accepted, unsound state."""
    from tablegames.kalaha import Kalaha, KalahaState

    def trusting(self: Kalaha, data: dict[str, Any]) -> KalahaState:
        rows, stores = data["pits"], data["stores"]
        board = (*rows[0], stores[0], *rows[1], stores[1])
        return KalahaState(game=self, board=board, current_player=data["current_player"])

    monkeypatch.setattr(Kalaha, "read_state", trusting)
    game = GAMES["kalaha"]
    fuzzer = Fuzzer(game, checked_steps=40)
    verdicts = {
        fuzzer.trial("from_dict", mutant=mutant, match=match).verdict
        for match in _real_matches(game)
        for mutant in single_changes(match.state.to_dict(), limit=400)
    }
    assert "broken" in verdicts or "error" in verdicts


def test_a_reader_that_fails_untyped_is_reported_with_where(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader raising anything but a TablegamesError is an error, with its message and where it was raised."""
    from tablegames.kalaha import Kalaha

    def failing(self: Kalaha, data: dict[str, Any]) -> None:
        raise ValueError("an empty trick has no winner")

    monkeypatch.setattr(Kalaha, "read_state", failing)
    game = GAMES["kalaha"]
    trial = Fuzzer(game).trial("from_dict", mutant=game.start(seed=1).to_dict(), match=tablegames.Match(game, seed=1))
    assert trial.verdict == "error"
    assert trial.detail.startswith("ValueError: an empty trick has no winner")
    assert "in failing" in trial.detail


@pytest.mark.parametrize("name", GAMES)
def test_every_single_change_to_real_actions_records_options_and_seeds_is_refused_or_sound(name: str) -> None:
    """Each legal action's dict and notation, a record, the options and seeds, changed once, are refused or sound."""
    game = GAMES[name]
    fuzzer = Fuzzer(game, checked_steps=40)
    matches = _real_matches(game)
    trials = [
        fuzzer.trial("action_from_dict", mutant=mutant, match=match)
        for match in matches
        for action in match.state.legal_actions()[:4]
        for mutant in single_changes(action.to_dict())
    ]
    trials += [
        fuzzer.trial("parse_action", mutant=text, match=match)
        for match in matches
        for action in match.state.legal_actions()[:4]
        for text in text_changes(str(action))
    ]
    trials += [
        fuzzer.trial("from_record", mutant=mutant, match=match)
        for match in matches[1:4]
        for mutant in single_changes(match.to_record(), limit=60)
    ]
    trials += [fuzzer.trial("load", mutant=mutant) for mutant in single_changes(game.options())]
    trials += [fuzzer.trial("start", mutant=seed) for seed in (None, 0, 2**64 - 1, 2**64, -1, 1.0, True, "1", [1])]
    failures = [trial for trial in trials if trial.verdict not in ("rejected", "accepted")]
    assert not failures, failures[0].detail

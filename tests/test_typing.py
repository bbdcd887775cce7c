"""The library's types, as a user's type checker sees them: programs written from the docs pass ``mypy --strict``.

The programs in ``tests/typing`` are a hot-seat Loo, a Kalaha bot on the solver and the search bot, a Kalo
position analyser and a tic-tac-toe written against the public hooks; each is also run here. Misuses the
types should catch are checked to be caught, so that a type loosened to ``Any`` fails this test.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.extras import need_module
from tests.typing import hot_seat_loo, kalaha_bot, kalo_analyser, tic_tac_toe

PROGRAMS = Path(__file__).parent / "typing"
ROOT = Path(__file__).parent.parent


def _mypy(*arguments: str) -> tuple[str, int]:
    api = need_module("mypy.api", "test")
    out, err, status = api.run(
        ["--strict", "--no-incremental", "--config-file", str(ROOT / "pyproject.toml"), *arguments]
    )
    return out + err, status


def test_the_example_programs_pass_mypy_strict() -> None:
    """`load` by name, `Match[S]`, the solver and the public hooks are precise enough for ``--strict``."""
    report, status = _mypy(*(str(path) for path in sorted(PROGRAMS.glob("*.py"))))
    assert status == 0, report


MISUSES = {
    "a Kalaha has no pot": ('tablegames.load("kalaha").pot', 'has no attribute "pot"'),
    "a Loo match's state is a LooState": (
        'tablegames.Match(tablegames.load("loo", players=3)).state.pits',
        '"LooState" has no attribute "pits"',
    ),
    "the solver takes a Kalaha, not any game": (
        'Solver(tablegames.load("loo", players=3))',
        'incompatible type "Loo"; expected "KalahaOptions[KalahaState]"',
    ),
    "a Kalo start is a KaloState": (
        'tablegames.load("kalo", players=3).start().stores',
        '"KaloState" has no attribute',
    ),
    "a bot asked for by its class is of that class": (
        'tablegames.load("kalaha").bot(KalahaSearch).iterations',
        '"KalahaSearch" has no attribute "iterations"',
    ),
    "a refusal's legal actions are actions": (
        "tablegames.IllegalActionError('no').legal[0].upper()",
        '"Action" has no attribute "upper"',
    ),
}


@pytest.mark.parametrize("case", sorted(MISUSES))
def test_misuses_are_caught(case: str, tmp_path: Path) -> None:
    """Each misuse is an error to ``mypy --strict``: the types are the games' own, not ``Game`` or ``Any``."""
    expression, expected = MISUSES[case]
    program = tmp_path / "misuse.py"
    program.write_text(
        textwrap.dedent(f"""
            import tablegames
            from tablegames.kalaha import Solver
            from tablegames.kalaha.bots import KalahaSearch

            print({expression})
        """)
    )
    report, status = _mypy(str(program))
    assert status == 1, report
    assert expected in report, report


def test_the_example_programs_run() -> None:
    """The programs do what they say."""
    end = hot_seat_loo.play(seed=3)
    assert end.is_over
    assert len(end.balances) == 3
    assert kalaha_bot.choose(seed=0).pit in range(4)
    assert kalaha_bot.pit_letter(seed=0).endswith(")")
    outcomes = kalo_analyser.outcomes(seed=1)
    assert outcomes, "every start has a decision"
    assert all(isinstance(reason, str) and reason for reason in kalo_analyser.refusals(seed=1))
    assert tic_tac_toe.checked() == 3

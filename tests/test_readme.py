"""The README opens with the two commands, their extras hold what they need, CI runs the test one, the example runs."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.DOTALL)


def test_readme_starts_with_the_play_and_test_commands() -> None:
    """The first two shell blocks are the install-and-play and install-and-test commands."""
    play, test = (block.strip() for block in _blocks("sh")[:2])
    assert play == "python -m pip install '.[cli]' && python -m tablegames play kalaha"
    assert test == "python -m pip install -e '.[test]' && python -m pytest"
    assert README.index(play) < README.index("##")


def test_the_extras_install_what_the_commands_need() -> None:
    """The play command's ``cli`` extra brings rich; the test command's ``test`` extra brings it for the CLI tests."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]

    def names(extra: str) -> set[str]:
        return {re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0] for requirement in extras[extra]}

    assert "rich" in names("cli")
    assert {"pytest", "hypothesis", "rich"} <= names("test")
    assert "'.[cli]'" in _blocks("sh")[0]
    assert "'.[test]'" in _blocks("sh")[1]


def test_ci_runs_the_readme_test_command() -> None:
    """.ci/run runs the README's test command word for word."""
    test = _blocks("sh")[1].strip()
    assert test in (ROOT / ".ci" / "run").read_text().splitlines()


def test_readme_python_example_runs() -> None:
    """The library example in the README plays a game to the end."""
    (example,) = _blocks("python")
    namespace: dict[str, object] = {"print": lambda *args: None}
    exec(compile(example, "README.md", "exec"), namespace)
    state = namespace["state"]
    assert getattr(state, "is_over", False)

"""render_mode="human": a pygame window showing the rgb_array frames, refused where there is no display."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest

import tablegames
from tests.extras import need_module, need_program

if TYPE_CHECKING:
    from collections.abc import Iterator

DISPLAYS = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")


@pytest.fixture
def pygame(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The pygame module with SDL's dummy video driver, which draws into memory: windows open without a display."""
    need_module("matplotlib", "human")
    monkeypatch.setenv("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    module = need_module("pygame", "human")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    yield module
    module.display.quit()


def _window_pixels(pygame: Any) -> np.ndarray:
    return np.asarray(pygame.surfarray.array3d(pygame.display.get_surface())).swapaxes(0, 1)


def test_the_window_shows_each_frame_after_reset_and_step(pygame: Any) -> None:
    """After reset and after every step the window holds the rgb_array frame of the table; close closes it."""
    from tablegames.adapters.pettingzoo import env
    from tablegames.adapters.render import FPS, draw

    made = env("loo", render_mode="human", players=3)
    raw = made.unwrapped
    assert made.metadata["render_fps"] == FPS
    assert "human" in made.metadata["render_modes"]
    made.reset(seed=0)
    assert pygame.display.get_surface() is not None
    assert pygame.display.get_caption()[0] == "tablegames: loo"
    first = _window_pixels(pygame)
    assert np.array_equal(first, draw(str(raw.game_state.view(None)), raw.game))
    made.step(int(np.flatnonzero(made.observe(made.agent_selection)["action_mask"])[0]))
    second = _window_pixels(pygame)
    assert np.array_equal(second, draw(str(raw.game_state.view(None)), raw.game))
    assert not np.array_equal(first, second)
    assert made.render() is None
    made.close()
    assert not raw.window.is_open
    assert pygame.display.get_surface() is None


def test_the_gymnasium_window_shows_the_agents_view(pygame: Any) -> None:
    """The Gymnasium environment shows the table as its agent's seat sees it, and closes its window."""
    from tablegames.adapters.gymnasium import TablegamesEnv, env
    from tablegames.adapters.render import draw

    made = env("kalaha", render_mode="human", pits=3, seeds=2)
    made.reset(seed=0)
    single = made.unwrapped
    assert isinstance(single, TablegamesEnv)
    assert np.array_equal(_window_pixels(pygame), draw(str(single.game_state.view(0)), single.game))
    made.step(int(np.flatnonzero(single.action_masks())[0]))
    assert np.array_equal(_window_pixels(pygame), draw(str(single.game_state.view(0)), single.game))
    made.close()
    assert pygame.display.get_surface() is None


def test_human_is_refused_without_a_display(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no display is named, render_mode='human' is a ConfigError that says what to use instead."""
    need_module("pygame", "human")
    from tablegames.adapters import gymnasium, pettingzoo

    for name in DISPLAYS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    for make in (pettingzoo.env, gymnasium.env):
        with pytest.raises(tablegames.ConfigError, match=r"needs a display.*rgb_array.*SDL_VIDEODRIVER=dummy"):
            make("kalaha", render_mode="human")
        assert make("kalaha", render_mode="ansi").metadata["render_modes"] == ["ansi", "rgb_array"]


#: Plays a Kalaha game to its end in a real window, in a process of its own: a real display driver loads the
#: machine's graphics libraries, which must not share a process with the other tests' native libraries.
_REAL_WINDOW = """
import numpy as np
import pygame
from tablegames.adapters.pettingzoo import env
from tablegames.adapters.render import draw

made = env("kalaha", render_mode="human", pits=2, seeds=1)
made.reset(seed=0)
raw = made.unwrapped
assert pygame.display.get_driver() in ("x11", "wayland"), pygame.display.get_driver()
shown = np.asarray(pygame.surfarray.array3d(pygame.display.get_surface())).swapaxes(0, 1)
assert np.array_equal(shown, draw(str(raw.game_state.view(None)), raw.game)), "the window does not show the table"
for _ in made.agent_iter(max_iter=6):
    observation, _, terminated, truncated, _ = made.last()
    made.step(None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0]))
assert raw.game_state.is_over and pygame.display.get_surface() is not None
made.close()
assert pygame.display.get_surface() is None
"""


@pytest.fixture
def display() -> Iterator[dict[str, str]]:
    """The environment of a process that opens windows on a real display.

    The display is the machine's, or else a throwaway X server (Debian's Xvfb)
    on a free display number, stopped after the test.
    """
    environment = {name: value for name, value in os.environ.items() if name != "SDL_VIDEODRIVER"}
    environment["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        yield environment
        return
    xvfb = need_program("Xvfb", "xvfb")
    read, write = os.pipe()
    # -displayfd: the server picks a free display number and writes it to the pipe once it accepts clients.
    server = subprocess.Popen(
        [xvfb, "-displayfd", str(write), "-nolisten", "tcp", "-screen", "0", "640x480x24"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as numbers:
            number = numbers.readline().strip()
        assert number.isdigit(), f"Xvfb gave no display number (exit code {server.poll()})"
        yield environment | {"DISPLAY": f":{number}"}
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_a_real_window_opens_on_a_display(display: dict[str, str]) -> None:
    """On a real display (where the machine has none, an X server without a screen) a window shows a game to its end."""
    need_module("matplotlib", "human")
    need_module("pygame", "human")
    played = subprocess.run(
        [sys.executable, "-c", _REAL_WINDOW], env=display, capture_output=True, text=True, timeout=120, check=False
    )
    assert played.returncode == 0, played.stderr

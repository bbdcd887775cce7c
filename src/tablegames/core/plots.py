"""Pictures of tournaments: the ratings with their 95% intervals beside the crosstable, as SVG or PNG.

Drawn with matplotlib (the extra ``plot``) through its object interface and
the Agg renderer, so no window, display or global pyplot state is involved,
and the same tournament always gives the same SVG file.

Examples:
    >>> import tablegames, tempfile, pathlib
    >>> result = tablegames.tournament(tablegames.load("kalaha", pits=3), ["random", "heuristic"], 10, seed=1)
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "ratings.svg"
    >>> plot_tournament(result, path)
    >>> path.read_text(encoding="utf-8").count("<svg")
    1
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from tablegames.core.errors import ConfigError
from tablegames.core.extras import require

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["FORMATS", "plot_tournament"]

#: The file suffixes a plot can be written to.
FORMATS = (".svg", ".png")


class PlottedRating(Protocol):
    """One bot's rating as the plot reads it (a `tablegames.core.tournament.Rating` is one)."""

    @property
    def index(self) -> int: ...
    @property
    def bot(self) -> str: ...
    @property
    def rating(self) -> float: ...
    @property
    def error(self) -> float: ...


class PlottedCell(Protocol):
    """One crosstable cell as the plot reads it (a `tablegames.core.tournament.Pairing` is one)."""

    @property
    def games(self) -> int: ...
    @property
    def score(self) -> float: ...


class Plotted(Protocol):
    """What `plot_tournament` draws (a `tablegames.core.tournament.TournamentResult` is one)."""

    @property
    def game(self) -> str: ...
    @property
    def crosstable(self) -> Sequence[Sequence[PlottedCell | None]]: ...
    def ranking(self) -> Sequence[PlottedRating]: ...
    def layout(self) -> str: ...


def plot_tournament(result: Plotted, path: str | Path) -> None:
    """Draw ``result``'s ratings (best at the top, with 95% intervals) and its crosstable to ``path``.

    The file's suffix, ``.svg`` or ``.png``, chooses the format.

    Raises:
        ConfigError: If the suffix is neither.
        MissingExtraError: If matplotlib is not installed.
    """
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in FORMATS:
        raise ConfigError(f"a plot is written to a .svg or .png file, not to {target.name!r}")
    matplotlib = require("matplotlib", "plot")
    figure_module = require("matplotlib.figure", "plot")
    ranking = result.ranking()
    order = [rating.index for rating in ranking]
    count = len(ranking)
    with matplotlib.rc_context({"svg.hashsalt": "tablegames", "font.size": 10}):
        figure = figure_module.Figure(figsize=(10, 1.6 + 0.45 * count), layout="constrained", facecolor="white")
        left, right = figure.subplots(1, 2, width_ratios=(1.1, 1))
        rows = list(range(count))[::-1]
        names = [rating.bot for rating in ranking]
        values, errors = [rating.rating for rating in ranking], [rating.error for rating in ranking]
        left.errorbar(values, rows, xerr=errors, fmt="o", color="#3949ab", ecolor="#7986cb", elinewidth=3, capsize=4)
        left.set_yticks(rows, names)
        left.set_ylim(-0.7, count - 0.3)
        left.margins(x=0.12)
        left.axvline(0, color="#9e9e9e", linewidth=0.8, zorder=0)
        for row, rating in zip(rows, ranking, strict=True):
            label = f"{rating.rating:+.0f} ± {rating.error:.0f}"
            left.annotate(
                label, (rating.rating, row), xytext=(0, 7), textcoords="offset points", ha="center", fontsize=9
            )
        left.set_xlabel("rating, Elo scale (mean 0), with 95% interval")
        left.set_title("ratings")
        left.grid(axis="x", alpha=0.3)
        cells = [[result.crosstable[first][second] for second in order] for first in order]
        scores = [[0.5 if cell is None or not cell.games else cell.score for cell in row] for row in cells]
        right.imshow(scores, cmap="RdBu", vmin=0, vmax=1)
        right.set_xticks(range(count), names, rotation=30, ha="right")
        right.set_yticks(range(count), names)
        for row, line in enumerate(cells):
            for column, cell in enumerate(line):
                text = "—" if cell is None else f"{cell.score:.0%}" if cell.games else "·"
                color = "white" if abs(scores[row][column] - 0.5) > 0.3 else "black"
                right.text(column, row, text, ha="center", va="center", color=color)
        right.set_title("score of the row against the column")
        figure.suptitle(f"{result.game} · {result.layout()}")
        metadata = {"Date": None} if suffix == ".svg" else {}
        figure.savefig(target, format=suffix[1:], metadata=metadata, dpi=120)

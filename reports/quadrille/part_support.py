"""What every part of the Quadrille report shares: the progress callback's type, the interruption
that keeps a part's finished sections, and the drawing of a plot into a report figure."""

from __future__ import annotations

from typing import Callable

from spadille.reports.document import Section, figure_png

Step = Callable[[str, int], Callable[[int], None]]


class PartInterrupted(KeyboardInterrupt):
    """A part stopped by Ctrl-C that still has sections worth keeping (the deals it finished)."""

    def __init__(self, sections: list[Section]):
        super().__init__()
        self.sections = sections


def plot_figure(plot, data, **options) -> bytes:
    """A plot taking ``(data, ax)`` drawn at the report's figure size, as PNG bytes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, ax = plt.subplots(figsize=(7.5, 4.6))
    plot(data, ax, **options)
    return figure_png(figure)

"""Decision-map plots draw on the axes they are given, with or without data."""

from __future__ import annotations

import io

import pytest
from matplotlib.figure import Figure

from spadille.analyses.quadrille import decision_maps as dm
from spadille.analyses.quadrille.map_sensitivity import sensitivity
from spadille.analyses.quadrille import plots


@pytest.fixture(scope="module")
def dmap(ruleset, heuristic4):
    return dm.decision_map(ruleset, heuristic4, 6_000, 3)


@pytest.fixture(scope="module")
def tiny(ruleset, heuristic4):
    return dm.decision_map(ruleset, heuristic4, 12, 3)  # every class has too few hands


@pytest.fixture(scope="module")
def compared(ruleset):
    return sensitivity(ruleset, 3, {"heuristic": 3_000, "random": 1_500})


def _axes():
    figure = Figure()
    return figure, figure.add_subplot()


def _render(figure: Figure) -> None:
    figure.savefig(io.BytesIO(), format="png")


def test_heatmap_shows_every_class_with_its_margin(dmap):
    figure, ax = _axes()
    assert plots.plot_best_action(dmap, ax) is ax
    assert len(ax.images) == 1
    shown = dmap.best_by_class.query("scheme == 'matadors_trumps' and seat == 'all'")
    assert len(ax.texts) == len(shown)  # one label a cell: the margin, or n when too few
    assert ax.get_legend() is not None and any(p.get_hatch() for p in ax.patches) == (~shown["confident"]
                                                                                     & ~shown["too_few"]).any()
    assert "n = 24,000 hands" in ax.get_title(loc="right")
    _render(figure)


def test_ev_curves_draw_a_line_and_a_band_per_matador_count(dmap):
    figure, ax = _axes()
    plots.plot_ev_curves(dmap, ax, seat="eldest")
    assert len(ax.lines) >= 8 + 1  # ask and sans prendre for 0-3 matadors, and the zero line
    assert len(ax.collections) >= 8
    _render(figure)
    figure, ax = _axes()
    plots.plot_ev_curves(dmap.differences, ax, actions=("ask",))
    assert len(ax.lines) == 4 + 1


def test_vole_plot_shows_rate_and_go_minus_stop(dmap):
    figure, ax = _axes()
    plots.plot_vole(dmap, ax)
    twin = [other for other in figure.axes if other is not ax]
    assert len(twin) == 1 and twin[0].lines  # the rate of reaching the point
    assert ax.containers  # the error bars of go - stop
    _render(figure)


def test_sensitivity_plot_shows_each_policy(compared, dmap):
    figure, ax = _axes()
    plots.plot_sensitivity(compared, ax)
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert labels[0].startswith("heuristic (3,000 deals)") and len(labels) == 2
    _render(figure)
    figure, ax = _axes()
    plots.plot_sensitivity(dmap.thresholds, ax)  # one map alone
    assert ax.containers
    _render(figure)


@pytest.mark.parametrize("plot", [plots.plot_best_action, plots.plot_ev_curves, plots.plot_vole,
                                  plots.plot_sensitivity])
def test_plots_survive_empty_and_degenerate_data(plot, tiny, dmap):
    for data in (tiny, dmap.tables()[_table_of(plot)].iloc[0:0]):
        figure, ax = _axes()
        assert plot(data, ax) is ax
        assert ax.texts or ax.images or ax.lines  # something says what is (not) there
        _render(figure)


def _table_of(plot) -> str:
    return {plots.plot_best_action: "best_by_class", plots.plot_ev_curves: "differences",
            plots.plot_vole: "vole", plots.plot_sensitivity: "thresholds"}[plot]


def test_figure_for_makes_a_standalone_figure(dmap):
    figure = plots.figure_for(plots.plot_best_action, dmap, seat="dealer")
    assert isinstance(figure, Figure) and len(figure.axes) == 1
    _render(figure)


def test_a_wrong_object_is_a_type_error():
    with pytest.raises(TypeError, match="best_by_class"):
        plots.plot_best_action(42, _axes()[1])

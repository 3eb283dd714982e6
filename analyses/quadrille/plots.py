"""Plots of decision maps: each ``plot_x(data, ax)`` draws on the axes it is given and returns them.

``data`` is a ``DecisionMapData`` (or a ``map_sensitivity.Sensitivity``) or the table the plot reads. Nothing
here creates a figure or touches pyplot's state; ``figure_for`` makes a standalone Figure
(no pyplot) for a caller that wants one. Every plot says how many hands stand behind it and
shows 95% intervals; cells or points with too few hands are left out or marked.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.patches import Patch, Rectangle

ACTION_COLORS = {"pass": "#4c72b0", "ask": "#55a868", "demand": "#dd8452", "casco": "#8172b3",
                 "sans-prendre": "#c44e52"}
TOO_FEW_COLOR = "#eeeeee"
TRUMPS_TOP = 8  # decision_maps.TRUMPS_TOP, repeated so plotting does not import the kernel
MIN_N = 30


def _table(data, attribute: str) -> pd.DataFrame:
    frame = getattr(data, attribute, data)
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"expected a DataFrame or an object with .{attribute}, not {type(data).__name__}")
    return frame


def _min_n(frame: pd.DataFrame) -> int:
    return int(frame.attrs.get("min_n", MIN_N))


def _trump_label(t: int) -> str:
    return f"{t}+" if t >= TRUMPS_TOP else str(t)


def _nothing(ax: Axes, title: str) -> Axes:
    ax.text(0.5, 0.5, "no data", transform=ax.transAxes, ha="center", va="center", color="grey")
    ax.set_title(title)
    return ax


def _stamp(ax: Axes, frame: pd.DataFrame, n: int) -> None:
    """n, seed and the interval level, small, at the top right (the title goes top left)."""
    seed = frame.attrs.get("seed")
    parts = [f"n = {n:,} hands"] + ([f"seed {seed}"] if seed is not None else []) + ["95% CI"]
    ax.set_title(" · ".join(parts), loc="right", fontsize=7, color="dimgrey")


def plot_best_action(data, ax: Axes, seat: str = "all") -> Axes:
    """Heatmap of the best bid by true matadors (rows) and trumps (columns) of the best suit,
    each cell annotated with the paired margin over the runner-up; cells whose margin's CI
    includes 0 are pale and hatched, cells with too few hands grey."""
    best = _table(data, "best_by_class")
    title = f"best bid by matadors × trumps ({seat})"
    cells = best[(best["scheme"] == "matadors_trumps") & (best["seat"] == seat)] if len(best) else best
    if cells.empty:
        return _nothing(ax, title)
    trumps = [int(t) for t in cells["trumps"]]
    columns = list(range(min(trumps), max(trumps) + 1))
    image = np.tile(np.array(to_rgba("white")), (4, len(columns), 1))
    for row in cells.itertuples(index=False):
        y, x = int(row.matadors), columns.index(int(row.trumps))
        if row.too_few or not isinstance(row.best_action, str):
            image[y, x] = to_rgba(TOO_FEW_COLOR)
            ax.text(x, y, f"n={row.n}", ha="center", va="center", fontsize=6, color="grey")
            continue
        image[y, x] = to_rgba(ACTION_COLORS[row.best_action], 1.0 if row.confident else 0.35)
        ax.text(x, y, f"{row.margin:+.1f}", ha="center", va="center", fontsize=7,
                color="white" if row.confident else "black")
        if not row.confident:
            ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, fill=False, hatch="///", edgecolor="grey",
                                   linewidth=0))
    ax.imshow(image, origin="lower", aspect="auto", interpolation="nearest")
    ax.set_xticks(range(len(columns)), [_trump_label(t) for t in columns])
    ax.set_yticks(range(4), [str(m) for m in range(4)])
    ax.set_xlabel("trumps in the best suit")
    ax.set_ylabel("true matadors")
    shown = set(best["best_action"].dropna()) | {"pass", "ask", "sans-prendre"}
    handles = [Patch(facecolor=color, label=action) for action, color in ACTION_COLORS.items() if action in shown]
    handles += [Patch(facecolor="white", edgecolor="grey", hatch="///", label="margin CI includes 0"),
                Patch(facecolor=TOO_FEW_COLOR, label=f"fewer than {_min_n(best)} hands")]
    ax.legend(handles=handles, fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)
    ax.set_title(title + "\nmargin over the runner-up, jetons", loc="left", fontsize=10)
    _stamp(ax, best, int(cells["n"].sum()))
    return ax


def plot_ev_curves(data, ax: Axes, seat: str = "all", actions: tuple[str, ...] | None = None) -> Axes:
    """EV(action) - EV(pass), paired, against the trumps of the best suit, one curve per
    matador count (colour) and action (line style), with 95% bands; classes with fewer than
    the minimum hands are left out. ``actions`` defaults to every bid the map compares with
    passing (the ruleset's, stopping at the game)."""
    differences = _table(data, "differences")
    if actions is None:
        compared = differences["action"] if len(differences) else pd.Series([], dtype=object)
        actions = tuple(a for a in dict.fromkeys(compared) if not str(a).endswith("+vole"))
    title = f"gain over passing ({seat})"
    if differences.empty:
        return _nothing(ax, title)
    cells = differences[(differences["scheme"] == "matadors_trumps") & (differences["seat"] == seat)
                        & (differences["baseline"] == "pass") & differences["action"].isin(actions)
                        & (differences["n"] >= _min_n(differences))]
    if cells.empty:
        return _nothing(ax, title)
    colors = {m: c for m, c in zip(range(4), ("#1b9e77", "#d95f02", "#7570b3", "#e7298a"))}
    styles = dict(zip(actions, ("-", "--", ":", "-.")))
    for (action, matadors), group in cells.groupby(["action", "matadors"], sort=True):
        group = group.sort_values("trumps")
        x = group["trumps"].astype(int).to_numpy()
        ax.plot(x, group["mean"], styles[action], marker="o", markersize=3, color=colors[int(matadors)],
                label=f"{action}, {int(matadors)} matadors")
        ax.fill_between(x, group["ci_low"].to_numpy(float), group["ci_high"].to_numpy(float),
                        color=colors[int(matadors)], alpha=0.18, linewidth=0)
    ax.axhline(0.0, color="black", linewidth=0.8)
    ticks = sorted(set(int(t) for t in cells["trumps"]))
    ax.set_xticks(ticks, [_trump_label(t) for t in ticks])
    ax.set_xlabel("trumps in the best suit")
    ax.set_ylabel("EV(action) − EV(pass), jetons")
    ax.legend(fontsize=7, ncol=2)
    ax.set_title(title, loc="left", fontsize=10)
    n = cells.drop_duplicates(["matadors", "trumps"])["n"].sum()
    _stamp(ax, differences, int(n))
    return ax


def plot_vole(data, ax: Axes, contract: str = "ask", seat: str = "all", scheme: str = "trumps") -> Axes:
    """The vole by trumps of the best suit: the share of declared deals that reach the point
    (right axis, with its CI band) and the paired go - stop there (left axis, error bars;
    only classes with at least the minimum reached deals)."""
    table = _table(data, "vole")
    title = f"the vole after {contract} ({seat})"
    if table.empty:
        return _nothing(ax, title)
    rows = table[(table["scheme"] == scheme) & (table["seat"] == seat) & (table["contract"] == contract)
                 & (table["declared"] > 0)]
    if rows.empty:
        return _nothing(ax, title)
    rows = rows.sort_values("trumps")
    x = rows["trumps"].astype(int).to_numpy()
    rate = ax.twinx()
    rate.plot(x, 100 * rows["p_reached"], color="#7570b3", marker="s", markersize=3, label="point reached")
    rate.fill_between(x, 100 * rows["p_reached_ci_low"].to_numpy(float),
                      100 * rows["p_reached_ci_high"].to_numpy(float), color="#7570b3", alpha=0.18, linewidth=0)
    rate.set_ylabel("vole point reached, % of declared deals", color="#7570b3")
    rate.set_ylim(bottom=0)
    tested = rows[~rows["too_few"]]
    if not tested.empty:
        mean = tested["go_minus_stop"].to_numpy(float)
        errors = np.vstack([mean - tested["ci_low"].to_numpy(float), tested["ci_high"].to_numpy(float) - mean])
        ax.errorbar(tested["trumps"].astype(int), mean, yerr=errors, fmt="o", color="#d95f02", capsize=3,
                    label="go − stop (reached deals)")
    else:
        ax.text(0.5, 0.9, f"fewer than {_min_n(table)} deals reached the point in every class",
                transform=ax.transAxes, ha="center", fontsize=7, color="grey")
    ax.axhline(0.0, color="black", linewidth=0.8)
    ax.set_xticks(x, [_trump_label(t) for t in x])
    ax.set_xlabel("trumps in the best suit")
    ax.set_ylabel("go − stop, jetons", color="#d95f02")
    handles = ax.get_legend_handles_labels()[0] + rate.get_legend_handles_labels()[0]
    ax.legend(handles=handles, fontsize=7, loc="upper left")
    ax.set_title(title, loc="left", fontsize=10)
    _stamp(ax, table, int(rows["declared"].sum()))
    return ax


def plot_sensitivity(data, ax: Axes, seat: str = "all", action: str = "ask", baseline: str = "pass") -> Axes:
    """Per matador count, the trump count from which ``action`` beats ``baseline`` under each
    play policy: the point is the threshold (hollow when it is the lowest count with enough
    hands, so it may lie lower), the bar runs from where the action stops being confidently
    worse to where it becomes confidently better (to the top populated count if it never does)."""
    thresholds = _table(data, "thresholds")
    title = f"{action} over {baseline}: trump threshold by play policy ({seat})"
    if thresholds.empty:
        return _nothing(ax, title)
    if "policy" not in thresholds.columns:
        name = str(thresholds.attrs.get("policies", ["play"])[0]).split("(")[0]
        thresholds = thresholds.assign(policy=name, deals=thresholds.attrs.get("deals_done", 0))
    rows = thresholds[(thresholds["seat"] == seat) & (thresholds["action"] == action)
                      & (thresholds["baseline"] == baseline)]
    policies = list(dict.fromkeys(rows["policy"]))
    drawn = 0
    for k, policy in enumerate(policies):
        mine = rows[(rows["policy"] == policy) & rows["threshold"].notna()]
        if mine.empty:
            continue
        color = f"C{k % 10}"
        x = mine["matadors"].astype(int).to_numpy() + (k - (len(policies) - 1) / 2) * 0.12
        point = mine["threshold"].astype(float).to_numpy()
        low = mine["threshold_low"].astype(float).fillna(pd.Series(point, index=mine.index)).to_numpy()
        high = mine["threshold_high"].astype(float).fillna(mine["trumps_max"].astype(float)).to_numpy()
        low, high = np.minimum(low, point), np.maximum(high, point)
        ax.errorbar(x, point, yerr=np.vstack([point - low, high - point]), fmt="none", ecolor=color, capsize=3)
        censored = (mine["threshold"] == mine["trumps_min"]).to_numpy()
        deals = int(mine["deals"].iloc[0]) if "deals" in mine.columns else 0
        label = f"{policy} ({deals:,} deals)"
        for chosen, face in ((~censored, color), (censored, "white")):
            if chosen.any():
                ax.plot(x[chosen], point[chosen], "o", color=color, markerfacecolor=face, label=label)
                label = None  # one legend entry a policy
        drawn += 1
    if not drawn:
        return _nothing(ax, title)
    ax.set_xticks(range(4), [str(m) for m in range(4)])
    ax.set_xlim(-0.5, 3.5)
    ticks = range(0, TRUMPS_TOP + 1)
    ax.set_yticks(list(ticks), [_trump_label(t) for t in ticks])
    ax.set_xlabel("true matadors")
    ax.set_ylabel(f"trumps from which {action} beats {baseline}")
    ax.legend(fontsize=7, title="bars: 95% CI range; hollow: may lie lower", title_fontsize=7)
    ax.set_title(title, loc="left", fontsize=10)
    return ax


def figure_for(plot_fn: Callable[..., Axes], data, figsize: tuple[float, float] = (7.0, 4.5), **kwargs) -> Figure:
    """A standalone Figure (no pyplot state) with ``plot_fn(data, ax, **kwargs)`` drawn on it."""
    figure = Figure(figsize=figsize, layout="constrained")
    plot_fn(data, figure.add_subplot(), **kwargs)
    return figure


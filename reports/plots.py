"""Figures of a report as PNG bytes (matplotlib, Agg backend, no display needed).

Each public function takes a table from reports.stats / reports.ratings and returns PNG bytes.
Figures with one panel per player count share the layout helper `panels`.
"""
from __future__ import annotations

import io
from collections.abc import Callable, Sequence

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

DPI = 110
PANEL_W, PANEL_H = 4.6, 0.45  # inches: panel width, height per row of bars
OTHER = "other"
TOP_SOURCES = 9

plt.rcParams.update({"font.size": 9, "axes.titlesize": 10, "axes.spines.top": False,
                     "axes.spines.right": False, "figure.dpi": DPI})


def png(fig: Figure) -> bytes:
    """The figure as PNG bytes; closes it."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, bbox_inches="tight")
    plt.close(fig)
    return buf.getvalue()


def colours(names: Sequence[str]) -> dict[str, tuple]:
    """A stable colour per name (sorted order, tab10 then tab20)."""
    cmap = plt.get_cmap("tab10" if len(names) <= 10 else "tab20")
    return {name: cmap(i % cmap.N) for i, name in enumerate(sorted(names))}


def panels(keys: Sequence, rows: int, width: float = PANEL_W,
           sharex: bool = True) -> tuple[Figure, list[Axes]]:
    """One subplot per key, side by side (wrapping after 3), sized for `rows` bars each."""
    n = max(1, len(keys))
    cols = min(n, 3)
    lines = -(-n // cols)
    height = max(2.2, 0.9 + PANEL_H * rows)
    fig, axes = plt.subplots(lines, cols, figsize=(width * cols, height * lines),
                             sharex=sharex, squeeze=False, layout="constrained")
    flat = list(axes.ravel())
    for ax in flat[n:]:
        ax.set_visible(False)
    return fig, flat[:n]


def _by_players(table: pd.DataFrame) -> list:
    return sorted(table["players"].unique())


def interval_rows(ax: Axes, labels: Sequence[str], mean: np.ndarray, lo: np.ndarray,
                  hi: np.ndarray, colour: Sequence | None = None, rows: int = 0) -> None:
    """Horizontal point-and-interval rows, first label on top; `rows` fixes the vertical
    room (so panels with fewer rows keep the same spacing)."""
    y = np.arange(len(labels))[::-1] + max(0, rows - len(labels))
    err = np.vstack([np.asarray(mean) - np.asarray(lo), np.asarray(hi) - np.asarray(mean)])
    err = np.clip(np.nan_to_num(err, nan=0.0), 0.0, None)
    for i in range(len(labels)):
        c = colour[i] if colour is not None else "C0"
        ax.errorbar(mean[i], y[i], xerr=err[:, i:i + 1], fmt="o", color=c, capsize=3)
    ax.set_yticks(y, labels)
    ax.set_ylim(-0.6, max(rows, len(labels)) - 0.4)
    ax.grid(axis="x", alpha=0.3)


def win_share(summary: pd.DataFrame) -> bytes:
    """Win share per strategy with its 95% interval, one panel per player count; the dashed
    line is the fair share 1 / players."""
    keys = _by_players(summary)
    strategies = sorted(summary["strategy"].unique())
    palette = colours(strategies)
    fig, axes = panels(keys, len(strategies))
    for ax, players in zip(axes, keys):
        t = summary[summary["players"] == players].sort_values("win_share", ascending=False)
        interval_rows(ax, t["strategy"].tolist(), t["win_share"].to_numpy(),
                      t["win_lo"].to_numpy(), t["win_hi"].to_numpy(),
                      [palette[s] for s in t["strategy"]])
        ax.axvline(1 / players, ls="--", color="grey", lw=1)
        ax.set_title(f"{players} players")
        ax.set_xlabel("win share (95% interval)")
    fig.suptitle("Win share by strategy")
    return png(fig)


def score_distributions(df: pd.DataFrame, order: Callable[[int], list[str]] | None = None
                        ) -> bytes:
    """Box plots of final score per strategy, one panel per player count (diamond = mean),
    in `order(players)` from the top (default alphabetical)."""
    keys = _by_players(df)
    strategies = sorted(df["strategy"].unique())
    palette = colours(strategies)
    fig, axes = panels(keys, len(strategies), sharex=False)
    for ax, players in zip(axes, keys):
        sub = df[df["players"] == players]
        names = [s for s in (order(players) if order else strategies)
                 if (sub["strategy"] == s).any()][::-1]
        data = [sub.loc[sub["strategy"] == s, "score"].to_numpy() for s in names]
        box = ax.boxplot(data, orientation="horizontal", widths=0.6, patch_artist=True,
                         showfliers=False, showmeans=True,
                         meanprops={"marker": "D", "markerfacecolor": "white",
                                    "markeredgecolor": "black"})
        for patch, name in zip(box["boxes"], names):
            patch.set_facecolor(palette[name])
            patch.set_alpha(0.7)
        ax.set_yticks(np.arange(1, len(names) + 1), names)
        ax.set_title(f"{players} players")
        ax.set_xlabel("final score (VP)")
        ax.grid(axis="x", alpha=0.3)
    fig.suptitle("Score distributions (box: quartiles, bar: median, diamond: mean, "
                 "whiskers: 1.5 IQR)")
    return png(fig)


def heatmap(ax: Axes, matrix: pd.DataFrame, fmt: Callable[[float], str], vmin: float,
            vmax: float, cmap: str = "RdBu") -> None:
    """An annotated heatmap of a labelled matrix; NaN cells stay blank."""
    values = matrix.to_numpy(float)
    image = ax.imshow(np.ma.masked_invalid(values), cmap=cmap, vmin=vmin, vmax=vmax,
                      aspect="auto")
    ax.set_xticks(range(values.shape[1]), matrix.columns, rotation=35, ha="right")
    ax.set_yticks(range(values.shape[0]), matrix.index)
    for (i, j), v in np.ndenumerate(values):
        if np.isfinite(v):
            r, g, b, _ = image.cmap(image.norm(v))
            dark = 0.299 * r + 0.587 * g + 0.114 * b < 0.5
            ax.text(j, i, fmt(v), ha="center", va="center", fontsize=8,
                    color="white" if dark else "black")
    ax.spines[:].set_visible(False)


def head_to_head(h2h: pd.DataFrame, matrix: Callable[..., pd.DataFrame],
                 order: Callable[[int], list[str]] | None = None) -> bytes:
    """Head-to-head heatmaps (row's win share against column), one per player count, rows
    and columns in `order(players)`."""
    keys = _by_players(h2h)
    size = h2h["row"].nunique()
    fig, axes = panels(keys, size, width=max(3.6, 0.75 * size + 1.6), sharex=False)
    for ax, players in zip(axes, keys):
        heatmap(ax, matrix(h2h, players, order(players) if order else None),
                lambda v: f"{v:.2f}", 0.0, 1.0)
        ax.set_title(f"{players} players")
        ax.set_xlabel("against (column)")
    fig.suptitle("Head to head: row finishes ahead of column (ties 1/2)")
    return png(fig)


def ratings(table: pd.DataFrame) -> bytes:
    """Plackett–Luce mu per strategy with its bootstrap 95% interval, best on top."""
    palette = colours(table["strategy"].tolist())
    fig, axes = panels([0], len(table))
    interval_rows(axes[0], table["strategy"].tolist(), table["mu"].to_numpy(),
                  table["mu_lo"].to_numpy(), table["mu_hi"].to_numpy(),
                  [palette[s] for s in table["strategy"]])
    axes[0].set_xlabel("Plackett–Luce rating mu (95% bootstrap interval)")
    axes[0].set_title("Ratings (all player counts)")
    return png(fig)


def seat_advantage(table: pd.DataFrame) -> bytes:
    """Win share above the fair share per seat (95% interval), one panel per player count."""
    keys = _by_players(table)
    rows = int(table["seat"].nunique())
    fig, axes = panels(keys, rows)
    for ax, players in zip(axes, keys):
        t = table[table["players"] == players].sort_values("seat")
        labels = [f"seat {int(s) + 1}" for s in t["seat"]]
        interval_rows(ax, labels, t["advantage"].to_numpy(), t["adv_lo"].to_numpy(),
                      t["adv_hi"].to_numpy(), rows=rows)
        ax.axvline(0, color="grey", lw=1)
        ax.set_title(f"{players} players (fair {1 / players:.2f})")
        ax.set_xlabel("win share - fair share")
    fig.suptitle("Seat advantage")
    return png(fig)


def top_columns(table: pd.DataFrame, keep: int = TOP_SOURCES) -> pd.DataFrame:
    """The `keep` columns with the largest magnitude (sum of absolute values), the rest summed
    into OTHER; all-zero columns dropped. Row sums (the net) are unchanged."""
    totals = table.abs().sum().sort_values(ascending=False, kind="stable")
    totals = totals[totals > 0]
    top = list(totals.index[:keep])
    out = table[top].copy()
    rest = list(totals.index[keep:])
    if rest:
        out[OTHER] = table[rest].sum(axis=1)
    return out


def signed_stacks(values: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Where each bar segment starts (`left`) and how long it is (`width`), rows x columns:
    positive values stack rightwards from 0, negative ones leftwards from 0, each in column
    order, so a row's positive and negative extents are its gains and losses and their sum
    is the row's net."""
    v = values.to_numpy(float)
    pos, neg = np.clip(v, 0, None), np.clip(v, None, 0)
    before_pos = np.cumsum(pos, axis=1) - pos
    before_neg = np.cumsum(neg, axis=1) - neg
    left = np.where(v >= 0, before_pos, before_neg)
    return (pd.DataFrame(left, index=values.index, columns=values.columns),
            pd.DataFrame(v, index=values.index, columns=values.columns))


def stacked_figure(by_group: pd.DataFrame, title: str, xlabel: str) -> Figure:
    """Horizontal stacked bars per (players, label) index, one panel per player count;
    negative values are bars left of 0 and a black mark shows each row's net (the sum)."""
    keys = sorted(by_group.index.get_level_values(0).unique())
    shown = top_columns(by_group)
    palette = plt.get_cmap("tab10" if shown.shape[1] <= 10 else "tab20")
    signed = bool((shown.to_numpy() < 0).any())
    fig, axes = panels(keys, int(by_group.index.get_level_values(1).nunique()) + 1)
    for ax, players in zip(axes, keys):
        t = shown.loc[players].iloc[::-1]
        left, width = signed_stacks(t)
        y = np.arange(len(t))
        for i, col in enumerate(t.columns):
            ax.barh(y, width[col], left=left[col], color=palette(i), label=col)
        if signed:
            ax.axvline(0, color="black", lw=0.8)
            ax.plot(t.sum(axis=1).to_numpy(), y, "D", color="black", ms=5,
                    markerfacecolor="white", label="net (sum)")
        ax.set_yticks(y, t.index)
        ax.set_title(f"{players} players")
        ax.set_xlabel(xlabel)
        ax.grid(axis="x", alpha=0.3)
    handles, labels = axes[-1].get_legend_handles_labels()
    axes[-1].legend(handles, labels, loc="upper left", bbox_to_anchor=(1.02, 1),
                    frameon=False)
    fig.suptitle(title)
    return fig


def stacked_bars(by_group: pd.DataFrame, title: str, xlabel: str) -> bytes:
    """`stacked_figure` as PNG bytes."""
    return png(stacked_figure(by_group, title, xlabel))


def vp_sources(vp: pd.DataFrame) -> bytes:
    """Mean VP per seat by source, stacked, per strategy and player count."""
    return stacked_bars(vp, "Where the points come from", "mean VP per seat")


def mean_rows(long: pd.DataFrame, title: str, xlabel: str, label: str = "strategy",
              ref: Callable[[int], float] | None = None, by_mean: bool = True) -> bytes:
    """Mean and interval (`mean`, `lo`, `hi`) per `label`, one panel per player count, largest
    on top (`by_mean`) or in table order; `ref(players)` draws a dashed reference line (e.g.
    the fair share)."""
    keys = _by_players(long)
    names = long[label].unique().tolist()
    palette = colours(names) if label == "strategy" else None
    fig, axes = panels(keys, len(names))
    for ax, players in zip(axes, keys):
        t = long[long["players"] == players]
        if by_mean:
            t = t.sort_values("mean", ascending=False)
        interval_rows(ax, t[label].tolist(), t["mean"].to_numpy(), t["lo"].to_numpy(),
                      t["hi"].to_numpy(), [palette[s] for s in t[label]] if palette else None,
                      rows=len(names))
        if ref is not None:
            ax.axvline(ref(players), ls="--", color="grey", lw=1)
        ax.set_title(f"{players} players")
        ax.set_xlabel(xlabel)
    fig.suptitle(title)
    return png(fig)


def matrix_figure(matrix: pd.DataFrame, title: str, fmt: Callable[[float], str],
                  vmin: float, vmax: float, cmap: str = "RdBu") -> bytes:
    """One annotated heatmap (e.g. building x strategy)."""
    width = max(4.0, 0.9 * matrix.shape[1] + 2.5)
    height = max(2.5, 0.32 * matrix.shape[0] + 1.2)
    fig, ax = plt.subplots(figsize=(width, height), layout="constrained")
    heatmap(ax, matrix, fmt, vmin, vmax, cmap)
    ax.set_title(title)
    return png(fig)


def grouped_intervals(table: pd.DataFrame, group: str, hue: str, title: str, xlabel: str,
                      ref: Callable[[int], float] | None = None) -> bytes:
    """Point-and-interval rows (`mean`, `lo`, `hi`) of `group` labels, one dodged colour per
    `hue` value (e.g. one per run), one panel per player count; `ref(players)` draws a
    dashed reference line."""
    keys = _by_players(table)
    hues = list(dict.fromkeys(table[hue]))
    palette = {h: plt.get_cmap("tab10")(i % 10) for i, h in enumerate(hues)}
    labels = sorted(table[group].unique())
    fig, axes = panels(keys, len(labels) * (1 + len(hues) // 3))
    step = 0.7 / max(1, len(hues))
    for ax, players in zip(axes, keys):
        sub = table[table["players"] == players]
        for k, h in enumerate(hues):
            t = sub[sub[hue] == h].set_index(group).reindex(labels)
            y = np.arange(len(labels))[::-1] + 0.35 - step * (k + 0.5)
            err = np.clip(np.nan_to_num(np.vstack([t["mean"] - t["lo"], t["hi"] - t["mean"]]),
                                        nan=0.0), 0.0, None)
            ax.errorbar(t["mean"], y, xerr=err, fmt="o", color=palette[h], capsize=3,
                        label=str(h))
        ax.set_yticks(np.arange(len(labels))[::-1], labels)
        if ref is not None:
            ax.axvline(ref(players), ls="--", color="grey", lw=1)
        ax.set_title(f"{players} players")
        ax.set_xlabel(xlabel)
        ax.grid(axis="x", alpha=0.3)
    axes[-1].legend(loc="upper left", bbox_to_anchor=(1.02, 1), frameon=False)
    fig.suptitle(title)
    return png(fig)


def grouped_bars(table: pd.DataFrame, values: dict[str, str], group: str, hue: str,
                 title: str) -> bytes:
    """One panel per value column (column -> axis title): bars per `group` value, one dodged
    colour per `hue` value (e.g. per run)."""
    hues = list(dict.fromkeys(table[hue]))
    groups = sorted(table[group].unique())
    fig, axes = panels(list(values), len(groups), sharex=False)
    width = 0.8 / max(1, len(hues))
    for ax, (column, axis_title) in zip(axes, values.items()):
        for k, h in enumerate(hues):
            t = table[table[hue] == h].set_index(group).reindex(groups)
            x = np.arange(len(groups)) - 0.4 + width * (k + 0.5)
            ax.bar(x, t[column], width, color=plt.get_cmap("tab10")(k % 10), label=str(h))
        ax.set_xticks(range(len(groups)), [f"{g} players" for g in groups])
        ax.set_title(axis_title)
        ax.grid(axis="y", alpha=0.3)
    axes[-1].legend(loc="upper left", bbox_to_anchor=(1.02, 1), frameon=False)
    fig.suptitle(title)
    return png(fig)

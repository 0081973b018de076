"""Stacked source bars (reports/plots.py): sources that cost points are drawn left of 0, and
the net mark sits at the sum, the mean score; on a synthetic frame and on real Jamaica and
Santiago de Cuba runs (their breakdown columns have negative sources: curses; bank, zorro)."""
from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

import sim.cli as cli
from reports import plots, stats
from reports.runs import load_run


def bars(ax) -> list[tuple[float, float, float]]:
    """(y, left edge, right edge) of every bar segment of an axis."""
    out = []
    for patch in ax.patches:
        x, w = patch.get_x(), patch.get_width()
        out.append((round(patch.get_y() + patch.get_height() / 2, 6), min(x, x + w),
                    max(x, x + w)))
    return out


def net_marks(ax) -> dict[float, float]:
    """y -> x of the net markers."""
    line = next(ln for ln in ax.get_lines() if ln.get_label() == "net (sum)")
    return {round(float(y), 6): float(x) for x, y in zip(line.get_xdata(), line.get_ydata())}


def check_extents(by_group: pd.DataFrame, fig) -> None:
    """Per panel and row: the bars right of 0 reach the sum of the gains, those left of 0 the
    sum of the losses, segments do not overlap, and the net mark is at the row's sum."""
    keys = sorted(by_group.index.get_level_values(0).unique())
    shown = plots.top_columns(by_group)
    signed = (shown.to_numpy() < 0).any()
    for ax, players in zip([a for a in fig.axes if a.get_visible()], keys):
        t = shown.loc[players].iloc[::-1]
        segments = bars(ax)
        marks = net_marks(ax) if signed else {}
        for y, (label, row) in enumerate(t.iterrows()):
            mine = sorted((lo, hi) for yy, lo, hi in segments if yy == y and hi > lo)
            gains, losses = row[row > 0].sum(), row[row < 0].sum()
            assert max([hi for _, hi in mine] + [0.0]) == pytest.approx(gains), label
            assert min([lo for lo, _ in mine] + [0.0]) == pytest.approx(losses), label
            assert sum(hi - lo for lo, hi in mine) == pytest.approx(gains - losses), label
            for (_, hi), (lo, _) in zip(mine, mine[1:]):
                assert lo >= hi - 1e-9, label   # stacked end to end, never overlapping
            if signed:
                assert marks[y] == pytest.approx(row.sum()), label


def synthetic() -> pd.DataFrame:
    """Seats whose score is space + doubloons + treasures - curses; `loser` has more curses
    than gains (negative mean score)."""
    rng = np.random.default_rng(4)
    rows = []
    for players in (2, 3):
        for strategy, curse in (("pirate", 3.0), ("loser", 12.0), ("clean", 0.0)):
            for _ in range(40):
                vp = {"vp_space": rng.integers(0, 8), "vp_doubloons": rng.integers(0, 6),
                      "vp_treasures": rng.integers(0, 4), "vp_curses": -rng.poisson(curse)}
                rows.append({"players": players, "strategy": strategy,
                             "score": sum(vp.values())} | vp)
    return pd.DataFrame(rows)


def test_negative_sources_are_bars_left_of_zero_and_the_net_is_the_mean_score():
    df = synthetic()
    vp = stats.vp_by_source(df)
    assert (vp["curses"] < 0).sum() == 4 and (vp.sum(axis=1).loc[(2, "loser")] < 0)
    fig = plots.stacked_figure(vp, "Where the points come from", "mean VP per seat")
    check_extents(vp, fig)
    score = df.groupby(["players", "strategy"])["score"].mean()
    for ax, players in zip(fig.axes, (2, 3)):
        marks = net_marks(ax)
        order = list(vp.loc[players].index[::-1])
        for strategy in order:
            assert marks[order.index(strategy)] == pytest.approx(score[(players, strategy)])
    plt.close(fig)


def test_all_positive_sources_draw_no_net_mark_and_keep_their_extents():
    vp = stats.vp_by_source(synthetic().assign(vp_curses=0))
    fig = plots.stacked_figure(vp, "t", "x")
    check_extents(vp, fig)
    assert all(ln.get_label() != "net (sum)" for ax in fig.axes for ln in ax.get_lines())
    plt.close(fig)


def test_top_columns_rank_by_magnitude_and_keep_the_net():
    table = pd.DataFrame({"big_loss": [-20.0, -18.0], "small": [1.0, 2.0], "mid": [5.0, 4.0],
                          "zero": [0.0, 0.0]})
    shown = plots.top_columns(table, keep=2)
    assert list(shown.columns) == ["big_loss", "mid", plots.OTHER]
    assert shown.sum(axis=1).tolist() == pytest.approx(table.sum(axis=1).tolist())


# --- real runs: Jamaica and Santiago de Cuba breakdown columns ------------------------------

CONFIGS = {
    "jamaica": 'game = "jamaica"\nformat = "matchups"\nmatchups = [["random", "random", '
               '"random"]]\ngames = 6\nseed = 3\n',
    "santiago": 'game = "santiago"\nformat = "matchups"\nmatchups = [["random", "greedy"]]\n'
                "games = 4\nseed = 3\n",
}


@pytest.fixture(scope="module", params=sorted(CONFIGS))
def real_run(request, tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp(request.param)
    config = tmp / "small.toml"
    config.write_text(CONFIGS[request.param])
    result = CliRunner().invoke(cli.app, ["tournament", str(config), "--out", str(tmp / "run"),
                                          "--workers", "1"])
    assert result.exit_code == 0, result.output
    return tmp / "run"


def test_real_breakdown_columns_draw_to_the_mean_score(real_run):
    df = load_run(real_run).results
    df = df[df["error"] == 0]
    vp = stats.vp_by_source(df)
    score = df.groupby(["players", "strategy"])["score"].mean()
    # the sources add up to the score, so the drawn net is the mean score
    assert vp.sum(axis=1).to_numpy() == pytest.approx(score.reindex(vp.index).to_numpy())
    fig = plots.stacked_figure(vp, "Where the points come from", "mean VP per seat")
    check_extents(vp, fig)
    plt.close(fig)

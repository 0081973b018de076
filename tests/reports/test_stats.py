"""Statistics on synthetic result tables with known answers."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats as st

from reports import ratings, stats
from tests.reports import synth


def frame(lineups, deals, strength, **kw) -> pd.DataFrame:
    """Synthetic rows with the derived columns that reports.load adds."""
    df = synth.results(lineups, deals, strength, **kw)
    df["game_id"] = df.groupby(["matchup", "deal", "seating"]).ngroup()
    df["stratum"] = df["matchup"].astype(str)
    df["cluster"] = df["stratum"] + "/" + df["deal"].astype(str)
    return df


def test_wilson_interval_known_values():
    lo, hi = stats.wilson_interval(0.8, 10)
    assert (lo, hi) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    lo, hi = stats.wilson_interval(0.0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert np.isnan(stats.wilson_interval(0.5, 0)).all()


def test_share_interval_uses_deal_groups_as_units():
    rng = np.random.default_rng(0)
    w = (rng.random(100) < 0.3).astype(float)
    p = w.mean()
    # each observation twice in its deal group: design effect 200/99, effective n 99
    values, clusters = np.repeat(w, 2), np.repeat(np.arange(100), 2)
    assert stats.design_effect(values, clusters) == pytest.approx(200 / 99)
    _, lo, hi = stats.share_interval(values, clusters)
    assert (lo, hi) == pytest.approx(stats.wilson_interval(p, 99))
    # independent rows: never narrower than plain Wilson on n
    _, lo1, hi1 = stats.share_interval(w, np.arange(100))
    wl, wh = stats.wilson_interval(p, 100)
    assert lo1 <= wl and hi1 >= wh and hi1 - lo1 == pytest.approx(wh - wl, rel=0.01)


def test_mean_interval_equals_t_interval_for_independent_rows():
    mean, lo, hi = stats.mean_interval(np.array([1, 2, 3, 4, 5.0]), np.arange(5))
    half = st.t.ppf(0.975, 4) * np.std([1, 2, 3, 4, 5], ddof=1) / np.sqrt(5)
    assert (mean, lo, hi) == pytest.approx((3, 3 - half, 3 + half))


def test_strata_remove_between_matchup_differences():
    # two matchups with different means, no variation within: zero variance when stratified
    values = np.array([0.0, 0.0, 0.0, 1.0, 1.0, 1.0])
    clusters = np.array([0, 1, 2, 3, 4, 5])
    strata = np.array([0, 0, 0, 1, 1, 1])
    assert stats.cluster_variance(values, clusters, strata) == 0
    assert stats.cluster_variance(values, clusters) > 0
    # a stratum with a single deal falls back to the unstratified variance
    assert stats.cluster_variance(values, clusters, np.array([0, 0, 0, 0, 0, 1])) == \
        stats.cluster_variance(values, clusters)


def test_holm_decisions_known_answer():
    adjusted, reject = stats.holm([0.01, 0.04, 0.03, 0.005])
    assert adjusted == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert reject.tolist() == [True, False, False, True]
    adjusted, reject = stats.holm([0.2, np.nan])
    assert reject.tolist() == [False, False] and np.isnan(adjusted[1])


def test_paired_t_matches_scipy():
    d = np.array([0.1, -0.2, 0.4, 0.3, 0.05, 0.2])
    mean, lo, hi, p = stats.paired_t(d)
    ref = st.ttest_1samp(d, 0.0)
    assert p == pytest.approx(ref.pvalue) and mean == pytest.approx(d.mean())
    assert lo < mean < hi


LINEUPS = [("strong", "weak"), ("strong", "mid"), ("mid", "weak"), ("strong", "mid", "weak")]


@pytest.fixture(scope="module")
def ladder() -> pd.DataFrame:
    return frame(LINEUPS, 60, {"strong": 6.0, "mid": 3.0, "weak": 0.0}, noise=3.0, seed=7)


def test_summary_orders_strategies_and_counts_games(ladder):
    s = stats.strategy_summary(ladder)
    two = s[s["players"] == 2].set_index("strategy")
    assert two.loc["strong", "win_share"] > two.loc["mid", "win_share"] > \
        two.loc["weak", "win_share"]
    assert two.loc["strong", "games"] == 2 * 60 * 2  # two 2-player matchups, 2 rotations each
    assert two.loc["strong", "deals"] == 120
    assert (s["win_lo"] <= s["win_share"]).all() and (s["win_share"] <= s["win_hi"]).all()
    assert (s["rank_lo"] <= s["rank"]).all() and (s["score"] <= s["score_hi"]).all()


def test_pairwise_tests_mark_real_differences_only(ladder):
    pw = stats.pairwise_tests(ladder)
    assert len(pw) == 6  # 3 pairs at 2 players, 3 at 3 players
    row = pw[(pw["players"] == 2) & (pw["a"] == "strong") & (pw["b"] == "weak")].iloc[0]
    assert row["significant"] and row["diff"] > 0.3 and row["deals"] == 60
    same = frame([("a", "b")], 40, {"a": 0.0, "b": 0.0}, seed=3)
    assert not stats.pairwise_tests(same)["significant"].any()


def test_head_to_head_is_complementary_and_known():
    df = frame([("a", "b", "c")], 10, {"a": 100.0, "b": 50.0, "c": 0.0}, noise=0.1)
    h = stats.head_to_head(df)
    m = stats.head_to_head_matrix(h, 3)
    assert m.loc["a", "b"] == 1.0 and m.loc["b", "a"] == 0.0 and m.loc["b", "c"] == 1.0
    assert np.isnan(m.loc["a", "a"])
    assert (h["games"] == 30).all()
    noisy = stats.head_to_head(frame(LINEUPS, 20, {"strong": 1, "mid": 0, "weak": 0}))
    both = noisy.merge(noisy, left_on=["players", "row", "col"],
                       right_on=["players", "col", "row"])
    assert np.allclose(both["share_x"] + both["share_y"], 1.0)


def test_seat_advantage_known_answer():
    # the first seat gets a huge bonus: it always wins
    df = frame([("a", "b", "c", "d")], 12, {s: 0.0 for s in "abcd"}, seat_bonus=1000,
               noise=1.0)
    adv = stats.seat_advantage(df).set_index("seat")
    assert adv.loc[0, "advantage"] == pytest.approx(0.75)
    assert adv.loc[1:, "advantage"].tolist() == pytest.approx([-0.25] * 3)
    assert adv.loc[0, "adv_hi"] == pytest.approx(0.75) and adv.loc[0, "adv_lo"] < 0.75
    fair = stats.seat_advantage(frame([("a", "b")], 200, {"a": 0, "b": 0}, seed=11))
    assert ((fair["adv_lo"] < 0) & (fair["adv_hi"] > 0)).all()


def test_ratings_order_and_intervals(ladder):
    r = ratings.plackett_luce(ladder, n_boot=30, seed=1)
    assert r["strategy"].tolist() == ["strong", "mid", "weak"]
    assert (r["mu_lo"] <= r["mu"]).all() and (r["mu"] <= r["mu_hi"]).all()
    assert r.loc[0, "mu_lo"] > r.loc[2, "mu_hi"]
    assert (r["boot"] == 30).all()


def openskill_ratings(games: ratings.Games, order) -> tuple[np.ndarray, np.ndarray]:
    """The reference: openskill's own PlackettLuce.rate, game by game, copies averaged."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    mu = [model.rating().mu] * len(games.names)
    sigma = [model.rating().sigma] * len(games.names)
    for g in order:
        seats = games.seats[games.offsets[g]:games.offsets[g + 1]].tolist()
        new = model.rate([[model.rating(mu=mu[k], sigma=sigma[k])] for k in seats],
                         ranks=games.ranks[games.offsets[g]:games.offsets[g + 1]].tolist())
        for k in set(seats):
            mine = [team[0] for s, team in zip(seats, new) if s == k]
            mu[k] = sum(r.mu for r in mine) / len(mine)
            sigma[k] = sum(r.sigma for r in mine) / len(mine)
    return np.array(mu), np.array(sigma)


def test_ratings_update_is_openskills(ladder):
    """The compiled update equals openskill's, ties and shared strategies included."""
    shared = frame([("strong", "strong", "weak")], 20, {"strong": 1.0, "weak": 0.0}, seed=3)
    shared = shared.assign(game_id=shared["game_id"] + 10**6, cluster="s" + shared["cluster"])
    games = ratings.rated_games(pd.concat([ladder, shared], ignore_index=True))
    assert games.shared.sum() == 60 and (np.diff(games.offsets) == 3).any()
    bounds = zip(games.offsets[:-1], games.offsets[1:])
    assert any(len(set(games.ranks[a:b])) < b - a for a, b in bounds)   # ties occur
    order = np.random.default_rng(2).permutation(len(games))
    mu, sigma = ratings.rate(games, order)
    ref_mu, ref_sigma = openskill_ratings(games, order)
    assert mu == pytest.approx(ref_mu, abs=1e-9) and sigma == pytest.approx(ref_sigma, abs=1e-9)


@pytest.mark.compiled
def test_compiled_ratings_equal_interpreted(ladder):
    from tests.engines import run_compiled

    out = run_compiled("""
        import json
        from reports import ratings
        from tests.reports.test_stats import frame, LINEUPS
        df = frame(LINEUPS, 60, {"strong": 6.0, "mid": 3.0, "weak": 0.0}, noise=3.0, seed=7)
        r = ratings.plackett_luce(df, n_boot=30, seed=1)
        print(json.dumps(r[["strategy", "mu", "sigma", "mu_lo", "mu_hi"]].to_dict("list")))
        """)
    here = ratings.plackett_luce(ladder, n_boot=30, seed=1)
    assert out["strategy"] == here["strategy"].tolist()
    for key in ("mu", "sigma", "mu_lo", "mu_hi"):
        assert out[key] == pytest.approx(here[key].tolist(), abs=1e-9)


def test_ratings_progress_bar_on_stderr(ladder, capsys):
    ratings.plackett_luce(ladder, n_boot=20, seed=1, progress=True)
    err = capsys.readouterr().err
    # the bar clears itself when done (leave=False), and a fast machine finishes the 20
    # replicates within one refresh, so only its total is sure to have been drawn
    assert "ratings bootstrap" in err and "/20 " in err


def test_ratings_skip_games_without_two_strategies():
    df = frame([("a", "a")], 5, {"a": 0.0})
    r = ratings.plackett_luce(df, n_boot=20)
    assert r["games"].tolist() == [0]


def test_gini_and_balance():
    assert stats.gini([1, 1, 1]) == 0
    assert stats.gini([0, 0, 1]) == pytest.approx(2 / 3)
    summary = pd.DataFrame({"players": [2, 2, 3, 3, 3], "win_share": [0.7, 0.3, 0.5, 0.3, 0.2]})
    b = stats.balance_indices(summary).set_index("players")
    assert b.loc[2, "max_minus_min"] == pytest.approx(0.4)
    assert b.loc[3, "spread_sd"] == pytest.approx(np.std([0.5, 0.3, 0.2], ddof=1))


def test_run_deltas_find_a_changed_strategy(ladder):
    changed = frame(LINEUPS, 60, {"strong": 0.0, "mid": 3.0, "weak": 0.0}, noise=3.0, seed=8)
    d = stats.run_deltas({"base": ladder, "variant": changed})
    strong = d[(d["strategy"] == "strong") & (d["players"] == 2)].iloc[0]
    assert strong["diff"] < -0.2 and strong["significant"]
    same = stats.run_deltas({"base": ladder, "again": ladder})
    assert (same["diff"] == 0).all() and not same["significant"].any()


def test_flag_split_and_pooling():
    df = frame([("a", "b")], 30, {"a": 0.0, "b": 0.0}, seed=5)
    flag = df["seat"].to_numpy() == 0
    split = stats.flag_split(df, flag, by=["players"])
    assert split.loc[0, "rate"] == pytest.approx(0.5)
    assert split.loc[0, "win_with"] == pytest.approx(df.loc[flag, "win_share"].mean())
    pooled = stats.pooled(stats.flag_split(df, flag), "gain", ["strategy"])
    assert set(pooled.index) == {"a", "b"}


def test_win_share_differences_keep_their_interval_within_minus_one_and_one():
    mean, lo, hi, p = stats.paired_t(np.array([1.0, -0.5, 1.0]), stats.SHARE_DIFF)
    assert -1.0 <= lo <= mean <= hi <= 1.0 and hi == 1.0
    free = stats.paired_t(np.array([1.0, -0.5, 1.0]))
    assert free[2] > 1.0 and free[3] == p   # only the interval is cut, not the test


@pytest.mark.parametrize("m", [2, 5, 40])
def test_equal_differences_claim_no_more_than_their_deals_allow(m):
    """Every deal with the same difference: the t interval would have no width and p 0, so a
    sign-flip p (2 deals: 0.5) and an interval from the chance a deal could differ, at most
    q = 1 - 0.05^(1/m) (2 deals: 0.78; 40 deals: 0.072), stand in."""
    mean, lo, hi, p = stats.paired_t(np.full(m, 0.25), stats.SHARE_DIFF)
    assert mean == 0.25 and p == pytest.approx(min(1.0, 2.0 ** (1 - m)))
    q = {2: 0.7764, 5: 0.4507, 40: 0.0721}[m]
    assert (lo, hi) == pytest.approx((0.25 - q * 1.25, 0.25 + q * 0.75), abs=1e-3)
    none = stats.paired_t(np.zeros(m), stats.SHARE_DIFF)
    assert none[0] == 0.0 and none[3] == 1.0 and none[1] < 0 < none[2]
    assert stats.paired_t(np.full(m, 0.25))[1:] == (0.25, 0.25, p)   # unbounded: no width

"""The meta-game report of a run that played every profile of a population
(sim/studies/metagame.py): the empirical symmetric game, its equilibrium, regrets, α-Rank and a
verdict, with bootstrap intervals over deals. Writes RUN_DIR/metagame/ (index.html, payoffs.csv,
equilibrium.csv, mix.png).

Verdict rule (VERDICT_RULE, stated in the report), by the equilibrium mix:
- "dominant": one strategy carries at least DOMINANT of the mix;
- "cyclic": otherwise, if the strategies in the mix (weight at least SUPPORT) contain a
  cycle of one-way invasions (A beats B when one seat of A among N-1 seats of B scores above
  them and one seat of B among N-1 seats of A does not; at the point estimates): rock,
  paper, scissors;
- "partial mix": otherwise, when some strategies carry less than SUPPORT (k of n in the mix);
- "full mix": every strategy carries at least SUPPORT.
A strategy is "dominated out" when its weight is below SUPPORT and its regret's bootstrap
interval lies wholly below 0 (it does significantly worse than the mix). The verdict's
headline says how many strategies carry weight, which, the spread of their weights and how
many are dominated out.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from reports import fmt, plots
from reports.compare_headline import differing_games, differing_sentence
from reports.html import Figure, Note, Section, Table, render_page
from reports.studies import alpharank
from reports.report import (EXCLUDED_METHOD, Written, excluded_notes, excluded_tables, footer,
                            write_output)
from reports.runs import Run, RunDataError, load_run
from reports.studies.symmetric_game import Solution, SymmetricGame, multisets
from reports.text import plural, terminal_width, text_table, wrap

META_DIR = "metagame"
N_BOOT = 200
DOMINANT, SUPPORT = 0.95, 0.01
BOOT_STEPS = 1000
Z95 = 1.959963984540054
VERDICT_RULE = (f"dominant: one strategy carries at least {DOMINANT:.0%} of the equilibrium "
                f"mix; cyclic: otherwise, if the strategies with weight at least {SUPPORT:.0%} "
                "contain a cycle of one-way invasions (A beats B when one seat of A among N-1 "
                "seats of B scores above them and one seat of B among N-1 seats of A does "
                f"not); partial mix: otherwise, when some strategies carry under {SUPPORT:.0%}; "
                f"full mix: every strategy carries at least {SUPPORT:.0%}. "
                "A strategy is dominated out when its weight is "
                f"below {SUPPORT:.0%} and its regret's 95% bootstrap interval is wholly below 0.")
CITATION = ("Omidshafiei, Papadimitriou, Piliouras, Tuyls, Rowland, Lespiau, Czarnecki, "
            "Lanctot, Perolat and Munos, \"α-Rank: Multi-Agent Evaluation by Evolution\", "
            "Scientific Reports 9, 9937 (2019)")


@dataclass(frozen=True)
class Deals:
    """Per profile, per deal: summed win shares y[deal, strategy] and seat-games n[...]."""

    y: list[np.ndarray]
    n: list[np.ndarray]

    def table(self, weights: list[np.ndarray] | None = None) -> np.ndarray:
        """payoff[profile, strategy] (NaN where absent), deals weighted (bootstrap counts)."""
        rows = []
        for p, (y, n) in enumerate(zip(self.y, self.n)):
            w = np.ones(len(y)) if weights is None else weights[p]
            with np.errstate(invalid="ignore", divide="ignore"):
                rows.append((w @ y) / (w @ n))
        return np.array(rows)

    def half_widths(self) -> np.ndarray:
        """95% normal half-width of every entry, deals as the units."""
        out = []
        for y, n in zip(self.y, self.n):
            c, total = len(y), n.sum(axis=0)
            with np.errstate(invalid="ignore", divide="ignore"):
                var = y.var(axis=0, ddof=1) * c / total ** 2 if c > 1 else np.full(
                    y.shape[1], np.inf)
                out.append(np.where(total > 0, Z95 * np.sqrt(var), np.nan))
        return np.array(out)


def population(matchups: list[dict[str, Any]]) -> tuple[list[str], int]:
    """Strategies (in order of first appearance) and players of a meta-game run's matchups;
    RunDataError unless they are exactly every profile."""
    lineups = [tuple(m["lineup"]) for m in matchups]
    names = list(dict.fromkeys(s for lineup in lineups for s in lineup))
    players = len(lineups[0]) if lineups else 0
    want = [tuple(names[i] for i, c in enumerate(counts) for _ in range(c))
            for counts in multisets(len(names), players)]
    if len(names) < 2 or sorted(lineups) != sorted(want):
        raise RunDataError("this run is not a meta-game (its matchups are not every profile of "
                           "a population)", "give a run directory of 'meeplab metagame'")
    return names, players


def deals(df: pd.DataFrame, names: list[str], matchups: list[dict[str, Any]]) -> Deals:
    """Per-deal sums of every profile (in multisets() order) from the result rows."""
    g = df.groupby(["matchup", "deal", "strategy"], observed=True)["win_share"].agg(
        ["sum", "count"])
    by_matchup = {int(m["index"]): tuple(sorted(m["lineup"], key=names.index))
                  for m in matchups}
    order = {lineup: i for i, lineup in by_matchup.items()}
    present = set(g.index.get_level_values("matchup").unique())
    ys, ns = [], []
    for counts in multisets(len(names), len(matchups[0]["lineup"])):
        lineup = tuple(names[i] for i, c in enumerate(counts) for _ in range(c))
        rows = g.loc[order[lineup]] if order[lineup] in present else None
        if rows is None:
            raise RunDataError(f"profile {', '.join(lineup)} has no finished games",
                               "complete the run with --resume")
        for column, out in (("sum", ys), ("count", ns)):
            out.append(rows[column].unstack("strategy").reindex(columns=names)
                       .fillna(0).to_numpy(float))
    return Deals(ys, ns)


def profile_label(counts: np.ndarray, names: list[str]) -> str:
    """'builder x2, greedy, random'."""
    return ", ".join(names[i] + (f" x{c}" if c > 1 else "") for i, c in enumerate(counts) if c)


def interval(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """2.5% and 97.5% percentiles over the bootstrap axis 0."""
    return np.percentile(values, 2.5, axis=0), np.percentile(values, 97.5, axis=0)


@dataclass(frozen=True)
class Analysis:
    """Everything the page shows."""

    game: SymmetricGame
    solution: Solution
    alpharank: np.ndarray
    payoffs: pd.DataFrame       # long: profile, strategy, seats, win share, half-width, deals
    strategies: pd.DataFrame    # per strategy: mix, regret, alpha-rank with intervals
    verdict: Verdict
    boot: int


def cycle(game: SymmetricGame, members: list[int]) -> list[int] | None:
    """A cycle of one-way invasions among `members` (strategy indices), or None; a -> b
    when b invades a and a does not invade b."""
    edges = {a: [b for b in members if b != a and game.invades(b, a)
                 and not game.invades(a, b)] for a in members}
    state: dict[int, int] = {}
    stack: list[int] = []

    def visit(a: int) -> list[int] | None:
        state[a] = 1
        stack.append(a)
        for b in edges[a]:
            if state.get(b) == 1:
                return stack[stack.index(b):]
            if b not in state and (found := visit(b)) is not None:
                return found
        state[a] = 2
        stack.pop()
        return None

    for a in members:
        if a not in state and (found := visit(a)) is not None:
            return found
    return None


@dataclass(frozen=True)
class Verdict:
    """The verdict: its kind (VERDICT_RULE), a headline with the numbers and a sentence."""

    kind: str
    headline: str
    explanation: str


def _weights(names: list[str], mix: np.ndarray, members: list[int]) -> str:
    """'greedy_tuned 0.76, builder 0.24' (largest first)."""
    return ", ".join(f"{names[s]} {mix[s]:.2f}" for s in sorted(members, key=lambda s: -mix[s]))


def verdict(game: SymmetricGame, mix: np.ndarray, regret_hi: np.ndarray) -> Verdict:
    """The verdict of an equilibrium `mix` (rule: VERDICT_RULE)."""
    names, n = game.strategies, len(game.strategies)
    support = [s for s in range(n) if mix[s] >= SUPPORT]
    out = [s for s in range(n) if mix[s] < SUPPORT and regret_hi[s] < 0]
    idle = [s for s in range(n) if mix[s] < SUPPORT and s not in out]
    dominated = (f"{len(out)} of {n} dominated out" if out else "none dominated out")
    tail = (f" Dominated out (weight under {SUPPORT:.0%}, significantly worse than the mix): "
            f"{', '.join(names[s] for s in out)}." if out else
            " No strategy is significantly worse than the mix.")
    if idle:
        tail += (f" Out of the mix but not significantly worse than it: "
                 f"{', '.join(names[s] for s in idle)}.")
    top = int(np.argmax(mix))
    if mix[top] >= DOMINANT:
        return Verdict("dominant", f"{names[top]} dominates ({mix[top]:.0%} of the "
                                   f"equilibrium); {dominated}",
                       tail.strip())
    weights = _weights(names, mix, support)
    found = cycle(game, support)
    if found is not None:
        loop = " -> ".join(names[s] for s in found + found[:1])
        return Verdict("cyclic", f"{len(found)} of {n} strategies beat each other in a cycle; "
                                 f"{dominated}",
                       f"{len(support)} strategies in the mix ({weights}), beating each "
                       f"other in a cycle ({loop}: each one-way invades the one before)."
                       + tail)
    spread = f"weights {mix[support].min():.2f} to {mix[support].max():.2f}"
    if len(support) == n:
        return Verdict("full mix", f"all {n} strategies carry weight ({spread}); {dominated}",
                       f"Every strategy is in a stable mix ({weights}), no cycle." + tail)
    return Verdict("partial mix", f"{len(support)} of {n} strategies carry the equilibrium "
                                  f"({spread}); {dominated}",
                   f"{len(support)} strategies coexist in a stable mix ({weights}), no cycle; "
                   f"the other {n - len(support)} carry under {SUPPORT:.0%}." + tail)


def analyse(d: Deals, names: list[str], players: int, n_boot: int = N_BOOT,
            seed: int = 0, alpha: float = alpharank.ALPHA,
            m: int = alpharank.POPULATION) -> Analysis:
    """Solve the empirical game and bootstrap it over deals (each profile's deals resampled
    with replacement, the point estimate's mix as the first start of each replicate)."""
    game = SymmetricGame(names, players, d.table())
    sol = game.solve()
    rank = alpharank.alpharank(game, alpha, m)
    rng = np.random.default_rng([seed, 18])
    mixes, regrets, ranks = [], [], []
    for _ in range(n_boot):
        w = [rng.multinomial(len(y), np.full(len(y), 1 / len(y))).astype(float) for y in d.y]
        g = SymmetricGame(names, players, d.table(w))
        regrets.append(g.regrets(sol.mix))
        mixes.append(g.solve(first=sol.mix, steps=BOOT_STEPS).mix)
        ranks.append(alpharank.alpharank(g, alpha, m))
    k = len(names)
    nan = np.full(k, np.nan)
    mix_lo, mix_hi = interval(np.array(mixes)) if n_boot else (nan, nan)
    reg_lo, reg_hi = interval(np.array(regrets)) if n_boot else (nan, nan)
    rank_lo, rank_hi = interval(np.array(ranks)) if n_boot else (nan, nan)
    judged = verdict(game, sol.mix, reg_hi)
    table = pd.DataFrame({
        "strategy": names, "mix": sol.mix, "mix_lo": mix_lo, "mix_hi": mix_hi,
        "payoff_vs_mix": sol.payoffs, "regret": sol.regrets, "regret_lo": reg_lo,
        "regret_hi": reg_hi, "alpharank": rank, "alpharank_lo": rank_lo,
        "alpharank_hi": rank_hi,
        "dominated_out": (sol.mix < SUPPORT) & (reg_hi < 0)})
    payoffs = payoff_rows(game, d)
    return Analysis(game, sol, rank, payoffs, table, judged, n_boot)


def payoff_rows(game: SymmetricGame, d: Deals) -> pd.DataFrame:
    """The payoff table in long form: one row per (profile, strategy in it)."""
    half = d.half_widths()
    rows = []
    for p, counts in enumerate(game.profiles):
        for s in np.flatnonzero(counts):
            rows.append({"profile": profile_label(counts, game.strategies),
                         "strategy": game.strategies[s], "seats": int(counts[s]),
                         "win_share": game.payoff[p, s], "half_width": half[p, s],
                         "deals": len(d.y[p])})
    return pd.DataFrame(rows)


def strategy_cells(a: Analysis) -> pd.DataFrame:
    t = a.strategies
    return pd.DataFrame({
        "strategy": t["strategy"],
        "equilibrium weight": fmt.interval_column(t, ("mix", "mix_lo", "mix_hi")),
        "win share vs mix": [fmt.num(x, 3) for x in t["payoff_vs_mix"]],
        "regret": fmt.interval_column(t, ("regret", "regret_lo", "regret_hi"), signed=True),
        "α-Rank mass": fmt.interval_column(t, ("alpharank", "alpharank_lo", "alpharank_hi")),
        "dominated out": ["yes" if x else "" for x in t["dominated_out"]]})


def matrix(a: Analysis) -> pd.DataFrame:
    """Profiles as rows, strategies as columns: 'share +-half-width' cells."""
    wide = a.payoffs.assign(cell=[f"{w:.3f} ±{h:.3f}" for w, h in zip(
        a.payoffs["win_share"], a.payoffs["half_width"])])
    out = wide.pivot(index="profile", columns="strategy", values="cell").reindex(
        columns=a.game.strategies).fillna("")
    order = list(dict.fromkeys(a.payoffs["profile"]))
    out = out.reindex(order).reset_index()
    deals_by = a.payoffs.groupby("profile", sort=False)["deals"].first()
    out.insert(1, "deals", [int(deals_by[p]) for p in order])
    return out


def mix_figure(a: Analysis) -> bytes:
    """Equilibrium weight and α-Rank mass per strategy with their bootstrap intervals."""
    t = a.strategies
    fig, axes = plots.panels(["mix", "alpharank"], len(t))
    palette = plots.colours(t["strategy"].tolist())
    for ax, key, title in zip(axes, ("mix", "alpharank"),
                              ("Nash equilibrium weight", "α-Rank mass")):
        plots.interval_rows(ax, t["strategy"].tolist(), t[key].to_numpy(),
                            t[f"{key}_lo"].to_numpy(), t[f"{key}_hi"].to_numpy(),
                            [palette[s] for s in t["strategy"]])
        ax.set_xlim(-0.03, 1.03)
        ax.set_title(title)
    fig.suptitle("The meta-game (95% bootstrap intervals over deals)")
    return plots.png(fig)


def terminal_lines(a: Analysis) -> list[str]:
    cells = strategy_cells(a)
    return (text_table(list(cells.columns), cells.astype(str).values.tolist())
            + [f"verdict: {a.verdict.headline}. {a.verdict.explanation}",
               f"equilibrium epsilon (max regret) {a.solution.epsilon:.1e}"])


def methods(a: Analysis, rows: int, errors: int, seatings: str) -> list[Note]:
    game = a.game
    return [
        Note(f"Profiles: every multiset of {game.players} strategies from the "
             f"{len(game.strategies)} "
             f"({len(game.profiles)} profiles), each played on duplicate deals in "
             + ("all its distinct seat orders" if seatings == "permutations" else
                "its cyclic seat rotations (a balanced rotation set: each strategy of the profile "
                "sits in every seat equally often; who sits next to whom follows the profile's "
                "listed order)")
             + f"; {rows} result rows. An entry is the mean win share of the profile's seats "
               "that play the strategy (ties split); ± is the 95% normal half-width with the "
               "deal as the unit."),
        Note("Equilibrium: a symmetric Nash equilibrium of the empirical game (the other "
             "seats drawn independently from the mix), found by replicator dynamics from the "
             "uniform mix and from each strategy, polished by SLSQP on the Nash function "
             "sum max(0, regret)^2 (scipy; nashpy is 2-player only, pygambit and OpenSpiel "
             f"are heavy dependencies); its epsilon (largest regret) is {a.solution.epsilon:.1e}. "
             "Regret of a strategy: its expected win share against the mix minus the mix's. "
             "A game can have several equilibria; this is the first one found from the "
             "uniform start."),
        Note(f"α-Rank ({CITATION}): single-population form, population {alpharank.POPULATION}, "
             f"selection intensity α = {alpharank.ALPHA:g}; the mass is the stationary "
             "distribution of the Moran-process chain over monomorphic populations."),
        Note(f"Intervals: {a.boot} bootstrap replicates, each profile's deals resampled with "
             "replacement; the equilibrium is re-solved per replicate (starting from the "
             "point estimate), the regrets are those of the point estimate's mix under the "
             "replicate's payoffs; percentile intervals."),
        Note("Verdict rule: " + VERDICT_RULE),
    ] + ([Note(EXCLUDED_METHOD + f" This run left out {plural(errors, 'game')}.")]
         if errors else [])


def analyse_run(run: Run, n_boot: int = N_BOOT) -> tuple[Analysis, pd.DataFrame, int]:
    """The meta-game analysis of a loaded run, its rows and how many games it left out."""
    info = run.info
    matchups = info.config.get("matchups") or []
    names, players = population([{"lineup": x} for x in matchups])
    df, errors = run.results, run.excluded.games
    indexed = [{"index": i, "lineup": x} for i, x in enumerate(matchups)]
    return analyse(deals(df, names, indexed), names, players, n_boot, info.seed or 0), df, errors


def page(run: Run, a: Analysis, df: pd.DataFrame, errors: int,
         out_dir: Path | None = None) -> Written:
    """Write the meta-game page and tables of a run (default RUN_DIR/metagame/)."""
    info = run.info
    summary = Section("summary", f"Verdict: {a.verdict.kind}", [
        Note(f"{a.verdict.headline[0].upper()}{a.verdict.headline[1:]}."),
        Note(a.verdict.explanation), Table("Equilibrium, regrets and α-Rank", strategy_cells(a),
                                   highlight=[m >= SUPPORT for m in a.strategies["mix"]]),
        Figure("mix", "Equilibrium mix and α-Rank", mix_figure(a))])
    if info.status != "complete":
        summary.items.insert(0, Note(f"This run is {info.status}: finished shards only.",
                                     warning=True))
    summary.items[:0] = excluded_notes(run)
    sections = [summary,
                Section("payoffs", "Payoff table", [Table(
                    "Win share of each strategy in each profile (± 95% half-width)",
                    matrix(a))]),
                Section("methods", "Methods", methods(
                    a, len(df), errors, str(info.config.get("seatings", "rotations"))))]
    title = f"meeplab meta-game: {info.game} run {info.name}"
    subtitle = (f"{len(a.game.strategies)} strategies, {a.game.players} players, "
                f"{len(a.game.profiles)} profiles, {plural(df['game_id'].nunique(), 'game')}")
    html = render_page(title, subtitle, sections, footer(info, df))
    out = out_dir or info.path / META_DIR
    index, figures = write_output(out, html, sections, {
        "payoffs": a.payoffs, "equilibrium": a.strategies} | excluded_tables(run))
    data = {"verdict": a.verdict.kind, "headline": a.verdict.headline,
            "explanation": a.verdict.explanation,
            "epsilon": a.solution.epsilon,
            "strategies": a.strategies.to_dict("records"),
            "excluded": run.excluded.sentence(str(out / "excluded.csv"))}
    lines = terminal_lines(a) + (["warning: " + data["excluded"]] if run.excluded else [])
    return Written(out, index, figures, lines, data)


def write(run_dir: str | Path, out_dir: Path | None = None, n_boot: int = N_BOOT) -> Written:
    """Load a meta-game run and write RUN_DIR/metagame/ (RunDataError on bad input)."""
    run = load_run(run_dir)
    return page(run, *analyse_run(run, n_boot), out_dir)


def entropy_bits(mix: np.ndarray) -> float:
    """Shannon entropy of a mix in bits (0: one strategy; log2 k: uniform)."""
    p = mix[mix > 0]
    return float(-(p * np.log2(p)).sum())


def variant_row(name: str, a: Analysis) -> dict[str, Any]:
    """One variant's meta-game in numbers."""
    t = a.strategies
    return {"variant": name, "verdict": a.verdict.kind, "headline": a.verdict.headline,
            "strategies": len(t), "in_mix": int((t["mix"] >= SUPPORT).sum()),
            "dominated_out": int(t["dominated_out"].sum()),
            "entropy_bits": entropy_bits(a.solution.mix),
            "max_regret": float(-t["regret"].min()),
            "dominated_share": float(t["dominated_out"].mean()),
            "epsilon": a.solution.epsilon,
            **{f"mix_{s}": float(x) for s, x in zip(t["strategy"], t["mix"])}}


def compare_variants(run_dirs: list[Path], names: list[str], out: Path,
                     n_boot: int | None = None) -> Written:
    """Each variant's meta-game page, then SWEEP/compare/ (index.html, metagame.csv): the
    variants side by side by their meta-game (n_boot: default N_BOOT)."""
    rows, analyses, frames, left_out = [], [], [], []
    for name, run_dir in zip(names, run_dirs):
        run = load_run(run_dir)
        a, df, errors = analyse_run(run, N_BOOT if n_boot is None else n_boot)
        written = page(run, a, df, errors)
        rows.append(variant_row(name, a))
        analyses.append(a)
        frames.append(df)
        left_out += [f"{name}: {written.data['excluded']}"] if run.excluded else []
    table = pd.DataFrame(rows)
    # grown populations (sweep --grow) differ: every name, "–" where a variant lacks it
    strategies = list(dict.fromkeys(s for a in analyses for s in a.game.strategies))
    cells = pd.DataFrame({
        "variant": table["variant"], "verdict": table["verdict"],
        "in the mix": [f"{k} of {n}" for k, n in zip(table["in_mix"], table["strategies"])],
        "dominated out": [f"{k} of {n}" for k, n in zip(table["dominated_out"],
                                                          table["strategies"])],
        "mix entropy (bits)": [fmt.num(x, 2) for x in table["entropy_bits"]],
        "max regret": [fmt.num(x, 3) for x in table["max_regret"]]})
    for s in strategies:
        cells[s] = [fmt.interval(*a.strategies.set_index("strategy").loc[
            s, ["mix", "mix_lo", "mix_hi"]]) if s in a.game.strategies else "–"
            for a in analyses]
    headline = [f"{name}: {a.verdict.headline}." for name, a in zip(names, analyses)]
    headline += [told for name, df in zip(names[1:], frames[1:]) if (told := differing_sentence(
        name, names[0], differing_games(frames[0], df)))]
    sections = [Section("headline", "Headline", [Note(h, warning=" changed no game:" in h)
                                                 for h in headline]),
                Section("variants", "Variants by their meta-game", [
        *[Note(text, warning=True) for text in left_out],
        Table("Equilibrium mix (95% bootstrap interval) per variant", cells),
        Note("Entropy of the equilibrium mix: 0 bits when one strategy takes everything, "
             f"log2 {len(strategies)} = {np.log2(len(strategies)):.2f} when all are equally "
             "played. Max regret: the largest loss of a strategy against the mix (0 when "
             "every strategy does as well as the mix). In the mix: strategies with weight at "
             f"least {SUPPORT:.0%}; dominated out: see the verdict rule. Each variant's own page: <variant>/metagame/index.html "
             "(<variant>/round-<r>/metagame/ after `sweep --grow`). "
             "After `sweep --grow`, br<r> is the r-th best response tuned under that "
             "variant's rules: the same name in two variants is two different strategies."),
        Note("Verdict rule: " + VERDICT_RULE)])]
    html = render_page("meeplab sweep by meta-game", ", ".join(names), sections, [])
    index, figures = write_output(out / "compare", html, sections, {"metagame": table})
    width = terminal_width()
    lines = (wrap(headline, width) + [""] + text_table(
        list(cells.columns), cells.astype(str).values.tolist(), 1, width)
             + [f"warning: {text}" for text in left_out])
    return Written(out / "compare", index, figures, lines,
                   {"variants": table.to_dict("records")})

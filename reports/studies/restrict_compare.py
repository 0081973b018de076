"""Restricted play across runs (`meeplab compare` of `meeplab restrict` runs, e.g. one job on
two seeds): each element's loss and rank side by side, and whether the ranking holds: the
same first K in every run, and Kendall's tau-b of each run's losses against the baseline's
over the elements both measured (ties, such as elements never used, are allowed for)."""
from __future__ import annotations

import math
from collections.abc import Mapping

import pandas as pd
from scipy import stats as st

from reports import fmt
from reports.html import Note, Section, Table
from reports.studies.restrict import strength

TOP = 3  # the first K compared, unless the baseline was a `top = K` run


def restricted_names(df: pd.DataFrame) -> dict[str, tuple[str, str]]:
    """The restricted strategies of a run's results -> (strategy, element)."""
    from strategies.common.restrict import element_of  # loads numba: only when asked

    out = {}
    for name in sorted(df["strategy"].astype(str).unique()):
        base, element = element_of(name)
        if element is not None:
            out[name] = (base, element)
    return out


def tables(frames: Mapping[str, pd.DataFrame]) -> dict[str, pd.DataFrame] | None:
    """Each run's ranked element table (reports.studies.restrict.strength) indexed by element, or
    None unless every run is restricted play: restricted seats of one strategy against that
    strategy alone (a tournament that merely lists a restricted name is not)."""
    out = {}
    for name, df in frames.items():
        restricted = restricted_names(df)
        bases = {s for s, _ in restricted.values()}
        others = set(df["strategy"].astype(str).unique()) - set(restricted)
        if len(bases) != 1 or not others <= bases:
            return None
        out[name] = strength(df, restricted).set_index("element")
    return out


def stability(ranked: Mapping[str, pd.DataFrame], k: int) -> pd.DataFrame:
    """Per run: its first k, whether they are the baseline's as a set, Kendall's tau-b of its
    losses against the baseline's with p (NaN for the baseline), and the element whose rank
    changed most."""
    names = list(ranked)
    base = ranked[names[0]]
    first = set(base.index[:k])
    rows = []
    for name in names:
        t = ranked[name]
        common = base.index.intersection(t.index)
        tau, p = (st.kendalltau(base.loss[common], t.loss[common]) if name != names[0]
                  else (math.nan, math.nan))
        moves = (t["rank"][common] - base["rank"][common]).abs()
        largest = int(moves.max()) if len(common) else 0
        rows.append({"run": name, "first": list(t.index[:k]),
                     "same_first": set(t.index[:k]) == first, "elements": len(common),
                     "kendall_tau": float(tau), "p": float(p), "largest_move": largest,
                     "moved_most": moves.idxmax() if largest else ""})
    return pd.DataFrame(rows)


def side_by_side(ranked: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """Element, then each run's rank and loss [95%], in the baseline's order (then the
    elements only later runs measured)."""
    order = list(dict.fromkeys(e for t in ranked.values() for e in t.index))
    out = pd.DataFrame({"element": order})
    for name, t in ranked.items():
        out[f"{name} rank"] = [str(int(t["rank"][e])) if e in t.index else "-" for e in order]
        out[f"{name} loss [95%]"] = [
            fmt.signed_interval(t.loss[e], t.loss_lo[e], t.loss_hi[e], 4) if e in t.index
            else "-"
            for e in order]
    return out


def verdict(stable: pd.DataFrame, k: int) -> str:
    """One line: the first k the same in every run or not, and the rank agreement."""
    names = list(stable["run"])
    head = ", ".join(stable["first"].iloc[0])
    taus = "; ".join(f"{r.run} {r.kendall_tau:.2f} (p {fmt.pvalue(r.p)})"
                     for r in stable.iloc[1:].itertuples())
    if stable["same_first"].all():
        runs = "both runs" if len(names) == 2 else f"all {len(names)} runs"
        state = f"the same first {k} in {runs} (as a set): {head}"
    else:
        other = "; ".join(f"{r.run}: {', '.join(r.first)}"
                          for r in stable.itertuples() if not r.same_first)
        state = f"the first {k} differ: {names[0]}: {head}; {other}"
    return f"restricted play: {state}. Kendall's tau against {names[0]}: {taus}"


def sentence(text: str) -> str:
    """text with a capital first letter."""
    return text[:1].upper() + text[1:]


def section(frames: Mapping[str, pd.DataFrame],
            k: int = TOP) -> tuple[Section, dict[str, pd.DataFrame], list[str]] | None:
    """The comparison's restricted-play section, its tables (CSV) and terminal lines, or None
    unless every run is restricted play."""
    ranked = tables(frames)
    if ranked is None:
        return None
    stable = stability(ranked, k)
    wide = side_by_side(ranked)
    line = verdict(stable, k)
    shown = pd.DataFrame({
        "run": stable["run"], f"first {k}": [", ".join(f) for f in stable["first"]],
        "same set as the baseline's": ["yes" if x else "no" for x in stable["same_first"]],
        "elements": stable["elements"],
        "Kendall's tau": ["-" if math.isnan(t) else fmt.num(t, 2)
                          for t in stable["kendall_tau"]],
        "p": ["-" if math.isnan(p) else fmt.pvalue(p) for p in stable["p"]],
        "largest rank move": [f"{m} ({e})" if e else "0"
                              for m, e in zip(stable["largest_move"], stable["moved_most"])]})
    sec = Section("restricted", "Restricted play across runs", [
        Note(sentence(line.removeprefix("restricted play: ")) + "."),
        Table(f"Whether the ranking holds (first {k}; tau over the elements both runs "
              "measured)", shown, "Kendall's tau-b of the losses (1: the same order; ties "
              "allowed for); largest move: the largest change of an element's rank."),
        Table("Each element's loss when forbidden, side by side",
              wide, "In the baseline's order; loss = 1/players - the restricted seat's win "
              "share, 95% paired interval over the deals.")])
    csv = stable.assign(first=["; ".join(f) for f in stable["first"]])
    return sec, {"restricted": wide, "restricted_stability": csv}, [line]

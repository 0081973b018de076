"""Luck by source in two dossiers side by side (a variant against the base rules): each source's
share of the strongest plan's result per field in each run, and the difference with a 95%
bootstrap interval (reports/studies/luck_sources.py).

The crossed deals' source seeds depend only on the tournament seed, the number of sources,
the deals per source and the block (sim/run/seeding.py), not on the rules, so two dossiers of
the same seed and luck settings deal the same crossed deals cell by cell. `paired` checks it on
the games themselves (each cell's seed); the bootstrap of the difference then redraws each
source's deals identically in both runs (paired), else each run's on its own.
"""
from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from reports import claims, fmt
from reports.studies import luck_sources as ls

COLUMNS = ["candidate", "field", "result", "part", "games", "paired", "base", "base_lo",
           "base_hi", "variant", "variant_lo", "variant_hi", "diff", "diff_lo", "diff_hi"]
RESULT_WORDS = {"win": "win", "margin": "score margin"}
CHANGE = {
    "above": "{subject} rises: {interval}",
    "below": "{subject} falls: {interval}",
    "within": "{subject} is not shown to change: {interval}",
}


def paired(base: pd.DataFrame, variant: pd.DataFrame, columns: list[str]) -> bool:
    """Whether both runs played the same crossed deals: the same blocks and cells, each with
    the same seed (False when the games do not say: no seed column)."""
    if any(c not in raw for raw in (base, variant) for c in (ls.BLOCK, ls.SEED)):
        return False
    key = [ls.BLOCK, *columns]

    def cells(raw: pd.DataFrame) -> pd.DataFrame:
        return raw[[*key, ls.SEED]].drop_duplicates().sort_values(key).reset_index(drop=True)
    return cells(base).equals(cells(variant))


def changes(base: pd.DataFrame, variant: pd.DataFrame, n_boot: int
            ) -> tuple[pd.DataFrame, list[str]]:
    """(table, notes): per matchup both runs played, result (win, margin) and part (each
    source, the interactions, the rest): its share in each run with its own interval and the
    difference with a paired (or independent) bootstrap interval; the notes say what was
    compared, or why nothing was."""
    cb, cv = ls.source_columns(base), ls.source_columns(variant)
    if cb != cv:
        shown = [", ".join(c.removeprefix(ls.DEAL_COLUMN) for c in cols) for cols in (cb, cv)]
        return pd.DataFrame(columns=COLUMNS), [
            f"The variant changes the game's sources of randomness (base: {shown[0]}; "
            f"variant: {shown[1]}): luck by source is not compared."]
    parts = [c.removeprefix(ls.DEAL_COLUMN) for c in cb] + [ls.INTERACTIONS, ls.WITHIN]
    same_deals = paired(base, variant, cb)
    theirs = dict(iter(variant.groupby(["candidate", "field"], sort=False)))
    rows = []
    for (cand, field), gb in base.groupby(["candidate", "field"], sort=False):
        gv = theirs.get((cand, field))
        if gv is None:
            continue
        for value, result in ls.RESULTS:
            yb, yv = ls.factorial(gb, cb, value), ls.factorial(gv, cb, value)
            both = same_deals and yb.shape == yv.shape
            numbers = [*ls.shares_interval(yb, n_boot), *ls.shares_interval(yv, n_boot),
                       *ls.shares_difference(yb, yv, both, n_boot)]
            rows += [dict(zip(COLUMNS, (cand, field, result, part, len(gv), both, *row)))
                     for part, *row in zip(parts, *numbers)]
    t = pd.DataFrame(rows, columns=COLUMNS)
    return t, notes(t, base, variant)


def notes(t: pd.DataFrame, base: pd.DataFrame, variant: pd.DataFrame) -> list[str]:
    """What the table compares: nothing when the candidates differ, the pairing otherwise."""
    if t.empty:
        return [f"The strongest plan met no field in both runs (base: "
                f"{', '.join(base['candidate'].unique())}; variant: "
                f"{', '.join(variant['candidate'].unique())}): luck by source is not compared."]
    if t["paired"].all():
        return ["Both runs dealt the same crossed deals (each cell's seeds equal): the "
                "difference's bootstrap redraws each source's deals alike in both."]
    return ["The runs' crossed deals are not shown to be the same (another seed, --luck-deals "
            "or --luck-blocks, or games that keep no seeds): the difference's bootstrap "
            "redraws each run's deals on its own."]


def shown_change(t: pd.DataFrame) -> str | None:
    """The sentence on the source whose share changes most among those whose interval leaves
    out 0 (None when none does)."""
    if t.empty:
        return None
    sources = t[~t["part"].isin([ls.INTERACTIONS, ls.WITHIN])]
    hit = sources[(sources["diff_lo"] > 0) | (sources["diff_hi"] < 0)]
    if hit.empty:
        return None
    r = hit.loc[hit["diff"].abs().idxmax()]
    subject = (f"the {r['part']}'s share of the variance of {r['candidate']}'s "
               f"{RESULT_WORDS[r['result']]} against {r['field']}")
    text = claims.sentence("change", subject, claims.Estimate(r["diff"], r["diff_lo"],
                                                              r["diff_hi"]),
                           overrides=CHANGE, signed=True)
    others = len(hit) - 1
    more = f"; {others} other source rows' intervals leave out 0 too" if others else ""
    return (f"Luck by source: {text} (95% intervals per row, not corrected for the "
            f"{len(sources)} source rows compared{more}).")


def cells(t: pd.DataFrame, cell: Callable[[float, float, float], str]) -> pd.DataFrame:
    """The table as the page shows it: base's and variant's share by `cell`, the
    difference signed."""
    out = t[["field", "result", "part"]].copy()
    out["games"] = t["games"].astype(str)
    for run in ("base", "variant"):
        out[f"{run} [95%]"] = [cell(*r) for r in t[[run, f"{run}_lo", f"{run}_hi"]]
                               .itertuples(index=False)]
    out["difference [95%]"] = [
        "undefined" if pd.isna(d) else fmt.signed_interval(d, lo, hi)
        for d, lo, hi in t[["diff", "diff_lo", "diff_hi"]].itertuples(index=False)]
    return out


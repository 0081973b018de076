"""The golden playthroughs (tests/golden/) still come out the same: every game plays exactly as
pinned. On a difference the test shows a diff; if the change of games is intended, run
`make golden` and say why in the commit."""
from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from tests.engines import run_compiled
from tests.golden.playthroughs import CASES, GOLDEN

MAX_DIFF_LINES = 80


def diff(expected: Path, actual: Path) -> str:
    """A unified diff of two files, cut to MAX_DIFF_LINES lines."""
    lines = list(difflib.unified_diff(
        expected.read_text(encoding="utf-8").splitlines(),
        actual.read_text(encoding="utf-8").splitlines(),
        f"golden/{expected.parent.name}/{expected.name}", "now", lineterm="", n=2))
    more = len(lines) - MAX_DIFF_LINES
    return "\n".join(lines[:MAX_DIFF_LINES] + ([f"... {more} more lines"] if more > 0 else []))


def fresh(folder: Path, game: str) -> Path:
    """The game's golden files written anew into folder/<game>/ (compiled, in a subprocess,
    so each game compiles on the worker that runs its other compiled tests)."""
    run_compiled("""
        import json, sys
        from pathlib import Path
        from tests.golden.playthroughs import write
        print(json.dumps([str(p) for p in write(Path(sys.argv[1]), (sys.argv[2],))]))
    """, str(folder), game)
    return folder / game


@pytest.mark.compiled
@pytest.mark.parametrize("game", sorted(CASES))
def test_games_play_as_pinned(tmp_path: Path, game: str) -> None:
    now = fresh(tmp_path, game)
    names = sorted(p.name for p in (GOLDEN / game).iterdir())
    assert names == sorted(p.name for p in now.iterdir()), (
        "the golden files differ in name from the cases; run `make golden`")
    changed = [diff(GOLDEN / game / n, now / n) for n in names
               if (GOLDEN / game / n).read_bytes() != (now / n).read_bytes()]
    assert not changed, ("games differ from tests/golden/ (if intended: `make golden`, and say "
                         "why in the commit)\n" + "\n".join(changed))

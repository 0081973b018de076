"""sim.bench.compile_profile: nested compile events summed per function (own and inclusive seconds,
signatures), its report, and bad input as one line with exit 2."""
from __future__ import annotations

import itertools

import pytest

from sim.bench import compile_profile
from tests.sim.helpers import assert_main_fails


def test_nested_compiles_are_split_into_own_and_inclusive_seconds():
    ticks = itertools.count()
    r = compile_profile.Recorder(clock=lambda: float(next(ticks)))
    r.start("m.loop", "(a,)")        # 0
    r.start("m.kernel", "(b,)")      # 1
    r.start("m.helper", "(c,)")      # 2
    r.end()                          # 3: helper 1 s
    r.end()                          # 4: kernel 3 s, of which 1 nested
    r.start("m.helper", "(d,)")      # 5
    r.end()                          # 6: helper again, 1 s
    r.end()                          # 7: loop 7 s, of which 3 + 1 nested
    rows = r.rows
    assert (rows["m.loop"].inclusive, rows["m.loop"].exclusive) == (7.0, 3.0)
    assert (rows["m.kernel"].inclusive, rows["m.kernel"].exclusive) == (3.0, 2.0)
    assert (rows["m.helper"].inclusive, rows["m.helper"].exclusive) == (2.0, 2.0)
    assert rows["m.helper"].signatures == ["(c,)", "(d,)"]
    text = compile_profile.report({"game": "cuba", "seconds": 7.0, "functions": rows},
                                  top=2, signatures=True)
    lines = text.splitlines()
    assert "3 functions, 4 compiles" in lines[0]
    assert lines[2].split()[-1] == "m.loop" and lines[3].split()[-1] == "m.kernel"
    assert "m.helper" not in text  # beyond --top


@pytest.mark.parametrize("args, problem", [
    (["nogame"], "unknown game 'nogame'"),
    (["cuba", "--players", "9"], "9 players is out of range"),
    (["cuba", "--top", "0"], "--top 0 is too small"),
    (["cuba"], "the compile profile needs the JIT"),  # the test suite runs interpreted
])
def test_bad_input_is_one_line_and_exit_2(args, problem, capsys):
    assert_main_fails(compile_profile.main, args, problem, capsys)


def test_the_temporary_cache_folder_does_not_outlive_the_call(monkeypatch, capsys):
    """Later compiled tests (subprocesses) must keep the suite's numba cache."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", "/kept")
    with pytest.raises(SystemExit):
        compile_profile.main(["cuba"])
    assert compile_profile.os.environ["NUMBA_CACHE_DIR"] == "/kept"
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    with pytest.raises(SystemExit):
        compile_profile.main(["cuba"])
    assert "NUMBA_CACHE_DIR" not in compile_profile.os.environ

"""sim.compiling: a run tells the user when it compiles a game's engine, and how long that took
(kept apart from the play rate)."""
from types import SimpleNamespace

import pytest

from sim import compiling

GAME = SimpleNamespace(name="cuba", title="Cuba")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(compiling.jit, "interpreted", lambda: False)
    return tmp_path


def test_a_cold_compile_is_announced_timed_and_remembered(cache, capsys):
    import time

    assert not compiling.is_cached("cuba")          # an empty cache holds nothing of Cuba
    seconds = compiling.load_engine(GAME, lambda: time.sleep(0.2), show=False)
    err = capsys.readouterr().err
    assert err == "compiling the Cuba engine (first run of this code only, a minute or more)...\n"
    assert seconds >= 0.2 and compiling.last_compile("cuba") == round(seconds, 1)


def test_a_cached_engine_loads_silently(cache, capsys, monkeypatch):
    folder = compiling.jit.cache_folder("cuba") / "sub"
    folder.mkdir(parents=True)
    (folder / "play.nbi").write_bytes(b"")
    assert compiling.is_cached("cuba")
    assert compiling.load_engine(GAME, lambda: None, show=True) == 0.0
    assert capsys.readouterr().err == ""


def test_a_cached_engine_compiling_its_search_is_told_late(cache, capsys, monkeypatch):
    """The search compiles apart on its first use (core.late): a cached engine whose load
    outlasts LATE_NOTICE is said to compile, and its seconds are kept apart from play."""
    import time

    folder = compiling.jit.cache_folder("cuba") / "sub"
    folder.mkdir(parents=True)
    (folder / "play.nbi").write_bytes(b"")
    monkeypatch.setattr(compiling, "LATE_NOTICE", 0.05)
    seconds = compiling.load_engine(GAME, lambda: time.sleep(1.0), show=False)
    assert capsys.readouterr().err == \
        "compiling the rest of the Cuba engine (first run of this code only)...\n"
    assert seconds >= 1.0
    assert compiling.last_compile("cuba") is None     # the engine's own compile time stays


def test_the_last_compile_time_is_told_next_time(cache):
    compiling.remember_compile("cuba", 123.4)
    compiling.remember_compile("siberia", 50)
    assert compiling.notice("Cuba", "cuba") == \
        "compiling the Cuba engine (first run of this code only, about 123 s last time)"
    (cache / "compile-seconds.json").write_text("[not, json")
    assert compiling.last_compile("cuba") is None     # a damaged note is ignored


def test_the_terminal_sees_the_seconds_go_by(cache):
    import io
    import time

    out = io.StringIO()
    with compiling.ticking("compiling", out, every=0.01):
        time.sleep(0.05)
    text = out.getvalue()
    assert "\rcompiling... 0 s" in text and text.endswith("done in 0 s\n")


def test_interpreted_runs_compile_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(compiling.jit, "interpreted", lambda: True)
    assert compiling.load_engine(GAME, lambda: 1 / 0, show=True) == 0.0   # nothing to load
    assert capsys.readouterr().err == ""

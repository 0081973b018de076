"""Test session setup.

Unit tests run the engine interpreted (NUMBA_DISABLE_JIT=1): constructed scenarios need no
compilation and the same Python code is exercised. Tests marked `compiled` run their work in a
subprocess with the JIT on (see tests/jit_subprocess.py).
"""
import os
import tempfile

import pytest

from core import games as catalogue

os.environ.setdefault("NUMBA_DISABLE_JIT", "1")
# terminal summaries wrap to the terminal's width: the same width wherever the tests run
# (pytest-xdist workers otherwise see 80 columns, a plain run the default 100)
os.environ["COLUMNS"] = "100"
# the registry reads the user's presets folders ($MEEPLAB_PRESETS, ~/.config/meeplab/presets):
# never the real ones here, so a preset the user installed cannot change a test
os.environ.pop("MEEPLAB_PRESETS", None)
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="meeplab-test-config-")
# the suite's workers already keep every core busy: a compile split over processes
# (core.late.fill_all) would only add their start-up; tests/test_late.py covers the split
os.environ.setdefault("MEEPLAB_COMPILE_JOBS", "1")

# the catalogue's names: core.games imports no engine (and no numba) until a game is asked for
GAMES = tuple(catalogue.names())


def _game_of(item) -> str:
    """The game a test compiles: named by its marker (`@pytest.mark.compiled("cuba")`), else
    from its path (tests/<game>/, tests/strategies/<game>/, a file named after it) or its
    parameters; "" when none."""
    named = item.get_closest_marker("compiled").args
    if named:
        return named[0]
    parts = [p.removeprefix("test_").removesuffix(".py") for p in item.path.parts]
    for game in GAMES:
        if game in parts:
            return game
    params = getattr(getattr(item, "callspec", None), "params", {})
    return next((v for v in params.values() if isinstance(v, str) and v in GAMES), "")


def _uses_module_fixture(item) -> bool:
    """Whether the test uses a parametrised module-scoped fixture of its own module (one
    played game, ladder or run per game, shared by the module's tests)."""
    info = getattr(item, "_fixtureinfo", None)
    defs = info.name2fixturedefs.values() if info else ()
    return any(d.scope == "module" and d.params and d.func.__module__ == item.module.__name__
               for chain in defs for d in chain)


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook, which reads the groups
def pytest_collection_modifyitems(config, items):
    """With pytest-xdist (`-n 2 --dist loadgroup`, as `make test` runs): a game's compiled tests
    share a worker, so each engine compiles on one core (a cold numba cache compiles each game
    once, the two cores on different games) while the interpreted tests fill the gaps; so do
    the tests of a module sharing a parametrised module fixture."""
    asked_for_soak = "soak" in (config.getoption("markexpr") or "")
    for item in items:
        if item.get_closest_marker("compiled"):
            item.add_marker(pytest.mark.xdist_group(_game_of(item) or "compiled"))
        elif _uses_module_fixture(item):
            # one worker for the module: its shared fixtures (a ladder played per game) run
            # once, not once on every worker that gets one of their tests
            item.add_marker(pytest.mark.xdist_group(item.module.__name__))
        if item.get_closest_marker("soak") and not asked_for_soak:
            item.add_marker(pytest.mark.skip(reason="long run: pytest -m soak"))


@pytest.fixture
def ctrl_c_in_fsync(monkeypatch) -> list[int]:
    """Every fsync of reports.files (the writer of every output) first sends the process
    SIGINT, as a Ctrl-C in the middle of a write would; Ctrl-C raises KeyboardInterrupt during
    the test (a pytest-xdist worker otherwise ignores SIGINT). The list collects the fsyncs."""
    import signal

    from reports import files

    sent: list[int] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        sent.append(fd)
        os.kill(os.getpid(), signal.SIGINT)
        real(fd)

    monkeypatch.setattr(files.os, "fsync", fsync)
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield sent
    signal.signal(signal.SIGINT, old)

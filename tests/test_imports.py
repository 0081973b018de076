"""Import directions under sim/ and reports/, read from the source (ast). sim/ is layered: its
top-level modules (one game's session, the games, errors, limits) at the bottom, then run/
(configs, schedule, shards, store, backends), then studies/ and bench/ side by side, then cli/
on top; an arrow only points down. reports/ never imports sim/. No package has an import
cycle, counting imports inside functions."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SIM = ROOT / "sim"
# package -> the packages it may import; "sim" stands for sim/'s top-level modules
ALLOWED = {
    "sim": {"sim"},
    "sim.run": {"sim", "sim.run"},
    "sim.studies": {"sim", "sim.run", "sim.studies"},
    "sim.bench": {"sim", "sim.run", "sim.bench"},
    "sim.cli": {"sim", "sim.run", "sim.studies", "sim.bench", "sim.cli"},
}


def module_name(path: Path) -> str:
    """sim/run/store.py -> sim.run.store; a package's __init__ -> the package."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """Every module `path` imports, at its top or inside a function: `from a import b` counts
    as a and as a.b (b may be a module)."""
    package = module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" \
        else module_name(path)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def modules(folder: Path = SIM) -> dict[str, set[str]]:
    """Module name -> the modules it imports (in its body or inside a function), for every
    module under `folder`."""
    return {module_name(p): imported(p) for p in sorted(folder.rglob("*.py"))}



def closure(start: str, graph: dict[str, set[str]]) -> set[str]:
    """The modules `start` imports, directly or through sim/ modules."""
    seen, todo = set(), [start]
    while todo:
        for name in graph.get(todo.pop(), ()):
            if name not in seen:
                seen.add(name)
                todo.append(name)
    return seen


def layer(module: str) -> str:
    """The package of ALLOWED a sim/ module belongs to: sim.run.store -> sim.run, sim.session
    -> sim."""
    package = ".".join(module.split(".")[:2])
    return package if package in ALLOWED else "sim"


def test_every_arrow_between_sim_packages_points_down():
    graph = modules()
    assert {"sim.session", "sim.run.runner", "sim.studies.sweep", "sim.bench.engine",
            "sim.cli.app"} <= set(graph)
    wrong = sorted(f"{module} -> {name}" for module, names in graph.items()
                   for name in names if name in graph
                   and layer(name) not in ALLOWED[layer(module)])
    assert wrong == [], f"imports against the layering: {wrong}"


@pytest.mark.parametrize("folder", ["sim", "reports", "core", "strategies"])
def test_no_import_cycle(folder: str):
    graph = modules(ROOT / folder)
    inside = {m: {n for n in names if n in graph and n != m} for m, names in graph.items()}
    cycles = sorted(m for m in inside if m in closure(m, inside))
    assert cycles == [], f"modules on an import cycle: {cycles}"


def test_the_session_and_replay_stand_below_the_cli():
    """Playing one game's set-up (sim.session) and its replay page (sim.replay) reach nothing
    above sim/'s top-level modules, directly or through other modules."""
    graph = modules()
    for start in ("sim.session", "sim.replay"):
        above = sorted(n for n in closure(start, graph) if n in graph and layer(n) != "sim")
        assert above == [], f"{start} reaches {above}"


def test_reports_never_import_sim():
    found = sorted(f"{module_name(p)} -> {name}" for p in sorted((ROOT / "reports").rglob("*.py"))
                   for name in imported(p) if name == "sim" or name.startswith("sim."))
    assert found == [], f"reports/ imports sim/: {found}"

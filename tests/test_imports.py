"""Import directions under sim/, read from the source (ast): the command line sits on top of
the session (sim/session.py: one game's set-up, trace header and final line), never below it;
no module under sim/ imports the CLI except the CLI's own modules."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIM = ROOT / "sim"
# the typer application and its helpers, and the generator of the commands reference, which
# reads the application to document it
CLI = {"sim.cli", "sim.cli_app", "sim.docs_reference"}


def module_name(path: Path) -> str:
    """sim/backends/local.py -> sim.backends.local; a package's __init__ -> the package."""
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


def sim_modules() -> dict[str, set[str]]:
    """Module name -> the modules it imports, for every module under sim/."""
    return {module_name(p): imported(p) for p in sorted(SIM.rglob("*.py"))}


def closure(start: str, graph: dict[str, set[str]]) -> set[str]:
    """The modules `start` imports, directly or through sim/ modules."""
    seen, todo = set(), [start]
    while todo:
        for name in graph.get(todo.pop(), ()):
            if name not in seen:
                seen.add(name)
                todo.append(name)
    return seen


def test_only_the_cli_imports_the_cli():
    graph = sim_modules()
    assert "sim.cli" in graph and "sim.session" in graph
    importers = sorted(m for m, names in graph.items()
                       if m not in CLI and any(n == "sim.cli" or n.startswith("sim.cli.")
                                               for n in names))
    assert importers == [], f"modules below the CLI import sim.cli: {importers}"


def test_the_session_and_replay_stand_below_the_cli():
    """Playing one game's set-up (sim.session) and its replay page (sim.replay) reach no CLI
    module, directly or through other sim/ modules."""
    graph = sim_modules()
    for start in ("sim.session", "sim.replay"):
        reached = closure(start, graph)
        cli = sorted(n for n in reached if n in CLI or n.startswith("sim.cli."))
        assert cli == [], f"{start} reaches {cli}"

"""What every `meeplab` command gets without code of its own: `--json` for a command that
returns a Summary, `--version`, shell completion, defaults shown in `--help`, and game names
completed from the catalogue.

A command that prints a summary returns `Summary(data, lines)`: by default its lines are
printed (a line starting 'warning: ' goes to stderr), with `--json` its data as one JSON
object (NaN and infinities as null).
"""
from __future__ import annotations

import functools
import inspect
import json
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Annotated, Any

import typer

JSON_HELP = "Print the summary as one JSON object instead of text."


@dataclass(frozen=True)
class Summary:
    """A command's result: plain data for --json, text lines otherwise."""

    data: Any
    lines: list[str] = field(default_factory=list)


def plain(value: Any) -> Any:
    """value as plain JSON data: numpy scalars and arrays, paths, NaN and infinity (null)."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if hasattr(value, "tolist"):
        return plain(value.tolist())
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def emit(result: Summary, as_json: bool) -> None:
    """Print a Summary as JSON or as its lines."""
    if as_json:
        typer.echo(json.dumps(plain(result.data)))
        return
    for line in result.lines:
        typer.echo(line, err=line.startswith("warning: "))


def _returns_summary(fn: Callable[..., Any]) -> bool:
    return inspect.signature(fn, eval_str=True).return_annotation is Summary


def with_json(fn: Callable[..., Summary]) -> Callable[..., None]:
    """fn with a --json option; its Summary printed by `emit`."""
    signature = inspect.signature(fn, eval_str=True)
    option = inspect.Parameter("as_json", inspect.Parameter.KEYWORD_ONLY, default=False,
                               annotation=Annotated[bool, typer.Option("--json",
                                                                       help=JSON_HELP)])

    @functools.wraps(fn)
    def command(*args: Any, as_json: bool = False, **kwargs: Any) -> None:
        emit(fn(*args, **kwargs), as_json)

    command.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*signature.parameters.values(), option], return_annotation=None)
    command.__annotations__ = {p.name: p.annotation for p in command.__signature__.parameters
                               .values()}
    return command


def version() -> str:
    """The installed meeplab version and where its code is."""
    from importlib import metadata
    from pathlib import Path

    try:
        number = metadata.version("meeplab")
    except metadata.PackageNotFoundError:
        number = "unknown (not installed)"
    return f"meeplab {number} ({Path(__file__).resolve().parents[2]})"


def _version_option(value: bool) -> None:
    if value:
        typer.echo(version())
        raise typer.Exit()


def complete_from(names: Callable[[], Iterable[str]]) -> Callable[[str], list[str]]:
    """A shell-completion function offering the names that start with what was typed."""
    def complete(incomplete: str) -> list[str]:
        return [n for n in names() if n.startswith(incomplete)]
    return complete


class App(typer.Typer):
    """typer.Typer whose commands show their defaults in --help, and gain --json when they
    return a Summary; with --version and shell completion on the command itself."""

    def __init__(self, **kwargs: Any) -> None:
        settings = {"show_default": True} | kwargs.pop("context_settings", {})
        super().__init__(context_settings=settings, add_completion=True, **kwargs)

        @self.callback()
        def main(version: Annotated[bool, typer.Option(
                "--version", help="Print the version and exit.", is_eager=True,
                callback=_version_option)] = False) -> None:
            """meeplab: tournament and AI-strategy simulation lab for board games."""

    def command(self, *args: Any, **kwargs: Any) -> Callable[[Callable[..., Any]], Any]:
        register = super().command(*args, **kwargs)

        def decorator(fn: Callable[..., Any]) -> Callable[..., Any]:
            register(with_json(fn) if _returns_summary(fn) else fn)
            return fn
        return decorator


app = App(help="meeplab: tournament and AI-strategy simulation lab for board games.",
          no_args_is_help=True, pretty_exceptions_enable=False)

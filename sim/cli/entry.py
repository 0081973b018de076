"""The console entry point: run the app, every error one line with its exit code."""
from __future__ import annotations

import os
import sys

import typer

try:  # recent typer vendors click as typer._click
    from typer._click.exceptions import ClickException, UsageError
except ImportError:  # older typer depends on click
    from click.exceptions import ClickException, UsageError

from sim.cli.app import app
from sim.errors import one_line


def _silence_stdout() -> None:
    """Point stdout at /dev/null: output that cannot be written (a closed pipe, a full
    device) must not fail again in the interpreter's last flush."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def main() -> None:
    """Console entry point: run the app; parser errors are one line too, and so is output
    that cannot be written (a full device); a reader that closes the pipe early
    (`meeplab games | head -1`) ends the command quietly with exit code 1 (as click does)."""
    command = typer.main.get_command(app)
    try:
        code = command.main(args=sys.argv[1:] or ["--help"], prog_name="meeplab",
                            standalone_mode=False)
        sys.stdout.flush()
    except UsageError as exc:
        path = exc.ctx.command_path if exc.ctx else "meeplab"
        message = one_line(exc.format_message()).rstrip(".")
        typer.echo(f"error: {message}; see '{path} --help'", err=True)
        code = 2
    except ClickException as exc:
        typer.echo(f"error: {one_line(exc.format_message())}", err=True)
        code = exc.exit_code
    except BrokenPipeError:
        _silence_stdout()
        code = 1
    except OSError as exc:   # the commands' own files are UserErrors: this is stdout
        _silence_stdout()
        typer.echo(f"error: cannot write the output ({exc.strerror or exc}); free disk "
                   f"space or send the output elsewhere", err=True)
        code = 2
    try:
        sys.stdout.flush()
    except OSError:
        _silence_stdout()
    sys.exit(code if isinstance(code, int) else 0)

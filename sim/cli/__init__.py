"""The `meeplab` command line (typer): one module per group of commands, the shared options
declared once (params.py); nothing below the command line imports it."""
from __future__ import annotations

# importing a group registers its commands; this order is the order of `meeplab --help`
from sim.cli import play, runs, studies, bench  # noqa: F401, I001
from sim.cli.app import app
from sim.cli.entry import main

__all__ = ["app", "main"]

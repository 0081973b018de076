"""Headless Chromium for the page tests (skipped without Chromium; Debian: apt-get install
chromium). CI (.ci/run) installs it and sets MEEPLAB_REQUIRE_BROWSER=1: there the tests must
run."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
REQUIRED = os.environ.get("MEEPLAB_REQUIRE_BROWSER") == "1"
needs_browser = pytest.mark.skipif(CHROMIUM is None and not REQUIRED,
                                   reason="chromium is not installed")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars"]


def chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run headless Chromium with a fresh profile in tmp_path."""
    assert CHROMIUM, "MEEPLAB_REQUIRE_BROWSER=1 but Chromium is not installed"
    return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", *args],
                          capture_output=True, text=True, timeout=120, check=False)

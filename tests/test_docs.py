"""The docs site: generated reference pages match the code, every page is in the site's nav,
README.md stays short (issue 44)."""
from __future__ import annotations

import fnmatch
from pathlib import Path

import pytest
import yaml

from sim import docs_reference

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README_LIMIT = 12 * 1024


def nav_pages(entries: list) -> list[str]:
    """Every page path of an mkdocs nav (nested sections walked)."""
    out: list[str] = []
    for entry in entries:
        values = entry.values() if isinstance(entry, dict) else [entry]
        for value in values:
            out += nav_pages(value) if isinstance(value, list) else [value]
    return out


def site_config() -> dict:
    return yaml.safe_load((ROOT / "mkdocs.yml").read_text())


def test_generated_reference_pages_match_the_code():
    assert docs_reference.stale() == [], "run: python -m sim.docs_reference (make docs)"


def test_readme_is_short():
    size = len((ROOT / "README.md").read_bytes())
    assert size <= README_LIMIT, f"README.md is {size} bytes, over {README_LIMIT}"


def test_every_docs_page_is_in_the_nav_and_every_nav_entry_exists():
    config = site_config()
    nav = nav_pages(config["nav"])
    exempt = [p.strip().lstrip("/") for p in config.get("not_in_nav", "").splitlines()
              if p.strip()]
    pages = [p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")]
    missing = [p for p in pages if p not in nav and not any(fnmatch.fnmatch(p, e)
                                                            for e in exempt)]
    assert missing == [], f"pages missing from the nav of mkdocs.yml: {missing}"
    assert [p for p in nav if not (DOCS / p).is_file()] == []
    assert "findings/index.md" in nav


def test_switch_notes_read_ids_and_meaning(tmp_path):
    rules = tmp_path / "game.toml"
    rules.write_text('[misc]\nx = 1\n\n[switches]\n# XY-Q1: true | false. Cards score.\n'
                     'flag = true\n# XY-V1 / XY-Q2: "a" | "b"\nmode = "a"\nplain = 2\n')
    assert docs_reference.switch_notes(rules) == {
        "flag": ("XY-Q1", "Cards score."), "mode": ("XY-V1 / XY-Q2", ""), "plain": ("", "")}


def test_a_config_key_without_a_description_stops_the_generator():
    with pytest.raises(KeyError, match="new_key"):
        docs_reference.key_rows(["game", "new_key"], docs_reference.TOURNAMENT, {})

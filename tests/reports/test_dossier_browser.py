"""A dossier and its comparison with the base rules, played at smoke scale (MEEPLAB_SMOKE=1)
and opened in headless Chromium as a reader would on a laptop: no script error, every figure
shows, no table wider than the window, every link leads somewhere, every number with its
interval. Skipped without Chromium (tests/reports/browser.py)."""
from __future__ import annotations

import html
import json
import re
import subprocess
from pathlib import Path

import pytest

from tests.reports.browser import chromium, needs_browser
from tests.reports.page_check import bare_numbers, read
from tests.sim.helpers import COMPILED_TIMEOUT, ROOT, compiled_env, meeplab

pytestmark = [needs_browser, pytest.mark.compiled("siberia")]
WIDTH = 1366   # a laptop's window
SMOKE = ("siberia", "--players", "2", "--rungs", "random,greedy,staff_first,mcts",
         "--course", "2", "--workers", "1")
# first in <head>: every error and console.error into <html data-errors>
CATCH = ("<script>(()=>{const d=document.documentElement;"
         "const add=m=>{d.dataset.errors=(d.dataset.errors||'')+m+' | '};"
         "window.addEventListener('error',e=>add('error: '+(e.message||e.target.src)),true);"
         "const log=console.error;console.error=(...a)=>{add('console.error: '+a.join(' '));"
         "log(...a)};})();</script>")
# last in <body>: what a reader would notice, into <html data-probe>
PROBE = """<script>window.addEventListener('load',()=>{const d=document.documentElement;
const imgs=[...document.images];
d.dataset.probe=JSON.stringify({
 images:imgs.length,
 shown:imgs.filter(i=>i.complete&&i.naturalWidth>0&&i.getBoundingClientRect().width>0).length,
 overflow:d.scrollWidth-d.clientWidth,
 links:[...document.querySelectorAll('a[href]')].map(a=>a.getAttribute('href')),
 ids:[...document.querySelectorAll('[id]')].map(e=>e.id)});});</script>"""


def smoke(*args: str | Path) -> None:
    env = compiled_env() | {"MEEPLAB_SMOKE": "1"}
    done = subprocess.run(meeplab("dossier", *SMOKE, *args), cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=COMPILED_TIMEOUT)
    assert done.returncode == 0, done.stderr[-3000:]


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("dossier")
    smoke("--out", tmp / "base")
    smoke("--variant", "discover_any=false", "--out", tmp / "variant", "--base", tmp / "base")
    return {"dossier": tmp / "base" / "page" / "index.html",
            "comparison": tmp / "variant" / "compare" / "index.html"}


def probe(page: Path, tmp_path: Path) -> tuple[dict, str]:
    """Open a copy of the page (beside it, so its links resolve) with the probes."""
    text = page.read_text(encoding="utf-8").replace("<head>", "<head>" + CATCH, 1)
    probed = page.with_name("probed.html")
    probed.write_text(text.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    try:
        result = chromium(tmp_path, f"--window-size={WIDTH},900", "--virtual-time-budget=5000",
                          "--dump-dom", probed.as_uri())
    finally:
        probed.unlink()
    root = re.search(r"<html[^>]*>", result.stdout)
    assert root, result.stderr[-2000:]
    attrs = dict(re.findall(r'data-(\w+)="([^"]*)"', root.group(0)))
    return json.loads(html.unescape(attrs.get("probe", "{}"))), html.unescape(
        attrs.get("errors", ""))


@pytest.mark.parametrize("which", ["dossier", "comparison"])
def test_the_page_reads_well_in_chromium(pages, which, tmp_path):
    page = pages[which]
    found, errors = probe(page, tmp_path)
    assert errors == "" and found, errors
    assert found["shown"] == found["images"]
    assert found["overflow"] <= 0, f"the page is {found['overflow']} px wider than the window"
    for href in found["links"]:
        if href.startswith("#"):
            assert href[1:] in found["ids"], href
        else:
            assert (page.parent / href).exists(), href
    text = page.read_text(encoding="utf-8")
    assert bare_numbers(text) == []
    headline = read(text.split('<section id="headline">')[1].split("</section>")[0]).notes
    assert len(headline) == 3 and all("[" in line or "undefined" in line for line in headline)


SECTIONS = {"dossier": ("headline", "seats", "skill", "luck", "elements", "metagame", "course",
                         "files"),
            "comparison": ("headline", "seats", "skill", "luck", "sources", "length", "method",
                           "files")}


@pytest.mark.parametrize("which", sorted(SECTIONS))
def test_every_section_a_designer_asks_for_is_there(pages, which):
    text = pages[which].read_text(encoding="utf-8")
    for key in SECTIONS[which]:
        assert f'<section id="{key}">' in text, key

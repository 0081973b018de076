"""The report page in headless Chromium: every figure decodes and shows (skipped without
Chromium, see tests/reports/browser.py)."""
from __future__ import annotations

import re
from pathlib import Path

import matplotlib.image as mpimg
import pytest

from reports.games import cuba
from reports.report import report
from tests.reports import synth
from tests.reports.browser import chromium, needs_browser

pytestmark = needs_browser
# counts the images that loaded and have a size on the page, into the body's data-shown
PROBE = ("<script>window.addEventListener('load',()=>{const i=[...document.images];"
         "document.body.dataset.shown=i.filter(x=>x.complete&&x.naturalWidth>0&&"
         "x.getBoundingClientRect().width>0).length;document.body.dataset.total=i.length;});"
         "</script>")


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("browser")
    df = synth.results([("a", "b"), ("a", "c"), ("b", "c"), ("a", "b", "c")], 6,
                       {"a": 2.0, "b": 1.0, "c": 0.0})
    return report(synth.write(tmp / "run", df), n_boot=20,
                  by_game={"cuba": cuba.sections}).index


def test_every_figure_shows_in_chromium(page, tmp_path):
    probed = tmp_path / "probe.html"
    probed.write_text(page.read_text().replace("</body>", PROBE + "</body>"))
    result = chromium(tmp_path, "--virtual-time-budget=5000", "--dump-dom", probed.as_uri())
    shown = re.search(r'data-shown="(\d+)"', result.stdout)
    total = re.search(r'data-total="(\d+)"', result.stdout)
    assert shown and total, result.stderr[-2000:]
    figures = len(list(page.parent.glob("*.png")))
    assert int(total.group(1)) == figures and int(shown.group(1)) == figures


def test_screenshot_is_not_blank(page, tmp_path):
    shot = tmp_path / "shot.png"
    chromium(tmp_path, "--window-size=1280,2400", f"--screenshot={shot}", page.as_uri())
    image = mpimg.imread(shot)
    assert image.shape[0] >= 2000 and image.shape[1] == 1280
    assert image[..., :3].std() > 0.05  # text and figures, not an empty page

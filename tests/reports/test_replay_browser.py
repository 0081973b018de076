"""The replay page of every game in headless Chromium (issue 22): it loads with no error
(at the event its link names), stepping redraws the board, the keys step, the link follows,
and the scores drawn on the board equal the trace's at several events and the final line's
at the end. One page load per game; skipped without Chromium (tests/reports/browser.py)."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from reports import replay as page
from tests.reports.browser import chromium, needs_browser
from tests.reports.replay_games import GAMES, drawn, scores, trace

pytestmark = needs_browser

# first in <head>: every error and console.error into <html data-errors>
CATCH = ("<script>(()=>{const d=document.documentElement;"
         "const add=m=>{d.dataset.errors=(d.dataset.errors||'')+m+' | '};"
         "window.addEventListener('error',e=>add('error: '+e.message));"
         "window.addEventListener('unhandledrejection',e=>add('rejection: '+e.reason));"
         "const log=console.error;console.error=(...a)=>{add('console.error: '+a.join(' '));"
         "log(...a)};})();</script>")
# last in <body>: draw every event, then step to each event of KS and read the board, press
# keys, step to KS[1] and read the link a second later; into <html data-probe>
PROBE = """<script>window.addEventListener('load',()=>{const d=document.documentElement;
try{const svg=document.getElementById('board-svg'),out={count:replay.count(),steps:[],
 linked:replay.index()};
const hash=s=>{let h=0;for(let i=0;i<s.length;i++)h=(h*31+s.charCodeAt(i))|0;return h;};
for(let k=replay.count()-1;k>=0;k--)replay.go(k);
for(const k of KS){replay.go(k);out.steps.push({k,index:replay.index(),
 scores:[...svg.querySelectorAll('.score')].map(t=>t.textContent),
 board:hash(svg.innerHTML),slider:Number(document.getElementById('slider').value),
 listed:Number(document.querySelector('#events li.now').dataset.k),
 said:document.querySelector('#events li.now').textContent});}
const key=k=>{document.dispatchEvent(new KeyboardEvent('keydown',{key:k,bubbles:true}));
 return replay.index();};
replay.go(0);out.keys={right:key('ArrowRight'),left:key('ArrowLeft'),round:key('n'),
 end:key('End'),home:key('Home')};out.rounds=replay.rounds();replay.go(KS[1]);
setTimeout(()=>{out.hash=location.hash;d.dataset.probe=JSON.stringify(out);},1000);
}catch(e){d.dataset.errors=(d.dataset.errors||'')+'probe: '+e+' | ';}});</script>"""


def probe(tmp_path: Path, t: page.Trace, steps: list[int]) -> tuple[dict, str]:
    """Load the page with the probes; (what the probe read, the errors caught)."""
    text = page.page(t).replace("<head>", "<head>" + CATCH, 1)
    text = text.replace("</body>", PROBE.replace("KS", json.dumps(steps)) + "</body>")
    path = tmp_path / "probe.html"
    path.write_text(text, encoding="utf-8")
    result = chromium(tmp_path, "--virtual-time-budget=10000", "--dump-dom",
                      path.as_uri() + "#event-3")
    root = re.search(r"<html[^>]*>", result.stdout)
    assert root, result.stderr[-2000:]
    attrs = dict(re.findall(r'data-(\w+)="([^"]*)"', root.group(0)))
    found = json.loads(html.unescape(attrs["probe"])) if "probe" in attrs else {}
    return found, html.unescape(attrs.get("errors", ""))


def telling(t: page.Trace) -> set[int]:
    """Jamaica's events whose public points (JAM-R23) use every term: a racing ship past the
    red line (a printed space value), a finished ship, and the end's `score` events showing
    treasures one by one."""
    if t.header["game"] != "jamaica":
        return set()
    seats = t.header["players"]
    past_line = next(k for k, s in enumerate(t.states) if any(
        pl["race"] == "racing" and pl["space"] >= 41 for pl in s["players"][:seats]))
    finished = next(k for k, s in enumerate(t.states) if any(
        pl["race"] == "finished" for pl in s["players"][:seats]))
    shown = [k for k, e in enumerate(t.events)
             if e["name"] == "score" and e["source"] in ("treasures", "curses")]
    return {past_line, finished, shown[0], shown[-1]}


@pytest.mark.parametrize("game", GAMES)
def test_replay_page_in_chromium(tmp_path, game):
    t = trace(game)
    n = len(t.events)
    steps = sorted({0, n // 5, 2 * n // 5, 3 * n // 5, 4 * n // 5, n - 1} | telling(t))
    found, errors = probe(tmp_path, t, steps)
    assert errors == "" and found, errors
    assert found["count"] == n and found["linked"] == 2   # opened at #event-3
    for step in found["steps"]:
        k = step["k"]
        assert step["index"] == step["slider"] == step["listed"] == k
        assert step["said"] == t.events[k]["text"]   # the event list reads as the log
        assert step["scores"] == drawn(game, scores(t, k)), k
    assert found["steps"][-1]["scores"] == drawn(game, t.final["scores"])
    # stepping redraws: as many different boards as different states and scores among the
    # steps (Jamaica's end shows treasures in `score` events that leave the state alone)
    states = {json.dumps([t.states[k], scores(t, k)], sort_keys=True) for k in steps}
    assert len({s["board"] for s in found["steps"]}) == len(states) > 1
    rounds = found["rounds"]
    assert rounds[0] == 0 and len(rounds) > 1
    assert found["keys"] == {"right": 1, "left": 0, "round": rounds[1], "end": n - 1, "home": 0}
    assert found["hash"] == f"#event-{steps[1] + 1}"   # the link follows the last step

"""Every documented command runs: the collector of tests/docs_commands.py on fixture pages
(normal suite), the convention checked on README.md and docs/ (normal suite, nothing run),
and the real pages' blocks run at smoke scale (marker docs_commands: `make docs-commands`)."""
from __future__ import annotations

import pytest

from tests import docs_commands as dc

PAGE = """# A page

```sh
meeplab games
```

<!-- no-run: needs a browser -->
```bash
make run
```

```text
$ meeplab games
cuba (Cuba): 2-5 players
```

- a list item:

  ```sh
  meeplab tournament configs/tournaments/cuba-round-robin.toml \\
      --games 8 --out runs/quick   # a comment --out not/this
  meeplab play cuba --html game.html --trace=game.jsonl > log.txt
  ```

~~~toml
games = 8
~~~
"""


def test_parse_tags_markers_and_indentation():
    blocks = dc.parse(PAGE, "page.md")
    assert [(b.lang, b.line, b.runnable) for b in blocks] == [
        ("sh", 3, True), ("bash", 8, False), ("text", 12, False), ("sh", 19, True),
        ("toml", 25, False)]
    assert blocks[1].no_run == "needs a browser"
    assert blocks[3].text.startswith("meeplab tournament configs/")
    assert blocks[4].text == "games = 8\n"


def test_outputs_as_written():
    block = dc.parse(PAGE)[3]
    assert dc.outputs(block.text) == ["runs/quick", "game.html", "game.jsonl", "log.txt"]
    assert dc.outputs("meeplab report $RUN --out x/$N > /dev/null\n") == []


def test_problems_name_page_line_and_fix():
    bad = dc.parse("```\nmeeplab games\n```\n<!-- no-run: x -->\n```toml\na = 1\n```\n"
                   "```console\n$ ls\n```\n<!-- no-run: -->\n```sh\n$ meeplab games\n```\n",
                   "bad.md")
    found = dc.problems(bad)
    assert [p.split(":")[1] for p in found] == ["1", "5", "8", "12", "12"]
    assert all(p.startswith("bad.md:") and ";" in p for p in found)
    assert dc.problems(dc.parse(PAGE)) == []
    assert dc.dangling_markers("<!-- no-run: x -->\n\n```sh\nls\n```\n", "d.md") == [
        "d.md:1: a no-run comment must be on the line just above a ```sh or ```bash block"]


def test_run_page_passes_chains_and_fails(tmp_path):
    ok = dc.parse("```sh\nmkdir -p runs && echo hi > runs/a.txt\n```\n"
                  "```sh\ntest -f runs/a.txt && test -d configs && test \"$MEEPLAB_SMOKE\" = 1 "
                  "> b.txt\n```\n<!-- no-run: fails -->\n```sh\nfalse\n```\n", "ok.md")
    assert dc.run_page(ok, tmp_path / "ok") == []
    broken = dc.parse("```sh\nmeeplab no-such-command\n```\n", "broken.md")
    (failure,) = dc.run_page(broken, tmp_path / "broken")
    assert failure.startswith("broken.md:1: exit 2:")
    silent = dc.parse("```sh\ntrue --out never-written\n```\n", "silent.md")
    assert dc.run_page(silent, tmp_path / "silent") == [
        "silent.md:1: ran, but did not write never-written:\ntrue --out never-written\n"]


def _uses_convention(blocks: list[dc.Block]) -> bool:
    return any(b.lang in dc.RUN_TAGS or b.no_run is not None for b in blocks)


def test_documented_blocks_follow_the_convention():
    """Commands are ```sh/```bash (run, or marked no-run), output ```text. Every page is
    checked once README.md uses the convention; before that, only the pages that do."""
    by_page = {page: dc.page_blocks(page) for page in dc.pages()}
    readme = dc.ROOT / "README.md"
    strict = _uses_convention(by_page.get(readme, []))
    checked = [page for page, blocks in by_page.items() if strict or _uses_convention(blocks)]
    if not checked:
        pytest.skip("no page uses the sh/bash/no-run convention yet")
    found = [p for page in checked for p in dc.problems(by_page[page])] + [
        p for page in checked for p in dc.dangling_markers(
            page.read_text(encoding="utf-8"), page.relative_to(dc.ROOT).as_posix())]
    assert not found, "\n".join(found)


RUN_PAGES = [page for page in dc.pages() if any(b.runnable for b in dc.page_blocks(page))]


@pytest.mark.docs_commands
@pytest.mark.parametrize("page", RUN_PAGES or [None],
                         ids=[p.relative_to(dc.ROOT).as_posix() for p in RUN_PAGES] or ["none"])
def test_documented_commands_run(page, tmp_path):
    if page is None:
        pytest.skip("no page has a runnable sh/bash block")
    failures = dc.run_page(dc.page_blocks(page), tmp_path)
    assert not failures, "\n".join(failures)

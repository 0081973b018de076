"""The documented commands: collect the fenced shell blocks of README.md and docs/**/*.md and
run them as a user would.

The convention: a block tagged ```sh or ```bash holds commands a user types; it is run, in
page order, in one fresh temporary directory per page that holds a copy of configs/ (and
`.venv`, the environment running the tests), with MEEPLAB_SMOKE=1 so that meeplab itself
keeps the work small. A block that must not run has `<!-- no-run: <reason> -->` on the line
just above it. Output shown to the reader goes in ```text blocks, never run. A run block must
exit 0 and leave every path it names as an output (--out, --html, --trace, --presets-dir, a
`>` redirection).
"""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUN_TAGS = ("sh", "bash")
OTHER_SHELL_TAGS = ("shell", "console", "zsh", "shell-session", "sh-session", "shellsession")
NO_RUN = re.compile(r"^\s*<!--\s*no-run:(.*?)-->\s*$")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^`\s]*)")
# an untagged block whose first line reads like a command should say what it is
COMMAND_LIKE = re.compile(r"^(\$ |meeplab\b|\.venv/bin/|make\b|python3?\b|pip\b|cd\b|\./)")
OUTPUT_OPTIONS = ("--out", "--html", "--trace", "--presets-dir")
TIMEOUT_S = 1800   # a block; a first run compiles the engines it plays


@dataclass(frozen=True)
class Block:
    """One fenced code block of a page."""

    page: str
    line: int            # 1-based line of the opening fence
    lang: str            # the info string's first word, lower case ('' when untagged)
    text: str            # the content, the fence's indentation removed
    no_run: str | None   # the reason of a no-run comment just above, else None

    @property
    def runnable(self) -> bool:
        """Tagged sh or bash and not marked no-run."""
        return self.lang in RUN_TAGS and self.no_run is None

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def parse(text: str, page: str = "<page>") -> list[Block]:
    """The fenced blocks of a Markdown text (``` or ~~~ fences, any indentation)."""
    lines = text.splitlines()
    blocks, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, lang = len(m.group(1)), m.group(2), m.group(3).lower()
        above = NO_RUN.match(lines[i - 1]) if i else None
        body, j = [], i + 1
        while j < len(lines):
            close = FENCE.match(lines[j])
            if (close and close.group(2)[0] == fence[0] and len(close.group(2)) >= len(fence)
                    and not close.group(3)):
                break
            line = lines[j]
            body.append(line[indent:] if line[:indent].isspace() else line.lstrip())
            j += 1
        blocks.append(Block(page, i + 1, lang, "\n".join(body) + "\n",
                            above.group(1).strip() if above else None))
        i = j + 1
    return blocks


def pages(root: Path = ROOT) -> list[Path]:
    """README.md, then every Markdown page under docs/, sorted."""
    found = [root / "README.md"] if (root / "README.md").is_file() else []
    return found + sorted((root / "docs").rglob("*.md"))


def page_blocks(path: Path, root: Path = ROOT) -> list[Block]:
    """The blocks of one page, named by its path relative to root."""
    return parse(path.read_text(encoding="utf-8"), path.relative_to(root).as_posix())


def dangling_markers(text: str, page: str = "<page>") -> list[str]:
    """no-run comments that are not on the line just above a fence."""
    lines = text.splitlines()
    return [f"{page}:{i + 1}: a no-run comment must be on the line just above a ```sh or "
            f"```bash block" for i, line in enumerate(lines)
            if NO_RUN.match(line) and not (i + 1 < len(lines) and FENCE.match(lines[i + 1]))]


def problems(blocks: list[Block]) -> list[str]:
    """Blocks that break the convention, one line each: 'page:line: problem; fix'."""
    out = []
    for b in blocks:
        first = next((ln.strip() for ln in b.text.splitlines() if ln.strip()), "")
        if b.no_run is not None and b.lang not in RUN_TAGS:
            out.append(f"{b.where}: no-run marks a ```{b.lang or ''} block; only ```sh and "
                       "```bash blocks run, so drop the comment")
        elif b.no_run == "":
            out.append(f"{b.where}: no-run without a reason; write <!-- no-run: why -->")
        if b.lang in OTHER_SHELL_TAGS:
            out.append(f"{b.where}: ```{b.lang} is neither run nor output; tag commands sh "
                       "(run by the docs test, or marked no-run) and output text")
        elif not b.lang and COMMAND_LIKE.match(first):
            out.append(f"{b.where}: an untagged block of commands; tag it sh (run by the docs "
                       "test, or marked no-run) or text (output)")
        if b.lang in RUN_TAGS and any(ln.lstrip().startswith("$ ")
                                      for ln in b.text.splitlines()):
            out.append(f"{b.where}: a command block with '$ ' prompts; keep the commands in "
                       "```sh and show their output in a ```text block")
    return out


def commands(text: str) -> list[list[str]]:
    """The words of each command of a block (continuations joined, comments dropped)."""
    joined = re.sub(r"\\\n", " ", text)
    out = []
    for line in joined.splitlines():
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            continue
        if words:
            out.append(words)
    return out


def outputs(text: str) -> list[str]:
    """The paths a block names as its outputs, as written (shell variables and globs left
    out): the values of --out, --html, --trace, --presets-dir and `>` redirections."""
    found = []
    for words in commands(text):
        for i, word in enumerate(words):
            value = None
            if word in OUTPUT_OPTIONS or word in (">", ">>"):
                value = words[i + 1] if i + 1 < len(words) else None
            elif word.startswith(tuple(o + "=" for o in OUTPUT_OPTIONS)):
                value = word.split("=", 1)[1]
            elif word.startswith(">") and word.strip(">"):
                value = word.lstrip(">")
            if value and not re.search(r"[$*?{]", value) and value != "/dev/null":
                found.append(value)
    return found


def environment(tmp: Path) -> dict[str, str]:
    """The variables a documented command runs with: smoke scale, the test's environment's
    bin first on PATH, user folders inside tmp, 100 columns."""
    env = dict(os.environ)
    env.pop("MEEPLAB_PRESETS", None)
    env |= {"MEEPLAB_SMOKE": "1", "COLUMNS": "100", "XDG_CONFIG_HOME": str(tmp / ".config"),
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
            "MPLBACKEND": "Agg"}
    return env


def workspace(tmp: Path, root: Path = ROOT) -> Path:
    """tmp with a copy of configs/ and `.venv` pointing at the running environment."""
    tmp.mkdir(parents=True, exist_ok=True)
    if (root / "configs").is_dir():
        shutil.copytree(root / "configs", tmp / "configs", dirs_exist_ok=True)
    venv = tmp / ".venv"
    if not venv.exists():
        venv.symlink_to(Path(sys.prefix), target_is_directory=True)
    return tmp


def run_block(block: Block, cwd: Path, timeout: float = TIMEOUT_S) -> str | None:
    """Run one block with bash (-e -u -o pipefail); None when it passes, else why not."""
    try:
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", block.text], cwd=cwd,
                              env=environment(cwd), capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"{block.where}: did not finish in {timeout:g} s:\n{block.text}"
    if done.returncode:
        tail = "\n".join((done.stderr or done.stdout).splitlines()[-15:])
        return (f"{block.where}: exit {done.returncode}:\n{block.text}--- output (last "
                f"lines) ---\n{tail}")
    missing = [p for p in outputs(block.text) if not (cwd / p).exists()]
    if missing:
        return f"{block.where}: ran, but did not write {', '.join(missing)}:\n{block.text}"
    return None


def run_page(blocks: list[Block], tmp: Path, root: Path = ROOT) -> list[str]:
    """Run a page's runnable blocks in order in one workspace; the failures (it stops at the
    first, since later blocks may build on it)."""
    cwd = workspace(tmp, root)
    for block in blocks:
        if block.runnable:
            failure = run_block(block, cwd)
            if failure:
                return [failure]
    return []

"""What the commands that play runs share: stopping and saying how to continue, and writing
a report with its summary."""
from __future__ import annotations

import shlex
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

from sim.cli.app import Summary
from sim.errors import UserError, fail, user_errors

def write_report(make: Callable[[], Any], what: str) -> Summary:
    """Run a report writer: its terminal summary and where it wrote (bad input: exit 2)."""
    from reports.runs import RunDataError

    with user_errors():
        try:
            written = make()
        except RunDataError as exc:
            raise UserError(str(exc)) from exc
    return Summary(written.data | {"index": written.index},
                   written.lines + [f"{what}: {written.index}"])


def interrupted(exc: BaseException, again: str) -> NoReturn:
    """Exit 130 after Ctrl-C/SIGTERM: what was kept (a run's 'N shards kept'; a bare second
    Ctrl-C stops at once, keeping the shards finished so far) and how to continue."""
    kept = str(exc) or "stopped at once, the finished shards are kept"
    fail(f"interrupted ({kept}); continue with: {again}", code=130)


def again_command(command: str, config: Path, *tail: str | Path, **options: Any) -> str:
    """The command line that continues a stopped command as printed: `meeplab COMMAND CONFIG`,
    the options given (`--key value`; None, 0 and [] left out; a list repeated), then tail."""
    words = ["meeplab", command, str(config)]
    for key, value in options.items():
        for item in value if isinstance(value, list) else [value]:
            if item is not None and item != 0:
                words += [f"--{key}", str(item)]
    return shlex.join(words + [str(w) for w in tail])


def resume_hint(run_dir: Path, cfg: Any) -> str:
    """The command that completes the run of cfg (a Config) in run_dir, options included."""
    from reports.runs import resume_command

    return resume_command(run_dir, {"config_file": cfg.path, "run_options": cfg.run_options})


@contextmanager
def stoppable(again: str, log: str) -> Iterator[None]:
    """Ctrl-C/SIGTERM: exit 130 saying how to continue (`again`); a failed shard: exit 1."""
    from sim.run import runner

    try:
        yield
    except (runner.RunInterrupted, KeyboardInterrupt) as exc:
        interrupted(exc, again)
    except runner.ShardFailed as exc:
        fail(f"a shard failed ({exc}); see {log}, finished shards are kept", code=1)

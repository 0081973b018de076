"""User-facing errors: one line `error: <problem>; <fix>` on stderr, exit code 2."""
from __future__ import annotations

import errno
import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn, TypeVar

import typer

from reports.files import write_fix

USAGE_EXIT = 2


class UserError(Exception):
    """A bad input the user can fix; str() is '<problem>; <fix>'."""

    def __init__(self, problem: str, fix: str = "") -> None:
        self.problem, self.fix = problem, fix
        super().__init__(f"{problem}; {fix}" if fix else problem)


def one_line(text: str) -> str:
    """Collapse a message to a single line."""
    return " ".join(str(text).split())


def fail(message: str, code: int = USAGE_EXIT) -> NoReturn:
    """Print `error: message` (one line) to stderr and exit with `code`."""
    typer.echo(f"error: {one_line(message)}", err=True)
    raise typer.Exit(code)


def os_error(exc: OSError) -> UserError:
    """An OS error (a path that cannot be read or written, a full disk) as a UserError."""
    where = f" {exc.filename}" if exc.filename else ""
    fix = write_fix(exc, "choose a writable location (--out)"
                    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS) else "check the path")
    return UserError(f"cannot use{where} ({exc.strerror or exc})", fix)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn a UserError (or an OS error such as a read-only or full disk) raised inside the
    block into the one-line error and exit code 2."""
    try:
        yield
    except UserError as exc:
        fail(str(exc))
    except BrokenPipeError:
        raise   # the reader of stdout left (| head): the entry point ends quietly
    except OSError as exc:
        fail(str(os_error(exc)))


F = TypeVar("F", bound=Callable[..., Any])


def as_user_errors(errors: tuple[type[Exception], ...], fix: str) -> Callable[[F], F]:
    """Decorator: re-raise `errors` (one-line rules-data errors) as UserError; `fix` is added
    when the message does not already say what to do."""
    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def inner(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except errors as exc:
                message = str(exc)
                raise UserError(message, "" if ";" in message else fix) from exc
        return inner  # type: ignore[return-value]
    return wrap

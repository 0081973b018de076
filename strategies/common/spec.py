"""How a kernel module declares itself to its game's registry (pure Python, never compiled).

A kernel module in strategies/<game>/ defines three constants next to its compiled
`choose(params, s, t, opts, n, rng) -> index`:

- `KERNEL`: the kernel's name, as presets name it in configs/strategies/<game>.toml;
- `DESCRIPTION`: one line;
- `PARAMS`: a tuple of `Param`, in the order of the parameter vector `choose` receives.

A preset gives every parameter without a `default` a value: a finite number (within `low`..`high` where given; a
whole number for an `integer` parameter, which the kernel casts to an int), or for
a parameter with `choices` one of the choice names, passed to the kernel as its index in
`choices`, or for a `preset` parameter the name of another strategy: the kernel receives that
strategy's kernel id there and its parameter row right after its own parameters (the search
kernel's rollout policy, strategies.common.search), or for a `model` parameter `none` or the
name of one of the game's learned value models (configs/values/<game>.toml): the kernel
receives 0 or 1 there and the model's coefficients at strategies.common.value.VALUE_ROW.
"""
from __future__ import annotations

from typing import NamedTuple


class Param(NamedTuple):
    """One entry of a kernel's parameter vector."""

    name: str
    doc: str
    choices: tuple[str, ...] = ()  # empty: a number; else one of these names (its index)
    preset: bool = False           # the value names another strategy (see the docstring)
    model: bool = False            # the value names a learned value model, or `none`
    low: float | None = None       # least value allowed, if any
    high: float | None = None      # greatest value allowed, if any
    integer: bool = False          # a whole number (the kernel casts it to an int)
    default: object = None         # the value of a preset that omits it (None: required)


# a seat's parameter row: a kernel's parameters, an embedded rollout preset's, a value model's
# coefficients (strategies.common.value.VALUE_ROW), then RESERVED columns, never a kernel's own
# parameters: restricted play's three (strategies.common.restrict) and the search's time budget
# (strategies.common.search)
MAX_PARAMS = 56
RESERVED = 4


class PresetError(ValueError):
    """A bad presets file; the message is one line '<problem>; <fix>'."""


# the greatest whole number an `integer` parameter may hold without a `high` of its own: it
# stays exact in the float64 row and fits the int32/int64 the kernels cast it to
MAX_INTEGER = 2**31 - 1


def param_names(params: tuple[Param, ...]) -> list[str]:
    """Names of the parameters, in vector order."""
    return [p.name for p in params]

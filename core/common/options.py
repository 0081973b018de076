"""Option codes every game's actions.py encodes its legal options with: `tag << shift |
payload`, the tag naming the kind of option and the payload its details (compiled).

A game binds its shift once: `option, tag, payload = codec("<game>", TAG_SHIFT)`."""
from collections.abc import Callable

import numpy as np

from core.common.loop import compiled_for
from core.jit import njit


def _option(tag, payload):
    """Option code for (tag, payload), the payload in the low SHIFT bits."""
    return np.int32((tag << SHIFT) | payload)  # noqa: F821 (the codec's namespace)


def _tag(o):
    """The tag of option code o."""
    return o >> SHIFT  # noqa: F821


def _payload(o):
    """The payload of option code o."""
    return o & ((1 << SHIFT) - 1)  # noqa: F821


def codec(game: str, shift: int) -> tuple[Callable, Callable, Callable]:
    """A game's compiled (option(tag, payload), tag(o), payload(o)) for payloads of `shift`
    bits, each inlined into its callers and cached with the game's code."""
    namespace = {"SHIFT": shift}
    return tuple(compiled_for(fn, game, namespace, inline="always")  # type: ignore[return-value]
                 for fn in (_option, _tag, _payload))


@njit(inline="always")
def either(opts, first, second):
    """Write the two options of a two-way decision (first, second) into opts; return 2."""
    opts[0] = first
    opts[1] = second
    return 2

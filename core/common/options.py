"""Option codes every game's actions.py encodes its legal options with: `tag << shift |
payload`, the tag naming the kind of option and the payload its details (compiled)."""
import numpy as np

from core.jit import njit


@njit(inline="always")
def enc(tag, payload, shift):
    """Option code for (tag, payload) with the payload in the low `shift` bits."""
    return np.int32((tag << shift) | payload)


@njit(inline="always")
def tag_of(o, shift):
    """The tag of option code o."""
    return o >> shift


@njit(inline="always")
def payload_of(o, shift):
    """The payload of option code o."""
    return o & ((1 << shift) - 1)

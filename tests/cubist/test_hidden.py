"""Cubist's hidden-information sampler (core/cubist/hidden.py): it redraws only what a seat
cannot see, and a kernel's decision never depends on it."""
from __future__ import annotations

import numpy as np

from core.cubist import hidden
from core.cubist import state as S
from core.cubist import trace as TRC
from core.cubist.check import check_state
from core.cubist.state import G, O
from core.cubist.tables import load_tables
from tests.cubist.helpers import start


def test_CUBIST_sample_hidden_redraws_decks_and_dice_only():
    s, t = start()
    tables = load_tables()
    rng = np.zeros(1, np.uint64)
    rng[0] = 12345
    copy = s.copy()
    hidden.sample_hidden(copy, t, 0, rng)
    assert check_state(copy, t) == 0
    assert TRC.public_state(copy, tables, 3) == TRC.public_state(s, tables, 3)
    changed = np.flatnonzero(copy != s)
    allowed = set(range(O.IDECK, O.IDECK + 23)) | set(range(O.ADECK, O.ADECK + 32)) | \
        set(range(G.RNG, G.RNG + 4))
    assert changed.size and set(changed) <= allowed
    ptr = s[G.IDECK_PTR]
    assert sorted(copy[O.IDECK + ptr:O.IDECK + 23]) == sorted(s[O.IDECK + ptr:O.IDECK + 23])


def test_CUBIST_sample_hidden_keeps_the_known_bottom_of_the_artist_deck():
    s, t = start()
    for slot in (0, 1):  # two face-up cards go to the bottom (used), two are revealed
        S.artist_to_bottom(s, s[O.ART + slot])
        s[O.ART + slot] = S.draw_artist(s)
    assert check_state(s, t) == 0 and s[G.ADECK_SEEN] == 2
    rng = np.zeros(1, np.uint64)
    for seed in range(5):
        rng[0] = seed
        copy = s.copy()
        hidden.sample_hidden(copy, t, 1, rng)
        n = s[G.ADECK_N]
        ring = lambda a: [a[O.ADECK + ((a[G.ADECK_HEAD] + i) & S.RING)] for i in range(n)]  # noqa
        assert ring(copy)[-2:] == ring(s)[-2:]
        assert sorted(ring(copy)) == sorted(ring(s))

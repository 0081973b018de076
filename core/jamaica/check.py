"""Invariant checker: holds well formed, every action card and treasure card in exactly one
place, the lairs' tokens and the treasure pile in step (whatever the pile's size), the race
phases consistent with the positions, the bank's limits kept (JAM-Q3)."""
from core.common.arith import popcount
from core.common.errors import (  # noqa: F401 (loop codes re-exported)
    ERR_ILLEGAL, ERR_STUCK, FIRST_GAME_ERROR, LOOP_ERR_NAMES, OK,
)
from core.jamaica import codes as C
from core.jamaica import state as S
from core.jamaica.codes import M, SW, T
from core.jamaica.state import G, O, P
from core.jit import njit

ERR_HOLDS = FIRST_GAME_ERROR      # a hold negative, of no kind with tokens, or a 6th hold unowned
ERR_CARDS = ERR_HOLDS + 1         # action cards not conserved, or a hand miscounted
ERR_TREASURES = ERR_HOLDS + 2     # treasure cards, pile or tokens out of step
ERR_RACE = ERR_HOLDS + 3          # a race phase that does not fit the position
ERR_BANK = ERR_HOLDS + 4          # more tokens in play than the limited bank holds
ERR_NAMES = LOOP_ERR_NAMES + ("holds broken", "action cards not conserved",
                              "treasures not conserved", "race phase inconsistent",
                              "bank exceeded")


@njit
def check_holds(s, t):
    """Every hold: a kind with tokens > 0, or empty with 0; the 6th only with its card."""
    for q in range(s[G.NSHIPS]):
        b = S.pbase(q)
        for h in range(C.NHOLDS):
            k, n = s[b + P.HOLD_KIND + h], s[b + P.HOLD_N + h]
            if k < C.EMPTY or k > C.POWDER or n < 0 or (k == C.EMPTY) != (n == 0):
                return ERR_HOLDS
        if s[b + P.HOLD_N + C.SIXTH] > 0 and not S.has_power(s, t, q, C.SIXTH_HOLD):
            return ERR_HOLDS
    return OK


@njit
def check_cards(s, t):
    """Each seat's 11 cards are once each in hand, deck, discards or face down."""
    for p in range(s[G.NP]):
        b = S.pbase(p)
        seen = s[b + P.HAND] | s[b + P.DISCARD]
        total = popcount(s[b + P.HAND]) + popcount(s[b + P.DISCARD])
        if s[b + P.CHOSEN] >= 0:
            seen |= 1 << s[b + P.CHOSEN]
            total += 1
        if s[b + P.DECK_N] < 0 or s[b + P.DECK_N] > C.NCARDS:
            return ERR_CARDS
        for i in range(s[b + P.DECK_N]):
            seen |= 1 << s[b + P.DECK + i]
            total += 1
        if seen != (1 << C.NCARDS) - 1 or total != C.NCARDS:
            return ERR_CARDS
        if s[b + P.HAND_N] != popcount(s[b + P.HAND]) or s[b + P.HAND_N] > C.MAX_HAND:
            return ERR_CARDS
    return OK


@njit
def check_treasures(s, t):
    """Pile cards are marked in the pile, owners are ships, tokens match the pile; a card
    lies as its ship may lay it (JAM-V1.3: a player shows its powers and knows its cards,
    only the Ghost Ship holds lair cards face down), unheld cards neither lie nor are known."""
    in_pile = 0
    for c in range(C.NTREASURES):
        w = s[O.TOWNER + c]
        face, seen = s[O.TFACE + c], s[O.TSEEN + c]
        if w == S.IN_PILE:
            in_pile += 1
        elif w != S.OUT and not 0 <= w < s[G.NSHIPS]:
            return ERR_TREASURES
        if w < 0:
            if face != C.FACE_UP or seen != 0:
                return ERR_TREASURES
        elif face < C.FACE_UP or face > C.FACE_DOWN_LAIR or seen >> s[G.NP] != 0:
            return ERR_TREASURES
        elif S.is_ghost(s, w):
            power = t[T.TREASURE_KIND + c] == C.POWER
            if (face == C.FACE_UP and not power) or (face == C.FACE_DOWN and power):
                return ERR_TREASURES
        elif face != (C.FACE_UP if t[T.TREASURE_KIND + c] == C.POWER else C.FACE_DOWN) \
                or (seen >> w) & 1 == 0:
            return ERR_TREASURES
    if in_pile != s[G.TPILE_N]:
        return ERR_TREASURES
    for i in range(s[G.TPILE_N]):
        if s[O.TOWNER + s[O.TPILE + i]] != S.IN_PILE:
            return ERR_TREASURES
    # JAM-R1, R2: the pile starts with misc.treasures_used cards and every lair with a token;
    # each visit to a lair with its token takes the token and, while the pile lasts, its top
    # card, so the pile holds max(0, tokens + used - lairs) cards
    tokens, lairs = 0, 0
    for x in range(C.NSPACES):
        lair = t[T.SPACE_KIND + x] == C.LAIR
        lairs += 1 if lair else 0
        if s[O.TOKEN + x] != 0:
            if not lair or s[O.TOKEN + x] != 1:
                return ERR_TREASURES
            tokens += 1
    expected = max(0, tokens + t[T.MISC + M.TREASURES_USED] - lairs)
    return OK if s[G.TPILE_N] == expected else ERR_TREASURES


@njit
def check_race(s, t):
    """Start and finished ships are on Port Royal, the others not; the ghost never finishes."""
    for q in range(s[G.NSHIPS]):
        b = S.pbase(q)
        race, x = s[b + P.RACE], s[b + P.POS]
        if not 0 <= x < C.NSPACES or not C.START <= race <= C.FINISHED:
            return ERR_RACE
        if (race == C.START or race == C.FINISHED) != (x == 0):
            return ERR_RACE
        if race == C.FINISHED and S.is_ghost(s, q):
            return ERR_RACE
    return OK


@njit
def check_bank(s, t):
    """Under bank_limited (JAM-Q3) the ships hold at most the bank's tokens."""
    if t[T.SWITCHES + SW.BANK_LIMITED] == 0:
        return OK
    for kind in range(C.GOLD, C.POWDER + 1):
        held = 0
        for q in range(s[G.NSHIPS]):
            held += S.amount(s, q, kind)
        if held > t[T.MISC + M.BANK_GOLD + kind - C.GOLD]:
            return ERR_BANK
    return OK


@njit
def check_state(s, t):
    """0 when every invariant holds, else the first broken one's ERR_ code."""
    return (check_holds(s, t)
            or check_cards(s, t)
            or check_treasures(s, t)
            or check_race(s, t)
            or check_bank(s, t))

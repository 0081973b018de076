"""Error codes of the play loop itself. Each game's check.py numbers its invariant errors from
FIRST_GAME_ERROR on and names them in ERR_NAMES = LOOP_ERR_NAMES + its own names."""
from core.jit import njit

OK = 0
ERR_ILLEGAL = 1   # a strategy chose outside the legal options or changed the state
ERR_STUCK = 2     # the game did not end within the step limit
FIRST_GAME_ERROR = 3
LOOP_ERR_NAMES = ("ok", "illegal decision", "game did not end")

# Decision points per game before a game counts as stuck (ERR_STUCK), for a game whose engine
# declares no bound of its own (core.common.game.Engine.max_steps).
MAX_STEPS = 20000


@njit
def fixed_max_steps(t, n_players):
    """The shared safeguard, MAX_STEPS, for a game that declares no bound of its own."""
    return MAX_STEPS

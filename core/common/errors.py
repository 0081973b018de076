"""Error codes of the play loop itself. Each game's check.py numbers its invariant errors from
FIRST_GAME_ERROR on and names them in ERR_NAMES = LOOP_ERR_NAMES + its own names."""
OK = 0
ERR_ILLEGAL = 1   # a strategy chose outside the legal options or changed the state
ERR_STUCK = 2     # the game did not end within the step limit
FIRST_GAME_ERROR = 3
LOOP_ERR_NAMES = ("ok", "illegal decision", "game did not end")

"""Strategy parts every game shares: how a kernel declares its parameters, the random kernel,
the kernel dispatcher and preset registry, and a game's strategies bound to its descriptor."""

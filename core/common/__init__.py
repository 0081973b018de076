"""Engine parts every game shares: the random streams, the trace buffer, the loop-level error
codes and the compiled play loop that each game binds to its own rules and strategies."""

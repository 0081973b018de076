"""Strategy parts every game shares: how a kernel declares its parameters, the preset registry
and the description of a game that the orchestration layer (sim/) plays."""

"""Studies built on the tournament runner: sweeps, tuning, the meta-game and its growth, the
skill ladder, restricted play, the design dossier and findings."""

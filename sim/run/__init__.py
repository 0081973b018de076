"""Running tournaments: configs, the schedule of matchups and deals, shards played on a
backend (local processes or Dask), and the run directory they are stored in."""

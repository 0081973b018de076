"""The pages and statistics of the studies (sim/studies/), one module per study."""

"""`python -m sim.cli`: the meeplab command line."""
from sim.cli import main

main()

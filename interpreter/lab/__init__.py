"""The simulation lab: bots, many seeded games in parallel, their statistics, and sweeps of many configurations on Dask."""

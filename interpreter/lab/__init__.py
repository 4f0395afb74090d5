"""The simulation lab: bots, many seeded games in parallel, and their statistics."""

"""Batch simulation, tournaments and statistics over the game contract."""

"""The game's scenes: title, new game, table, hand-over, settlement, standings, settings."""

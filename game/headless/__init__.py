"""Headless commands above the engine: the engine's command line (`python -m game.engine`) and `simulate`.

They live here, not in game/engine/, because they need the rule sets and the AI, and the engine imports neither.
"""

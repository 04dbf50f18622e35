"""Tests of the pygame-ce user interface (run headless: see conftest.py)."""

"""The table view: one scene (scene.TableScene) over a table, its parts each in a module of its own.

Which file owns what, and how data flows, is in README.md beside this file.
"""

"""`python -m game` / `lingnan-mahjong`: opens the game."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    # The pygame table arrives with its own issue; until then the engine is playable headless.
    print("Lingnan Mahjong 0.1: the table UI is not built yet.\n"
          "The rules engine works today, e.g.:\n"
          "  python -m game.engine simulate --variant nanning --seed 1 --rounds 8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

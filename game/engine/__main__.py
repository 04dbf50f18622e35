import sys

from game.engine.cli import main

sys.exit(main())

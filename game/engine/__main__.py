"""`python -m game.engine score|run|simulate` (contract: docs/engine-cli.md). The command line itself lives a layer
up, in game.headless, since it needs the rule sets and the AI that the engine never imports."""

from game.headless.engine_cli import main

raise SystemExit(main())

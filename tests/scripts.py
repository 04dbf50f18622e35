"""The project's own scripts (benchmarks/, tools/), loaded as modules by the tests that exercise them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_script(relative: str) -> ModuleType:
    """The script at `relative` (e.g. "benchmarks/arena.py") as a module, loaded once per test run. It is
    registered in sys.modules, where its dataclasses look their module up."""
    path = ROOT / relative
    name = "lingnan_script_" + "_".join(path.relative_to(ROOT).with_suffix("").parts)
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None, path
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
    return sys.modules[name]

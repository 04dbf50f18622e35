"""Prepare what the packaged game ships, before PyInstaller runs (build.spec calls this).

1. Compile the gettext catalogues (locales/*.po -> .mo).
2. Subset the Noto Sans SC / TC fonts to the characters the game can show (every string literal in game/, every
   catalogue entry, ASCII), keeping their weight axis, into build/bundle/fonts/, with the font licence (OFL).

    python tools/prepare_bundle.py [--out build/bundle]
"""

from __future__ import annotations

import argparse
import ast
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def used_characters() -> set[str]:
    chars = {chr(c) for c in range(0x20, 0x7F)}
    chars |= set("，。、：；！？（）“”‘’《》【】·…—×÷±→←↑↓⚠✓●○■□")
    for path in (ROOT / "game").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                chars |= set(node.value)
    for po in (ROOT / "locales").rglob("*.po"):
        chars |= set(po.read_text(encoding="utf-8"))
    from game.engine.tiles import zh_name

    for kind in range(42):
        chars |= set(zh_name(kind))
    # tile faces print traditional forms (萬 東 發 蘭 …) and numerals
    chars |= set("一二三四五六七八九萬東南西北中發白春夏秋冬梅蘭菊竹万东发兰鬼財财庄")
    return {c for c in chars if c.isprintable()}


def subset_fonts(out: Path) -> list[Path]:
    from importlib.resources import files

    from fontTools import subset

    text = "".join(sorted(used_characters()))
    made = []
    fonts_out = out / "fonts"
    fonts_out.mkdir(parents=True, exist_ok=True)
    for folder, name in (("notosanssc", "NotoSansSC[wght].ttf"), ("notosanstc", "NotoSansTC[wght].ttf")):
        src = Path(str(files("justmytype_intl_cjk") / "fonts" / "ofl" / folder / name))
        dst = fonts_out / name
        options = subset.Options()
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        font = subset.load_font(str(src), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=text)
        subsetter.subset(font)
        subset.save_font(font, str(dst), options)
        made.append(dst)
        licence = src.parent / "OFL.txt"
        if licence.exists():
            shutil.copy(licence, fonts_out / f"{dst.stem.split('[')[0]}-OFL.txt")
    return made


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "bundle")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT / "tools"))
    from i18n import compile_all

    compile_all()
    for path in subset_fonts(args.out):
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Prepare what the packaged game ships, before PyInstaller runs (build.spec calls this), and pack it afterwards.

1. Compile the gettext catalogues (locales/*.po -> .mo).
2. Subset the Noto Sans SC / TC fonts to the characters the game can show (every string literal in game/, every
   catalogue entry, ASCII), keeping their weight axis, into build/bundle/fonts/, with the font licence (OFL).
3. With --archive, after PyInstaller: pack the build into dist/lingnan-mahjong-<version>-<platform>-<arch>.tar.gz
   (Linux, macOS) or .zip (Windows): on macOS "Lingnan Mahjong.app", elsewhere the dist/lingnan-mahjong/ folder.

    python tools/prepare_bundle.py [--out build/bundle]
    python tools/prepare_bundle.py --archive [--dist dist]

It also holds what build.spec writes for each platform, as functions the tests call: the version (pyproject.toml),
the Windows version resource, the macOS Info.plist entries, the Linux .desktop entry, the archive's name.
"""

from __future__ import annotations

import argparse
import ast
import platform
import shutil
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NAME = "lingnan-mahjong"  # the executable, the onedir folder, the .desktop file and its icon
APP_NAME = "Lingnan Mahjong"  # the macOS .app and the name menus show
BUNDLE_ID = "org.lingnan-mahjong.LingnanMahjong"  # the macOS bundle identifier (reverse DNS, never changes)
ICONS = ROOT / "assets" / "icon"  # drawn by tools/make_icon.py


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


# ---------------------------------------------------------------------------------------------- per platform
def project_version() -> str:
    """The version in pyproject.toml: the package's, the executable's, the archive's."""
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]["version"]


def fallback_version() -> str:
    """game.__version__, read from game/__init__.py without importing it (what a bundle without metadata shows)."""
    tree = ast.parse((ROOT / "game" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__version__" for t in node.targets):
            return ast.literal_eval(node.value)
    raise LookupError("game/__init__.py has no __version__")


def version_numbers(version: str) -> tuple[int, int, int, int]:
    """The four numbers of a Windows version from "X.Y.Z" (a suffix such as "rc1" or ".dev2" is dropped)."""
    numbers = []
    for part in version.split(".")[:4]:
        digits = ""
        for ch in part:
            if not ch.isdigit():
                break
            digits += ch
        numbers.append(int(digits or 0))
        if len(digits) < len(part):
            break
    return tuple((numbers + [0, 0, 0, 0])[:4])  # type: ignore[return-value]


def windows_version_info(version: str) -> str:
    """The Windows version resource in the text form PyInstaller's EXE(version=FILE) reads (a VSVersionInfo
    expression): the file and product version, the names Explorer shows under Properties > Details."""
    nums = version_numbers(version)
    strings = [
        ("CompanyName", "Lingnan Mahjong contributors"),
        ("FileDescription", "岭南麻将 Lingnan Mahjong"),
        ("FileVersion", version),
        ("InternalName", NAME),
        ("LegalCopyright", "GPL-3.0-or-later"),
        ("OriginalFilename", f"{NAME}.exe"),
        ("ProductName", APP_NAME),
        ("ProductVersion", version),
    ]
    table = ",\n        ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings)
    return f"""# The Windows version resource of {NAME}.exe, written by build.spec from pyproject.toml's version.
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={nums},
    prodvers={nums},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [{table}])
    ]),
    VarFileInfo([VarStruct('Translation', [0x0409, 1200])])
  ]
)
"""


def mac_info_plist(version: str) -> dict:
    """What build.spec's BUNDLE adds to the Info.plist PyInstaller writes (which already names the executable, the
    icon file, the identifier and CFBundleShortVersionString)."""
    return {
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleIdentifier": BUNDLE_ID,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "CFBundleIconFile": "icon.icns",
        "NSHighResolutionCapable": True,
        "LSApplicationCategoryType": "public.app-category.board-games",
        "NSHumanReadableCopyright": "GPL-3.0-or-later",
    }


def desktop_entry(exec_: str = NAME, icon: str = NAME) -> str:
    """The freedesktop.org entry (`lingnan-mahjong.desktop`) shipped beside the Linux executable. `Exec` and `Icon`
    are names looked up on PATH and in the icon theme once installed (README: "Standalone executables"); pass
    absolute paths for an entry that points into one unpacked folder."""
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.0",
        f"Name={APP_NAME}",
        "Name[zh_CN]=岭南麻将",
        "Name[zh_TW]=嶺南麻將",
        "GenericName=Mahjong",
        "GenericName[zh_CN]=麻将",
        "GenericName[zh_TW]=麻將",
        "Comment=The regional mahjong rules of Guangxi, Guangdong and Hainan, against AI or hot-seat",
        "Comment[zh_CN]=广西、广东、海南的地方麻将玩法，人机对战或本机多人",
        "Comment[zh_TW]=廣西、廣東、海南的地方麻將玩法，人機對戰或本機多人",
        f"Exec={exec_}",
        f"Icon={icon}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        "Keywords=mahjong;majiang;麻将;麻將;",
        f"StartupWMClass={NAME}",
    ]
    return "\n".join(lines) + "\n"


def write_linux_extras(folder: Path) -> list[Path]:
    """build.spec on Linux: the .desktop entry and the icon beside the executable, in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    entry = folder / f"{NAME}.desktop"
    entry.write_text(desktop_entry(), encoding="utf-8")
    icon = folder / f"{NAME}.png"
    shutil.copyfile(ICONS / "icon.png", icon)
    return [entry, icon]


def platform_tag(system: str | None = None, machine: str | None = None) -> str:
    """"linux-x86_64", "macos-arm64", "windows-x86_64" …: the platform and processor the build runs on."""
    system = (system or sys.platform).lower()
    name = "windows" if system.startswith(("win", "cygwin")) else "macos" if system == "darwin" else \
        "linux" if system.startswith("linux") else system
    arch = (machine or platform.machine() or "unknown").lower()
    arch = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64", "armv8l": "arm64", "i686": "x86",
            "i386": "x86"}.get(arch, arch)
    return f"{name}-{arch}"


def archive_path(dist: Path, version: str | None = None, system: str | None = None,
                 machine: str | None = None) -> Path:
    """dist/lingnan-mahjong-<version>-<platform>-<arch>.tar.gz, or .zip on Windows."""
    tag = platform_tag(system, machine)
    suffix = ".zip" if tag.startswith("windows-") else ".tar.gz"
    return dist / f"{NAME}-{version or project_version()}-{tag}{suffix}"


def archive_contents(dist: Path, system: str | None = None) -> list[Path]:
    """What the archive holds: the .app on macOS; elsewhere the onedir folder, or (onefile) the executable and,
    on Linux, the .desktop entry and icon beside it."""
    system = system or sys.platform
    if system == "darwin" and (dist / f"{APP_NAME}.app").is_dir():
        return [dist / f"{APP_NAME}.app"]
    folder = dist / NAME
    if folder.is_dir():
        return [folder]
    exe = dist / (f"{NAME}.exe" if system.startswith("win") else NAME)
    extras = [dist / f"{NAME}.desktop", dist / f"{NAME}.png"]
    return [exe, *(p for p in extras if p.exists())]


def make_archive(dist: Path, version: str | None = None, system: str | None = None) -> Path:
    """Pack the build into archive_path(dist); returns its path. Symbolic links (inside a .app) stay links."""
    target = archive_path(dist, version, system)
    contents = archive_contents(dist, system)
    missing = [p for p in contents if not p.exists()]
    if missing:
        raise SystemExit(f"nothing to archive: no {missing[0]} (run `pyinstaller build.spec` first)")
    target.unlink(missing_ok=True)
    if target.name.endswith(".zip"):
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
            for top in contents:
                for path in [top, *sorted(top.rglob("*"))] if top.is_dir() else [top]:
                    zf.write(path, path.relative_to(dist).as_posix())
    else:
        def owner(info: tarfile.TarInfo) -> tarfile.TarInfo:  # no build machine's user names in the archive
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            return info

        with tarfile.open(target, "w:gz") as tf:
            for top in contents:
                tf.add(top, top.name, filter=owner)
    return target


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "bundle")
    ap.add_argument("--archive", action="store_true", help="after PyInstaller: pack dist/ into the named archive")
    ap.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = ap.parse_args()
    if args.archive:
        path = make_archive(args.dist)
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size / 1e6:.1f} MB")
        return 0
    sys.path.insert(0, str(ROOT / "tools"))
    from i18n import compile_all

    compile_all()
    for path in subset_fonts(args.out):
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Packaged as each platform expects: the icon files tools/make_icon.py draws (read back by readers of our own), the
window icon, and what build.spec writes per platform (tools/prepare_bundle.py: the .desktop entry, the Windows
version resource, the macOS Info.plist entries, the archive's name and contents)."""

from __future__ import annotations

import importlib.util
import io
import os
import plistlib
import re
import struct
import sys
import tarfile
import types
import zipfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "assets" / "icon"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]
ICNS_SIZES = {"ic07": 128, "ic08": 256, "ic09": 512, "ic10": 1024, "ic11": 32, "ic12": 64, "ic13": 256,
              "ic14": 512}


def _tool(name: str):
    """tools/<name>.py as a module."""
    key = f"lingnan_tool_{name}"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, ROOT / "tools" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]


@pytest.fixture(scope="module")
def packaging():
    return _tool("prepare_bundle")


# ------------------------------------------------------------------------------------------- our own readers
def read_ico(data: bytes) -> list[dict]:
    """The entries of a .ico file: ICONDIR (reserved 0, type 1, count), then one 16-byte ICONDIRENTRY each."""
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1), "not an icon file"
    entries = []
    for i in range(count):
        w, h, colours, res, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert offset >= 6 + 16 * count and offset + length <= len(data), f"entry {i} lies outside the file"
        entries.append({"width": w or 256, "height": h or 256, "colours": colours, "reserved": res,
                        "planes": planes, "bits": bits, "offset": offset, "data": data[offset:offset + length]})
    return entries


def read_icns(data: bytes) -> list[tuple[str, bytes]]:
    """The entries of a .icns file: 'icns' and the file's length, then (type, length with its header, data)."""
    assert data[:4] == b"icns", "not an icns file"
    assert struct.unpack_from(">I", data, 4)[0] == len(data), "the header's length is not the file's"
    entries, at = [], 8
    while at < len(data):
        kind, length = data[at:at + 4].decode("ascii"), struct.unpack_from(">I", data, at + 4)[0]
        assert length > 8 and at + length <= len(data), f"entry {kind} runs past the end"
        entries.append((kind, data[at + 8:at + length]))
        at += length
    assert at == len(data)
    return entries


def png_header(data: bytes) -> tuple[int, int, int, int]:
    """Width, height, bit depth and colour type from a PNG's IHDR."""
    assert data[:8] == PNG_MAGIC and data[12:16] == b"IHDR"
    w, h, depth, colour = struct.unpack(">IIBB", data[16:26])
    return w, h, depth, colour


def decode(data: bytes) -> pygame.Surface:
    return pygame.image.load(io.BytesIO(data), "icon.png")


# ------------------------------------------------------------------------------------------------ the icons
def test_the_png_icon_is_512_px_with_transparent_corners():
    img = pygame.image.load(str(ICONS / "icon.png"))
    assert img.get_size() == (512, 512)
    assert png_header((ICONS / "icon.png").read_bytes())[2:] == (8, 6)  # 8 bits, RGBA
    assert img.get_at((0, 0)).a == 0 and img.get_at((511, 511)).a == 0  # a rounded square, not a full tile
    assert img.get_at((256, 256)).a == 255
    # the red 中 on the ivory face, in the middle of the picture
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(200, 312, 4) for y in range(180, 330, 4)}
    assert any(r > 150 and g < 70 and b < 70 for r, g, b in colours), "no red 中"
    assert any(min(c) > 215 for c in colours), "no ivory face"


def test_the_ico_holds_a_png_entry_per_windows_size():
    entries = read_ico((ICONS / "icon.ico").read_bytes())
    assert [e["width"] for e in entries] == ICO_SIZES
    offsets = []
    for e in entries:
        assert e["height"] == e["width"] and (e["colours"], e["reserved"], e["planes"], e["bits"]) == (0, 0, 1, 32)
        assert png_header(e["data"]) == (e["width"], e["width"], 8, 6)
        assert decode(e["data"]).get_size() == (e["width"], e["width"])
        offsets.append((e["offset"], e["offset"] + len(e["data"])))
    assert all(a[1] <= b[0] for a, b in zip(offsets, offsets[1:])), "entries overlap"


def test_the_icns_holds_the_retina_and_plain_png_entries():
    entries = read_icns((ICONS / "icon.icns").read_bytes())
    assert sorted(kind for kind, _ in entries) == sorted(ICNS_SIZES)
    for kind, data in entries:
        size = ICNS_SIZES[kind]
        assert png_header(data)[:2] == (size, size), kind
        assert decode(data).get_size() == (size, size), kind


def _pixels(data: bytes) -> bytes:
    return pygame.image.tobytes(decode(data), "RGBA")


def _close(a: bytes, b: bytes, what: str) -> None:
    """The same picture: identical where the platform's pygame is this one's, within a hair elsewhere."""
    assert len(a) == len(b), what
    if a == b:
        return
    diffs = [abs(x - y) for x, y in zip(a, b)]
    assert max(diffs) <= 48 and sum(diffs) / len(diffs) < 0.5, f"{what} differs from what tools/make_icon.py draws"


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory):
    out = tmp_path_factory.mktemp("icon")
    _tool("make_icon").write(out)
    return out


def test_make_icon_is_deterministic(regenerated, tmp_path):
    _tool("make_icon").write(tmp_path)
    for name in ("icon.png", "icon.ico", "icon.icns"):
        assert (tmp_path / name).read_bytes() == (regenerated / name).read_bytes(), name


def test_the_committed_icons_are_what_make_icon_draws(regenerated):
    _close(_pixels((ICONS / "icon.png").read_bytes()), _pixels((regenerated / "icon.png").read_bytes()), "icon.png")
    ours = read_ico((ICONS / "icon.ico").read_bytes())
    fresh = read_ico((regenerated / "icon.ico").read_bytes())
    assert [e["width"] for e in ours] == [e["width"] for e in fresh]
    for a, b in zip(ours, fresh):
        _close(_pixels(a["data"]), _pixels(b["data"]), f"icon.ico {a['width']} px")
    ours_icns = read_icns((ICONS / "icon.icns").read_bytes())
    fresh_icns = read_icns((regenerated / "icon.icns").read_bytes())
    assert [k for k, _ in ours_icns] == [k for k, _ in fresh_icns]
    for (kind, a), (_, b) in zip(ours_icns, fresh_icns):
        _close(_pixels(a), _pixels(b), f"icon.icns {kind}")


def test_the_window_gets_the_icon_and_a_missing_icon_is_no_error(monkeypatch):
    import game.resources
    from game.ui import app

    pygame.display.init()
    try:
        given = []
        monkeypatch.setattr(pygame.display, "set_icon", lambda surf: given.append(surf.get_size()))
        monkeypatch.setattr(pygame.display, "get_driver", lambda: "windows")
        app.set_window_icon()
        assert given == [(512, 512)]
        assert game.resources.icon_path() == ROOT / "assets" / "icon" / "icon.png"
        monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
        app.set_window_icon()  # X11 drops an icon this large: 128 px there
        assert given == [(512, 512), (128, 128)]

        monkeypatch.setattr(game.resources, "icon_path", lambda: ROOT / "no" / "such" / "icon.png")
        app.set_window_icon()  # nothing raised, nothing set
        assert given == [(512, 512), (128, 128)]
    finally:
        pygame.display.quit()


# ------------------------------------------------------------------------------------------- per platform
def test_the_desktop_entry(packaging):
    text = packaging.desktop_entry()
    lines = text.splitlines()
    assert lines[0] == "[Desktop Entry]" and text.endswith("\n")
    assert "Version=1.0" in lines  # the desktop entry spec's version (1.0 is what every validator knows)
    keys = [line.split("=", 1)[0] for line in lines[1:]]
    assert all("=" in line and not line.startswith(" ") for line in lines[1:])
    assert len(keys) == len(set(keys)), "a key twice"
    entry = dict(line.split("=", 1) for line in lines[1:])
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Lingnan Mahjong" and entry["Name[zh_CN]"] == "岭南麻将"
    assert entry["Exec"] == "lingnan-mahjong" and entry["Icon"] == "lingnan-mahjong"
    assert entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";") and "Game" in entry["Categories"].split(";")
    assert entry["Keywords"].endswith(";")
    custom = dict(line.split("=", 1) for line in packaging.desktop_entry("/opt/lm/lingnan-mahjong",
                                                                        "/opt/lm/lingnan-mahjong.png").splitlines()[1:])
    assert custom["Exec"] == "/opt/lm/lingnan-mahjong" and custom["Icon"] == "/opt/lm/lingnan-mahjong.png"


def test_build_spec_writes_the_desktop_entry_and_icon_beside_the_executable(packaging, tmp_path):
    made = packaging.write_linux_extras(tmp_path / "lingnan-mahjong")
    assert [p.name for p in made] == ["lingnan-mahjong.desktop", "lingnan-mahjong.png"]
    assert made[0].read_text(encoding="utf-8") == packaging.desktop_entry()
    assert made[1].read_bytes() == (ICONS / "icon.png").read_bytes()


# -------------------------------------------------------------------- build.spec, on each platform's branch
class _Target:
    """Stands in for one of PyInstaller's build targets: records what the spec passes."""

    made: list = []

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs
        self.pure = self.scripts = self.binaries = self.datas = []
        _Target.made.append(self)


class _Analysis(_Target):
    pass


class _PYZ(_Target):
    pass


class _EXE(_Target):
    pass


class _COLLECT(_Target):
    pass


class _BUNDLE(_Target):
    pass


def run_spec(system: str, onefile: bool, dist: Path, monkeypatch) -> dict[str, list]:
    """Execute build.spec as PyInstaller would on `system`, with its targets recorded instead of built (the
    preparation step, which compiles catalogues and subsets fonts, is skipped)."""
    import subprocess

    _Target.made = []
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: None)
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", None)  # no zeroconf collection: not under test
    monkeypatch.setattr(sys, "platform", system)
    if onefile:
        monkeypatch.setenv("LINGNAN_ONEFILE", "1")
    else:
        monkeypatch.delenv("LINGNAN_ONEFILE", raising=False)
    namespace = {"SPECPATH": str(ROOT), "DISTPATH": str(dist), "Analysis": _Analysis, "PYZ": _PYZ, "EXE": _EXE,
                 "COLLECT": _COLLECT, "BUNDLE": _BUNDLE, "os": os}
    exec(compile((ROOT / "build.spec").read_text(encoding="utf-8"), str(ROOT / "build.spec"), "exec"), namespace)
    made: dict[str, list] = {}
    for target in _Target.made:
        made.setdefault(type(target).__name__.strip("_"), []).append(target)
    return made


@pytest.mark.parametrize("onefile", [False, True], ids=["onedir", "onefile"])
def test_build_spec_on_windows_gives_the_exe_its_icon_and_version(packaging, onefile, tmp_path, monkeypatch):
    made = run_spec("win32", onefile, tmp_path / "dist", monkeypatch)
    (exe,) = made["EXE"]
    assert exe.kwargs["icon"] == str(ICONS / "icon.ico") and exe.kwargs["name"] == "lingnan-mahjong"
    version_file = Path(exe.kwargs["version"])
    assert version_file == ROOT / "build" / "version_info.txt"
    assert version_file.read_text(encoding="utf-8") == packaging.windows_version_info(packaging.project_version())
    assert "BUNDLE" not in made and not (tmp_path / "dist").exists()
    assert ("COLLECT" in made) is not onefile


@pytest.mark.parametrize("onefile", [False, True], ids=["onedir", "onefile"])
def test_build_spec_on_macos_makes_the_app(packaging, onefile, tmp_path, monkeypatch):
    made = run_spec("darwin", onefile, tmp_path / "dist", monkeypatch)
    (exe,) = made["EXE"]
    assert exe.kwargs["icon"] == str(ICONS / "icon.icns") and "version" not in exe.kwargs
    (app,) = made["BUNDLE"]
    assert app.args == ((exe,) if onefile else tuple(made["COLLECT"]))
    version = packaging.project_version()
    assert app.kwargs["name"] == "Lingnan Mahjong.app" and app.kwargs["icon"] == str(ICONS / "icon.icns")
    assert app.kwargs["bundle_identifier"] == packaging.BUNDLE_ID and app.kwargs["version"] == version
    assert app.kwargs["info_plist"] == packaging.mac_info_plist(version)
    assert not (tmp_path / "dist").exists()


@pytest.mark.parametrize("onefile", [False, True], ids=["onedir", "onefile"])
def test_build_spec_on_linux_puts_the_desktop_entry_beside_the_executable(packaging, onefile, tmp_path,
                                                                          monkeypatch):
    made = run_spec("linux", onefile, tmp_path / "dist", monkeypatch)
    (exe,) = made["EXE"]
    assert "icon" not in exe.kwargs and "version" not in exe.kwargs  # PyInstaller ignores both on Linux
    assert "BUNDLE" not in made
    folder = tmp_path / "dist" if onefile else tmp_path / "dist" / "lingnan-mahjong"
    assert (folder / "lingnan-mahjong.desktop").read_text(encoding="utf-8") == packaging.desktop_entry()
    assert (folder / "lingnan-mahjong.png").read_bytes() == (ICONS / "icon.png").read_bytes()
    (analysis,) = made["Analysis"]
    assert (str(ICONS / "icon.png"), "assets/icon") in analysis.kwargs["datas"]  # the window icon ships


def test_the_desktop_entry_passes_desktop_file_validate(packaging, tmp_path):
    import shutil
    import subprocess

    tool = shutil.which("desktop-file-validate")
    if tool is None:
        pytest.skip("desktop-file-validate (desktop-file-utils) is not installed")
    entry = packaging.write_linux_extras(tmp_path)[0]
    proc = subprocess.run([tool, str(entry)], capture_output=True, text=True)
    assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout + proc.stderr


def test_the_versions_agree(packaging):
    import tomllib

    import game

    with open(ROOT / "pyproject.toml", "rb") as fh:
        version = tomllib.load(fh)["project"]["version"]
    assert packaging.project_version() == version
    assert packaging.fallback_version() == game.__version__ == version  # the frozen game shows game.__version__


def test_windows_version_numbers(packaging):
    assert packaging.version_numbers("0.1.0") == (0, 1, 0, 0)
    assert packaging.version_numbers("1.2") == (1, 2, 0, 0)
    assert packaging.version_numbers("2.0.1rc1") == (2, 0, 1, 0)
    assert packaging.version_numbers("3.4.5.6.7") == (3, 4, 5, 6)


def test_the_windows_version_resource_reads_in_pyinstaller(packaging, tmp_path, monkeypatch):
    text = packaging.windows_version_info("1.2.3")
    for want in ("filevers=(1, 2, 3, 0)", "prodvers=(1, 2, 3, 0)", "StringStruct('ProductVersion', '1.2.3')",
                 "StringStruct('FileVersion', '1.2.3')", "StringStruct('OriginalFilename', 'lingnan-mahjong.exe')"):
        assert want in text
    compat = pytest.importorskip("PyInstaller.compat")  # the dev extra; PyInstaller itself parses the file
    # versioninfo imports Windows-only helpers at the top, which reading a file never uses
    monkeypatch.setitem(sys.modules, "pefile", sys.modules.get("pefile") or types.ModuleType("pefile"))
    monkeypatch.setattr(compat, "win32api", getattr(compat, "win32api", None), raising=False)
    from PyInstaller.utils.win32 import versioninfo

    path = tmp_path / "version_info.txt"
    path.write_text(text, encoding="utf-8")
    info = versioninfo.load_version_info_from_text_file(str(path))
    assert (info.ffi.fileVersionMS, info.ffi.fileVersionLS) == ((1 << 16) | 2, 3 << 16)
    strings = {s.name: s.val for s in info.kids[0].kids[0].kids}
    assert strings["ProductVersion"] == strings["FileVersion"] == "1.2.3"
    assert strings["ProductName"] == "Lingnan Mahjong"


def test_the_macos_info_plist(packaging):
    plist = packaging.mac_info_plist("1.2.3")
    assert plist["CFBundleIdentifier"] == packaging.BUNDLE_ID
    assert re.fullmatch(r"[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+", packaging.BUNDLE_ID)
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == "1.2.3"
    assert plist["CFBundleName"] == "Lingnan Mahjong"
    assert plist["NSHighResolutionCapable"] is True
    assert (ICONS / plist["CFBundleIconFile"]).is_file()
    assert plistlib.loads(plistlib.dumps(plist)) == plist


@pytest.mark.parametrize("system, machine, tag, suffix", [
    ("linux", "x86_64", "linux-x86_64", ".tar.gz"),
    ("linux", "aarch64", "linux-arm64", ".tar.gz"),
    ("darwin", "arm64", "macos-arm64", ".tar.gz"),
    ("darwin", "x86_64", "macos-x86_64", ".tar.gz"),
    ("win32", "AMD64", "windows-x86_64", ".zip"),
    ("win32", "ARM64", "windows-arm64", ".zip"),
])
def test_archive_names_say_version_platform_and_arch(packaging, system, machine, tag, suffix):
    path = packaging.archive_path(Path("dist"), "1.2.3", system, machine)
    assert path == Path("dist") / f"lingnan-mahjong-1.2.3-{tag}{suffix}"


def test_the_archive_of_this_machine_is_named_after_it(packaging):
    name = packaging.archive_path(Path("dist")).name
    assert re.fullmatch(r"lingnan-mahjong-\d+\.\d+\.\d+[^-]*-(linux|macos|windows)-[a-z0-9_]+\.(tar\.gz|zip)", name)
    assert packaging.project_version() in name


def _fake_build(dist: Path, packaging) -> None:
    folder = dist / "lingnan-mahjong"
    (folder / "_internal").mkdir(parents=True)
    exe = folder / "lingnan-mahjong"
    exe.write_bytes(b"\x7fELF not really")
    exe.chmod(0o755)
    (folder / "_internal" / "data.txt").write_text("x")
    packaging.write_linux_extras(folder)


def test_the_linux_archive_holds_the_folder_with_its_modes(packaging, tmp_path):
    _fake_build(tmp_path, packaging)
    path = packaging.make_archive(tmp_path, "1.2.3", "linux")
    assert path.name.startswith("lingnan-mahjong-1.2.3-linux-") and path.name.endswith(".tar.gz")
    with tarfile.open(path) as tf:
        names = set(tf.getnames())
        assert {"lingnan-mahjong/lingnan-mahjong", "lingnan-mahjong/lingnan-mahjong.desktop",
                "lingnan-mahjong/lingnan-mahjong.png", "lingnan-mahjong/_internal/data.txt"} <= names
        exe = tf.getmember("lingnan-mahjong/lingnan-mahjong")
        if os.name != "nt":
            assert exe.mode & 0o111, "the executable lost its x bit"
        assert exe.uid == 0 and exe.uname == ""


def test_the_windows_archive_is_a_zip_of_the_folder(packaging, tmp_path):
    _fake_build(tmp_path, packaging)
    path = packaging.make_archive(tmp_path, "1.2.3", "win32")
    assert path.suffix == ".zip" and "-windows-" in path.name
    with zipfile.ZipFile(path) as zf:
        assert "lingnan-mahjong/_internal/data.txt" in zf.namelist()


def test_the_macos_archive_holds_the_app(packaging, tmp_path):
    app = tmp_path / "Lingnan Mahjong.app" / "Contents"
    (app / "MacOS").mkdir(parents=True)
    (app / "MacOS" / "lingnan-mahjong").write_bytes(b"")
    (tmp_path / "lingnan-mahjong").mkdir()  # the onedir build beside it is not packed
    path = packaging.make_archive(tmp_path, "1.2.3", "darwin")
    with tarfile.open(path) as tf:
        names = tf.getnames()
    assert "Lingnan Mahjong.app/Contents/MacOS/lingnan-mahjong" in names
    assert not any(n.startswith("lingnan-mahjong") for n in names)


def test_nothing_to_archive_is_an_error(packaging, tmp_path):
    with pytest.raises(SystemExit):
        packaging.make_archive(tmp_path, "1.2.3", "linux")


def test_the_bundle_lock_pins_every_dependency_within_its_range():
    """pyproject.toml gives ranges; requirements/bundle.lock, the exact versions the standalone build is made from,
    pins each dependency (every extra's too) at a version its range allows (issue #29 item 3)."""
    import tomllib

    from packaging.requirements import Requirement

    with open(ROOT / "pyproject.toml", "rb") as fh:
        project = tomllib.load(fh)["project"]
    wanted = [Requirement(r) for r in project["dependencies"]]
    wanted += [Requirement(r) for extra in project["optional-dependencies"].values() for r in extra
               if not r.startswith("lingnan-mahjong")]
    pins = {}
    for line in (ROOT / "requirements" / "bundle.lock").read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line:
            req = Requirement(line)
            (spec,) = req.specifier
            assert spec.operator == "==", line
            pins[req.name.lower()] = spec.version
    for req in wanted:
        assert req.name.lower() in pins, f"{req.name} is not in the lock file"
        assert req.specifier.contains(pins[req.name.lower()]), f"{req.name} {pins[req.name.lower()]} outside {req}"
    assert "fonttools" not in {Requirement(r).name for r in project["dependencies"]}  # only tests read font tables

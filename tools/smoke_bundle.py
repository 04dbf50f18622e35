"""Smoke-test the packaged game: the frozen executable plays one autoplay round under the dummy video driver and,
where xvfb-run exists, in a real window; each run must exit 0 and write non-blank screenshots. Also measures the
bundle's size and the frozen start-up to the title screen.

It checks what is packaged around the game too: `--version` prints "lingnan-mahjong <pyproject's version>" and
exits 0; on Linux the .desktop entry (exactly prepare_bundle.desktop_entry()) and its 512 px PNG icon sit beside
the executable; on macOS "Lingnan Mahjong.app" holds the executable, the icon and an Info.plist with the version;
the archive dist/lingnan-mahjong-<version>-<platform>-<arch>.tar.gz (.zip on Windows) exists and holds the
executable (tools/dev.py bundle makes it with `prepare_bundle.py --archive` before this runs). The lessons and the
review work frozen: `--list-lessons --json` lists every region's lessons, a lesson's solution plays through the
window, and a kept demo round is reviewed with `--review FILE --json`.

    python tools/smoke_bundle.py [--dist dist/lingnan-mahjong] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import plistlib
import shutil
import statistics
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import prepare_bundle as packaging  # noqa: E402 - the names and files build.spec writes


def executable(dist: Path) -> Path:
    name = "lingnan-mahjong.exe" if os.name == "nt" else "lingnan-mahjong"
    return dist / name if dist.is_dir() else dist


def run_demo(exe: Path, xvfb: bool) -> list[Path]:
    out = Path(tempfile.mkdtemp(prefix="lingnan-smoke-"))
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(SDL_AUDIODRIVER="dummy", LINGNAN_HOME=str(out / "home"))
    if not xvfb:
        env["SDL_VIDEODRIVER"] = "dummy"
    cmd = [str(exe), "--autoplay", "--variant", "nanning", "--seed", "5", "--rounds", "1", "--fast",
           "--screenshots", str(out / "shots")]
    if xvfb:
        cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x720x24", *cmd]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise SystemExit(f"frozen demo failed ({'xvfb' if xvfb else 'dummy'}): {proc.stderr[-2000:]}")
    shots = sorted((out / "shots").glob("*.png"))
    names = " ".join(p.name for p in shots)
    for moment in ("title", "dice", "deal", "settlement"):
        if moment not in names:
            raise SystemExit(f"frozen demo wrote no {moment} screenshot: {names}")
    return shots


def _frozen(exe: Path, *args: str, home: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER="dummy", LINGNAN_HOME=str(home))
    return subprocess.run([str(exe), *args], env=env, capture_output=True, text=True, timeout=600)


def check_lessons(exe: Path) -> dict:
    """The lessons ship: `--list-lessons --json` lists them (at least three a rule set), and a lesson's solution
    plays through the frozen window to its {"ok": true, …, "passed": true}."""
    home = Path(tempfile.mkdtemp(prefix="lingnan-smoke-lessons-"))
    proc = _frozen(exe, "--list-lessons", "--json", home=home)
    if proc.returncode != 0:
        raise SystemExit(f"frozen --list-lessons failed: {proc.stderr[-2000:]}")
    listed = json.loads(proc.stdout)
    per_region: dict[str, int] = {}
    for entry in listed:
        per_region[entry["variant"]] = per_region.get(entry["variant"], 0) + 1
    if len(per_region) < 5 or min(per_region.values()) < 3:
        raise SystemExit(f"frozen --list-lessons lists too few lessons: {per_region}")
    lesson = listed[-1]["id"]
    proc = _frozen(exe, "--lesson", lesson, "--autoplay", "--fast", home=home)
    last = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else ""
    if proc.returncode != 0 or not last or not json.loads(last).get("passed"):
        raise SystemExit(f"frozen --lesson {lesson} --autoplay failed: {last!r} {proc.stderr[-2000:]}")
    return {"lessons": len(listed), "lesson_played": lesson}


def check_review(exe: Path) -> dict:
    """复盘 in the frozen game: a demo round kept as a replay (--autosave keeps replays as a player's game does),
    then `--review FILE --json` judges its first seat."""
    home = Path(tempfile.mkdtemp(prefix="lingnan-smoke-review-"))
    proc = _frozen(exe, "--autoplay", "--autosave", "--variant", "hainan", "--seed", "3", "--rounds", "1", "--fast",
                   home=home)
    kept = sorted(home.rglob("*.jsonl"))
    if proc.returncode != 0 or not kept:
        raise SystemExit(f"frozen demo kept no replay to review: {proc.stderr[-2000:]}")
    proc = _frozen(exe, "--review", str(kept[0]), "--seat", "0", "--json", home=home)
    if proc.returncode != 0:
        raise SystemExit(f"frozen --review failed: {proc.stderr[-2000:]}")
    review = json.loads(proc.stdout)
    if not review.get("ok") or not review.get("decisions"):
        raise SystemExit(f"frozen --review judged nothing: {proc.stdout[:500]}")
    return {"review_decisions": len(review["decisions"]), "review_agreement": review["agreement"]}


def startup(exe: Path, runs: int = 5) -> list[float]:
    times = []
    for _ in range(runs):
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "LINGNAN_HOME": tempfile.mkdtemp(), "LINGNAN_STARTUP_T0": repr(time.time())}
        proc = subprocess.run([str(exe)], env=env, capture_output=True, text=True, timeout=120)
        line = next(x for x in proc.stdout.splitlines() if x.startswith("startup_s="))
        times.append(float(line.split("=")[1]))
    return times


def check_version(exe: Path, version: str) -> str:
    """`exe --version` prints "lingnan-mahjong <version>" and exits 0, without opening a window."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LINGNAN_HOME": tempfile.mkdtemp()}
    proc = subprocess.run([str(exe), "--version"], env=env, capture_output=True, text=True, timeout=120)
    want = f"{packaging.NAME} {version}"
    if proc.returncode != 0 or proc.stdout.strip() != want:
        raise SystemExit(f"{exe} --version: exit {proc.returncode}, printed {proc.stdout!r} (wanted {want!r}); "
                         f"stderr: {proc.stderr[-1000:]}")
    return proc.stdout.strip()


def png_size(data: bytes) -> tuple[int, int]:
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    return struct.unpack(">II", data[16:24])


def check_linux_extras(folder: Path) -> list[str]:
    """The .desktop entry build.spec writes beside the executable, and its icon."""
    entry, icon = folder / f"{packaging.NAME}.desktop", folder / f"{packaging.NAME}.png"
    if not entry.is_file() or entry.read_text(encoding="utf-8") != packaging.desktop_entry():
        raise SystemExit(f"{entry} is missing or is not prepare_bundle.desktop_entry()")
    if not icon.is_file() or png_size(icon.read_bytes()) != (512, 512):
        raise SystemExit(f"{icon} is missing or is not the 512 px icon")
    return [entry.name, icon.name]


def check_app(dist: Path, version: str) -> str:
    """macOS: the .app holds the executable (whose --version is checked), the icon and the Info.plist."""
    app = dist / f"{packaging.APP_NAME}.app"
    plist_path = app / "Contents" / "Info.plist"
    if not plist_path.is_file():
        raise SystemExit(f"no {plist_path}: BUNDLE did not run")
    with open(plist_path, "rb") as fh:
        plist = plistlib.load(fh)
    for key, want in (("CFBundleIdentifier", packaging.BUNDLE_ID), ("CFBundleShortVersionString", version),
                      ("CFBundleVersion", version), ("NSHighResolutionCapable", True)):
        if plist.get(key) != want:
            raise SystemExit(f"{plist_path}: {key} is {plist.get(key)!r}, wanted {want!r}")
    if not (app / "Contents" / "Resources" / plist["CFBundleIconFile"]).is_file():
        raise SystemExit(f"{app} has no icon {plist['CFBundleIconFile']}")
    check_version(app / "Contents" / "MacOS" / plist["CFBundleExecutable"], version)
    return app.name


def check_archive(dist: Path, version: str) -> Path:
    """The archive exists, opens, and holds the executable."""
    path = packaging.archive_path(dist, version)
    if not path.is_file():
        raise SystemExit(f"no archive {path}: run `python tools/prepare_bundle.py --archive` after PyInstaller")
    if path.name.endswith(".zip"):
        with zipfile.ZipFile(path) as zf:
            names = zf.namelist()
    else:
        with tarfile.open(path) as tf:
            names = tf.getnames()
    exe = f"{packaging.NAME}.exe" if os.name == "nt" else packaging.NAME
    if not any(name.rsplit("/", 1)[-1] == exe for name in names):
        raise SystemExit(f"{path} holds no {exe}")
    return path


def size_mb(dist: Path) -> float:
    if dist.is_file():  # onefile: the executable is the bundle
        return dist.stat().st_size / 1e6
    return sum(p.stat().st_size for p in dist.rglob("*") if p.is_file()) / 1e6


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", type=Path, default=ROOT / "dist" / "lingnan-mahjong")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    exe = executable(args.dist)
    if not exe.exists():
        raise SystemExit(f"no bundle at {exe}: run `pyinstaller build.spec` first")
    version = packaging.project_version()
    dist = args.dist.parent  # dist/: the build (a folder, or onefile the executable), the .app and the archive
    result: dict = {"version": check_version(exe, version)}
    if sys.platform.startswith("linux"):
        result["linux_extras"] = check_linux_extras(args.dist if args.dist.is_dir() else dist)
    elif sys.platform == "darwin":
        result["app"] = check_app(dist, version)
    archive = check_archive(dist, version)
    result.update(archive=archive.name, archive_mb=round(archive.stat().st_size / 1e6, 1))
    result["dummy_screenshots"] = len(run_demo(exe, xvfb=False))
    result.update(check_lessons(exe))
    result.update(check_review(exe))
    if shutil.which("xvfb-run"):
        result["xvfb_screenshots"] = len(run_demo(exe, xvfb=True))
    times = startup(exe)
    result.update(bundle_mb=round(size_mb(args.dist), 1), startup_median_s=round(statistics.median(times), 3),
                  startup_runs_s=[round(t, 3) for t in times])
    print(json.dumps(result) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

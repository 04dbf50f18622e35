"""The application: one window, a stack of scenes, a frame loop with dt-driven animation."""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.i18n import translator
from game.settings import Settings, save_settings
from game.ui.scene_base import Scene
from game.ui.scene_registry import SceneRegistry

FPS = 60
IDLE_AFTER = 0.6  # seconds without input before a scene that is standing still is drawn at its idle rate
WARM_UNTIL = 0.012  # seconds into a frame until which its spare time builds tile pictures (a frame is 16.7 ms)
FAST_DT = 0.1  # --fast autoplay: each frame moves the game's clock this far, drawn as fast as the machine can


@dataclass
class Autoplay:
    """Demo mode: every seat is an AI, the game plays itself and saves screenshots at its moments."""

    variant: str
    seed: int | str
    rounds: int
    screenshots: Path | None = None
    players: int | None = None
    fast: bool = False  # shorter pauses, frames as fast as they draw (tests, scripts)
    autosave: bool = False  # the demo saves like a real game only when asked (the crash test)
    resume: Any = None  # --continue: the saved game (a restored game.host.Host), played on to its end
    table: Any = None  # the game being played (set when it starts), read for the closing line
    # where a resumed game was taken up: the round in progress (1-based) and how many of its actions (after the
    # deal; choices before it are not counted) had been applied. None for a game played from its start.
    resumed_from: dict | None = None
    lesson: Any = None  # --lesson ID --autoplay: the lesson (game.lessons.Lesson) whose solution is played
    lesson_result: dict | None = None  # set when that lesson's round is over: its closing line

    def __post_init__(self) -> None:
        t = self.resume
        if t is not None and self.resumed_from is None:
            self.resumed_from = {"round": t.rounds_played + 1, "actions": len(t.current_actions)}

    def result(self) -> dict:
        """The closing JSON line: the rounds played and each seat's total. `ok` is false (with an `error`) when the
        demo was closed before the game's end."""
        if self.lesson is not None:  # a lesson's solution: {"ok", "lesson", "steps", "passed"}
            if self.lesson_result is not None:
                return dict(self.lesson_result)
            return {"ok": False, "lesson": self.lesson.id, "steps": len(self.lesson.learner_steps), "passed": False,
                    "error": "closed", "message": "the window was closed before the lesson's end"}
        t = self.table
        done = t is not None and t.game_over()
        out: dict[str, Any] = {"ok": done, "rounds": t.rounds_played if t is not None else 0,
                               "totals": t.totals() if t is not None else [], "resumed_from": self.resumed_from}
        if not done:
            out["error"] = "closed"
            out["message"] = "the window was closed before the game's end"
        return out


@dataclass
class Box:
    """One thing a frame drew: "text" (its words, pixel size and rendered image), "panel" (a box others sit in) or
    "area" (tiles, a seat's hand: art nothing else may cover)."""

    kind: str
    rect: pygame.Rect
    label: str = ""
    size: int = 0
    image: pygame.Surface | None = None
    scene: Any = None  # the scene that drew it (an overlay's boxes apart from those of the scene under it)


class Drawn:
    """Where the last frame drew its text, panels and tile areas, next to the controls each scene keeps for its
    clicks. Kept for the layout test (tests/ui/test_layout.py), which checks real drawn rectangles: nothing
    overlaps, leaves the window or straddles its panel. Recording is one append per element, so it is always on."""

    def __init__(self) -> None:
        self.boxes: list[Box] = []
        self.scene: Any = None  # the scene being drawn

    def reset(self) -> None:
        self.boxes = []

    def add(self, kind: str, rect: pygame.Rect, label: str = "", size: int = 0,
            image: pygame.Surface | None = None) -> None:
        if len(self.boxes) > 20000:  # scenes drawn outside App.draw (a tool's loop): the record must not grow forever
            self.boxes.clear()
        self.boxes.append(Box(kind, pygame.Rect(rect), label, size, image, self.scene))


INPUT_EVENTS = frozenset({pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.MOUSEMOTION, pygame.MOUSEWHEEL, pygame.TEXTINPUT, pygame.VIDEORESIZE})


def set_window_icon() -> None:
    """The game's icon on the window and the taskbar; a missing or unreadable icon file is skipped, never fatal.
    X11 silently drops a window icon as large as the 512 px file (the request is too big): there it gets 128 px."""
    from game.resources import icon_path

    try:
        icon = pygame.image.load(str(icon_path()))
        if pygame.display.get_driver() == "x11" and icon.get_width() > 128:
            icon = pygame.transform.smoothscale(icon, (128, 128))
        pygame.display.set_icon(icon)
    except Exception:  # noqa: BLE001 - without its icon the game still plays
        pass


def declare_dpi_aware() -> None:
    """On Windows, draw at the screen's real resolution (per-monitor DPI aware) instead of being scaled up blurry
    by the system; nowhere else does anything. Fails silently on Windows versions without the call."""
    if os.name != "nt":
        return
    try:
        import ctypes

        try:
            ctypes.windll.shcore.SetProcessDpiAwareness(2)  # per monitor (Windows 8.1+)
        except (AttributeError, OSError):
            ctypes.windll.user32.SetProcessDPIAware()  # system-wide (Vista+)
    except Exception:  # noqa: BLE001 - a blurry window is better than none
        pass


# of the desktop a window may take: the taskbar, the dock and the title bar need the rest (pygame does not tell the
# usable area, only the desktop's size)
DESKTOP_SHARE = (0.94, 0.88)


def fit_to_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """The window size to open: `size`, shrunk (16:9 kept) to fit the desktop where it would not — never larger
    than the screen, so never placed off it (a 1280×720 window on a 960×540 screen opened at −160,−90). Headless
    drivers (dummy, offscreen) have no desktop to fit: the size stands."""
    if pygame.display.get_driver() in ("dummy", "offscreen"):
        return size
    try:
        desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return size
    room_w, room_h = int(desk_w * DESKTOP_SHARE[0]), int(desk_h * DESKTOP_SHARE[1])
    w, h = size
    if w <= room_w and h <= room_h:
        return size
    k = min(room_w / w, room_h / h)
    return max(320, int(w * k)), max(180, int(h * k))


class App:
    def __init__(self, settings: Settings, *, autoplay: Autoplay | None = None, save: bool = True):
        declare_dpi_aware()
        pygame.display.init()
        pygame.font.init()
        self.settings = settings
        self.autoplay = autoplay
        self.save_enabled = save
        flags = pygame.RESIZABLE | (pygame.FULLSCREEN if settings.fullscreen and not autoplay else 0)
        settings.window_size = fit_to_desktop(settings.window_size)
        self.screen = pygame.display.set_mode(settings.window_size, flags)
        pygame.display.set_caption("岭南麻将 Lingnan Mahjong")
        set_window_icon()
        from game.ui.art.table import TableArt
        from game.ui.art.tiles import TileArt
        from game.ui.fonts import Fonts

        self.fonts = Fonts(settings.language)
        self.tiles = TileArt(self.fonts)
        self.art = TableArt(self.fonts)
        self.tr = translator(settings.language)
        self.drawn = Drawn()
        self.scenes: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.exit_code = 0
        self.time = 0.0
        self.frame_times: list[float] = []
        self.shots = 0
        self.since_input = 0.0  # seconds since the last input event (idle screens slow down after IDLE_AFTER)
        from game.audio import Audio

        self.audio = Audio.create(settings)  # silent, never failing, when there is no sound device
        self.make = SceneRegistry(self)  # every scene, by name: scenes open one another through it

    # ---- text
    def t(self, text: str) -> str:
        return self.tr.gettext(text)

    def tn(self, singular: str, plural: str, n: int) -> str:
        """A count's words in its own plural form (gettext's ngettext: "1 tile", "2 tiles"; Chinese has one form)."""
        return self.tr.ngettext(singular, plural, n)

    def set_language(self, language: str) -> None:
        self.settings.language = language
        self.tr = translator(language)
        self.fonts.set_language(language)
        self.save()

    def save(self) -> None:
        if self.save_enabled:
            try:
                save_settings(self.settings)
            except OSError:
                pass  # a read-only home must not stop the game

    # ---- scenes
    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.resize(self.screen.get_size())
        scene.enter()

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        if self.scenes:
            self.scenes[-1].resize(self.screen.get_size())
        else:
            self.quit()

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code
        self.audio.close()

    # ---- loop
    def step(self, dt: float, warm: bool = False) -> None:
        """One frame: input, update, draw. Tests call this directly with a fixed dt. `warm` (the game's own frame
        loop): with what is left of the frame's time, build tile pictures the table will soon need."""
        start = time.perf_counter()
        for event in pygame.event.get():
            if event.type in INPUT_EVENTS:
                self.since_input = 0.0
            if event.type == pygame.QUIT:
                self.on_close()
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
                size = (max(960, event.w), max(540, event.h))
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
                self.settings.window_size = size
                for s in self.scenes:
                    s.resize(size)
                continue
            if self.scene is not None:
                self.scene.handle(event)
        self.time += dt
        self.since_input += dt
        self.audio.update(dt)
        if self.scene is not None:
            self.scene.update(dt * self.settings.animation_speed)
        self.draw()
        if warm:
            self.tiles.warm(start + WARM_UNTIL)

    def draw(self) -> None:
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        self.drawn.reset()
        for s in self.scenes[start:]:
            self.drawn.scene = s
            s.draw(self.screen)
        pygame.display.flip()

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen at the desktop's size, or back to the window (kept in the settings), at once."""
        self.settings.fullscreen = not self.settings.fullscreen
        if self.settings.fullscreen:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.settings.window_size, pygame.RESIZABLE)
        for s in self.scenes:
            s.resize(self.screen.get_size())
        self.save()

    def frame_rate(self) -> int:
        """This frame's rate: the full one while anything moves or the player is at the controls, else what the
        scene on top says it needs (menus 5, a table waiting for its player 10)."""
        if self.autoplay is not None or self.since_input < IDLE_AFTER or self.scene is None:
            return FPS
        idle = self.scene.idle_fps()
        return FPS if idle is None else max(1, min(FPS, idle))

    def on_close(self) -> None:
        for s in reversed(self.scenes):
            closer = getattr(s, "on_close", None)
            if closer is not None:
                closer()
        self.save()
        self.quit()

    def run(self) -> int:
        probe = os.environ.get("LINGNAN_STARTUP_T0")  # benchmarks: seconds from launch to the first drawn frame
        fast = self.autoplay is not None and self.autoplay.fast
        while self.running:
            start = time.perf_counter()
            if fast:  # every frame still goes through the scenes and is drawn; only the waiting between them goes
                self.clock.tick()
                dt = FAST_DT
            else:
                dt = self.clock.tick(self.frame_rate()) / 1000.0
            self.step(min(dt, 0.1), warm=True)
            self.frame_times.append(time.perf_counter() - start)
            if probe:
                print(f"startup_s={time.time() - float(probe):.3f}", flush=True)
                self.quit()
        return self.exit_code

    # ---- screenshots
    def screenshot(self, name: str) -> Path | None:
        if self.autoplay is None or self.autoplay.screenshots is None:
            return None
        self.draw()
        self.shots += 1
        path = self.autoplay.screenshots / f"{self.shots:03d}_{name}.png"
        pygame.image.save(self.screen, str(path))
        return path


def run_app(argv_settings: Settings, autoplay: Autoplay | None, replay=None, resume=None,
            settings_trouble: bool = False, lesson=None) -> int:
    """Open the window and run until it closes. `resume`: a saved game (restored Host) to open at once, at the
    table (`--continue` without `--autoplay`; the demo's saved game comes in `autoplay.resume`). The demo prints
    its closing JSON line on stdout and exits 0 when it played to the game's end, 1 when it was closed before."""
    if autoplay is not None and autoplay.screenshots is not None:
        autoplay.screenshots.mkdir(parents=True, exist_ok=True)
    app = App(argv_settings, autoplay=autoplay, save=autoplay is None)
    title = app.make.title()
    if settings_trouble:  # the details went to the log (stderr); the title says it in the player's words
        title.message = app.t("Some settings could not be read and are back to their defaults; the original file "
                              "is kept beside the new one.")
    if resume is not None and autoplay is None:
        title.checked = True  # the saved game was read already: it is opened, not offered
        app.push(title)
        app.replace(app.make.table(resume))  # as the title's Continue does
    else:
        app.push(title)
    if replay is not None:
        app.push(app.make.replay(replay))
    if lesson is not None:  # --lesson ID: the lesson at once, its list under it (where leaving it goes)
        app.replace(app.make.lessons())
        app.push(app.make.lesson(lesson))
    try:
        code = app.run()
    finally:
        pygame.quit()
    if autoplay is not None:
        result = autoplay.result()
        print(json.dumps(result, ensure_ascii=False), flush=True)
        if not result["ok"] and code == 0:
            code = 1
    return code


def headless() -> bool:
    return os.environ.get("SDL_VIDEODRIVER") == "dummy"

"""Settings → Voices: the player's own voice packs. Record one token by token with the microphone, import a folder
of recordings, see and delete the packs.

Recording walks every token a pack has (RECORD_TOKENS: tiles, calls, special moments, table talk) and shows the
words to say in the chosen dialect (game.audio.readings). Each take is trimmed and normalised as soon as it is
stopped, so "Play back" plays what will be saved; "Save pack" writes the kept takes as the player's pack
(game.audio.packs.save_clips) and the voices use it at once.

The microphone is a capture source (game.audio.recorder): SDL's capture device by default, or whatever the scene
is given (`VoicesScene(app, source=...)`, the tests' fake microphone). Without a sound device, without a
microphone, or under SDL's dummy driver the screen says so and recording is off; importing still works (WAV needs
nothing but the standard library).

The screen's drawing (its panels, the text fields) is in voices_drawing.py beside this module.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pygame

from game.audio.packs import DIALECTS, RECORD_TOKENS, import_folder, valid_speaker_name
from game.audio.readings import kind_of
from game.audio.recorder import MicStatus, RecordingSession, SDLCapture, find_microphone
from game.dialects import DIALECT_LABELS, VOICE_DIALECTS
from game.ui.scenes.voices_drawing import DEFAULT_NAME, GREEN, Field, VoicesDrawing
from game.ui.widgets import GOLD, INK, MUTED, RED, MenuScene


class VoicesScene(VoicesDrawing, MenuScene):
    """The state and the actions; the drawing is `VoicesDrawing` (voices_drawing.py)."""

    def __init__(self, app, *, source: Any = None):
        super().__init__(app)
        d = getattr(app.settings, "dialect", "nanning")
        self.dialect = d if d in DIALECTS else "nanning"
        self.name = Field(DEFAULT_NAME, 40)
        self.path = Field("", 400)
        self.tab = "record"
        self.source = source  # a capture source (or a factory of one) instead of SDL's microphone
        self.sessions: dict[str, RecordingSession] = {}
        self.mic = MicStatus(False, reason="no_audio")
        self.message: tuple[str, tuple] | None = None
        self.import_lines: list[tuple[str, tuple]] = []
        self.confirm: tuple[str, str] | None = None
        self.leave_armed = False
        self.packs: list[Any] = []
        self.job: dict | None = None  # an import or a save running in a thread: {kind, thread, done, total, ...}
        self.check_microphone()
        self.refresh_packs()

    # ------------------------------------------------------------------ state
    @property
    def s(self) -> float:
        w, h = self.app.screen.get_size()
        return max(0.6, min(w / 1280, h / 720))

    def px(self, v: float) -> int:
        """A length scaled with the window."""
        return max(1, round(v * self.s))

    def fs(self, v: float) -> int:
        """A font size scaled with the window, never below what reads at 960×540."""
        return max(12, round(v * max(self.s, 0.85)))

    def check_microphone(self) -> None:
        if self.source is not None:
            self.mic = MicStatus(True, getattr(self.source, "name", None) or "microphone")
        elif not self.app.audio.enabled:
            self.mic = MicStatus(False, reason="no_audio")
        else:
            self.mic = find_microphone()

    def refresh_packs(self) -> None:
        self.packs = self.app.audio.user_packs()

    @property
    def session(self) -> RecordingSession:
        sess = self.sessions.get(self.dialect)
        if sess is None:
            src = self.source
            if src is None and self.mic.available:
                name = self.mic.name
                src = lambda: SDLCapture(name)  # noqa: E731 - opened on the first Record
            sess = RecordingSession(self.dialect, self.speaker, RECORD_TOKENS, source=src)
            self.sessions[self.dialect] = sess
        return sess

    @property
    def speaker(self) -> str:
        return self.name.value.strip()

    def unsaved(self) -> int:
        return sum(len(s.kept()) for s in self.sessions.values() if s.dirty)

    def say(self, words: str, color: tuple = INK) -> None:
        self.message = (words, color)

    # ------------------------------------------------------------------ actions
    def choose_dialect(self, dialect: str) -> None:
        cur = self.sessions.get(self.dialect)
        if cur is not None and cur.recording:
            cur.stop()
        self.dialect = dialect
        self.confirm = None

    def choose_tab(self, tab: str) -> None:
        self.tab = tab
        self.name.stop()
        self.path.stop()
        if tab == "import":
            self.path.start()

    def record(self) -> None:
        """Record / Stop."""
        sess = self.session
        if sess.recording:
            sess.stop()
            return
        if self.busy():  # a save is reading the takes
            return
        if not self.mic.available:
            self.say(self.mic_words(), RED)
            return
        self.leave_armed = False
        if not sess.start():
            self.say(self.app.t("The microphone could not be opened: {error}").format(error=sess.error), RED)
        else:
            self.message = None

    def play(self) -> None:
        if not self.app.audio.enabled:
            self.say(self.app.t("There is no sound device, so takes cannot be played back."), RED)
            return
        self.session.play(self.app.audio.mixer)

    def redo(self) -> None:
        if self.busy():
            return
        if not self.mic.available:
            self.say(self.mic_words(), RED)
            return
        sess = self.session
        if not sess.redo():
            self.say(self.app.t("The microphone could not be opened: {error}").format(error=sess.error), RED)

    def step(self, delta: int) -> None:
        sess = self.session
        sess.go(sess.index + delta)

    def jump(self, index: int) -> None:
        self.session.go(index)

    def busy(self) -> bool:
        return self.job is not None

    def _start_job(self, kind: str, work, finish) -> None:
        """Run `work(progress)` in a thread (decoding and encoding take a while in plain Python); `finish(result)`
        runs on the main thread when it is done (see update)."""
        job: dict = {"kind": kind, "done": 0, "total": 0, "finish": finish}

        def progress(done: int, total: int) -> None:
            job["done"], job["total"] = done, total

        def run() -> None:
            try:
                job["result"] = work(progress)
            except Exception as exc:  # the back end never raises; a bug must not hang the screen
                job["error"] = exc

        job["thread"] = threading.Thread(target=run, name=f"voices-{kind}", daemon=True)
        self.job = job
        job["thread"].start()

    def _poll_job(self) -> None:
        job = self.job
        if job is None or job["thread"].is_alive():
            return
        self.job = None
        if "error" in job:
            self.say(self.app.t("The pack could not be written.") + f" ({job['error']})", RED)
            return
        job["finish"](job["result"])

    def wait(self, timeout: float = 60.0) -> None:
        """Block until the running import or save is done and its result shown (tests, closing the window)."""
        if self.job is not None:
            self.job["thread"].join(timeout)
            self._poll_job()

    def save(self) -> None:
        t = self.app.t
        sess = self.session
        if self.busy():
            return
        if sess.recording:
            sess.stop()
        if not valid_speaker_name(self.speaker):
            self.say(t("The pack name can use letters, digits, spaces, '-', '_' and '.' (up to 40)."), RED)
            return
        if not sess.kept():
            self.say(t("Nothing recorded yet."), RED)
            return
        sess.speaker = self.speaker
        pack = f"{self.dialect_name(self.dialect)} · {self.speaker}"

        def finish(result) -> None:
            if result.imported:
                self.app.audio.voices.rescan()  # on the main thread: the table picks the new pack up
            if result.ok:
                self.say(t("Saved {n} clips as {pack}. The table uses them now.").format(n=len(result.imported),
                                                                                        pack=pack), GREEN)
            else:
                self.say(t("The pack could not be written.") + f" ({result.message})", RED)
            self.refresh_packs()

        self._start_job("save", lambda progress: sess.save(progress=progress), finish)

    def run_import(self) -> None:
        t = self.app.t
        if self.busy():
            return
        self.import_lines = []
        raw = self.path.value.strip().strip('"').strip("'")
        if not raw:
            self.say(t("Type the path of a folder first."), RED)
            return
        if not valid_speaker_name(self.speaker):
            self.say(t("The pack name can use letters, digits, spaces, '-', '_' and '.' (up to 40)."), RED)
            return
        pack = f"{self.dialect_name(self.dialect)} · {self.speaker}"
        folder, dialect, speaker = Path(raw).expanduser(), self.dialect, self.speaker

        def finish(result) -> None:
            if result.imported:
                self.app.audio.voices.rescan()
            lines: list[tuple[str, tuple]] = []
            if result.ok:
                self.say(t("Imported {n} files into {pack}.").format(n=len(result.imported), pack=pack), GREEN)
            else:
                self.say(self.error_words(result.error) or t("Nothing was imported."), RED)
            if result.refused:
                lines.append((t("Skipped {n}:").format(n=len(result.refused)), GOLD))
                for name, why in result.refused:
                    lines.append((f"{name}: {self.reason_words(result.codes.get(name), why)}", (235, 200, 190)))
            if result.ignored:
                lines.append((t("Not named by a token (ignored): {names}").format(names=", ".join(result.ignored)),
                              MUTED))
            self.import_lines = lines
            self.refresh_packs()

        self._start_job("import", lambda progress: import_folder(folder, dialect, speaker, progress=progress),
                        finish)

    def ask_delete(self, dialect: str, speaker: str) -> None:
        if not self.busy():
            self.confirm = (dialect, speaker)

    def delete(self, dialect: str, speaker: str) -> None:
        t = self.app.t
        if self.busy():
            return
        ok, _message = self.app.audio.delete_pack(dialect, speaker)
        pack = f"{self.dialect_name(dialect)} · {speaker}"
        self.confirm = None
        if ok:
            self.say(t("Deleted {pack}.").format(pack=pack), GREEN)
        else:
            self.say(t("Could not delete {pack}.").format(pack=pack), RED)
        self.refresh_packs()

    def back(self) -> None:
        if self.busy():
            return
        n = self.unsaved()
        if n and not self.leave_armed:
            self.leave_armed = True
            self.say(self.app.t("{n} takes are not saved yet: press Back again to leave without them.").format(n=n),
                     GOLD)
            return
        self.app.pop()

    def exit(self) -> None:
        self.wait()  # a save or an import in progress finishes writing its files
        for sess in self.sessions.values():
            sess.close()
        self.name.stop()
        self.path.stop()

    def on_close(self) -> None:
        self.exit()

    # ------------------------------------------------------------------ words
    def mic_words(self) -> str:
        t = self.app.t
        return {
            "no_audio": t("There is no sound device, so nothing can be recorded or played back here. You can still "
                          "import a folder of WAV files."),
            "no_capture": t("This build of the game cannot use a microphone. Import a folder of recordings instead."),
        }.get(self.mic.reason or "", t("No microphone was found. Plug one in and press Check again, or import a "
                                       "folder of recordings."))

    def reason_words(self, code: str | None, why: str) -> str:
        t = self.app.t
        words = {
            "not_audio": t("not a sound file the game can read"),
            "duplicate": t("a second recording of the same token"),
            "cannot_decode": t("cannot be decoded"),
            "needs_ffmpeg": t("this format needs ffmpeg, which is not installed: convert it to WAV"),
            "silence": t("only silence"),
            "write_failed": t("could not be written"),
        }.get(code or "")
        return words or why

    def error_words(self, code: str | None) -> str | None:
        t = self.app.t
        return {
            "not_folder": t("That is not a folder."),
            "unreadable": t("That folder cannot be read."),
            "bad_name": t("The pack name can use letters, digits, spaces, '-', '_' and '.' (up to 40)."),
            "no_data_folder": t("The game's data folder cannot be created."),
            "write_failed": t("The pack could not be written."),
            "empty": t("That folder has no recordings."),
            "nothing": t("Nothing was imported."),
        }.get(code or "")

    def dialect_name(self, dialect: str) -> str:
        t = self.app.t
        return t(DIALECT_LABELS[dialect]) if dialect in VOICE_DIALECTS else dialect

    def kind_words(self, token: str) -> str:
        t = self.app.t
        return {"tile": t("tile"), "call": t("call or special moment"), "talk": t("table talk")}[kind_of(token)]

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> None:
        for f in (self.name, self.path):
            res = f.handle(event)
            if res is not None:
                if res == "done" and f is self.path:
                    self.run_import()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.name.stop()
            self.path.stop()
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_ESCAPE:
                self.back()
                return
            if self.tab == "record":
                if k in (pygame.K_SPACE, pygame.K_r, pygame.K_RETURN, pygame.K_KP_ENTER):
                    self.record()
                elif k == pygame.K_p:
                    self.play()
                elif k == pygame.K_RIGHT:
                    self.step(1)
                elif k == pygame.K_LEFT:
                    self.step(-1)
                return
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.run_import()
            return
        super().handle(event)

    def update(self, dt: float) -> None:
        self._poll_job()
        for sess in self.sessions.values():
            if sess.recording:
                sess.update()

    def check_again(self) -> None:
        self.check_microphone()
        for d, sess in list(self.sessions.items()):  # the next session opens the microphone found now
            if not sess.takes:
                del self.sessions[d]
        if self.mic.available:
            self.say(self.app.t("Microphone: {name}").format(name=self.mic.name), GREEN)
        else:
            self.say(self.mic_words(), RED)

"""What differs between the tables the view can show: a game on this machine (the Host) and a LAN seat (the
RemoteTable, whose game runs on its host). The view asks its kind instead of testing flags: who plays at this
screen, whether the game is saved here, the pause menu's way out and its note, what closing the window does, the
news that comes in from a host, a seat's status badge, and the settlement's wall check.

A replay (game.ui.table.replay_source.ReplayTable) is a third kind, watched by nobody in particular; a lesson
(game.lessons.LessonHost, shown by game.ui.scenes.lesson) a fourth.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.i18n import N_

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


class LocalTable:
    """A game run by this machine's Host: every human seat plays at this screen, and the game is saved here."""

    saves_here = True

    def __init__(self, table: Any):
        self.table = table

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.table.seats) if s.human]

    def prepare(self, view: "TableScene") -> None:
        """Before the scene builds its picture (nothing to do for a local game)."""

    def keep_saved(self) -> None:
        """Save the game after every action: the autosave listens to the Host (once, however often the table is
        shown)."""
        from game.saves import Autosaver

        if not any(isinstance(listener, Autosaver) for listener in self.table.listeners):
            self.table.add_listener(Autosaver())

    def quit_words(self) -> str:
        return N_("Quit to title")

    def pause_words(self) -> str:
        return N_("The game is saved after every move: quitting loses nothing.")

    def close(self, view: "TableScene") -> None:
        """The window is closing mid-round: keep the position."""
        view.save_now()

    def confirm_quit(self, app: Any, go: Any) -> bool:
        """Whether leaving asks first (then `go()` follows a yes): not a game on this machine, saved as it is."""
        return False

    def leave(self) -> None:
        pass  # a local game is simply left (it is saved)

    def way_out(self, app: Any) -> None:
        """Where the pause menu's way out leads, once the table is left: the title."""
        while len(app.scenes) > 1:
            app.pop()
        app.replace(app.make.title())

    def send_phrase(self, seat: int, phrase_id: str) -> bool:
        """False: this screen shows the phrase itself (there is nobody to pass it round)."""
        return False

    def news(self, view: "TableScene") -> None:
        pass  # nothing comes in from elsewhere

    def status_words(self, seat: int) -> list[str]:
        """Who plays the seat now, for its card (msgids): a human seat under 托管."""
        t = self.table
        return [N_("Autoplay")] if t.seats[seat].human and seat in t.autoplay else []

    def waits_between_rounds(self) -> bool:
        return False

    def verdict(self) -> bool | None | str:
        """The round's wall check: "none" where there is none (a local game)."""
        return "none"

    def settlement_words(self, last: bool) -> str:
        """The settlement's button on to what follows the round (a msgid)."""
        return N_("Final standings") if last else N_("Next round")


class LanTable(LocalTable):
    """A seat at a LAN table (game.net.remote_table.RemoteTable): the host runs the game and its clock, this
    screen shows its own seat's events and sends intents; the host saves the game."""

    saves_here = False

    def __init__(self, table: Any):
        super().__init__(table)
        self.asked: set = set()  # the rejoins by name already put to the hosting player
        self.rejoining: Any = None  # a Reconnect under way: the thread
        self.rejoined: Any = None  # its outcome: ("ok", NetClient) or ("error", JoinError)
        self.line_words: str | None = None  # the notice shown while the line is down (cleared when it is back)

    def humans(self) -> list[int]:
        return [self.table.seat]  # the other humans are at their own screens

    def prepare(self, view: "TableScene") -> None:
        table = self.table
        table.empty_name = view.app.t("Seat {n}")
        for i, cfg in enumerate(table.seats):
            if not table.taken[i]:
                cfg.name = table.empty_name.format(n=i + 1)

    @property
    def hosting(self) -> bool:
        return self.table.server is not None  # this machine hosts the table: leaving closes it

    def quit_words(self) -> str:
        return N_("Close the table") if self.hosting else N_("Leave the table")

    def pause_words(self) -> str:
        if self.hosting:
            return N_("The game goes on while this menu is open. Closing the table saves it for later.")
        return N_("The game goes on while this menu is open; leave, and the AI plays your seat until "
                  "you join again.")

    def close(self, view: "TableScene") -> None:
        """The window is closing: the host's AI takes the seat over (a hosted table is closed and kept)."""
        self.leave()

    def confirm_quit(self, app: Any, go: Any) -> bool:
        """Closing the table one hosts ends it for everyone: its player confirms, told who is connected."""
        if not self.hosting:
            return False
        from game.ui.scenes.lan_common import confirm_close

        confirm_close(app, self.table, go)
        return True

    def leave(self) -> None:
        """The host's AI plays the seat until its player joins again; leaving the table one hosts closes it
        (everyone is told; the host's autosave keeps the game for later)."""
        self.table.leave()

    def send_phrase(self, seat: int, phrase_id: str) -> bool:
        self.table.say(seat, phrase_id)  # shown when the host passes it round, at this seat too
        return True

    def news(self, view: "TableScene") -> None:
        """What the host sent comes in every frame (the events wait in the seat's queue to be shown at this
        screen's pace); phrases are shown, refusals said, a lost table shown as such."""
        table = self.table
        table.advance(0.0)
        while table.phrases:
            seat, phrase_id = table.phrases.pop(0)
            view.presenter.show_phrase(seat, phrase_id)
        if table.notices:
            view.notice = table.notices.pop()
            table.notices.clear()
        if self.hosting:
            from game.ui.scenes.lan_common import watch_rejoins

            watch_rejoins(view.app, table.server, self.asked)
        if self.rejoining is not None:
            self._rejoin_news(view)
            return
        t = view.app.t
        err = table.error
        down = getattr(table.client, "line_down", None)
        if err is None and down is not None and view.lost is None and not table.game_over():
            # the line dropped: said at once, with Reconnect, while the client tries again by itself
            view.lost = self.line_words = t("The connection to the host dropped. Trying again…")
        elif err is None and down is None and view.lost is not None and view.lost == self.line_words:
            view.lost = self.line_words = None  # it is back by itself
        if err is not None and (view.lost is None or view.lost == self.line_words) and not table.game_over():
            self.line_words = None
            view.lost = {"host_quit": t("The host has closed the table. The game is saved on the host's machine: "
                                        "when it is resumed there, join again with the same name."),
                         "replaced": t("This seat is being played from another window now.")}.get(
                err.code, t("The connection to the host was lost ({reason}).").format(reason=err.message))

    def can_reconnect(self) -> bool:
        """The lost-connection notice offers Reconnect: the line dropped or the host stopped answering (not when
        the host closed its table, nor when the seat goes on in another window), and none is under way."""
        err = self.table.error
        return self.rejoining is None and (err is None or err.code in ("host_lost", "connect_failed"))

    def reconnect(self, view: "TableScene") -> None:
        """Reconnect: a fresh connection to the same table with the seat's kept token, off the screen's thread;
        the table is shown again as it stands once the host welcomes it (_rejoin_news)."""
        import threading

        from game.net.client import JoinError
        from game.ui.scenes.lan_common import reconnect

        if not self.can_reconnect():
            return
        client = self.table.client

        def work() -> None:
            try:
                self.rejoined = ("ok", reconnect(client))
            except JoinError as exc:
                self.rejoined = ("error", exc)
            except Exception as exc:  # noqa: BLE001 - said, never a crash
                self.rejoined = ("error", JoinError("connect_failed", str(exc)))

        view.lost = view.app.t("Reconnecting…")
        self.line_words = None
        self.rejoining = threading.Thread(target=work, name="lan-rejoin", daemon=True)
        self.rejoining.start()

    def _rejoin_news(self, view: "TableScene") -> None:
        if self.rejoining.is_alive():
            return
        self.rejoining = None
        outcome, self.rejoined = self.rejoined, None
        app = view.app
        if outcome is None or outcome[0] == "error":
            from game.ui.scenes.lan_common import join_error_text

            err = outcome[1] if outcome else None
            view.lost = join_error_text(app, err.code, err.message) if err else app.t("The host did not answer.")
            return
        from game.net.remote_table import RemoteTable

        try:
            table = RemoteTable(outcome[1], server=self.table.server)
        except Exception:  # noqa: BLE001 - the welcome could not be read: said, the way out stays
            outcome[1].close()
            view.lost = app.t("The host refused the seat.")
            return
        # the lobby shows the table again as it stands (it turns into the table at once in a game under way)
        app.replace(app.make.lobby(table))

    def status_words(self, seat: int) -> list[str]:
        t = self.table
        if not t.taken[seat]:
            return [N_("Open seat: the AI plays")]  # nobody came: the host's AI, until someone joins
        if not t.connected[seat]:
            return [N_("Offline"), N_("Autoplay")]  # dropped: the host's AI plays the seat until he is back
        return super().status_words(seat)

    def waits_between_rounds(self) -> bool:
        return True  # who the next deal still waits for is shown

    def verdict(self) -> bool | None | str:
        return self.table.verification()


class WatchedTable(LocalTable):
    """A table that is only watched (a replay): nobody plays at it, nothing is saved, nobody is asked."""

    saves_here = False

    def humans(self) -> list[int]:
        return []

    def close(self, view: "TableScene") -> None:
        pass  # nothing to keep


class LessonKind(LocalTable):
    """A lesson (game.lessons.LessonHost): one player, the learner, at a scripted deal; nothing is saved (a lesson
    left is started again), and the round's end leads to the lesson's last words, not to standings."""

    saves_here = False

    def humans(self) -> list[int]:
        return [self.table.lesson.learner]

    def quit_words(self) -> str:
        return N_("Leave the lesson")

    def pause_words(self) -> str:
        return N_("A lesson is not saved: leave it, and it starts from its beginning next time.")

    def close(self, view: "TableScene") -> None:
        pass  # nothing to keep

    def status_words(self, seat: int) -> list[str]:
        return []

    def settlement_words(self, last: bool) -> str:
        return N_("Finish the lesson")

    def way_out(self, app: Any) -> None:
        """Leaving a lesson leads back to the list of lessons."""
        while len(app.scenes) > 1 and not hasattr(app.scene, "leave_lesson"):
            app.pop()  # the pause menu (and a settlement under it)
        app.scene.leave_lesson()


def kind_of(table: Any) -> LocalTable:
    if getattr(table, "remote", False):
        return LanTable(table)
    if getattr(table, "watch_only", False):
        return WatchedTable(table)
    if getattr(table, "lesson_table", False):
        return LessonKind(table)
    return LocalTable(table)

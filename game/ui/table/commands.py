"""What a player can do at the table, as typed commands.

Each drawn control registers its command with the rectangle it was drawn in (`Hits`); a click, a key or a test
runs the command with `TableScene.run`. A command says what it means in its own `run`, so the input code never
dispatches on strings, and tests drive the table through the same commands a click would.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from game.engine.state import Action
    from game.ui.table.scene import TableScene

KONG_KINDS = ("kong", "concealed_kong", "added_kong")


class Command:
    def run(self, view: "TableScene") -> None:
        raise NotImplementedError


class MenuCommand(Command):
    """A control of an open menu (the speaker's, the quick phrases): a click inside the open menu goes to these only,
    never to a control of the table drawn under it."""


@dataclass(frozen=True)
class Call(Command):
    """A call button (or its key): win, kong, pong, chow or pass; several chows or kongs open the chooser."""

    kind: str

    def run(self, view: "TableScene") -> None:
        legal = view.my_actions()
        want = KONG_KINDS if self.kind == "kong" else (self.kind,)
        options = [a for a in legal if a.type in want]
        if not options:
            return
        if len(options) == 1:
            view.submit(options[0])
        else:
            view.choice = options


@dataclass(frozen=True)
class Choose(Command):
    """One of several chows or kongs, or a value of the choice before the deal (上嘎 …)."""

    action: "Action"

    def run(self, view: "TableScene") -> None:
        view.submit(self.action)


@dataclass(frozen=True)
class SayPhrase(MenuCommand):
    phrase_id: str

    def run(self, view: "TableScene") -> None:
        view.controls.say(self.phrase_id)


@dataclass(frozen=True)
class SetDialect(MenuCommand):
    dialect: str

    def run(self, view: "TableScene") -> None:
        view.controls.set_dialect(self.dialect)


@dataclass(frozen=True)
class ChooseSpeaker(MenuCommand):
    """A seat's voice in the current dialect (kept in the settings), heard at once in a short line."""

    seat: int
    speaker: str

    def run(self, view: "TableScene") -> None:
        audio = view.app.audio
        if audio.choose_speaker(self.seat, self.speaker):
            audio.sample(audio.dialect, self.speaker, self.seat, view.table.players, view.viewer)
            view.app.save()


@dataclass(frozen=True)
class SetVolume(MenuCommand):
    volume: float

    def run(self, view: "TableScene") -> None:
        view.app.audio.set_voice_volume(self.volume)
        view.app.save()


@dataclass(frozen=True)
class HandOverDone(Command):
    """Hot-seat: the named player has the screen."""

    seat: int

    def run(self, view: "TableScene") -> None:
        view.handover.handover_done(self.seat)


@dataclass(frozen=True)
class NothingToClaim(Command):
    """Hot-seat: the player asked about a tile he cannot claim has seen it."""

    def run(self, view: "TableScene") -> None:
        view.handover.nothing_to_claim()


@dataclass(frozen=True)
class BackToTitle(Command):
    """The LAN table is gone: back to the title."""

    def run(self, view: "TableScene") -> None:
        view.to_title()


@dataclass(frozen=True)
class Reconnect(Command):
    """The LAN seat's line dropped: join its table again with the seat's kept token (game.ui.table.kinds)."""

    def run(self, view: "TableScene") -> None:
        view.kind.reconnect(view)


@dataclass(frozen=True)
class ToggleAutoWin(Command):
    """自动胡, a standing order of the player on screen."""

    def run(self, view: "TableScene") -> None:
        seat = view.owner
        if seat is not None:
            view.table.set_toggles(seat, auto_win=not view.table.seats[seat].auto_win)


@dataclass(frozen=True)
class ToggleAutoPass(Command):
    """自动过, a standing order of the player on screen."""

    def run(self, view: "TableScene") -> None:
        seat = view.owner
        if seat is not None:
            view.table.set_toggles(seat, auto_pass=not view.table.seats[seat].auto_pass)


@dataclass(frozen=True)
class ToggleAutoplay(Command):
    """托管: the AI plays the seat on screen until it is switched off."""

    def run(self, view: "TableScene") -> None:
        seat = view.owner
        if seat is not None:
            view.table.set_autoplay(seat, seat not in view.table.autoplay)


@dataclass(frozen=True)
class ToggleCounter(Command):
    """记牌器 (T)."""

    def run(self, view: "TableScene") -> None:
        view.show_counter = not view.show_counter


@dataclass(frozen=True)
class ToggleWaits(Command):
    """The waits panel while ready (W, the 听 chip)."""

    def run(self, view: "TableScene") -> None:
        view.show_waits = not view.show_waits


@dataclass(frozen=True)
class TogglePhrases(Command):
    """快捷语: the list of quick phrases."""

    def run(self, view: "TableScene") -> None:
        view.phrase_menu = not view.phrase_menu
        view.speaker_menu = False  # one menu at the lower right at a time: neither opens behind the other


@dataclass(frozen=True)
class ToggleSpeaker(Command):
    """The speaker's menu: dialect, each seat's speaker and voice volume."""

    def run(self, view: "TableScene") -> None:
        view.speaker_menu = not view.speaker_menu
        view.phrase_menu = False


@dataclass(frozen=True)
class ShowHint(Command):
    """提示 (Tab)."""

    def run(self, view: "TableScene") -> None:
        view.controls.show_hint()


@dataclass(frozen=True)
class OpenRules(Command):
    """玩法说明 for this table's rule set, over the table."""

    def run(self, view: "TableScene") -> None:
        view.app.push(view.app.make.rules(view.table.variant_id))


class Hits:
    """The controls the last frame drew: (rectangle, command), in drawing order. A click goes to the first one
    under the pointer."""

    def __init__(self) -> None:
        self.areas: list[tuple["pygame.Rect", Command]] = []

    def reset(self) -> None:
        self.areas = []

    def add(self, rect: "pygame.Rect", command: Command) -> None:
        self.areas.append((rect, command))

    def at(self, pos: tuple[int, int], kind: type[Command] = Command) -> Command | None:
        """The command of the first control of this kind drawn under `pos`."""
        return next((c for r, c in self.areas if isinstance(c, kind) and r.collidepoint(pos)), None)

    def find(self, command: Command) -> "pygame.Rect | None":
        """Where the last frame drew the control of this command (None: not drawn)."""
        return next((r for r, c in self.areas if c == command), None)

    def commands(self, kind: type[Command] = Command) -> list[Command]:
        return [c for _, c in self.areas if isinstance(c, kind)]

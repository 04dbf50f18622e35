"""Every scene of the game, made by name: the app owns one (`app.make`), and a scene opens another through it —
`self.app.push(self.app.make.rules(variant_id))` — instead of importing it. So only this registry imports the
scenes, no scene imports another or the app, and no import circle runs through the screens (tests/test_layers.py).

Each scene's module is imported when that scene is first made, as the scenes' own lazy imports did before: starting
the app loads only the screens it shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # type hints only: at run time each scene's module is imported where it is made
    from game.ui.app import App
    from game.ui.scenes.lan import LanScene
    from game.ui.scenes.lan_ask import AskScene
    from game.ui.scenes.lan_join import JoinScene
    from game.ui.scenes.lan_lobby import LobbyScene
    from game.ui.scenes.lesson import LessonDoneScene, LessonListScene, LessonScene
    from game.ui.scenes.newgame import NewGameScene
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.replay import ReplayListScene, ReplayScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.settlement import SettlementScene
    from game.ui.scenes.standings import StandingsScene
    from game.ui.scenes.stats import StatsScene
    from game.ui.scenes.title import TitleScene
    from game.ui.scenes.voices import VoicesScene
    from game.ui.table.scene import TableScene


class SceneRegistry:
    """One method per scene, taking what that scene needs besides the app."""

    def __init__(self, app: "App"):
        self.app = app

    # ---- the title and its menus
    def title(self) -> "TitleScene":
        from game.ui.scenes.title import TitleScene

        return TitleScene(self.app)

    def new_game(self, mode: str = "ai") -> "NewGameScene":
        """The new-game screen; `mode` "ai" (a game against the AI), "hotseat" or "lan" (hosting a LAN table)."""
        from game.ui.scenes.newgame import NewGameScene

        return NewGameScene(self.app, mode)

    def stats(self) -> "StatsScene":
        from game.ui.scenes.stats import StatsScene

        return StatsScene(self.app)

    def rules(self, variant_id: str | None = None, focus: str | None = None) -> "RulesScene":
        """玩法说明, of `variant_id` (the rules screen's own default when None), opened at the option `focus`."""
        from game.ui.scenes.rules import RulesScene

        if variant_id is None:
            return RulesScene(self.app)
        return RulesScene(self.app, variant_id, focus=focus)

    def settings(self) -> "SettingsScene":
        from game.ui.scenes.settings import SettingsScene

        return SettingsScene(self.app)

    def voices(self, source: Any = None) -> "VoicesScene":
        """Settings → Voices; `source`: what records (a test's stand-in microphone), None for the real one."""
        from game.ui.scenes.voices import VoicesScene

        return VoicesScene(self.app, source=source)

    def replay_list(self) -> "ReplayListScene":
        from game.ui.scenes.replay import ReplayListScene

        return ReplayListScene(self.app)

    # ---- LAN
    def lan(self) -> "LanScene":
        from game.ui.scenes.lan import LanScene

        return LanScene(self.app)

    def join(self) -> "JoinScene":
        from game.ui.scenes.lan_join import JoinScene

        return JoinScene(self.app)

    def lobby(self, table: Any) -> "LobbyScene":
        """The lobby of a LAN table (a `game.net.remote_table.RemoteTable`) before its deal."""
        from game.ui.scenes.lan_lobby import LobbyScene

        return LobbyScene(self.app, table)

    def ask(self, question: str, yes: str, no: str, on_yes: Any, on_no: Any, *, note: str = "",
            still: Any = None) -> "AskScene":
        """A LAN question with two answers over the scene it is asked from (a rejoin by name, closing a table)."""
        from game.ui.scenes.lan_ask import AskScene

        return AskScene(self.app, question, yes, no, on_yes, on_no, note=note, still=still)

    # ---- at the table
    def table(self, source: Any) -> "TableScene":
        """The table view over `source` (a `game.host.Host` or a LAN seat's `RemoteTable`)."""
        from game.ui.table.scene import TableScene

        return TableScene(self.app, source)

    def pause(self, table_scene: Any) -> "PauseScene":
        from game.ui.scenes.pause import PauseScene

        return PauseScene(self.app, table_scene)

    def settlement(self, table_scene: Any) -> "SettlementScene":
        """The settlement of the round `table_scene` has just shown."""
        from game.ui.scenes.settlement import SettlementScene

        return SettlementScene(self.app, table_scene)

    def standings(self, table: Any) -> "StandingsScene":
        """The final standings of a finished game."""
        from game.ui.scenes.standings import StandingsScene

        return StandingsScene(self.app, table)

    def replay(self, replay: Any, review_seat: int | None = None) -> "ReplayScene":
        """A finished round (a `game.replays.Replay`) to watch; with `review_seat`, that seat's 复盘 shown."""
        from game.ui.scenes.replay import ReplayScene

        return ReplayScene(self.app, replay, review_seat)

    # ---- lessons (学习)
    def lessons(self) -> "LessonListScene":
        """Every lesson by region, with the player's progress."""
        from game.ui.scenes.lesson import LessonListScene

        return LessonListScene(self.app)

    def lesson(self, lesson: Any) -> "LessonScene":
        """A lesson (a `game.lessons.Lesson`) at the table, its coach under it."""
        from game.ui.scenes.lesson import LessonScene

        return LessonScene(self.app, lesson)

    def lesson_done(self, lesson: Any, passed: bool, mistakes: int) -> "LessonDoneScene":
        """A lesson's last words, after its round."""
        from game.ui.scenes.lesson import LessonDoneScene

        return LessonDoneScene(self.app, lesson, passed, mistakes)

"""The table scene: the heart of the game, and the one view every kind of table is shown in.

It draws what its seat sees of its source (a TableSource: the local Host, a LAN seat, a replay) — a TableModel built
from that seat's numbered events, which it reads at its own pace (game.ui.table.feed) — and turns clicks and keys
into intents answering the seat's open prompt. It never touches the round. Esc never answers a prompt: it opens the
pause menu, behind which the source's clock stands still. A resumed game shows its position at once.

The scene holds the view's state and hands the work to its parts (game/ui/table/README.md): the director paces
the events, the presenter turns them into effects and voices, the hand-over part runs hot-seat play, the input part
turns keys and clicks into commands, and the renderers — board, hands, seat cards, controls, overlays — draw from
the model and the layout and register the controls they drew in `hits`. What differs between a local game, a LAN
seat and a replay, the view asks of its kind (game.ui.table.kinds).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.engine.seat_state import SeatState
from game.engine.state import Action
from game.engine.tiles import parse_tile
from game.host import Refused, TableSettings
from game.hotseat import HotSeat
from game.seating import relative_positions
from game.ui.layout import Layout
from game.ui.model import FlipRow, TableModel
from game.ui.node import ImageNode, Node
from game.ui.scene_base import Scene
from game.ui.table.board import Board
from game.ui.table.commands import Command, Hits
from game.ui.table.common import BOT_THINK, sort_hand
from game.ui.table.controls import Controls
from game.ui.table.director import Director
from game.ui.table.feed import SeatFeed
from game.ui.table.handover import HandOver
from game.ui.table.hands import Hands
from game.ui.table.kinds import LanTable, kind_of
from game.ui.table.overlays import Overlays
from game.ui.table.presenter import Presenter
from game.ui.table.seats import SeatCards
from game.ui.table.source import TableSource
from game.ui.table.table_input import TableInput
from game.ui.widgets import text

if TYPE_CHECKING:
    from game.ui.app import App


class TableScene(Scene):
    def __init__(self, app: "App", table: TableSource, region: str | None = None, autosave: bool | None = None):
        super().__init__(app)
        self.kind = kind_of(table)  # a game on this machine, or a LAN seat whose game runs on its host
        # the demo never touches a player's saved game unless asked (--autosave, for the crash test); a LAN game is
        # saved by its host
        self.autosave = autosave if autosave is not None else app.autoplay is None or app.autoplay.autosave
        self.autosave = self.autosave and self.kind.saves_here
        self.table = table
        self.kind.prepare(self)
        self.region = region or table.variant_id
        humans = self.kind.humans()
        self.humans = humans
        self.viewer = humans[0] if humans else 0  # the seat at the bottom of the screen
        self.hotseat: HotSeat | None = None
        if len(humans) > 1:
            robbable = {kind for kind, rob in (("added_kong_declared", "added_kong"), ("kong_declared", "kong"))
                        if table.variant.can_rob(table.options, rob)}
            self.hotseat = HotSeat(humans, table.players, table.seats, robbable)
        # the view's parts (each reads the state below; the renderers register what they draw in `hits`)
        self.director = Director(self)
        self.presenter = Presenter(self)
        self.handover = HandOver(self)
        self.input = TableInput(self)
        self.board = Board(self)
        self.hands = Hands(self)
        self.seats = SeatCards(self)
        self.controls = Controls(self)
        self.overlays = Overlays(self)
        self.hits = Hits()  # the controls the last frame drew, with their commands
        self.feeds: dict[int, SeatFeed] = {}  # what the view has read of each seat it shows, from the source
        self.model = self.new_model(self.viewer)
        self.presented = -1  # number of the last event on screen
        self.closed_through = -1  # events up to this number belong to rounds already closed
        self.wait = 0.0
        self.effects = Node()
        self.hover: int | None = None  # index into the viewer's drawn hand (hand + drawn tile)
        self.selected: int | None = None
        self.choice: list[Action] | None = None  # several kongs or chows to choose from
        self.show_counter = False
        self.speaker_menu = False
        self.idle = 0.0  # seconds the human on screen has been thinking
        self.hurried = False
        self.deal_shown: list[int] | None = None  # tiles shown per seat while dealing
        self.dice_anim = -99.0  # seconds of tumbling left; below zero the dice rest on the roll
        self.dice_faces = (1, 1)
        self.settlement_open = False
        self.notice: str | None = None  # why an intent was refused
        self.layout = Layout(*app.screen.get_size(), app.settings.tile_size)
        self.rng = random.Random(str(table.seed))
        self.flash_seat: int | None = None
        self.face_up: set[int] = set()  # seats whose concealed tiles the last frame drew face-up (privacy tests)
        self.pending_flips: list[dict] = []  # turned after a win; shown once its win events are announced
        self.flip_view: dict | None = None  # the last flip shown: kind, label, rows (seat, tiles, lit, screen rects)
        self.banner_view: dict | None = None  # the last mid-round score shown: reason, label, amounts
        self.mark_rects: list[tuple[int, pygame.Rect, str]] = []  # the seat marks the last frame drew
        self.hand_areas: dict[int, pygame.Rect] = {}  # where the last frame drew each seat's hand and melds
        self.marks_known: set[tuple] = set()  # seat marks already on the cards (each voiced once, when it appears)
        self.hint: tuple[int, str] | None = None  # the hint key's advice: (prompt id it answers, its words)
        self.hint_rect: pygame.Rect | None = None  # where the last frame drew it
        self.hint_key_rect: pygame.Rect | None = None  # where this frame drew the hint key (提示)
        self.ghost_rect: pygame.Rect | None = None  # where this frame drew the wildcard's box
        self.discard_areas: dict[int, pygame.Rect] = {}  # where this frame drew each seat's discards
        self.bubbles: list[dict] = []  # quick phrases shown at their seats: seat, id, text, seconds left
        self.phrase_menu = False
        self.phrase_said_at = -99.0  # (app time) this screen's last phrase: one at a time, as over the LAN
        self.card_rects: dict[int, pygame.Rect] = {}  # where the last frame drew each seat card
        self.lost: str | None = None  # LAN: why this seat is no longer at the table (shown over it)
        self.last_discard_rect: pygame.Rect | None = None  # where the last frame drew the tile that may be claimed
        self.discard_pop: ImageNode | None = None  # the thrown tile shown large a moment
        self.show_waits = False  # ready: the waits panel stays open (W, or the 听 chip)
        self.waits_chip: pygame.Rect | None = None
        self.waits_panel: pygame.Rect | None = None  # where this frame drew a waits panel (a tile's, or the 听 chip's)
        self.counter_rect: pygame.Rect | None = None  # where the last frame drew the tile counter

    # ------------------------------------------------------------------------------------------ frames and input
    def update(self, dt: float) -> None:
        self.director.update(dt)

    def handle(self, event: pygame.event.Event) -> None:
        self.input.handle(event)

    def run(self, command: Command) -> None:
        """Do what a control does (tests drive the table this way too)."""
        command.run(self)

    def next_round(self) -> None:
        """Called by the settlement screen."""
        self.director.next_round()

    # ------------------------------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        self.director.begin()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout(size[0], size[1], self.app.settings.tile_size)

    def idle_fps(self) -> int | None:
        """A table standing still (nothing flying, nothing queued, the dice at rest) waits for a player: 10 frames
        a second keep its marks pulsing; anything in motion gets the full rate."""
        if self.effects.children or self.queue or self.wait > 0 or self.deal_shown is not None \
                or self.dice_anim > -self.pace(0.9) or self.pending_flips:
            return None
        return 10

    @property
    def remote(self) -> bool:
        """A LAN seat: the game runs on its host."""
        return isinstance(self.kind, LanTable)

    def on_close(self) -> None:
        """The window is closing mid-round: keep the position (a LAN seat: the host's AI takes it over)."""
        self.kind.close(self)

    def leave(self) -> None:
        """Leave the table (a LAN seat: the host's AI plays it; a hosted LAN table closes, kept for later)."""
        self.kind.leave()

    def quit_label(self) -> str:
        """The pause menu's way out, as it is for this table."""
        return self.app.t(self.kind.quit_words())

    def pause_note(self) -> str:
        return self.app.t(self.kind.pause_words())

    def save_now(self) -> str | None:
        """Write the autosave now (it is written after every action; this makes sure it is on disk). None when
        saved (or when this table does not autosave: the demo), else why it could not be written."""
        if not self.autosave:
            return None
        from game import saves

        try:
            saves.save(self.table)
        except OSError as exc:
            return self.app.t("The game could not be saved ({error}).").format(error=exc.strerror or exc)
        return None

    def pause(self) -> None:
        """Esc: the pause menu over the table as it is. The table gets no input and no update until it closes, so
        the host's clock stands still (no bot moves, no claim deadline runs)."""
        if self.app.scene is self:
            self.speaker_menu = self.phrase_menu = False  # neither menu stays open under the pause menu
            self.app.push(self.app.make.pause(self))

    def resumed(self) -> None:
        """Back from the pause menu: settings changed meanwhile apply (the timers for the next prompts)."""
        self.table.configure(self.table_settings())

    def table_settings(self) -> TableSettings:
        """What this screen's settings ask of the table: the AI's pace, the timers, the expert's thinking time."""
        st = self.app.settings
        return TableSettings(think=self.pace(BOT_THINK), claim_timer=st.claim_timer or None,
                             turn_timer=st.turn_timer or None, expert_think=st.expert_think or None,
                             keep_replays=self.autosave)

    @property
    def fast(self) -> bool:
        return bool(self.app.autoplay and self.app.autoplay.fast)

    def pace(self, seconds: float) -> float:
        return seconds * (0.15 if self.fast else 1.0)

    def new_model(self, viewer: int | None) -> TableModel:
        return TableModel(viewer, self.table.variant, self.table.options, self.table.players)

    @property
    def state(self) -> SeatState:
        """The shown seat's own state (hints, tile counter): the one the picture is drawn from."""
        return self.model.state

    @property
    def owner(self) -> int | None:
        """The seat whose hand may be shown face-up now (None: every hand face-down, a hand-over is due)."""
        if self.hotseat is not None:
            return self.hotseat.owner
        return self.viewer

    @property
    def consulting(self) -> int | None:
        """Hot-seat: the human being asked about the current tile."""
        hs = self.hotseat
        return hs.consult[0] if hs is not None and hs.consult else None

    def feed(self) -> SeatFeed:
        """What the view has read of the viewer's seat: its events this round, its open prompt."""
        return self.feeds[self.viewer]

    @property
    def queue(self) -> list[tuple[int, dict]]:
        """Events the viewer's seat has received and the screen has not shown yet."""
        return self.feed().since(self.presented) if self.feeds else []

    def submit(self, action) -> None:
        """Answer the shown seat's prompt with an intent; a refusal is shown, never applied."""
        seat = action.seat
        feed = self.feeds.get(seat)
        prompt = feed.open_prompt if feed is not None else None
        self.idle = 0.0
        self.hurried = False
        self.choice = None
        self.selected = None
        try:
            self.table.intent(seat, prompt.id if prompt is not None else -1, action)
            self.notice = None
        except Refused as refusal:
            self.notice = refusal.message
            return
        if prompt is not None and prompt.claim and self.consulting == seat and self.hotseat is not None:
            self.hotseat.consulted(seat)

    def verdict_text(self) -> tuple[str, bool | None] | None:
        """A LAN round's wall check (commit–reveal), as the settlement says it; None at a local table."""
        ok = self.kind.verdict()
        if ok == "none":
            return None
        t = self.app.t
        if ok:
            return t("✓ Wall verified"), True
        if ok is False:
            return t("⚠ Wall check failed"), False
        return t("Wall not checked (joined after the deal)"), None

    def round_number(self) -> int:
        return self.table.rounds_played + 1

    def side_of(self, seat: int | None) -> str:
        if seat is None:
            return "center"
        return relative_positions(self.model.players)[(seat - self.viewer) % self.model.players]

    def side_point(self, side: str) -> tuple[int, int]:
        return self.layout.flash_point(side)

    def flip_caption(self, row: FlipRow) -> str:
        """"阿强：计 3" — a winner's name and what the turned tiles counted for him."""
        return self.app.t("{name}: {count} counted").format(name=self.table.seats[row.seat].name, count=row.total)

    def open_prompt(self):
        seat = self.owner
        return self.feeds[seat].open_prompt if seat is not None and seat in self.feeds else None

    def my_actions(self) -> list[Action]:
        """What the seat on screen may do now: its open prompt, once the screen has caught up with the game."""
        seat = self.owner
        if seat is None or seat not in self.feeds or seat in self.table.autoplay:
            return []
        if self.wait > 0 or self.deal_shown is not None:
            return []
        prompt = self.feeds[seat].open_prompt
        if prompt is None:
            return []
        if self.hotseat is not None and prompt.claim:
            if self.consulting != seat:
                return []  # claims are answered only when he is asked, behind his own hand-over
        elif self.queue:
            return []
        return list(prompt.actions)

    def standing_orders(self) -> tuple[bool, bool]:
        seat = self.owner
        if seat is None:
            return False, False
        cfg = self.table.seats[seat]
        return cfg.auto_win, cfg.auto_pass

    def discard_index(self, index: int) -> None:
        tiles = self.my_tiles()
        if not 0 <= index < len(tiles):
            return
        tile = parse_tile(tiles[index])
        action = Action(self.viewer, "discard", tile)
        if action in self.my_actions():
            self.submit(action)

    def my_tiles(self) -> list[str]:
        s = self.model.seats[self.viewer] if self.model.seats else None
        if s is None:
            return []
        return sort_hand(s.hand, self.model.ghost) + ([s.drawn] if s.drawn else [])

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        self.face_up = set()
        self.hits.reset()
        self.hint_key_rect = None
        self.ghost_rect = None
        self.discard_areas = {}
        self.mark_rects = []
        self.hand_areas = {}
        if self.hotseat is not None and self.hotseat.handover_to is not None:
            self.overlays.draw_handover(surface, self.hotseat.handover_to)
            return
        surface.blit(self.app.art.felt(self.board.look_region(), (w, h)), (0, 0))
        if self.setup_prompt() is not None:
            self.overlays.draw_table_under_setup(surface)
            self.overlays.draw_setup(surface)
            return
        if not self.model.seats:
            if self.kind.waits_between_rounds():
                self.overlays.draw_waiting(surface)
            return
        self.board.fit_layout()
        self.board.draw_walls(surface)
        self.board.draw_center(surface)
        self.last_discard_rect = None
        for seat in range(self.model.players):
            self.board.draw_discards(surface, seat)
        self.board.draw_last_discard_mark(surface)  # over every row, so no later tile hides it
        for seat in range(self.model.players):
            self.seats.draw_seat_info(surface, seat)
            self.hands.draw_hand(surface, seat)
        self.controls.draw(surface)
        self.controls.draw_turn_prompt(surface)
        if self.dice_anim > -self.pace(0.9):
            self.board.draw_dice(surface)
        self.effects.draw(surface)
        if self.show_counter:
            self.board.draw_counter(surface)
        if self.handover.nothing_to_claim_shown():
            self.overlays.draw_nothing_to_claim(surface)
        if self.notice:
            text(self.app, surface, (w // 2, self.layout.hand_y - self.layout.px(150)), self.notice,
                 self.layout.fs(16), (255, 160, 140), False, "center")
        self.seats.draw_bubbles(surface)
        self.controls.draw_menu(surface)  # the speaker's menu over all of the table
        if self.lost is not None:
            self.overlays.draw_lost(surface)

    def to_title(self) -> None:
        self.leave()
        while len(self.app.scenes) > 1:
            self.app.pop()
        self.app.replace(self.app.make.title())

    def setup_prompt(self):
        """The shown seat's choice before the deal (上嘎 …), when one is asked of him now."""
        seat = self.owner
        feed = self.feeds.get(seat) if seat is not None else None
        prompt = feed.open_prompt if feed is not None else None
        if prompt is None or prompt.choice is None or seat in self.table.autoplay:
            return None
        return prompt

    def corner_room(self) -> int:
        """Height kept free at the lower right for the speaker and 快捷语 (and the menus they open)."""
        return self.layout.px(90)


"""The table scene: the heart of the game.

It draws what its seat receives from the host (game.host) — a TableModel built from that seat's projected events —
paces those events with animations, and turns clicks and keys into intents answering the seat's prompt. It never
touches the round: the host owns it, with the bots, the claim timer, autosave and the replay log. The host's clock
only runs while nothing is being animated, so the game never runs ahead of what the players have seen. Esc never
answers a prompt: it opens the pause menu (game.ui.scenes.pause), behind which the host's clock stands still. A
resumed game shows its position at once, without replaying the round's animations.

Hot-seat play (several humans on one screen) follows game.hotseat: at most one hand face-up, hand-overs at moments
that depend on public facts only, every human's claim answer collected before any of them shows.

A LAN seat is the same scene over a game.net.remote_table.RemoteTable (`remote`): the host runs the game and its
clock, this screen shows its seat's events and sends intents; quick phrases, 托管 and offline marks come from the
host, and leaving hands the seat to the host's AI.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import pygame

from game.engine.events import render
from game.engine.seat_state import SeatState
from game.engine.state import Action
from game.engine.tiles import NUM_PLAYABLE, parse_tile, tile_name
from game.engine.wall import side_lengths
from game.host import Host, LocalSeat, Refused
from game.hotseat import HotSeat
from game.i18n import N_
from game.seating import relative_positions
from game.ui.app import Scene
from game.ui.layout import TILE_RATIO, Layout
from game.ui.model import FlipRow, TableModel, flip_rows
from game.ui.node import ImageNode, Node, ease_out, ease_out_back
from game.ui.terms import count_text, hand_name
from game.ui.widgets import GOLD, INK, button, show, text

if TYPE_CHECKING:
    from game.ui.app import App

SIDE_TURNS = {"bottom": 0, "right": 1, "top": 2, "left": 3}  # quarter turns counter-clockwise for each side
# the words called at the table (msgids: zh_TW 槓 過 補花 …, English Pong, Kong …)
CALL_WORDS = {"win": N_("胡"), "zimo": N_("自摸"), "kong": N_("杠"), "pong": N_("碰"), "chow": N_("吃"),
              "pass": N_("过"), "concealed_kong": N_("暗杠"), "added_kong": N_("补杠"), "flower": N_("补花")}
# Esc is not a key for "pass": a win must never be thrown away by a stray key
CALL_KEYS = {pygame.K_h: "win", pygame.K_g: "kong", pygame.K_p: "pong", pygame.K_c: "chow", pygame.K_SPACE: "pass"}
# seconds each event holds the stage before the next one (at animation speed 1)
PACE = {"start_round": 0.2, "deal": 0.05, "draw": 0.12, "discard": 0.45, "pong": 0.8, "kong": 0.9, "chow": 0.8,
        "concealed_kong": 0.9, "added_kong": 0.9, "flower": 0.5, "win": 1.6, "flip": 1.4, "exhausted": 1.2,
        "score": 0.15, "end_round": 0.4, "ghost": 0.9, "claim": 0.05}
WIND_ZH = {"E": N_("东"), "S": N_("南"), "W": N_("西"), "N": N_("北")}  # msgids (zh_TW 東)
BOT_THINK = 0.35  # seconds an AI seat "thinks" before it plays (at animation speed 1)


class TableScene(Scene):
    def __init__(self, app: "App", table: Host, region: str | None = None, autosave: bool | None = None):
        super().__init__(app)
        self.remote = bool(getattr(table, "remote", False))  # a LAN seat: the game runs on its host
        # the demo never touches a player's saved game unless asked (--autosave, for the crash test); a LAN game is
        # saved by its host
        self.autosave = autosave if autosave is not None else app.autoplay is None or app.autoplay.autosave
        if self.remote:
            self.autosave = False
        self.table = table
        if self.remote:
            table.empty_name = app.t("Seat {n}")
            for i, cfg in enumerate(table.seats):
                if not table.taken[i]:
                    cfg.name = table.empty_name.format(n=i + 1)
        self.region = region or table.variant_id
        # a LAN screen plays its own seat only (the other humans are at their own screens)
        humans = [table.seat] if self.remote else [i for i, s in enumerate(table.seats) if s.human]
        self.humans = humans
        self.viewer = humans[0] if humans else 0  # the seat at the bottom of the screen
        self.hotseat: HotSeat | None = None
        if len(humans) > 1:
            robbable = {kind for kind, rob in (("added_kong_declared", "added_kong"), ("kong_declared", "kong"))
                        if table.variant.can_rob(table.options, rob)}
            self.hotseat = HotSeat(humans, table.players, table.seats, robbable)
        self.links: dict[int, LocalSeat] = {}
        self.model = self._new_model(self.viewer)
        self.presented = -1  # number of the last event on screen
        self.closed_through = -1  # events up to this number belong to rounds already closed
        self.wait = 0.0
        self.effects = Node()
        self.buttons: list[tuple[pygame.Rect, str, object]] = []
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
        self.counter_rect: pygame.Rect | None = None  # where the last frame drew the tile counter

    # ------------------------------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        table = self.table
        table.autosave = table.keep_replays = self.autosave
        table.think = self._pace(BOT_THINK)
        table.claim_timer = self.app.settings.claim_timer or None
        table.turn_timer = self.app.settings.turn_timer or None
        self._dress_tiles()
        for seat in self.humans:
            self.links[seat] = LocalSeat(seat)
            table.attach(seat, self.links[seat])
        if not self.humans:  # the demo: watch seat 0's view
            self.links[self.viewer] = LocalSeat(self.viewer)
            table.observe(self.viewer, self.links[self.viewer])
        if table.phase == "idle":
            table.start_round()  # a new game: its dice, deal and play are shown as they come
        elif table.phase == "over":
            # closed on the round-over screen: that round is settled first, then the game goes on
            self._rebuild_for(self.viewer, at_end=True)
            self._open_settlement()
        elif table.phase == "play":
            # a resumed game (even one saved right after its deal): the position at once, no dice, no deal, no
            # discard flights and no voices of events already played
            self._rebuild_for(self.viewer, at_end=True)
            events = self._link().events
            voices = getattr(self.app.audio, "voices", None)
            if events and voices is not None and events[0][1].get("type") == "start_round":
                # the voices learn the round's rule set from its start_round (which says nothing aloud)
                voices.on_event(events[0][1], self.model.players, self.viewer)
            if self.hotseat is not None and events:
                # closed while the humans were being asked about a tile: ask them again, from public facts
                self.hotseat.on_event(events[-1][1])

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout(size[0], size[1], self.app.settings.tile_size)

    def idle_fps(self) -> int | None:
        """A table standing still (nothing flying, nothing queued, the dice at rest) waits for a player: 10 frames
        a second keep its marks pulsing; anything in motion gets the full rate."""
        if self.effects.children or self.queue or self.wait > 0 or self.deal_shown is not None \
                or self.dice_anim > -self._pace(0.9) or self.pending_flips:
            return None
        return 10

    def on_close(self) -> None:
        """The window is closing mid-round: keep the position (a LAN seat: the host's AI takes it over)."""
        if self.remote:
            self.leave()
            return
        self.save_now()

    def leave(self) -> None:
        """Leave a LAN table: the host's AI plays the seat until its player joins again with his name; leaving the
        table one hosts closes it (everyone is told; the host's autosave keeps the game for later)."""
        if self.remote:
            self.table.leave()

    def quit_label(self) -> str:
        """The pause menu's way out, as it is for this table."""
        if not self.remote:
            return self.app.t("Quit to title")
        return self.app.t("Close the table") if self.table.server is not None else self.app.t("Leave the table")

    def pause_note(self) -> str:
        if not self.remote:
            return self.app.t("The game is saved after every move: quitting loses nothing.")
        if self.table.server is not None:
            return self.app.t("The game goes on while this menu is open. Closing the table saves it for later.")
        return self.app.t("The game goes on while this menu is open; leave, and the AI plays your seat until "
                          "you join again.")

    def save_now(self) -> str | None:
        """Write the autosave now (it is written after every action; this makes sure it is on disk). None when
        saved (or when this table does not autosave: the demo), else why it could not be written."""
        if not self.autosave or self.remote:
            return None
        from game import saves

        try:
            saves.save(self.table)
        except OSError as exc:
            return self.app.t("The game could not be saved ({error}).").format(error=exc.strerror or exc)
        return None

    # ------------------------------------------------------------------------------------------ pause
    def pause(self) -> None:
        """Esc: the pause menu over the table as it is. The table gets no input and no update until it closes, so
        the host's clock stands still (no bot moves, no claim deadline runs)."""
        from game.ui.scenes.pause import PauseScene

        if self.app.scene is self:
            self.speaker_menu = False
            self.app.push(PauseScene(self.app, self))

    def resumed(self) -> None:
        """Back from the pause menu: settings changed meanwhile apply (the timers for the next prompts)."""
        self.table.claim_timer = self.app.settings.claim_timer or None
        self.table.turn_timer = self.app.settings.turn_timer or None

    @property
    def fast(self) -> bool:
        return bool(self.app.autoplay and self.app.autoplay.fast)

    def _pace(self, seconds: float) -> float:
        return seconds * (0.15 if self.fast else 1.0)

    def _new_model(self, viewer: int | None) -> TableModel:
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

    def _link(self) -> LocalSeat:
        return self.links[self.viewer]

    def _next_event(self) -> tuple[int, dict] | None:
        for seq, e in self._link().events:
            if seq > self.presented:
                return seq, e
        return None

    @property
    def queue(self) -> list[tuple[int, dict]]:
        """Events the viewer's seat has received and the screen has not shown yet."""
        return self._link().since(self.presented) if self.links else []

    def _rebuild_for(self, seat: int, at_end: bool = False) -> None:
        """Show the table from `seat`'s place: the picture is rebuilt from that seat's own events up to what is on
        screen (or all of them: a resumed game), without animations."""
        self.viewer = seat
        link = self.links[seat]
        if at_end and link.events:
            self.presented = max(self.presented, link.events[-1][0])
        self.model = self._new_model(seat)
        for seq, e in link.events:
            if self.closed_through < seq <= self.presented:  # a closed round's events stay closed
                self.model.apply(e)
        self.hover = self.selected = None
        self.choice = None
        self.deal_shown = None
        self.dice_anim = -99.0
        self.pending_flips = []
        self.marks_known = self._current_marks()

    # ------------------------------------------------------------------------------------------ pacing
    def update(self, dt: float) -> None:
        self.effects.update(dt)
        self._age_bubbles(dt)
        if self.remote:
            self._remote_news()
            if self.lost is not None:
                return
        if self.dice_anim > -self._pace(0.9):  # tumbling, then resting on the roll a moment
            before = self.dice_anim
            self.dice_anim -= dt
            if self.dice_anim > 0.25 and self.rng.random() < 0.5:
                self.dice_faces = (self.rng.randint(1, 6), self.rng.randint(1, 6))
            elif self.dice_anim <= 0.25 and self.model.dice:
                self.dice_faces = self.model.dice
            if before > -self._pace(0.15) >= self.dice_anim:
                self._shot("dice")
        if self.hotseat is not None and self.hotseat.handover_to is not None:
            return  # the hand-over screen is up: nothing moves until the named player confirms
        if self.wait > 0:
            self.wait -= dt
            return
        if self.deal_shown is not None:
            self._advance_deal()
            return
        if self.consulting is not None:
            self._consult(dt)
            return
        nxt = self._next_event()
        if nxt is not None:
            self._present(*nxt)
            return
        if self.pending_flips:
            self._release_flip()
            return
        if self.settlement_open:
            return
        if self.model.finished:
            self._open_settlement()
            return
        self._idle(dt)

    def _remote_news(self) -> None:
        """A LAN seat: what the host sent comes in every frame (the events wait in the seat's queue to be shown at
        this screen's pace); phrases are shown, refusals said, a lost table shown as such."""
        table = self.table
        table.advance(0.0)
        while table.phrases:
            seat, phrase_id = table.phrases.pop(0)
            self._show_phrase(seat, phrase_id)
        if table.notices:
            self.notice = table.notices.pop()
            table.notices.clear()
        err = table.error
        if err is not None and self.lost is None and not table.game_over():
            t = self.app.t
            self.lost = {"host_quit": t("The host has closed the table. The game is saved on the host's machine: "
                                        "when it is resumed there, join again with the same name."),
                         "replaced": t("This seat is being played from another window now.")}.get(
                err.code, t("The connection to the host was lost ({reason}).").format(reason=err.message))

    # ------------------------------------------------------------------------------------------ quick phrases
    def say(self, phrase_id: str) -> None:
        """The player on screen sends a quick phrase: over the LAN it is shown when the host passes it round (to
        every seat, this one too); at this machine's own table at once."""
        from game.phrases import PHRASE_GAP, PHRASE_IDS

        seat = self.owner
        self.phrase_menu = False
        if seat is None or phrase_id not in PHRASE_IDS:
            return
        if self.remote:
            self.table.say(seat, phrase_id)
            return
        if self.app.time - self.phrase_said_at < PHRASE_GAP:
            return
        self.phrase_said_at = self.app.time
        self._show_phrase(seat, phrase_id)

    def _show_phrase(self, seat: int, phrase_id: str) -> None:
        from game.phrases import phrase_text

        words = phrase_text(phrase_id)
        if words is None or not 0 <= seat < self.table.players:
            return
        self.bubbles = [b for b in self.bubbles if b["seat"] != seat]
        self.bubbles.append({"seat": seat, "id": phrase_id, "text": self.app.t(words), "left": 3.5})
        self.app.audio.talk(seat, phrase_id, self.table.players, self.viewer)

    def _age_bubbles(self, dt: float) -> None:
        for b in self.bubbles:
            b["left"] -= dt
        self.bubbles = [b for b in self.bubbles if b["left"] > 0]

    def _consult(self, dt: float) -> None:
        """Hot-seat: the human being asked about the tile just thrown answers (or sees he has nothing to claim)."""
        seat = self.consulting
        assert seat is not None and self.hotseat is not None
        if self.hotseat.owner != seat:
            self._hand_over(seat)
            return
        prompt = self.links[seat].open_prompt
        if prompt is not None and prompt.claim:
            self._think(dt)
            self.table.advance(dt)  # his claim timer runs; bots answer the same tile (shown after everyone's)

    def _idle(self, dt: float) -> None:
        """Nothing to show: a human whose turn it is gets the screen, else the host's clock runs (bots play)."""
        hs = self.hotseat
        turn = next((s for s, link in self.links.items()
                     if link.open_prompt is not None and not link.open_prompt.claim and s in self.humans), None)
        if hs is not None:
            asked = [s for s, link in self.links.items() if link.open_prompt is not None and link.open_prompt.claim]
            if asked and not hs.consult and self.presented >= 0:
                # a claim question no public moment announced: ask every human, as after a discard
                hs.on_event({"type": "discard", "actor": self.model.current})
                return
            seat = hs.needs_handover(turn)
            if seat is not None:
                self._hand_over(seat)
                return
        if self.owner is not None and self.owner in self.links and self.links[self.owner].open_prompt is not None:
            self._think(dt)
        self.table.advance(dt)

    def _think(self, dt: float) -> None:
        """A long think draws a word from the table."""
        self.idle += dt
        if self.idle > 15 and not self.hurried:
            self.hurried = True
            others = [s for s in range(self.model.players) if s in self.table.autoplay]
            if others:
                self.app.audio.talk(self.rng.choice(others), "hurry", self.model.players, self.viewer)

    def _hand_over(self, seat: int) -> None:
        assert self.hotseat is not None
        self.hotseat.hide()
        self.hotseat.handover_to = seat
        self.choice = None
        self.hover = self.selected = None

    def handover_done(self, seat: int) -> None:
        assert self.hotseat is not None
        self.hotseat.confirm(seat)
        self._rebuild_for(seat)

    def _nothing_to_claim_shown(self) -> bool:
        seat = self.consulting
        if seat is None or self.hotseat is None or self.hotseat.owner != seat or self.wait > 0:
            return False
        prompt = self.links[seat].open_prompt
        return prompt is None or not prompt.claim

    def nothing_to_claim(self) -> None:
        """Hot-seat: the consulted human saw he has nothing to claim and goes on."""
        seat = self.consulting
        if seat is not None and self.hotseat is not None and self.hotseat.owner == seat:
            prompt = self.links[seat].open_prompt
            if prompt is None or not prompt.claim:
                self.hotseat.consulted(seat)

    def _present(self, seq: int, e: dict) -> None:
        kind = e["type"]
        if self.pending_flips and kind not in ("win", "flip"):
            self._release_flip()  # the wins are announced: now the tiles turned for them, then the payments
            return  # `e` comes on the next beat
        self.presented = seq
        self.model.apply(e)
        if self.hotseat is not None:
            self.hotseat.on_event(e)
        if kind == "flip":
            # the engine turns the tiles before it announces the wins; the table shows and says them after
            self.pending_flips.append(e)
            self.wait = self._pace(0.05)
            return
        self.app.audio.on_event(e, self.model.players, self.viewer)
        self.wait = self._pace(PACE.get(kind, 0.1))
        if kind == "start_round":
            self.dice_anim = self._pace(1.3)
            self.wait = self._pace(1.3) + self._pace(0.9)
            self.deal_shown = None
        elif kind == "deal" and self._all_dealt():
            if self.deal_shown is None:
                self.deal_shown = [0] * self.model.players
        elif kind in ("pong", "kong", "chow", "concealed_kong", "added_kong"):
            self._flash(e["actor"], self.app.t(CALL_WORDS[kind]))
            self._shot(f"call_{kind}", self._pace(0.5))
            self._marks_changed(e["actor"])
        elif kind == "score" and not self.model.wins and not self.model.exhausted:
            self._score_banner(e)  # a payment during play (追牌, 跟庄, kong points …): who pays whom, at once
        elif kind == "flower":
            self._flash(e["actor"], self.app.t(CALL_WORDS["flower"]))
        elif kind == "win":
            self._flash(e["actor"], self.app.t("胡") if e.get("target") is not None else self.app.t("自摸"), big=True)
            self._celebrate(e["actor"])
            if (e.get("fan") or 0) >= 2:  # a big hand: someone at the table says so, once the win is announced
                others = [s for s in range(self.model.players) if s != e["actor"] and s in self.table.autoplay]
                if others:
                    self._later(1.6, lambda seat=self.rng.choice(others): self.app.audio.talk(
                        seat, "nice", self.model.players, self.viewer))
            self._shot("win", self._pace(0.6))
        elif kind == "discard":
            self._fly_discard(e)
        elif kind == "exhausted":
            self._flash(None, self.app.t("流局"), big=True)
        elif kind == "ghost":
            self._flash(None, self.app.t("鬼牌"), tile=e["ghost"])

    def _release_flip(self) -> None:
        """Show (and say) the first flip held back until its wins were announced."""
        flip = self.pending_flips.pop(0)
        self.app.audio.on_event(flip, self.model.players, self.viewer)
        self._show_flip(flip)
        self.wait = self._pace(PACE["flip"])
        self._shot("flip", self._pace(0.6))

    def _current_marks(self) -> set[tuple]:
        return {(seat, m.id, tuple(sorted(m.params.items()))) for seat in range(self.model.players)
                for m in self.model.seat_marks(seat)} if self.model.started else set()

    def _marks_changed(self, actor: int) -> None:
        """A claim may make a seat mark (互包 …): the new ones are said once, in the table's voice."""
        now = self._current_marks()
        new = now - self.marks_known
        self.marks_known = now
        if not new:
            return
        tokens = [m.voice_token for seat in range(self.model.players) for m in self.model.seat_marks(seat)
                  if (seat, m.id, tuple(sorted(m.params.items()))) in new and m.voice_token]
        voices = getattr(self.app.audio, "voices", None)
        if tokens and voices is not None:
            voices.announce(tokens[0], self.model.players, self.viewer, after=actor)
        self._shot("seat_mark", self._pace(0.6))

    def _all_dealt(self) -> bool:
        return all(s.hand for s in self.model.seats)

    def _advance_deal(self) -> None:
        """Deal 4-4-4 then 1 each, then the dealer's 14th, a few tiles per beat."""
        assert self.deal_shown is not None
        players = self.model.players
        order = [(self.model.dealer + i) % players for i in range(players)]
        for chunk in (4, 8, 12, 13):
            for seat in order:
                if self.deal_shown[seat] < chunk:
                    self._fly_deal(seat, chunk - self.deal_shown[seat])
                    self.deal_shown[seat] = chunk
                    self.wait = self._pace(0.12)
                    return
        dealer = self.model.dealer
        if self.deal_shown[dealer] < len(self.model.seats[dealer].hand) + (1 if self.model.seats[dealer].drawn else 0):
            self.deal_shown[dealer] = 99
            self.wait = self._pace(0.2)
            return
        self.deal_shown = None
        self.wait = self._pace(0.3)
        self._shot("deal")

    def _later(self, seconds: float, action) -> None:
        holder = Node()
        holder.tween("x", 1, seconds, on_done=lambda: (action(), self.effects.remove(holder)))
        self.effects.add(holder)

    def _submit(self, action) -> None:
        """Answer the shown seat's prompt with an intent; a refusal is shown, never applied."""
        seat = action.seat
        link = self.links.get(seat)
        prompt = link.open_prompt if link is not None else None
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
        if not self.remote:
            return None
        ok = self.table.verification()
        t = self.app.t
        if ok:
            return t("✓ Wall verified"), True
        if ok is False:
            return t("⚠ Wall check failed"), False
        return t("Wall not checked (joined after the deal)"), None

    def round_number(self) -> int:
        return self.table.rounds_played + 1

    def _open_settlement(self) -> None:
        from game.ui.scenes.settlement import SettlementScene

        self.settlement_open = True
        self.app.push(SettlementScene(self.app, self))

    def next_round(self) -> None:
        """Called by the settlement screen."""
        self.settlement_open = False
        if not self.table.next_round():
            from game.ui.scenes.settlement import StandingsScene

            self.app.replace(StandingsScene(self.app, self.table))
            return
        if self.hotseat is not None:
            self.hotseat.hide()
        self.closed_through = self.presented
        self.model = self._new_model(self.viewer)
        self.pending_flips = []
        self.marks_known = set()

    def _shot(self, name: str, delay: float = 0.0) -> None:
        if self.app.autoplay is None:
            return
        if delay <= 0:
            self.app.screenshot(name)
            return
        holder = Node()
        holder.tween("x", 1, delay, on_done=lambda: (self.app.screenshot(name), self.effects.remove(holder)))
        self.effects.add(holder)

    # ------------------------------------------------------------------------------------------ effects
    def _side_of(self, seat: int | None) -> str:
        if seat is None:
            return "center"
        return relative_positions(self.model.players)[(seat - self.viewer) % self.model.players]

    def _side_point(self, side: str) -> tuple[int, int]:
        return self.layout.flash_point(side)

    def _flash(self, seat: int | None, word: str, *, big: bool = False, tile: str | None = None) -> None:
        size = round(self.layout.tw * (1.6 if big else 1.2))
        color = (255, 214, 90) if big else (255, 245, 220)
        text = self.app.fonts.render(word, size, color, bold=True)
        shadow = self.app.fonts.render(word, size, (60, 20, 10), bold=True)
        surf = pygame.Surface((text.get_width() + 8, text.get_height() + 8), pygame.SRCALPHA)
        surf.blit(shadow, (6, 6))
        surf.blit(text, (2, 2))
        pad = size // 4
        backed = pygame.Surface((surf.get_width() + 2 * pad, surf.get_height() + pad), pygame.SRCALPHA)
        pygame.draw.rect(backed, (0, 0, 0, 120), backed.get_rect(), border_radius=backed.get_height() // 2)
        backed.blit(surf, (pad, pad // 2))
        surf = backed
        shown = [tile] if tile is not None else []
        if shown:
            faces = [self.app.tiles.face(parse_tile(t), self.layout.tw) for t in shown]
            fw = sum(f.get_width() + 6 for f in faces)
            combo = pygame.Surface((surf.get_width() + fw + 10, max(surf.get_height(), faces[0].get_height())),
                                   pygame.SRCALPHA)
            combo.blit(surf, (0, (combo.get_height() - surf.get_height()) // 2))
            x = surf.get_width() + 10
            for f in faces:
                combo.blit(f, (x, 0))
                x += f.get_width() + 6
            surf = combo
        x, y = self._side_point(self._side_of(seat))
        node = ImageNode(surf, x, y, center=True, z=10)
        node.scale = 0.3
        node.tween("scale", 1.0, 0.35, ease=ease_out_back)
        node.tween("alpha", 0, 0.45, delay=self._pace(0.9) + 0.3, on_done=lambda: self.effects.remove(node))
        self.effects.add(node)

    def _pop_in(self, surf: pygame.Surface, x: int, y: int, hold: float) -> ImageNode:
        """An effect that pops up centred on (x, y), stays `hold` seconds (paced) and fades."""
        node = ImageNode(surf, x, y, center=True, z=11)
        node.scale = 0.5
        node.tween("scale", 1.0, self._pace(0.3), ease=ease_out_back)
        node.tween("alpha", 0, 0.4, delay=self._pace(hold), on_done=lambda: self.effects.remove(node))
        self.effects.add(node)
        return node

    def flip_caption(self, row: FlipRow) -> str:
        """"阿强：计 3" — a winner's name and what the turned tiles counted for him."""
        return self.app.t("{name}: {count} counted").format(name=self.table.seats[row.seat].name, count=row.total)

    def _show_flip(self, e: dict) -> None:
        """The turned tiles (horses, 醒) large in the middle of the table: for each winner a row with his name and
        count, the tiles that scored for him lit (full brightness, gold rim), the others dimmed (the event's counts:
        the rule set says what scored, the table only draws it)."""
        label = self.app.t(self.table.variant.flip_kind(e.get("kind")).label)
        rows = flip_rows(e)
        lay = self.layout
        fonts = self.app.fonts
        tw = lay.tw
        pad = max(12, tw // 3)
        title = fonts.render(label, max(22, round(tw * 0.6)), (255, 214, 90), bold=True)
        parts = []
        for row in rows:
            strip, rects = self.app.tiles.flip_strip([parse_tile(t) for t in row.tiles], row.counts, tw)
            caption = None
            if row.seat is not None and 0 <= row.seat < len(self.table.seats):
                caption = fonts.render(self.flip_caption(row), max(14, tw // 3), INK, bold=True)
            parts.append((row, strip, rects, caption))
        width = max([title.get_width()] + [max(st.get_width(), c.get_width() if c else 0) for _, st, _, c in parts])
        height = title.get_height() + sum(st.get_height() + (c.get_height() + 4 if c else 0) + pad
                                          for _, st, _, c in parts)
        surf = pygame.Surface((width + 2 * pad, height + 2 * pad), pygame.SRCALPHA)
        pygame.draw.rect(surf, (8, 20, 16, 225), surf.get_rect(), border_radius=pad)
        pygame.draw.rect(surf, (*GOLD, 235), surf.get_rect(), width=2, border_radius=pad)
        surf.blit(title, title.get_rect(midtop=(surf.get_width() // 2, pad // 2 + 2)))
        y = pad // 2 + title.get_height() + pad // 2
        cx, cy = lay.center
        origin = (cx - surf.get_width() // 2, cy - surf.get_height() // 2)
        view_rows = []
        for row, strip, rects, caption in parts:
            if caption is not None:
                surf.blit(caption, caption.get_rect(midtop=(surf.get_width() // 2, y)))
                y += caption.get_height() + 4
            x = (surf.get_width() - strip.get_width()) // 2
            surf.blit(strip, (x, y))
            view_rows.append({"seat": row.seat, "tiles": list(row.tiles), "lit": row.lit, "total": row.total,
                              "rects": [r.move(origin[0] + x, origin[1] + y) for r in rects]})
            y += strip.get_height() + pad
        self.flip_view = {"kind": e.get("kind"), "label": label, "rows": view_rows}
        self._pop_in(surf, cx, cy, PACE["flip"] + 0.4)

    def _score_banner(self, e: dict) -> None:
        """A payment made during play (追牌, 跟庄, kong points …): a short banner with the rule set's label for it and
        who gains or pays what."""
        label = self.app.t(self.table.variant.score_reason(e.get("reason")).label)
        amounts = [(seat, d) for seat, d in enumerate(e.get("deltas") or []) if d]
        fonts = self.app.fonts
        size = max(16, self.layout.tw // 3 + 2)
        head = fonts.render(label, size + 4, (255, 214, 90), bold=True)
        pieces = [fonts.render(f"{self.table.seats[seat].name} {d:+d}", size,
                               (130, 240, 140) if d > 0 else (255, 130, 110), bold=True) for seat, d in amounts]
        pad = size // 2 + 4
        gap = size
        width = head.get_width() + sum(p.get_width() + gap for p in pieces) + 2 * pad
        height = max([head.get_height()] + [p.get_height() for p in pieces]) + pad
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surf, (40, 14, 8, 225), surf.get_rect(), border_radius=height // 2)
        pygame.draw.rect(surf, (*GOLD, 235), surf.get_rect(), width=2, border_radius=height // 2)
        x = pad
        for img in [head, *pieces]:
            surf.blit(img, img.get_rect(midleft=(x, height // 2)))
            x += img.get_width() + gap
        room = self.layout.width - 2 * self.layout.edge
        if surf.get_width() > room:  # long names in a small window: the whole banner narrower
            surf = pygame.transform.smoothscale(surf, (room, max(1, round(height * room / surf.get_width()))))
        self.banner_view = {"reason": e.get("reason"), "label": label, "amounts": amounts}
        cx, cy = self.layout.center
        self._pop_in(surf, cx, cy - self.layout.panel // 2 - height, 1.3)
        self.wait = max(self.wait, self._pace(1.0))
        self._shot("score", self._pace(0.5))

    def _break_point(self) -> tuple[int, int]:
        """Screen position of the wall break (where drawing starts), for the deal's motion and its marker."""
        m = self.model
        size = self._tile_set_size()
        lengths = side_lengths(size)
        brk = m.wall_break or {"side": 0, "stacks": 0}
        order = ["bottom", "right", "top", "left"]
        side = order[(order.index(self._side_of(m.dealer)) + brk["side"]) % 4]
        n = lengths[brk["side"]]
        cx, cy = self.layout.center
        x, y = self._wall_slot(side, min(brk["stacks"], n - 1), n, self.layout.stack, cx, cy, self.layout.ring)
        return x + self.layout.stack // 2, y + self.layout.stack // 2

    def _fly_deal(self, seat: int, count: int) -> None:
        """A block of tiles slides from the wall break to the seat being dealt."""
        sw = self.layout.small
        img = pygame.Surface((sw * count, round(sw * TILE_RATIO)), pygame.SRCALPHA)
        back = self.app.tiles.back(sw)
        for i in range(count):
            img.blit(back, (i * sw, 0))
        side = self._side_of(seat)
        img = self.app.tiles.rotated(img, SIDE_TURNS[side])
        sx, sy = self._break_point()
        tx, ty = self._side_point(side)
        node = ImageNode(img, sx, sy, center=True, z=4)
        node.tween("x", tx - img.get_width() / 2, self._pace(0.25), ease=ease_out)
        node.tween("y", ty - img.get_height() / 2, self._pace(0.25), ease=ease_out,
                   on_done=lambda: self.effects.remove(node))
        self.effects.add(node)

    def _fly_discard(self, e: dict) -> None:
        """A discarded tile slides from its seat's hand to its place in the discard rows."""
        seat = e["actor"]
        side = self._side_of(seat)
        index = len(self.model.seats[seat].discards) - 1
        tx, ty = self._discard_pos(side, index)
        sx, sy = self._side_point(side)
        img = self.app.tiles.rotated(self.app.tiles.lying(parse_tile(e["tile"]), self.layout.small),
                                     SIDE_TURNS[side])
        node = ImageNode(img, sx, sy, center=True, z=5)
        node.tween("x", tx - img.get_width() / 2, 0.22, ease=ease_out)
        node.tween("y", ty - img.get_height() / 2, 0.22, ease=ease_out, on_done=lambda: self.effects.remove(node))
        self.effects.add(node)
        self.flying = node
        # and large for a moment, between the thrower and the middle, so the table sees what went out
        big = self.app.tiles.face(parse_tile(e["tile"]), round(self.layout.tw * 1.25))
        cx, cy = self.layout.center
        self.discard_pop = self._pop_in(big, round(sx + (cx - sx) * 0.45), round(sy + (cy - sy) * 0.45), 0.45)

    def _look(self):
        """This table's `RegionLook` (game.ui.art.looks): its rule set's region, or the one chosen in the settings."""
        from game.ui.art.looks import look_of

        return look_of(self._region())

    def _dress_tiles(self) -> None:
        """The tile backs (the wall, the others' hands, concealed kongs) in this table's look."""
        self.app.tiles.look = self._look()

    def _celebrate(self, seat: int) -> None:
        """The region's win effect around the winner: its particles join the effect layer and leave it by
        themselves (short in fast mode)."""
        from game.ui.art.looks import win_effect

        lay = self.layout
        node = win_effect(self._look(), self._side_point(self._side_of(seat)), (lay.width, lay.height),
                          self._pace(1.0), seed=f"{self.table.seed}:{self.presented}")
        self.effects.add(node)

    # ------------------------------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> None:
        if self.lost is not None:  # the LAN table is gone: only the way back to the title is left
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.to_title()
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                for rect, kind, _payload in self.buttons:
                    if kind == "lost" and rect.collidepoint(event.pos):
                        self.to_title()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            # Esc never answers a prompt (a win is never thrown away by it): it closes an open chooser, else it
            # pauses the game
            if self.choice is not None and (self.hotseat is None or self.hotseat.handover_to is None):
                self.choice = None
            else:
                self.pause()
            return
        hs = self.hotseat
        if hs is not None and hs.handover_to is not None:
            # only the hand-over's own button (or Enter) goes on; stray keys change nothing
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.handover_done(hs.handover_to)
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                for rect, kind, payload in self.buttons:
                    if kind == "handover" and rect.collidepoint(event.pos):
                        self._press(kind, payload)
            return
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)
                and self._nothing_to_claim_shown()):
            self.nothing_to_claim()
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._tile_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, kind, payload in self.buttons:
                if rect.collidepoint(event.pos):
                    self._press(kind, payload)
                    return
            index = self._tile_at(event.pos)
            if index is not None:
                self._discard_index(index)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        setup = self._setup_prompt()
        if setup is not None:  # a choice before the deal: its value's digit picks it
            for action in setup.actions:
                if key in (pygame.K_0 + action.value, pygame.K_KP0 + action.value):
                    self._submit(action)
            return
        tiles = self._my_tiles()
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and tiles:
            step = -1 if key == pygame.K_LEFT else 1
            cur = self.selected if self.selected is not None else len(tiles) - 1
            self.selected = (cur + step) % len(tiles)
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_d) and self.selected is not None:
            self._discard_index(self.selected)
            return
        if self.choice is not None and pygame.K_1 <= key <= pygame.K_9:
            i = key - pygame.K_1
            if i < len(self.choice):
                self._submit(self.choice[i])
            return
        if key == pygame.K_t:
            self.show_counter = not self.show_counter
            return
        if key == pygame.K_w:
            self.show_waits = not self.show_waits
            return
        if key == pygame.K_TAB:
            self.show_hint()
            return
        kind = CALL_KEYS.get(key)
        if kind is not None:
            self._press("call", kind)

    def _open_prompt(self):
        seat = self.owner
        return self.links[seat].open_prompt if seat is not None and seat in self.links else None

    def show_hint(self) -> str | None:
        """提示: the expert's move for the seat on screen, from that seat's own state, with its reason; a suggested
        discard is also lifted in the hand (Enter throws it)."""
        from game.ui.hint import advise, hint_text

        actions = self._my_actions()
        prompt = self._open_prompt()
        if not actions or prompt is None or prompt.choice is not None:
            return None
        advice = advise(self.state, actions)
        words = hint_text(self.app.t, advice, lambda h: hand_name(self.app, self.table.variant, h), self.state)
        self.hint = (prompt.id, words)
        if advice.action.type == "discard" and advice.action.tile is not None:
            name = tile_name(advice.action.tile)
            tiles = self._my_tiles()
            if name in tiles:
                self.selected = len(tiles) - 1 - tiles[::-1].index(name)  # the drawn tile first, if it is the one
        return words

    def _my_actions(self) -> list[Action]:
        """What the seat on screen may do now: its open prompt, once the screen has caught up with the game."""
        seat = self.owner
        if seat is None or seat not in self.links or seat in self.table.autoplay:
            return []
        if self.wait > 0 or self.deal_shown is not None:
            return []
        prompt = self.links[seat].open_prompt
        if prompt is None:
            return []
        if self.hotseat is not None and prompt.claim:
            if self.consulting != seat:
                return []  # claims are answered only when he is asked, behind his own hand-over
        elif self.queue:
            return []
        return list(prompt.actions)

    def _standing_orders(self) -> tuple[bool, bool]:
        seat = self.owner
        if seat is None:
            return False, False
        cfg = self.table.seats[seat]
        return cfg.auto_win, cfg.auto_pass

    def _press(self, kind: str, payload: object) -> None:
        if kind == "lost":
            self.to_title()
            return
        if kind == "phrase":
            self.say(str(payload))
            return
        if kind == "handover":
            self.handover_done(int(payload))  # type: ignore[arg-type]
            return
        if kind == "nothing":
            self.nothing_to_claim()
            return
        if kind == "toggle":
            seat = self.owner
            if payload == "auto_win" and seat is not None:
                self.table.set_toggles(seat, auto_win=not self.table.seats[seat].auto_win)
            elif payload == "auto_pass" and seat is not None:
                self.table.set_toggles(seat, auto_pass=not self.table.seats[seat].auto_pass)
            elif payload == "tuoguan" and seat is not None:
                self.table.set_autoplay(seat, seat not in self.table.autoplay)
            elif payload == "counter":
                self.show_counter = not self.show_counter
            elif payload == "phrases":
                self.phrase_menu = not self.phrase_menu
            elif payload == "waits":
                self.show_waits = not self.show_waits
            elif payload == "hint":
                self.show_hint()
            elif payload == "speaker":
                self.speaker_menu = not self.speaker_menu
            elif payload == "rules":
                from game.ui.scenes.rules import RulesScene

                self.app.push(RulesScene(self.app, self.table.variant_id))
            return
        if kind == "dialect":
            self.set_dialect(str(payload))
            return
        if kind == "volume":
            self.app.audio.set_voice_volume(float(payload))  # type: ignore[arg-type]
            self.app.save()
            return
        if kind == "choose":  # one of several kongs or chows, or a choice before the deal
            self._submit(payload)
            return
        legal = self._my_actions()
        if kind == "call":
            want = {"kong": ("kong", "concealed_kong", "added_kong")}.get(str(payload), (str(payload),))
            options = [a for a in legal if a.type in want]
            if payload == "win":
                options = [a for a in legal if a.type == "win"]
            if not options:
                return
            if len(options) == 1:
                self._submit(options[0])
            else:
                self.choice = options

    def set_dialect(self, dialect: str) -> None:
        """The speaker menu's choice applies at once and is kept in the settings."""
        self.app.settings.dialect = dialect
        self.app.audio.set_dialect(dialect)
        self.app.save()

    def _discard_index(self, index: int) -> None:
        tiles = self._my_tiles()
        if not 0 <= index < len(tiles):
            return
        tile = parse_tile(tiles[index])
        action = Action(self.viewer, "discard", tile)
        if action in self._my_actions():
            self._submit(action)

    def _my_tiles(self) -> list[str]:
        s = self.model.seats[self.viewer] if self.model.seats else None
        if s is None:
            return []
        return sort_hand(s.hand, self.model.ghost) + ([s.drawn] if s.drawn else [])

    def _tile_at(self, pos: tuple[int, int]) -> int | None:
        for i, r in enumerate(self._hand_rects()):
            if r.inflate(0, 20).collidepoint(pos):
                return i
        return None

    # ------------------------------------------------------------------------------------------ drawing
    def _fit_layout(self) -> None:
        lay = self.layout
        players = self.model.players
        stacks = max(side_lengths(self._tile_set_size()))
        if lay.players != players or lay.wall_stacks != stacks:
            self.layout = Layout(lay.width, lay.height, lay.tile_size, players, stacks, lay.bar)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        self.face_up = set()
        self.buttons = []
        self.hint_key_rect = None
        self.ghost_rect = None
        self.discard_areas = {}
        self.mark_rects = []
        self.hand_areas = {}
        if self.hotseat is not None and self.hotseat.handover_to is not None:
            self._draw_handover(surface, self.hotseat.handover_to)
            return
        surface.blit(self.app.art.felt(self._region(), (w, h)), (0, 0))
        if self._setup_prompt() is not None:
            self._draw_setup(surface)
            return
        if not self.model.seats:
            if self.remote:
                self._draw_waiting(surface)
            return
        self._fit_layout()
        self._draw_walls(surface)
        self._draw_center(surface)
        self.last_discard_rect = None
        for seat in range(self.model.players):
            self._draw_discards(surface, seat)
        self._draw_last_discard_mark(surface)  # over every row, so no later tile hides it
        for seat in range(self.model.players):
            self._draw_seat_info(surface, seat)
            self._draw_hand(surface, seat)
        self._draw_controls(surface)
        self._draw_turn_prompt(surface)
        if self.dice_anim > -self._pace(0.9):
            self._draw_dice(surface)
        self.effects.draw(surface)
        if self.show_counter:
            self._draw_counter(surface)
        if self._nothing_to_claim_shown():
            self._draw_nothing_to_claim(surface)
        if self.notice:
            text(self.app, surface, (w // 2, self.layout.hand_y - self.layout.px(150)), self.notice,
                 self.layout.fs(16), (255, 160, 140), False, "center")
        self._draw_bubbles(surface)
        if self.lost is not None:
            self._draw_lost(surface)

    def _draw_waiting(self, surface: pygame.Surface) -> None:
        """A LAN seat between rounds: who the next deal still waits for."""
        w, h = surface.get_size()
        k = max(1.0, h / 720)
        t = self.table
        waiting = [t.seats[i].name for i in range(t.players)
                   if t.kinds[i] != "ai" and t.connected[i] and not t.ready[i] and i not in t.autoplay]
        line = self.app.t("Waiting for the next deal…")
        if waiting:
            line += "  " + self.app.t("Still reading the settlement: {names}").format(names="、".join(waiting))
        text(self.app, surface, (w // 2, h // 2), line, round(22 * k), GOLD, True, "center")
        if self.lost is not None:
            self._draw_lost(surface)

    def _draw_bubbles(self, surface: pygame.Surface) -> None:
        """Quick phrases: a speech bubble beside the speaker's seat card, fading at its end."""
        fonts = self.app.fonts
        size = max(self.layout.fs(15), round(self.layout.tw * 0.36))
        for b in self.bubbles:
            card = self.card_rects.get(b["seat"])
            if card is None:
                continue
            img = fonts.render(b["text"], size, (70, 40, 18), bold=True)
            r = pygame.Rect(0, 0, img.get_width() + size, img.get_height() + size // 2)
            side = self._side_of(b["seat"])
            if side == "top":
                r.midtop = (card.centerx, card.bottom + size // 2)
            elif side == "right":
                r.bottomright = (card.right, card.top - size // 3)
            else:
                r.bottomleft = (card.left, card.top - size // 3)
            r.clamp_ip(surface.get_rect())
            bg = pygame.Surface(r.size, pygame.SRCALPHA)
            alpha = max(0, min(255, round(255 * b["left"] / 0.5))) if b["left"] < 0.5 else 245
            pygame.draw.rect(bg, (255, 248, 228, alpha), bg.get_rect(), border_radius=r.height // 2)
            pygame.draw.rect(bg, (*GOLD, alpha), bg.get_rect(), width=2, border_radius=r.height // 2)
            img.set_alpha(alpha)
            bg.blit(img, img.get_rect(center=bg.get_rect().center))
            show(self.app, surface, bg, r, b["text"], size)
            b["rect"] = r

    def _draw_lost(self, surface: pygame.Surface) -> None:
        """The LAN table is gone (the host closed it, the connection broke): said plainly, with the way out."""
        w, h = surface.get_size()
        k = max(1.0, h / 720)
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        box = pygame.Rect(0, 0, min(w - 40, round(720 * k)), round(220 * k))
        box.center = (w // 2, h // 2)
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (20, 14, 10, 240), bg.get_rect(), border_radius=round(14 * k))
        pygame.draw.rect(bg, (*GOLD, 240), bg.get_rect(), width=2, border_radius=round(14 * k))
        surface.blit(bg, box)
        font = self.app.fonts.get(round(18 * k))
        wrap = getattr(font, "_wrap", None)
        lines = wrap(self.lost, box.width - round(60 * k)) if wrap is not None else [self.lost]
        y = box.y + round(28 * k)
        for line in lines[:4]:
            r = text(self.app, surface, (box.centerx, y), line, round(18 * k), (255, 240, 220), False, "midtop")
            y = r.bottom + 4
        rect = pygame.Rect(0, 0, round(260 * k), round(52 * k))
        rect.midbottom = (box.centerx, box.bottom - round(20 * k))
        pygame.draw.rect(surface, (150, 40, 30), rect, border_radius=round(12 * k))
        pygame.draw.rect(surface, GOLD, rect, width=2, border_radius=round(12 * k))
        text(self.app, surface, rect.center, self.app.t("Back to title"), round(20 * k), (255, 245, 225), True,
             "center")
        self.buttons.append((rect, "lost", None))

    def to_title(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.leave()
        while len(self.app.scenes) > 1:
            self.app.pop()
        self.app.replace(TitleScene(self.app))

    def _setup_prompt(self):
        """The shown seat's choice before the deal (上嘎 …), when one is asked of him now."""
        seat = self.owner
        link = self.links.get(seat) if seat is not None else None
        prompt = link.open_prompt if link is not None else None
        if prompt is None or prompt.choice is None or seat in self.table.autoplay:
            return None
        return prompt

    def _draw_setup(self, surface: pygame.Surface) -> None:
        """The choice before the deal: one chip per value the rules allow him now."""
        prompt = self._setup_prompt()
        assert prompt is not None and prompt.choice is not None
        w, h = surface.get_size()
        px, fs = self.layout.px, self.layout.fs
        box = pygame.Rect(0, 0, min(w - 40, px(560)), px(190))
        box.center = (w // 2, h // 2)
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 200), bg.get_rect(), border_radius=14)
        pygame.draw.rect(bg, (*GOLD, 230), bg.get_rect(), width=2, border_radius=14)
        surface.blit(bg, box)
        self.app.drawn.add("panel", box)
        name = self.table.seats[prompt.seat].name
        text(self.app, surface, (box.centerx, box.y + px(22)), f"{name}: {self.app.t(prompt.choice.label)}",
             fs(26), GOLD, True, "midtop")
        size, gap = px(56), px(14)
        x = box.centerx - (len(prompt.actions) * (size + gap) - gap) // 2
        for action in prompt.actions:
            r = pygame.Rect(x, box.y + px(90), size, size)
            on = action.value == prompt.choice.default
            pygame.draw.rect(surface, (150, 40, 30) if on else (40, 40, 36), r, border_radius=12)
            pygame.draw.rect(surface, GOLD, r, width=2, border_radius=12)
            text(self.app, surface, r.center, str(action.value), fs(26), (255, 245, 225), True, "center")
            self.buttons.append((r, "choose", action))
            x += size + gap

    def _draw_handover(self, surface: pygame.Surface, seat: int) -> None:
        """Hot-seat hand-over: opaque, so nothing of the table shows until the named player confirms."""
        w, h = surface.get_size()
        surface.blit(self.app.art.title_background((w, h)), (0, 0))
        name = self.table.seats[seat].name
        k = max(1.0, h / 720)  # text and button grow with the window
        text(self.app, surface, (w // 2, h // 2 - round(80 * k)),
             self.app.t("Pass the screen to {name}").format(name=name), round(36 * k), GOLD, True, "center")
        text(self.app, surface, (w // 2, h // 2 - round(30 * k)), self.app.t("Everyone else, look away."),
             round(20 * k), (230, 230, 220), False, "center")
        label = self.app.t("I am {name}: show my hand").format(name=name)
        rect = pygame.Rect(0, 0, round(340 * k), round(60 * k))
        rect.midtop = (w // 2, h // 2 + round(20 * k))
        pygame.draw.rect(surface, (150, 40, 30), rect, border_radius=14)
        pygame.draw.rect(surface, GOLD, rect, width=2, border_radius=14)
        text(self.app, surface, rect.center, label, round(22 * k), (255, 245, 225), True, "center")
        self.buttons.append((rect, "handover", seat))

    def _draw_nothing_to_claim(self, surface: pygame.Surface) -> None:
        """Hot-seat: the consulted human has no claim on this tile; he says he has seen it (as long as a claim)."""
        lay = self.layout
        label = self.app.t("Nothing to claim — continue")
        rect = pygame.Rect(0, 0, lay.px(320), lay.px(48))
        rect.midbottom = (lay.width // 2, lay.hand_y - 40)
        bg = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 190), bg.get_rect(), border_radius=12)
        pygame.draw.rect(bg, (255, 210, 90, 220), bg.get_rect(), width=2, border_radius=12)
        surface.blit(bg, rect)
        text(self.app, surface, rect.center, label, lay.fs(18), (255, 240, 210), True, "center")
        self.buttons.append((rect, "nothing", None))

    def _region(self) -> str:
        """The region whose look the table wears: settings.table_art, or for "auto" the rule set's region (a rule
        set with no region of its own: the default look's)."""
        from game.ui.art.looks import DEFAULT_LOOK, LOOKS

        art = self.app.settings.table_art
        region = self.region if art == "auto" else art
        return region if region in LOOKS else DEFAULT_LOOK

    def _face(self, tile: str, width: int) -> pygame.Surface:
        return self.app.tiles.face(parse_tile(tile), width)

    def _lying(self, tile: str, width: int, side: str) -> pygame.Surface:
        return self.app.tiles.rotated(self.app.tiles.lying(parse_tile(tile), width), SIDE_TURNS[side])

    # ---- walls
    def _tile_set_size(self) -> int:
        return self.model.wall_total + 13 * self.model.players + 1

    def _draw_walls(self, surface: pygame.Surface) -> None:
        m = self.model
        size = self._tile_set_size()
        lengths = side_lengths(size)
        brk = m.wall_break or {"side": 0, "stacks": 0}
        start = 2 * (sum(lengths[:brk["side"]]) + brk["stacks"])
        drawn = m.draws_made
        if self.deal_shown is not None:  # mid-deal: the wall gives up only the tiles dealt so far
            dealt = sum(len(x.hand) + (1 if x.drawn else 0) for x in m.seats)
            drawn -= dealt - sum(min(n, len(x.hand) + (1 if x.drawn else 0)) for n, x in zip(self.deal_shown, m.seats))
        elif self.dice_anim > -self._pace(0.9) and not any(x.discards for x in m.seats):
            drawn = 0  # the dice are still rolling: the wall stands whole
        taken = {(start + i) % size for i in range(drawn)}
        tail = {(start + size - 1 - i) % size for i in range(m.tail)}
        lay = self.layout
        sw = lay.stack
        self._dress_tiles()  # every frame: a change of settings.table_art shows at once, on the wall and the hands
        stack_img = self.app.tiles.stack(sw)
        tinted = self.app.tiles.tinted(stack_img, (255, 190, 110))  # reserved tiles (horses)
        cx, cy = lay.center
        order = ["bottom", "right", "top", "left"]
        dealer_side = self._side_of(m.dealer)
        first = order.index(dealer_side)
        pos = 0
        for k in range(4):
            side = order[(first + k) % 4]
            n = lengths[k]
            img = self.app.tiles.rotated(stack_img, SIDE_TURNS[side])
            img_t = self.app.tiles.rotated(tinted, SIDE_TURNS[side])
            stacks = []
            for j in range(n):
                idx = [pos + 2 * j, pos + 2 * j + 1]
                left = [t for t in idx if t < size and t not in taken]
                if left:
                    xy = self._wall_slot(side, j, n, sw, cx, cy, lay.ring)
                    stacks.append(surface.blit(img_t if any(t in tail for t in left) else img, xy))
            if stacks:
                self.app.drawn.add("area", stacks[0].unionall(stacks[1:]), f"wall {side}")
            pos += 2 * n

    @staticmethod
    def _wall_slot(side: str, j: int, n: int, sw: int, cx: int, cy: int, ring: int) -> tuple[int, int]:
        span = n * sw
        if side == "bottom":
            return cx + span // 2 - (j + 1) * sw, cy + ring - sw
        if side == "top":
            return cx - span // 2 + j * sw, cy - ring
        if side == "right":
            return cx + ring - sw, cy - span // 2 + j * sw
        return cx - ring, cy + span // 2 - (j + 1) * sw

    # ---- centre
    def _draw_center(self, surface: pygame.Surface) -> None:
        m = self.model
        cx, cy = self.layout.center
        p = self.layout.panel
        rect = pygame.Rect(0, 0, p, p)
        rect.center = (cx, cy)
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (10, 28, 22, 215), panel.get_rect(), border_radius=p // 8)
        pygame.draw.rect(panel, (200, 170, 90, 255), panel.get_rect(), width=2, border_radius=p // 8)
        surface.blit(panel, rect)
        self.app.drawn.add("panel", rect)
        fonts = self.app.fonts
        for seat in range(m.players):
            side = self._side_of(seat)
            active = seat == m.current and not m.finished
            color = (255, 210, 80) if active else (200, 200, 190)
            wind = self.app.t(WIND_ZH[m.seat_wind(seat)])
            img = fonts.render(wind, round(p * 0.16), color, bold=True)
            img = pygame.transform.rotate(img, 90 * SIDE_TURNS[side])
            off = round(p * 0.37)
            at = {"bottom": (cx, cy + off), "top": (cx, cy - off), "left": (cx - off, cy), "right": (cx + off, cy)}
            r = img.get_rect(center=at[side])
            if active:
                glow = pygame.Surface(r.inflate(10, 10).size, pygame.SRCALPHA)
                a = 110 + round(60 * math.sin(self.app.time * 5))
                pygame.draw.rect(glow, (255, 190, 60, a), glow.get_rect(), border_radius=6)
                surface.blit(glow, r.inflate(10, 10))
            show(self.app, surface, img, r, wind, round(p * 0.16))
        # between the top and the bottom seat's winds, stacked by their ink: the count, the words "tiles left", and
        # the round's number with what the rule set says of it (the round wind, 令 …) on as many lines as it needs
        lines = [(str(max(0, m.tiles_left)), round(p * 0.22), (240, 240, 230), True),
                 (self.app.t("tiles left"), self.layout.fs(11), (180, 190, 180), False)]
        size = max(self.layout.fs(11), round(p * 0.075))
        parts = [self.app.t("Round {n}").format(n=self.round_number()), *self.table_label_texts()]
        line = parts[0]
        for part in parts[1:]:
            if fonts.get(size).size(line + " · " + part)[0] <= p * 0.86:
                line += " · " + part
            else:
                lines.append((line, size, (180, 190, 180), False))
                line = part
        lines.append((line, size, (180, 190, 180), False))
        imgs = []
        for words, px, color, bold in lines:
            img = fonts.render(words, px, color, bold=bold)
            if img.get_width() > p * 0.86:  # one part longer than the panel: narrowed (recorded at the size shown)
                k = p * 0.86 / img.get_width()
                img = pygame.transform.smoothscale_by(img, k)
                px = round(px * k)
            imgs.append((img, img.get_bounding_rect(), words, px))
        gap = max(2, round(p * 0.03))
        y = cy - sum(ink.height for _, ink, _, _ in imgs) // 2 - gap * (len(imgs) - 1) // 2 - round(p * 0.02)
        for img, ink, words, px in imgs:
            show(self.app, surface, img, img.get_rect(centerx=cx, top=y - ink.top), words, px)
            y += ink.height + gap
        if m.ghost:
            gw = self.layout.small
            face = self._face(m.ghost, gw)
            box = pygame.Rect(0, 0, gw + 16, face.get_height() + 34)
            # right of the walls and the discards, below the top seat's card
            box.topleft = (cx + self.layout.ring + self.layout.small_h * 3 + 16,
                           self.layout.edge + self._card_size() + self.layout.px(16))
            t = fonts.render(self.app.t("Wildcard"), self.layout.fs(13), (255, 220, 120), bold=True)
            box.width = max(box.width, t.get_width() + 12)
            box.height = face.get_height() + t.get_height() + 16
            bg = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, (0, 0, 0, 150), bg.get_rect(), border_radius=8)
            surface.blit(bg, box)
            self.app.drawn.add("panel", box)
            self.ghost_rect = box
            fx = box.centerx - face.get_width() // 2
            surface.blit(face, (fx, box.y + 6))
            surface.blit(self.app.tiles.badge_wild(gw), (fx, box.y + 6))
            show(self.app, surface, t, t.get_rect(midtop=(box.centerx, box.y + face.get_height() + 10)),
                 self.app.t("Wildcard"), self.layout.fs(13))

    # ---- discards
    def _discard_pos(self, side: str, index: int) -> tuple[int, int]:
        return self.layout.discard_pos(side, index)

    def _draw_discards(self, surface: pygame.Surface, seat: int) -> None:
        side = self._side_of(seat)
        s = self.model.seats[seat]
        shown = 0
        last_index = self.model.last_discard[1] if self.model.last_discard and self.model.last_discard[0] == seat \
            else None
        order = list(enumerate(s.discards))
        if side == "bottom":  # later rows overlap earlier ones: draw far rows first
            order = order
        drawn = []
        for i, (tile, taken) in order:
            if taken:
                continue
            x, y = self._discard_pos(side, shown)
            img = self._lying(tile, self.layout.small, side)
            r = img.get_rect(center=(x, y))
            drawn.append(surface.blit(img, r))
            if i == last_index:
                self.last_discard_rect = r
            shown += 1
        if drawn:
            self.discard_areas[seat] = drawn[0].unionall(drawn[1:])
            self.app.drawn.add("area", self.discard_areas[seat], f"discards {side}")

    def _draw_last_discard_mark(self, surface: pygame.Surface) -> None:
        """The tile that may be claimed now, seen from across the table: a pulsing gold frame round it and a
        bobbing arrow over it, sized with the tiles, the same in every seat's orientation."""
        r = self.last_discard_rect
        if r is None or self.model.finished:
            return
        k = self.layout.small
        pulse = 0.5 + 0.5 * math.sin(self.app.time * 5)
        frame = r.inflate(6, 6)
        ring = pygame.Surface(frame.size, pygame.SRCALPHA)
        pygame.draw.rect(ring, (255, 214, 90, round(150 + 105 * pulse)), ring.get_rect(), width=max(2, k // 12),
                         border_radius=max(3, k // 6))
        surface.blit(ring, frame)
        size = max(8, round(k * 0.32))
        bob = round(size * 0.35 * math.sin(self.app.time * 6))
        tip = (frame.centerx, frame.top - 2 + bob)
        pts = [(tip[0] - size, tip[1] - round(size * 1.3)), (tip[0] + size, tip[1] - round(size * 1.3)), tip]
        pygame.draw.polygon(surface, (235, 60, 40), pts)
        pygame.draw.polygon(surface, (255, 235, 200), pts, width=max(1, size // 6))

    # ---- hands and melds
    def _meld_images(self, seat: int, width: int) -> list[list[pygame.Surface]]:
        """Each meld as the seat sees it: the claimed tile lies crosswise, placed toward its giver (left for the
        previous seat, middle for the opposite seat, right for the next seat); concealed kongs lie face down."""
        groups = []
        players = self.model.players
        for m in self.model.seats[seat].melds:
            if m["type"] == "concealed_kong":
                groups.append([self.app.tiles.lying_back(width) for _ in m["tiles"]])
                continue
            tiles = list(m["tiles"])
            claimed = m.get("claimed")
            imgs = [self.app.tiles.lying(parse_tile(t), width) for t in tiles]
            if m.get("from") is not None and claimed in tiles:
                tiles.remove(claimed)
                rest = [self.app.tiles.lying(parse_tile(t), width) for t in tiles]
                turned = self.app.tiles.rotated(self.app.tiles.lying(parse_tile(claimed), width), 1)
                rel = (m["from"] - seat) % players
                at = 0 if rel == players - 1 else len(rest) if rel == 1 else 1
                imgs = rest[:at] + [turned] + rest[at:]
            groups.append(imgs)
        return groups

    def _draw_hand(self, surface: pygame.Surface, seat: int) -> None:
        side = self._side_of(seat)
        if side == "bottom" and seat == self.viewer:
            self._draw_my_hand(surface, seat)
            return
        s = self.model.seats[seat]
        tiles = sort_hand(s.hand, self.model.ghost) + ([s.drawn] if s.drawn else [])
        if self.deal_shown is not None:
            tiles = tiles[:self.deal_shown[seat]]
        lay = self.layout
        # side seats' tiles a little narrower, so a long column clears the seat cards at either end
        sw = lay.small if side == "top" else max(20, round(lay.small * 0.88))
        open_hand = any(t != "?" for t in tiles)
        if open_hand and tiles:
            self.face_up.add(seat)
        turns = SIDE_TURNS[side]
        x, y = lay.side_anchor(side)
        pos = 0
        drawn: list[pygame.Rect] = []
        for t in tiles:
            img = self._lying(t, sw, side) if open_hand else self.app.tiles.rotated(self.app.tiles.back(sw), turns)
            if side == "top":
                drawn.append(surface.blit(img, (x + 14 * sw - pos - img.get_width(), y)))
                pos += img.get_width()
            elif side == "left":
                drawn.append(surface.blit(img, (x, y + pos)))
                pos += img.get_height()
            else:
                drawn.append(surface.blit(img, (x, y + 15 * sw - pos - img.get_height())))
                pos += img.get_height()
        # melds: the top seat's continue his row; the side seats' stand in a second column toward the centre
        if side == "top":
            pos += 10
        else:
            pos = 0
            x = x + lay.small_h + 6 if side == "left" else x - lay.small_h - 6
        for group in self._meld_images(seat, sw):
            for img in group:
                r = self.app.tiles.rotated(img, turns)
                if side == "top":
                    drawn.append(surface.blit(r, (x + 14 * sw - pos - r.get_width(), y)))
                    pos += r.get_width()
                elif side == "left":
                    drawn.append(surface.blit(r, (x, y + pos)))
                    pos += r.get_height()
                else:
                    drawn.append(surface.blit(r, (x, y + 15 * sw - pos - r.get_height())))
                    pos += r.get_height()
            pos += 6
        if drawn:
            self.hand_areas[seat] = drawn[0].unionall(drawn[1:])
            self.app.drawn.add("area", self.hand_areas[seat], f"hand {side}")

    def _hand_rects(self) -> list[pygame.Rect]:
        if not self.model.seats:
            return []  # no round on the table yet (before the deal is shown): nothing to point at
        tiles = self._my_tiles()
        lay = self.layout
        tw, th = lay.tw, lay.th
        drawn = self.model.seats[self.viewer].drawn if self.model.seats else None
        melds_w = sum(sum(i.get_width() for i in g) + 6 for g in self._meld_images(self.viewer, self._meld_w()))
        total = len(tiles) * tw + (round(tw * 0.35) if drawn else 0) + (melds_w + tw // 2 if melds_w else 0)
        x0 = max(self._toggles_right() + lay.px(12), (lay.width - total) // 2)  # clear of the toggles column
        rects = []
        for i in range(len(tiles)):
            gap = round(tw * 0.35) if drawn is not None and i == len(tiles) - 1 else 0
            rects.append(pygame.Rect(x0 + i * tw + gap, lay.hand_y, tw, th))
        return rects

    def _meld_w(self) -> int:
        return round(self.layout.tw * 0.78)

    def _draw_my_hand(self, surface: pygame.Surface, seat: int) -> None:
        tiles = self._my_tiles()
        if self.deal_shown is not None:
            tiles = tiles[:self.deal_shown[seat]]
        rects = self._hand_rects()
        actions = self._my_actions()
        can_discard = {a.tile for a in actions if a.type == "discard"}
        hints = self._ready_hints(tiles) if can_discard else {}
        hover_hint = None
        revealed = self.model.finished or any(w["actor"] == seat for w in self.model.wins)
        if self.owner != seat and not revealed:  # hot-seat: face-down until its player has the screen
            back = self.app.tiles.back(self.layout.tw)
            for r in rects[:len(tiles)]:
                surface.blit(back, r.topleft)
            tiles = []
        elif tiles:
            self.face_up.add(seat)
        for i, (tile, r) in enumerate(zip(tiles, rects)):
            lift = round(self.layout.tw * 0.25) if i in (self.hover, self.selected) else 0
            surface.blit(self._face(tile, self.layout.tw), (r.x, r.y - lift))
            if self.model.ghost and tile == self.model.ghost:
                surface.blit(self.app.tiles.badge_wild(self.layout.tw), (r.x, r.y - lift))
            if i in (self.hover, self.selected):
                surface.blit(self.app.tiles.highlight(self.layout.tw), (r.x, r.y - lift))
            if tile in hints:
                size = self._wait_tag_size()
                tag = self.app.fonts.render(self.app.t("听"), size, (110, 255, 140), bold=True)
                if tag.get_width() > r.width - 2:  # a longer word (English "Ready"): narrowed to its tile
                    k = (r.width - 2) / tag.get_width()
                    tag = pygame.transform.smoothscale(tag, (r.width - 2, max(1, round(tag.get_height() * k))))
                show(self.app, surface, tag, tag.get_rect(midbottom=(r.centerx, r.y - lift - 1)), self.app.t("听"),
                     size)
                if i in (self.hover, self.selected):
                    hover_hint = hints[tile]
        # my melds, right of the hand, standing on the same line
        mw = self._meld_w()
        x = (rects[-1].right if rects else self.layout.width // 2) + self.layout.tw // 2
        base = self.layout.hand_y + self.layout.th
        drawn = [r.copy() for r in rects]
        for group in self._meld_images(seat, mw):
            for img in group:
                drawn.append(surface.blit(img, (x, base - img.get_height())))
                x += img.get_width()
            x += 6
        if drawn:
            self.hand_areas[seat] = drawn[0].unionall(drawn[1:])
            self.app.drawn.add("area", self.hand_areas[seat], "hand bottom")
        self.waits_chip = None
        if hover_hint:
            self._draw_waits(surface, hover_hint, rects[0].x if rects else 0)
        elif tiles and rects and len(tiles) % 3 == 1 and not revealed:
            self._draw_ready_chip(surface, rects)

    def _standing_waits(self) -> list:
        """Ready with 13 tiles (between his turns): what he waits for now, from his own state (cached per event)."""
        key = ("standing", self.presented, self.viewer)
        if getattr(self, "_standing_key", None) != key:
            waits = self.state.wait_info(self.state.hand)
            self._standing_key = key
            self._standing = list(waits) if any(w.status != "none" for w in waits) else []
        return self._standing

    def _draw_ready_chip(self, surface: pygame.Surface, rects: list[pygame.Rect]) -> None:
        """听: a chip left of the hand while he is ready; hovering it (or W) shows the waits at any time."""
        waits = self._standing_waits()
        if not waits:
            return
        left = sum(w.unseen for w in waits if w.status != "none")
        size = max(self.layout.fs(14), self.layout.tw // 3)
        words = self.app.t("Ready: {n} left").format(n=left)
        label = self.app.fonts.render(words, size, (20, 40, 20), bold=True)
        chip = pygame.Rect(0, 0, label.get_width() + 18, label.get_height() + 8)
        chip.bottomright = (rects[0].left - 10, rects[0].bottom)
        if chip.left < self._toggles_right() + 10:  # clear of the toggles column: above the hand's left end instead
            chip.bottomleft = (rects[0].left, rects[0].top - round(self.layout.tw * 0.3) - 4)
        bg = pygame.Surface(chip.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (120, 230, 140, 235), bg.get_rect(), border_radius=chip.height // 2)
        surface.blit(bg, chip)
        show(self.app, surface, label, label.get_rect(center=chip.center), words, size)
        self.waits_chip = chip
        self.buttons.append((chip, "toggle", "waits"))
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
        if self.show_waits or chip.collidepoint(mouse):
            self._draw_waits(surface, waits, rects[0].x)

    def _ready_hints(self, tiles: list[str]) -> dict[str, list]:
        """For each discard that leaves the hand ready: its waits (the engine's `Wait`: kind, unseen, whether it wins
        on a discard, only by self-draw or not now, and the count), from the seat's own state through the round's
        own win evaluation, so 封胡, minimums and a passed win show as they stand. No 听 where nothing can win now."""
        if len(tiles) % 3 != 2:
            return {}
        key = (self.presented, self.viewer)
        if getattr(self, "_hint_key", None) == key:
            return self._hints
        state = self.state
        hand = state.hand
        out: dict[str, list] = {}
        for tile in set(tiles):
            k = parse_tile(tile)
            if k >= NUM_PLAYABLE or not hand[k]:
                continue
            hand[k] -= 1
            waits = state.wait_info(hand)
            hand[k] += 1
            if any(w.status != "none" for w in waits):
                out[tile] = waits
        self._hint_key, self._hints = key, out
        return out

    def _draw_waits(self, surface: pygame.Surface, waits: list, x0: int) -> None:
        """The waits panel: each winning tile, how many are unseen and what it would count; a tile that only wins by
        self-draw (self-draw only rules, too small for a discard, a passed win) says so, one that cannot win now is
        dimmed."""
        lay = self.layout
        sw = lay.small
        th = round(sw * TILE_RATIO)
        fonts = self.app.fonts
        fs = {"title": lay.fs(14), "n": lay.fs(12), "how": lay.fs(11)}
        line = fonts.get(fs["n"]).get_linesize()
        fan_w = max((fonts.render(count_text(self.app, w.fan, self.table.variant.fan_unit), fs["n"], INK,
                                  bold=True).get_width() for w in waits if w.fan is not None), default=0)
        cell = max(sw + fan_w + 6, fonts.render(self.app.t("self-drawn"), fs["how"], INK).get_width()) + lay.px(12)
        title = fonts.render(self.app.t("Waits"), fs["title"], (255, 220, 140), bold=True)
        width = max(title.get_width() + 20, len(waits) * cell + 16)
        extra = line if any(w.status == "self_draw" for w in waits) else 0
        top = title.get_height() + lay.px(8)
        height = top + th + line + extra + lay.px(10)
        panel = pygame.Rect(x0, lay.hand_y - height - lay.px(18), width, height)
        bg = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 190), bg.get_rect(), border_radius=8)
        surface.blit(bg, panel)
        self.app.drawn.add("panel", panel)
        show(self.app, surface, title, (panel.x + 8, panel.y + 4), self.app.t("Waits"), fs["title"])
        for i, w in enumerate(waits):
            x = panel.x + 8 + i * cell
            y = panel.y + top
            surface.blit(self.app.tiles.face(w.kind, sw), (x, y))
            if w.status == "none":
                shade = pygame.Surface((sw, th), pygame.SRCALPHA)
                shade.fill((0, 0, 0, 150))
                surface.blit(shade, (x, y))
            live = w.unseen and w.status != "none"
            words = self.app.t("{n} left").format(n=w.unseen)
            n = fonts.render(words, fs["n"], (255, 255, 255) if live else (150, 150, 150))
            show(self.app, surface, n, (x, y + th + 2), words, fs["n"])
            if w.status == "self_draw":
                label = fonts.render(self.app.t("self-drawn"), fs["how"], (140, 220, 255))
                show(self.app, surface, label, (x, y + th + 2 + line), self.app.t("self-drawn"), fs["how"])
            if w.fan is not None:
                words = count_text(self.app, w.fan, self.table.variant.fan_unit)
                f = fonts.render(words, fs["n"], (255, 210, 90), bold=True)
                show(self.app, surface, f, (x + sw + 2, y), words, fs["n"])

    # ---- seats
    def _card_size(self) -> int:
        """The face on a seat card (the card is this high and 8 px more)."""
        return max(40, round(self.layout.tw * 0.9))

    def _seat_card_pos(self, side: str, size: int, width: int) -> tuple[int, int]:
        lay = self.layout
        if side == "bottom":
            return lay.edge, self._toggle_rects()[0].top - size - 16  # above the toggles column
        if side == "top":
            x, _ = lay.side_anchor("top")
            return x + 14 * lay.small + 20, lay.edge
        if side == "left":
            _, y = lay.side_anchor("left")
            return lay.edge, max(lay.edge + 8, y - size - 22)  # above the column, clear of it
        _, y = lay.side_anchor("right")
        # below the column, above the speaker and 快捷语 at the lower right
        return lay.width - lay.edge - width, min(lay.table_h - size - self._corner_room(), y + 15 * lay.small + 16)

    def _corner_room(self) -> int:
        """Height kept free at the lower right for the speaker and 快捷语 (and the menus they open)."""
        return self.layout.px(90)

    def _draw_seat_info(self, surface: pygame.Surface, seat: int) -> None:
        side = self._side_of(seat)
        cfg = self.table.seats[seat]
        fonts = self.app.fonts
        size = self._card_size()
        avatar = self.app.art.avatar(cfg.avatar or seat + 1, size)
        coins = self.table.coins[seat] if self.table.coins is not None else self.table.totals()[seat]
        delta = self.model.seats[seat].delta
        name_size, money_size = max(self.layout.fs(13), size // 3), max(self.layout.fs(12), size // 3 - 2)
        name = fonts.render(cfg.name, name_size, (250, 245, 230), bold=True)
        money_words = f"{coins}" + (f" ({delta:+d})" if delta else "")
        money = fonts.render(money_words, money_size, (255, 215, 110))
        width = size + max(name.get_width(), money.get_width()) + 26
        x, y = self._seat_card_pos(side, size, width)
        card = pygame.Surface((width, size + 8), pygame.SRCALPHA)
        active = seat == self.model.current and not self.model.finished  # whose turn: public, never who may claim
        pygame.draw.rect(card, (60, 45, 10, 190) if active else (0, 0, 0, 130), card.get_rect(), border_radius=10)
        if active:
            pygame.draw.rect(card, (255, 200, 80, 230), card.get_rect(), width=2, border_radius=10)
        surface.blit(card, (x - 4, y - 4))
        self.card_rects[seat] = pygame.Rect(x - 4, y - 4, width, size + 8)
        self.app.drawn.add("panel", self.card_rects[seat], f"card {side}")
        surface.blit(avatar, (x, y))
        show(self.app, surface, name, (x + size + 8, y + 2), cfg.name, name_size)
        show(self.app, surface, money, (x + size + 8, y + size // 2 + 3), money_words, money_size)
        wind_words, wind_size = self.app.t(WIND_ZH[self.model.seat_wind(seat)]), max(self.layout.fs(12), size // 3)
        wind = fonts.render(wind_words, wind_size, (255, 255, 255), bold=True)
        chip = pygame.Surface((wind.get_width() + 8, wind.get_height()), pygame.SRCALPHA)
        pygame.draw.rect(chip, (30, 90, 60, 230), chip.get_rect(), border_radius=6)
        chip.blit(wind, (4, 0))
        show(self.app, surface, chip, (x + size - chip.get_width() + 4, y + size - chip.get_height() + 4), wind_words,
             wind_size)
        if seat == self.model.dealer:
            surface.blit(self.app.art.dealer_mark(max(18, size // 2), self.app.t("庄")), (x - 8, y - 8))
        status = []
        if self.remote and not self.table.taken[seat]:
            status.append(self.app.t("Open seat: the AI plays"))  # nobody came: the host's AI, until someone joins
        elif self.remote and not self.table.connected[seat]:
            status.append(self.app.t("Offline"))  # dropped: the host's AI plays the seat until he is back
            status.append(self.app.t("Autoplay"))
        elif cfg.human and seat in self.table.autoplay:
            status.append(self.app.t("Autoplay"))
        card = pygame.Rect(x - 4, y - 4, width, size + 8)
        flowers = self.model.seats[seat].flowers
        if flowers:
            # the flowers set aside, right of the card (the right seat's above it: past its right edge they left the
            # window, and to its left lies the player's own melds), at the window's scale
            fw = max(22, self.layout.px(22))
            step = fw + max(1, fw // 22)
            imgs = [self.app.tiles.face(parse_tile(f), fw) for f in flowers]
            if side == "right":
                fx, fy = card.right - step * len(flowers), card.y - 2 - imgs[0].get_height()
            else:
                fx, fy = card.right + 2, y
            rects = [surface.blit(img, (fx + i * step, fy)) for i, img in enumerate(imgs)]
            area = rects[0].unionall(rects[1:])
            self.app.drawn.add("area", area, f"flowers {side}")
            card = card.union(area)
        # who plays the seat now (掉线 · 托管) as a badge of its own beside the card, with the rule set's marks: under
        # the card it ran into the toggles, the quick phrases or a side hand
        self._draw_seat_marks(surface, seat, card, side, status=" · ".join(status))

    def table_label_texts(self) -> list[str]:
        """The rule set's labels for this round (Variant.table_labels), in the player's language."""
        if not self.model.started:
            return []
        return [render(m, translate=self.app.t) for m in self.model.table_labels()]

    def seat_mark_texts(self, seat: int) -> list[str]:
        """The rule set's marks for a seat (互包 with …, 封胡), in the player's language, seats by name."""
        names = [c.name for c in self.table.seats]
        return [render(m, translate=self.app.t, seat_name=lambda i: names[i] if 0 <= i < len(names) else str(i))
                for m in self.model.seat_marks(seat)]

    def _draw_seat_marks(self, surface: pygame.Surface, seat: int, card: pygame.Rect, side: str,
                         status: str = "") -> None:
        """Small badges beside a seat card, one per mark: to the card's right (toward the table's middle), or its left
        for the seat on the right; stacked down from the card's top (for the seat on the left, up from its bottom,
        clear of the top seat's row); one that would leave the window goes below the card. `status` (掉线 · 托管) comes
        first, in blue."""
        texts = ([status] if status else []) + self.seat_mark_texts(seat)
        if not texts:
            return
        fonts = self.app.fonts
        size = max(self.layout.fs(12), round(self.layout.tw * 0.26))
        imgs = [fonts.render(label, size, (140, 220, 255) if status and i == 0 else (255, 236, 200), bold=True)
                for i, label in enumerate(texts)]
        heights = [img.get_height() + 4 for img in imgs]
        y = card.y if side != "left" else max(card.y, card.bottom - sum(h + 3 for h in heights) + 3)
        below = card.bottom + 3  # where badges go that would leave the window beside the card
        for i, (label, img, height) in enumerate(zip(texts, imgs, heights)):
            is_status = bool(status) and i == 0
            r = pygame.Rect(0, y, img.get_width() + 14, height)
            if side == "right":
                r.right = card.x - 6
            else:
                r.x = card.right + 6
            y = r.bottom + 3
            if r.x < 0 or r.right > surface.get_width():
                r.topleft = (card.right - r.width if side == "right" else card.x, below)
                below = r.bottom + 3
            bg = pygame.Surface(r.size, pygame.SRCALPHA)
            fill = (10, 30, 50, 225) if is_status else (150, 36, 28, 225)
            pygame.draw.rect(bg, fill, bg.get_rect(), border_radius=r.height // 2)
            pygame.draw.rect(bg, (*GOLD, 235), bg.get_rect(), width=1, border_radius=r.height // 2)
            surface.blit(bg, r)
            show(self.app, surface, img, img.get_rect(center=r.center), label, size)
            if not is_status:
                self.mark_rects.append((seat, r, label))

    # ---- controls
    def _draw_controls(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        lay = self.layout
        actions = self._my_actions()
        kinds = {a.type for a in actions}
        turn = any(a.type == "discard" for a in actions)
        calls = []
        t = self.app.t
        if "win" in kinds:
            calls.append(("win", t("自摸") if turn else t("胡")))
        if kinds & {"kong", "concealed_kong", "added_kong"}:
            calls.append(("kong", t("杠")))
        if "pong" in kinds:
            calls.append(("pong", t("碰")))
        if "chow" in kinds:
            calls.append(("chow", t("吃")))
        if "pass" in kinds:
            calls.append(("pass", t("过")))
        d = max(56, round(lay.tw * 1.2))
        x = lay.width // 2 + lay.ring - len(calls) * (d + 14) + d
        mine = self.discard_areas.get(self.viewer)
        if mine is not None:  # right of the player's own discards, with the claimed tiles shown over each button
            x = max(x, mine.right + lay.px(16))
        hint_size = max(lay.fs(11), d // 5)  # the key under each button, clear of the hand below
        y = lay.hand_y - d - max(34, round(hint_size * 1.5) + lay.px(8))
        calls_left = x if calls else None
        claimed = self._claimed_tile() if "pass" in kinds else None
        for kind, word in calls:
            word_size = round(d * (0.3 if len(word) > 1 else 0.42))
            label = fonts.render(word, word_size, (255, 255, 255), bold=True)
            if label.get_width() > d * 0.84:  # a longer word (English): narrowed to the round button
                k = d * 0.84 / label.get_width()
                label = pygame.transform.smoothscale(label, (round(label.get_width() * k),
                                                             max(1, round(label.get_height() * k))))
            img = self.app.art.button((d, d), label, "call")
            r = surface.blit(img, (x, y))
            self.buttons.append((r, "call", kind))
            self.app.drawn.add("text", label.get_rect(center=r.center), word, word_size, label)
            self._draw_call_tiles(surface, r, self._call_tiles(kind, actions, claimed))
            key_words = {"win": "H", "kong": "G", "pong": "P", "chow": "C", "pass": t("Space")}[kind]
            hint = fonts.render(key_words, hint_size, (230, 230, 230))
            show(self.app, surface, hint, hint.get_rect(midtop=(r.centerx, r.bottom + 1)), key_words, hint_size)
            x += d + 14
        if self.choice:
            self._draw_choice(surface)
        prompt = self.links[self.owner].open_prompt if self.owner in self.links else None
        if actions and prompt is not None and prompt.deadline is not None:
            left = max(0.0, prompt.deadline - self.table.clock)
            words = self.app.t("{n}s").format(n=f"{left:0.0f}")
            t = fonts.render(words, lay.fs(22), (255, 230, 150), bold=True)
            show(self.app, surface, t, (x, y + d // 3), words, lay.fs(22))
        # toggles in a column at the lower left; the speaker at the lower right
        prompt = self._open_prompt()
        if self.hint is not None and (not actions or prompt is None or prompt.id != self.hint[0]):
            self.hint = None  # answered (or gone): the advice was for that decision only
        if actions and (prompt is None or prompt.choice is None):
            key_rect = self._draw_hint_key(surface)
            if self.hint is not None and key_rect is not None:
                self._draw_hint(surface, self.hint[1], key_rect, calls_left)
        size = lay.fs(13)
        for (key, label, on), r in zip(self._toggles(), self._toggle_rects()):
            words = fonts.render(label, size, (30, 20, 10) if on else (225, 230, 220), bold=on)
            bg = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, (255, 200, 90, 240) if on else (0, 0, 0, 140), bg.get_rect(),
                             border_radius=r.height // 2)
            surface.blit(bg, r)
            show(self.app, surface, words, words.get_rect(center=r.center), label, size)
            self.buttons.append((r, "toggle", key))
        icon_size = lay.px(34)
        icon = self.app.art.speaker_icon(icon_size, self.app.settings.dialect == "mute")
        r = surface.blit(icon, (lay.width - lay.edge - icon_size, lay.height - lay.edge - icon_size))
        self.buttons.append((r, "toggle", "speaker"))
        names = {"nanning": self.app.t("南宁话"), "baise": self.app.t("百色话"), "mandarin": self.app.t("普通话"),
                 "mute": self.app.t("静音")}
        dialect = names.get(self.app.settings.dialect, "")
        lt = fonts.render(dialect, size, (230, 230, 220))
        lr = show(self.app, surface, lt, lt.get_rect(midright=(r.left - 6, r.centery)), dialect, size)
        # 快捷语 beside the voices: a phrase is said in each listener's dialect
        words = self.app.t("Quick phrases")
        label = fonts.render(words, size, (30, 20, 10) if self.phrase_menu else (225, 230, 220), bold=self.phrase_menu)
        pr = pygame.Rect(0, 0, max(lay.px(80), label.get_width() + 18), lay.px(24))
        pr.bottomright = (r.right, min(r.top, lr.top) - lay.px(6))  # above the speaker: the hand's row stays clear
        bg = pygame.Surface(pr.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (255, 200, 90, 240) if self.phrase_menu else (0, 0, 0, 140), bg.get_rect(),
                         border_radius=pr.height // 2)
        surface.blit(bg, pr)
        show(self.app, surface, label, label.get_rect(center=pr.center), words, size)
        self.buttons.append((pr, "toggle", "phrases"))
        if self.phrase_menu:
            self._draw_phrase_menu(surface, pr)
        if self.speaker_menu:
            self._draw_speaker_menu(surface, pr, names)  # above the 快捷语 toggle, which stands over the speaker

    def _toggles(self) -> list[tuple[str, str, bool]]:
        """The toggles of the lower left column: (key, words, on)."""
        auto_win, auto_pass = self._standing_orders()
        return [("rules", self.app.t("Rules help"), False), ("auto_win", self.app.t("Auto win"), auto_win),
                ("auto_pass", self.app.t("Auto pass"), auto_pass),
                ("tuoguan", self.app.t("Autoplay"), self.owner is not None and self.owner in self.table.autoplay),
                ("counter", self.app.t("Tile counter"), self.show_counter)]

    def _toggle_rects(self) -> list[pygame.Rect]:
        """Where the toggles go: a column at the lower left, one width (the longest words'), grown with the window."""
        lay = self.layout
        toggles = self._toggles()
        widest = max(self.app.fonts.render(label, lay.fs(13), INK, bold=True).get_width() for _, label, _ in toggles)
        width, height, step = max(lay.px(96), widest + lay.px(18)), lay.px(24), lay.px(27)
        top = lay.height - lay.edge - len(toggles) * step
        return [pygame.Rect(lay.edge, top + i * step, width, height) for i in range(len(toggles))]

    def _toggles_right(self) -> int:
        return self._toggle_rects()[0].right

    def _draw_phrase_menu(self, surface: pygame.Surface, anchor: pygame.Rect) -> None:
        """快捷语: the phrases in a column beside their toggle, one click each."""
        from game.phrases import PHRASES

        fonts = self.app.fonts
        lay = self.layout
        size = lay.fs(15)
        labels = [(p.id, self.app.t(p.text), fonts.render(self.app.t(p.text), size, (255, 240, 210))) for p in PHRASES]
        width = max(img.get_width() for _, _, img in labels) + lay.px(24)
        row = lay.px(28)
        box = pygame.Rect(0, 0, width, row * len(labels) + 8)
        box.bottomright = (anchor.right, anchor.top - 6)  # above its button, clear of the hand's row
        box.clamp_ip(pygame.Rect(0, 0, self.layout.width, self.layout.height))
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (20, 16, 10, 235), bg.get_rect(), border_radius=10)
        pygame.draw.rect(bg, (230, 190, 90, 230), bg.get_rect(), width=2, border_radius=10)
        surface.blit(bg, box)
        self.app.drawn.add("panel", box)
        y = box.y + 4
        for phrase_id, words, img in labels:
            r = pygame.Rect(box.x + 4, y, box.width - 8, row)
            show(self.app, surface, img, img.get_rect(midleft=(r.x + 8, r.centery)), words, size)
            self.buttons.append((r, "phrase", phrase_id))
            y += row

    def _wait_tag_size(self) -> int:
        """The text size of the 听 over a hand tile whose discard leaves the hand ready."""
        return max(self.layout.fs(13), self.layout.tw // 3)

    def _draw_hint_key(self, surface: pygame.Surface) -> pygame.Rect | None:
        """提示, just above the left end of the hand, while the player has a decision."""
        rects = self._hand_rects()
        if not rects:
            return None
        on = self.hint is not None
        size = self.layout.fs(14)
        label = self.app.fonts.render(self.app.t("Hint (Tab)"), size, (30, 20, 10) if on else (255, 235, 190),
                                      bold=True)
        r = pygame.Rect(0, 0, label.get_width() + 22, label.get_height() + self.layout.px(8))
        tag_h = self.app.fonts.get(self._wait_tag_size(), True).get_height()  # the 听 over a tile
        r.bottomleft = (rects[0].left, min(t.top for t in rects) - max(round(self.layout.tw * 0.3) + 6, tag_h + 2))
        if self.waits_chip is not None and r.colliderect(self.waits_chip):  # the 听 chip went above the hand too
            r.left = self.waits_chip.right + self.layout.px(8)
        bg = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (255, 200, 90, 240) if on else (40, 28, 12, 210), bg.get_rect(), border_radius=14)
        pygame.draw.rect(bg, (230, 190, 90, 255), bg.get_rect(), width=2, border_radius=14)
        surface.blit(bg, r)
        show(self.app, surface, label, label.get_rect(center=r.center), self.app.t("Hint (Tab)"), size)
        self.buttons.append((r, "toggle", "hint"))
        self.hint_key_rect = r
        return r

    def _draw_hint(self, surface: pygame.Surface, words: str, key: pygame.Rect, calls_left: int | None) -> None:
        """The advice in a bubble beside the hint key, wrapped to end before the call buttons (or the hand's end)."""
        rects = self._hand_rects()
        right = rects[-1].right if rects else self.layout.width - self.layout.edge
        if calls_left is not None:
            right = min(right, calls_left - 12)
        left = key.right + 10
        size = self.layout.fs(16)
        width = max(self.layout.px(220), right - left)
        font = self.app.fonts.get(size)
        wrap = getattr(font, "_wrap", None)
        lines = wrap(words, width - 28) if wrap is not None else [words]
        rendered = [self.app.fonts.render(line, size, (255, 240, 200)) for line in lines[:4]]
        width = min(width, max(r.get_width() for r in rendered) + 28)
        h = sum(r.get_height() + 2 for r in rendered) + 14
        box = pygame.Rect(left, 0, width, h)
        box.bottom = key.bottom
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (20, 16, 10, 225), bg.get_rect(), border_radius=10)
        pygame.draw.rect(bg, (230, 190, 90, 230), bg.get_rect(), width=2, border_radius=10)
        surface.blit(bg, box)
        self.app.drawn.add("panel", box)
        y = box.y + 7
        for line, r in zip(lines, rendered):
            show(self.app, surface, r, (box.x + 14, y), line, size)
            y += r.get_height() + 2
        self.hint_rect = box

    def _draw_speaker_menu(self, surface: pygame.Surface, anchor: pygame.Rect, names: dict[str, str]) -> None:
        """The speaker's menu: the voice dialect (or silence) and the voice volume, applied at once."""
        fonts = self.app.fonts
        px, fs = self.layout.px, self.layout.fs
        box = pygame.Rect(0, 0, px(250), px(150))
        box.bottomright = (anchor.right, anchor.top - 8)
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 215), bg.get_rect(), border_radius=10)
        pygame.draw.rect(bg, (200, 170, 90, 230), bg.get_rect(), width=2, border_radius=10)
        surface.blit(bg, box)
        self.app.drawn.add("panel", box)
        y = box.y + px(10)
        for i, (key, label) in enumerate(names.items()):
            on = self.app.settings.dialect == key
            t = fonts.render(label, fs(15), (30, 20, 10) if on else (235, 235, 225), bold=on)
            r = pygame.Rect(box.x + px(10) + (i % 2) * px(118), y + (i // 2) * px(34), px(110), px(28))
            chip = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(chip, (255, 205, 95, 245) if on else (60, 60, 55, 200), chip.get_rect(),
                             border_radius=r.height // 2)
            surface.blit(chip, r)
            show(self.app, surface, t, t.get_rect(center=r.center), label, fs(15))
            self.buttons.append((r, "dialect", key))
        y += px(76)
        vt = fonts.render(self.app.t("Voice volume"), fs(13), (220, 220, 210))
        show(self.app, surface, vt, (box.x + px(12), y), self.app.t("Voice volume"), fs(13))
        y += px(20)
        for i, v in enumerate((0.0, 0.25, 0.5, 0.75, 1.0)):
            on = abs(self.app.settings.voice_volume - v) < 0.01
            r = pygame.Rect(box.x + px(10) + i * px(46), y, px(42), px(24))
            chip = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(chip, (255, 205, 95, 245) if on else (60, 60, 55, 200), chip.get_rect(),
                             border_radius=r.height // 2)
            surface.blit(chip, r)
            t = fonts.render(f"{round(v * 100)}", fs(12), (30, 20, 10) if on else (235, 235, 225))
            show(self.app, surface, t, t.get_rect(center=r.center), f"{round(v * 100)}", fs(12))
            self.buttons.append((r, "volume", v))

    def _claimed_tile(self) -> int | None:
        """The tile a claim prompt is about: the last discard, or the tile of a kong being made (robbing)."""
        last = self.model.last_discard
        if last is not None:
            seat, index = last
            rows = self.model.seats[seat].discards
            if 0 <= index < len(rows):
                return parse_tile(rows[index][0])
        for _, e in reversed(self._link().events if self.links else []):
            if e.get("type") in ("added_kong_declared", "kong_declared") and isinstance(e.get("tile"), str):
                return parse_tile(e["tile"])
            if e.get("type") in ("discard", "draw"):
                break
        return None

    def _call_tiles(self, kind: str, actions: list, claimed: int | None) -> list[int]:
        """The tiles a call button would meld (a chow: which tiles, when only one chow is offered)."""
        if kind == "pass":
            return []
        if kind == "chow":
            chows = [a for a in actions if a.type == "chow"]
            return self._choice_tiles(chows[0]) if len(chows) == 1 else ([claimed] if claimed is not None else [])
        if kind == "kong":
            kongs = [a for a in actions if a.type in ("kong", "concealed_kong", "added_kong")]
            tile = kongs[0].tile if len(kongs) == 1 and kongs[0].tile is not None else claimed
            return [tile] * 4 if tile is not None and len(kongs) <= 1 else []
        if kind == "pong":
            return [claimed] * 3 if claimed is not None else []
        if kind == "win":
            return [claimed] if claimed is not None else []
        return []

    def _draw_call_tiles(self, surface: pygame.Surface, button: pygame.Rect, tiles: list[int]) -> None:
        if not tiles:
            return
        sw = max(16, round(button.width * 0.3))
        th = round(sw * TILE_RATIO)
        x = button.centerx - len(tiles) * sw // 2
        y = button.top - th - 6
        bg = pygame.Rect(x - 4, y - 3, len(tiles) * sw + 8, th + 6)
        shade = pygame.Surface(bg.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 150), shade.get_rect(), border_radius=6)
        surface.blit(shade, bg)
        self.app.drawn.add("area", bg, "call tiles")
        for i, t in enumerate(tiles):
            surface.blit(self.app.tiles.face(t, sw), (x + i * sw, y))

    def _draw_turn_prompt(self, surface: pygame.Surface) -> None:
        """请出牌: the player on screen must throw a tile now."""
        actions = self._my_actions()
        if self.choice or not any(a.type == "discard" for a in actions):
            return
        rects = self._hand_rects()
        if not rects:
            return
        alpha = round(200 + 55 * math.sin(self.app.time * 4))
        size = self.layout.fs(18)
        img = self.app.fonts.render(self.app.t("Your turn: throw a tile"), size, (255, 236, 190), bold=True)
        img.set_alpha(alpha)
        if self.hint is not None:
            return  # the hint's bubble speaks there
        top = min(r.top for r in rects) - round(self.layout.tw * 0.65) - 10  # above a lifted tile and its 听
        at = img.get_rect(midbottom=((rects[0].left + rects[-1].right) // 2, top - 8))
        key = self.hint_key_rect
        if key is not None and at.colliderect(key):  # right of the hint key, which stands at the hand's left end
            at.left = key.right + self.layout.px(16)
        mine = self.discard_areas.get(self.viewer)
        if mine is not None and at.colliderect(mine):  # a tall hand in a small window: beside the own discards
            at.left = mine.right + self.layout.px(12)
        show(self.app, surface, img, at, self.app.t("Your turn: throw a tile"), size)

    def _draw_choice(self, surface: pygame.Surface) -> None:
        assert self.choice is not None
        sw = self.layout.small
        widths = [len(self._choice_tiles(a)) * sw + 16 for a in self.choice]
        x = self.layout.width // 2 - (sum(widths) + 20 * (len(widths) - 1)) // 2
        y = self.layout.hand_y - round(sw * TILE_RATIO) - 120
        for i, a in enumerate(self.choice):
            tiles = self._choice_tiles(a)
            r = pygame.Rect(x, y, widths[i], round(sw * TILE_RATIO) + 16)
            bg = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, (0, 0, 0, 190), bg.get_rect(), border_radius=8)
            pygame.draw.rect(bg, (255, 210, 90, 220), bg.get_rect(), width=2, border_radius=8)
            surface.blit(bg, r)
            for j, t in enumerate(tiles):
                surface.blit(self.app.tiles.face(t, sw), (r.x + 8 + j * sw, r.y + 8))
            n = self.app.fonts.render(str(i + 1), self.layout.fs(14), (255, 220, 120), bold=True)
            show(self.app, surface, n, (r.x + 3, r.y + 1), str(i + 1), self.layout.fs(14))
            self.buttons.append((r, "choose", a))
            x = r.right + 20

    def _choice_tiles(self, a: Action) -> list[int]:
        if a.type == "chow":
            return sorted([*a.tiles, a.tile])
        return [a.tile] * 4 if a.tile is not None else []

    def _draw_dice(self, surface: pygame.Surface) -> None:
        cx, cy = self.layout.center
        size = max(36, self.layout.tw)
        t = max(0.0, self.dice_anim)
        for i, v in enumerate(self.dice_faces):
            img = self.app.art.die(v, size)
            if t > 0.25:
                img = pygame.transform.rotate(img, (t * 720 + i * 45) % 360)
            dx = (i - 0.5) * size * 1.6 + math.sin(t * 9 + i) * 30 * min(1, t)
            dy = -math.cos(t * 7 + i) * 25 * min(1, t)
            surface.blit(img, img.get_rect(center=(cx + dx, cy + dy)))

    def _counter_box(self, n: int, cols: int, sw: int) -> tuple[pygame.Rect, int, int]:
        """Where the tile counter goes, its tiles' width and its columns: the felt between the left seat's column
        and the discards, below the top seat's row (tiles narrowed to fit); a box that does not fit there goes to
        the right of the discards; in a small window in fewer, longer columns."""
        lay = self.layout
        cx, cy = lay.center
        # outside the side seats' discard rows (three rows beyond the walls)
        rows_out = lay.ring + lay.stack + lay.small_h // 2 + 4 + round(2.5 * lay.small_h)
        ring_left = cx - rows_out - 10
        ring_right = cx + rows_out + 10
        title_h, number_h = self._counter_text_heights()
        obstacles = [*self.hand_areas.values(), *self.card_rects.values(), *filter(None, [self.ghost_rect])]
        top = lay.edge + round(lay.small * TILE_RATIO) + 16
        bottom = lay.hand_y - round(lay.tw * 0.9) - 16  # clear of the hint key and the 请出牌 line
        for cols in (cols, 6):
            rows = math.ceil(n / cols)
            for side in ("left", "right"):
                if side == "left":
                    x0 = max([lay.edge] + [o.right for o in obstacles if o.right < cx and o.bottom > top]) + 12
                    x1 = ring_left
                else:
                    x0 = ring_right
                    x1 = min([lay.width - lay.edge]
                             + [o.left for o in obstacles if o.left > cx and o.bottom > top]) - 12
                size = sw
                while size >= 14:
                    w = cols * (size + 6) + 20
                    h = rows * (round(size * TILE_RATIO) + number_h + 4) + title_h + 10
                    if w <= x1 - x0 and h <= bottom - top:
                        return pygame.Rect(x0, top + max(0, (bottom - top - h) // 2), w, h), size, cols
                    size -= 2
        h = rows * (round(16 * TILE_RATIO) + number_h + 4) + title_h + 10
        return pygame.Rect(x0, top, cols * (16 + 6) + 20, h), 16, cols

    def _counter_text_heights(self) -> tuple[int, int]:
        """The tile counter's title line (with its margin) and the line of a count under each tile."""
        fonts, fs = self.app.fonts, self.layout.fs
        return fonts.get(fs(15), bold=True).get_height() + 12, fonts.get(fs(12)).get_height()

    def _draw_counter(self, surface: pygame.Surface) -> None:
        """记牌器: how many of each kind this seat has not seen."""
        if self.owner is None:
            return  # every hand is face-down: the counter would tell what the hidden hand holds
        unseen = self.state.unseen()
        kinds = [k for k in self.table.variant.tile_set(self.table.options, self.table.players).kinds()
                 if k < NUM_PLAYABLE]
        sw = max(22, round(self.layout.small * 0.8))
        r, sw, cols = self._counter_box(len(kinds), 9, sw)
        self.counter_rect = r
        bg = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 210), bg.get_rect(), border_radius=10)
        surface.blit(bg, r)
        self.app.drawn.add("panel", r)
        fs = self.layout.fs
        title = self.app.fonts.render(self.app.t("Tile counter"), fs(15), (255, 220, 140), bold=True)
        show(self.app, surface, title, (r.x + 10, r.y + 6), self.app.t("Tile counter"), fs(15))
        title_h, number_h = self._counter_text_heights()
        for i, k in enumerate(kinds):
            row, col = divmod(i, cols)
            x = r.x + 10 + col * (sw + 6)
            y = r.y + title_h + row * (round(sw * TILE_RATIO) + number_h + 4)
            face = self.app.tiles.face(k, sw)
            if not unseen[k]:
                face = face.copy()
                face.set_alpha(80)
            surface.blit(face, (x, y))
            n = self.app.fonts.render(str(unseen[k]), fs(12), (255, 255, 255) if unseen[k] else (140, 140, 140))
            show(self.app, surface, n, n.get_rect(midtop=(x + sw // 2, y + round(sw * TILE_RATIO))), str(unseen[k]),
                 fs(12))


def sort_hand(tiles: list[str], ghost: str | None) -> list[str]:
    """Suits then honours, wildcards first (as players sort a hand)."""
    def key(t: str) -> tuple[int, int]:
        if t == "?":
            return (2, 0)
        k = parse_tile(t)
        return (0 if t == ghost else 1, k)

    return sorted(tiles, key=key)

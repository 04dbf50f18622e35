"""The director: paces the seat's events onto the screen.

Each frame it lets the effects run, rolls the dice, deals the tiles a few at a beat, shows the next event the seat
has received (the presenter makes its effects and voices) and holds the stage for that event's beat; when nothing
is left to show it lets the source's clock run (bots play, timers count) or hands the screen over (hot-seat), and at
the round's end it opens the settlement. The source's clock only runs while nothing is being animated, so the game
never runs ahead of what the players have seen.
"""

from __future__ import annotations

from game.ui.table.common import CALL_KINDS, PACE, Part
from game.ui.table.feed import SeatFeed


class Director(Part):
    def next_event(self) -> tuple[int, dict] | None:
        view = self.view
        for seq, e in view.feed().events:
            if seq > view.presented:
                return seq, e
        return None

    def rebuild_for(self, seat: int, at_end: bool = False) -> None:
        """Show the table from `seat`'s place: the picture is rebuilt from that seat's own events up to what is on
        screen (or all of them: a resumed game), without animations."""
        view = self.view
        view.viewer = seat
        feed = view.feeds[seat]
        if at_end and feed.events:
            view.presented = max(view.presented, feed.events[-1][0])
        view.model = view.new_model(seat)
        for seq, e in feed.events:
            if view.closed_through < seq <= view.presented:  # a closed round's events stay closed
                view.model.apply(e)
        view.hover = view.selected = None
        view.choice = None
        view.deal_shown = None
        view.dice_anim = -99.0
        view.pending_flips = []
        view.marks_known = view.presenter.current_marks()

    def update(self, dt: float) -> None:
        view = self.view
        view.effects.update(dt)
        self.age_bubbles(dt)
        view.kind.news(view)  # a LAN seat: what its host sent
        if view.lost is not None:
            return
        if view.dice_anim > -view.pace(0.9):  # tumbling, then resting on the roll a moment
            before = view.dice_anim
            view.dice_anim -= dt
            if view.dice_anim > 0.25 and view.rng.random() < 0.5:
                view.dice_faces = (view.rng.randint(1, 6), view.rng.randint(1, 6))
            elif view.dice_anim <= 0.25 and view.model.dice:
                view.dice_faces = view.model.dice
            if before > -view.pace(0.15) >= view.dice_anim:
                view.presenter.shot("dice")
        if view.hotseat is not None and view.hotseat.handover_to is not None:
            return  # the hand-over screen is up: nothing moves until the named player confirms
        if view.wait > 0:
            view.wait -= dt
            return
        if view.deal_shown is not None:
            self.advance_deal()
            return
        if view.consulting is not None:
            view.handover.consult(dt)
            return
        nxt = self.next_event()
        if nxt is not None:
            self.present(*nxt)
            return
        if view.pending_flips:
            self.release_flip()
            return
        if view.settlement_open:
            return
        if view.model.finished:
            self.open_settlement()
            return
        self.idle(dt)

    def age_bubbles(self, dt: float) -> None:
        view = self.view
        for b in view.bubbles:
            b["left"] -= dt
        view.bubbles = [b for b in view.bubbles if b["left"] > 0]

    def idle(self, dt: float) -> None:
        """Nothing to show: a human whose turn it is gets the screen, else the host's clock runs (bots play)."""
        view = self.view
        hs = view.hotseat
        turn = next((s for s, feed in view.feeds.items()
                     if feed.open_prompt is not None and not feed.open_prompt.claim and s in view.humans), None)
        if hs is not None:
            asked = [s for s, feed in view.feeds.items() if feed.open_prompt is not None and feed.open_prompt.claim]
            if asked and not hs.consult and view.presented >= 0:
                # a claim question no public moment announced: ask every human, as after a discard
                hs.on_event({"type": "discard", "actor": view.model.current})
                return
            seat = hs.needs_handover(turn)
            if seat is not None:
                view.handover.hand_over(seat)
                return
        if view.owner is not None and view.owner in view.feeds and view.feeds[view.owner].open_prompt is not None:
            self.think(dt)
        view.table.advance(dt)

    def think(self, dt: float) -> None:
        """A long think draws a word from the table."""
        view = self.view
        view.idle += dt
        if view.idle > 15 and not view.hurried:
            view.hurried = True
            others = [s for s in range(view.model.players) if s in view.table.autoplay]
            if others:
                view.app.audio.talk(view.rng.choice(others), "hurry", view.model.players, view.viewer)

    def present(self, seq: int, e: dict) -> None:
        view = self.view
        kind = e["type"]
        if view.pending_flips and kind not in ("win", "flip"):
            self.release_flip()  # the wins are announced: now the tiles turned for them, then the payments
            return  # `e` comes on the next beat
        view.presented = seq
        view.model.apply(e)
        if view.hotseat is not None:
            view.hotseat.on_event(e)
        if kind == "flip":
            # the engine turns the tiles before it announces the wins; the table shows and says them after
            view.pending_flips.append(e)
            view.wait = view.pace(0.05)
            return
        view.wait = view.pace(PACE.get(kind, 0.1))
        if kind == "start_round":
            view.dice_anim = view.pace(1.3)
            view.wait = view.pace(1.3) + view.pace(0.9)
            view.deal_shown = None
        elif kind == "deal" and self.all_dealt():
            if view.deal_shown is None:
                view.deal_shown = [0] * view.model.players
        view.presenter.show(e)
        # what only a live table does: the table's talk, the demo's screenshots
        if kind in CALL_KINDS:
            view.presenter.shot(f"call_{kind}", view.pace(0.5))
            view.presenter.marks_changed(e["actor"])
        elif kind == "win":
            if (e.get("fan") or 0) >= 2:  # a big hand: someone at the table says so, once the win is announced
                others = [s for s in range(view.model.players) if s != e["actor"] and s in view.table.autoplay]
                if others:
                    view.presenter.later(1.6, lambda seat=view.rng.choice(others): view.app.audio.talk(
                        seat, "nice", view.model.players, view.viewer))
            view.presenter.shot("win", view.pace(0.6))

    def release_flip(self) -> None:
        """Show (and say) the first flip held back until its wins were announced."""
        view = self.view
        view.presenter.show_held_flip(view.pending_flips.pop(0))
        view.wait = view.pace(PACE["flip"])
        view.presenter.shot("flip", view.pace(0.6))

    def all_dealt(self) -> bool:
        view = self.view
        return all(s.hand for s in view.model.seats)

    def advance_deal(self) -> None:
        """Deal 4-4-4 then 1 each, then the dealer's 14th, a few tiles per beat."""
        view = self.view
        assert view.deal_shown is not None
        players = view.model.players
        order = [(view.model.dealer + i) % players for i in range(players)]
        for chunk in (4, 8, 12, 13):
            for seat in order:
                if view.deal_shown[seat] < chunk:
                    view.presenter.fly_deal(seat, chunk - view.deal_shown[seat])
                    view.deal_shown[seat] = chunk
                    view.wait = view.pace(0.12)
                    return
        dealer = view.model.dealer
        if view.deal_shown[dealer] < len(view.model.seats[dealer].hand) + (1 if view.model.seats[dealer].drawn else 0):
            view.deal_shown[dealer] = 99
            view.wait = view.pace(0.2)
            return
        view.deal_shown = None
        view.wait = view.pace(0.3)
        view.presenter.shot("deal")

    def open_settlement(self) -> None:
        view = self.view
        view.settlement_open = True
        view.app.push(view.app.make.settlement(view))

    def next_round(self) -> None:
        """Called by the settlement screen."""
        view = self.view
        view.settlement_open = False
        if not view.table.next_round():
            view.app.replace(view.app.make.standings(view.table))
            return
        if view.hotseat is not None:
            view.hotseat.hide()
        view.closed_through = view.presented
        view.model = view.new_model(view.viewer)
        view.pending_flips = []
        view.marks_known = set()

    def begin(self) -> None:
        """The scene is shown: a new game starts its round (its dice, deal and play shown as they come); a resumed
        one shows its position at once."""
        view = self.view
        table = view.table
        if view.autosave:
            view.kind.keep_saved()  # the save rewritten after every action
        table.configure(view.table_settings())
        view.board.dress_tiles()
        for seat in view.humans:
            view.feeds[seat] = SeatFeed(table, seat)
        if not view.humans:  # the demo: watch seat 0's view
            view.feeds[view.viewer] = SeatFeed(table, view.viewer, answers=False)
        if table.phase == "idle":
            table.start_round()  # a new game: its dice, deal and play are shown as they come
        elif table.phase == "over":
            # closed on the round-over screen: that round is settled first, then the game goes on
            self.rebuild_for(view.viewer, at_end=True)
            self.open_settlement()
        elif table.phase == "play":
            # a resumed game (even one saved right after its deal): the position at once, no dice, no deal, no
            # discard flights and no voices of events already played
            self.rebuild_for(view.viewer, at_end=True)
            events = view.feed().events
            voices = getattr(view.app.audio, "voices", None)
            if events and voices is not None and events[0][1].get("type") == "start_round":
                # the voices learn the round's rule set from its start_round (which says nothing aloud)
                voices.on_event(events[0][1], view.model.players, view.viewer)
            if view.hotseat is not None and events:
                # closed while the humans were being asked about a tile: ask them again, from public facts
                view.hotseat.on_event(events[-1][1])

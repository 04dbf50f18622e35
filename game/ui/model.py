"""The picture of a table, built only from one seat's projected event stream (no pygame).

Live play, hot-seat, LAN and replays feed the same events into a TableModel; the table scene draws the model.
A seat's own tiles are known; others' concealed tiles are "?" until the round's end reveals them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.project import HIDDEN


@dataclass
class SeatModel:
    hand: list[str] = field(default_factory=list)
    drawn: str | None = None  # the tile just drawn, shown apart from the hand
    melds: list[dict] = field(default_factory=list)
    discards: list[list] = field(default_factory=list)  # [tile, taken_by_a_call]
    flowers: list[str] = field(default_factory=list)
    delta: int = 0  # this round's running score
    escaped: bool = False

    def take(self, tiles: list[str]) -> None:
        for t in tiles:
            if t in self.hand:
                self.hand.remove(t)
            elif HIDDEN in self.hand:
                self.hand.remove(HIDDEN)
            elif self.hand:
                self.hand.pop()
            if self.drawn == t or (self.drawn is not None and t == HIDDEN):
                self.drawn = None


@dataclass
class TableModel:
    viewer: int | None  # the seat whose view this is; None: every hand open (replays)
    players: int = 4
    variant: str = ""
    round_no: int = 0
    dealer: int = 0
    current: int = 0
    wall_total: int = 0
    tail: int = 0
    tiles_left: int = 0
    dice: tuple[int, int] | None = None
    wall_break: dict | None = None
    ghost: str | None = None
    indicator: str | None = None
    seats: list[SeatModel] = field(default_factory=list)
    last_discard: tuple[int, int] | None = None  # (seat, index in his row)
    claim_window: dict | None = None
    wins: list[dict] = field(default_factory=list)
    scores: list[dict] = field(default_factory=list)
    flips: list[dict] = field(default_factory=list)
    finished: bool = False
    exhausted: bool = False
    end: dict | None = None
    draws_made: int = 0  # tiles taken from the wall this round (the wall picture shrinks by these)

    def apply(self, e: dict) -> None:
        handler = getattr(self, "_on_" + e.get("type", ""), None)
        if handler is not None:
            handler(e)

    def apply_all(self, events: list[dict]) -> "TableModel":
        for e in events:
            self.apply(e)
        return self

    # ---- handlers
    def _on_start_round(self, e: dict) -> None:
        self.players = e["players"]
        self.variant = e["variant"]
        self.round_no = e["round"]
        self.dealer = self.current = e["dealer"]
        self.wall_total = e["wall"]
        self.tail = e["tail"]
        self.wall_break = e.get("wall_break")
        self.dice = tuple(e["wall_break"]["dice"]) if e.get("wall_break") else None
        self.seats = [SeatModel() for _ in range(self.players)]
        self.tiles_left = e["wall"] - e["tail"]
        self.ghost = self.indicator = None
        self.last_discard = None
        self.wins, self.scores, self.flips = [], [], []
        self.finished = self.exhausted = False
        self.end = None
        self.draws_made = 0

    def _on_deal(self, e: dict) -> None:
        self.seats[e["seat"]].hand = list(e["tiles"])
        self.draws_made += len(e["tiles"])  # the live wall count already excludes the deal

    def _on_ghost(self, e: dict) -> None:
        self.ghost, self.indicator = e["ghost"], e.get("indicator")

    def _on_draw(self, e: dict) -> None:
        s = self.seats[e["actor"]]
        if s.drawn is not None:
            s.hand.append(s.drawn)
        s.drawn = e["tile"]
        self.current = e["actor"]
        self.tiles_left = e["left"]
        self.draws_made += 1
        self.claim_window = None

    def _on_flower(self, e: dict) -> None:
        s = self.seats[e["actor"]]
        s.take([e["tile"]])
        s.flowers.append(e["tile"])

    def _on_discard(self, e: dict) -> None:
        s = self.seats[e["actor"]]
        if e["tsumogiri"] and s.drawn is not None:
            s.drawn = None
        else:
            s.take([e["tile"]])
            if s.drawn is not None:
                s.hand.append(s.drawn)
                s.drawn = None
        s.discards.append([e["tile"], False])
        self.last_discard = (e["actor"], len(s.discards) - 1)
        self.current = e["actor"]

    def _claimed_discard(self, target: int | None) -> None:
        if target is None or self.last_discard is None or self.last_discard[0] != target:
            return
        seat, index = self.last_discard
        self.seats[seat].discards[index][1] = True
        self.last_discard = None

    def _meld(self, e: dict, mtype: str) -> None:
        s = self.seats[e["actor"]]
        if s.drawn is not None:
            s.hand.append(s.drawn)
            s.drawn = None
        s.take(e["consumed"])
        tiles = sorted([e["tile"], *e["consumed"]]) if mtype == "chow" else [e["tile"]] * (len(e["consumed"]) + 1)
        s.melds.append({"type": mtype, "tiles": tiles, "from": e.get("target"), "claimed": e["tile"]})
        self._claimed_discard(e.get("target"))
        self.current = e["actor"]

    def _on_pong(self, e: dict) -> None:
        self._meld(e, "pong")

    def _on_chow(self, e: dict) -> None:
        self._meld(e, "chow")

    def _on_kong(self, e: dict) -> None:
        self._meld(e, "kong")

    def _on_concealed_kong(self, e: dict) -> None:
        s = self.seats[e["actor"]]
        if s.drawn is not None:
            s.hand.append(s.drawn)
            s.drawn = None
        s.take(e["consumed"])
        s.melds.append({"type": "concealed_kong", "tiles": list(e["consumed"]), "from": None, "claimed": None})

    def _on_added_kong(self, e: dict) -> None:
        s = self.seats[e["actor"]]
        if s.drawn is not None:
            s.hand.append(s.drawn)
            s.drawn = None
        s.take([e["tile"]])
        for m in s.melds:
            if m["type"] == "pong" and m["tiles"][0] == e["tile"]:
                m["type"] = "added_kong"
                m["tiles"] = [e["tile"]] * 4

    def _on_score(self, e: dict) -> None:
        self.scores.append(e)
        for i, d in enumerate(e["deltas"]):
            self.seats[i].delta += d

    def _on_flip(self, e: dict) -> None:
        self.flips.append(e)

    def _on_win(self, e: dict) -> None:
        self.wins.append(e)
        s = self.seats[e["actor"]]
        s.hand = [t for t in e["hand"]]
        s.drawn = None
        if e.get("target") is not None:
            self._claimed_discard(e["target"])

    def _on_escape(self, e: dict) -> None:
        self.seats[e["actor"]].escaped = True

    def _on_exhausted(self, e: dict) -> None:
        self.exhausted = True

    def _on_end_round(self, e: dict) -> None:
        self.finished = True
        self.end = e
        won = {w["actor"] for w in self.wins}
        for i, s in enumerate(self.seats):
            if i not in won:
                s.hand = list(e["hands"][i])
                s.drawn = None

    # ---- queries
    def hand_of(self, seat: int) -> list[str]:
        return list(self.seats[seat].hand)

    def seat_wind(self, seat: int) -> str:
        return "ESWN"[(seat - self.dealer) % self.players]

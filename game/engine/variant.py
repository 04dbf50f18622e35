"""The variant interface: a rule set is data plus small hooks.

Each rule set under `game/variants/` subclasses `Variant`, declares its typed options, tile set, claim rules and hand
types, and overrides only the hooks it needs. The round state machine (`state.py`) calls these hooks and never
asks which variant it is playing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import BadInput, NotAWin
from .options import parse_options
from .scoring import Evaluation, WinContext, best_evaluation, readings
from .tiles import TileSet

if TYPE_CHECKING:
    from .melds import Meld
    from .state import Round


@dataclass(frozen=True)
class PassLock:
    """What passing a win on a discard costs, until the seat's next draw (过胡 / 跟牌不可胡 / 漏胡 / 过手胡)."""

    same_kind: bool  # True: only discards of the passed kind are barred; False: every discard
    unless_higher: bool = False  # a strictly better win than the one passed is still allowed
    cleared_by_claim: bool = False  # a chow, pong or kong also lifts the bar (a draw always does)


@dataclass
class ScoreItem:
    """One line of a round's settlement: who gains or pays what, and why."""

    reason: str  # "win", "kong", "escape", "horse", "ghost", "follow_dealer", "liability", "kong_void" ...
    deltas: list[int]
    lines: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"reason": self.reason, "deltas": list(self.deltas), "lines": list(self.lines)}


@dataclass
class Win:
    seat: int
    from_seat: int | None
    evaluation: Evaluation

    @property
    def ctx(self) -> WinContext:
        assert self.evaluation.ctx is not None
        return self.evaluation.ctx


@dataclass
class TableFacts:
    """What settlement needs to know about the table (a Round provides the same attributes)."""

    players: int
    dealer: int
    options: Any
    context: dict = field(default_factory=dict)


class Variant:
    id: str = ""
    name: str = ""  # Chinese name
    name_en: str = ""
    seed_file: str = ""
    Options: type = object
    player_counts: tuple[int, ...] = (4,)
    multiple_winners: bool = True  # 一炮多响; False: the first in turn order after the discarder (截胡)
    pass_lock: PassLock | None = None
    has_escape_penalty: bool = False
    fan_unit: str = "番"  # how the variant's count reads: 番 (doublings) or 倍 (a multiplier)
    summary: str = ""  # a few sentences for rules help (English msgid; the catalogues translate it)
    small_hands: tuple = ()  # (id, Chinese name, value text) of what rules help lists besides hand_types

    def hand_name(self, hand_id: str) -> str:
        """The Chinese name players know a hand type by."""
        for t in self.hand_types:
            if t.id == hand_id:
                return t.name
        for hid, name, _ in self.small_hands:
            if hid == hand_id:
                return name
        return hand_id

    def flush_lean(self, opts: Any) -> float:
        """How one-suited a hand must be before the AI keeps a flush at equal distance (share of its tiles).
        Big hands pay more everywhere; a variant where something multiplies them leans in sooner."""
        return 0.65

    # ---- options and table ----
    def parse_options(self, raw: dict | None, players: int) -> Any:
        if players not in self.player_counts:
            raise BadInput(f"{self.id} is played by {', '.join(map(str, self.player_counts))} players, not {players}")
        return parse_options(self.Options, raw, players=players)

    def tile_set(self, opts: Any, players: int) -> TileSet:
        return TileSet()

    def allows_chow(self, opts: Any) -> bool:
        return False

    def discard_wins(self, opts: Any) -> bool:
        """Whether a discard can be won on at all (Beihai: self-draw only)."""
        return True

    def seven_pairs(self, opts: Any) -> bool:
        return True

    def thirteen_orphans(self, opts: Any, tile_set: TileSet) -> bool:
        return False

    def wall_tail(self, opts: Any, players: int) -> int:
        """Tiles at the end of the live wall that are never drawn (horses, a dead end)."""
        return 0

    def first_dealer(self, players: int, rng: random.Random) -> int:
        return 0

    def choose_ghost(self, opts: Any, live: list[int], rng: random.Random) -> tuple[int | None, int | None]:
        """(the turned indicator tile or None, the wildcard kind or None)."""
        return None, None

    def uses_wildcards(self, opts: Any) -> bool:
        """Whether this table plays with a wildcard at all (a scenario may not give one otherwise)."""
        return False

    def ghost_from_indicator(self, opts: Any, indicator: int) -> int | None:
        """The wildcard a turned indicator tile names."""
        return None

    def fixed_ghost(self, opts: Any) -> int | None:
        """A wildcard that does not depend on a flip (Beihai's 红中鬼)."""
        return None

    def can_rob(self, opts: Any, kong_type: str) -> bool:
        return False

    # ---- hands ----
    hand_types: tuple = ()

    def extra_readings(self, ctx: WinContext) -> list[WinContext]:
        return []

    def score_reading(self, ctx: WinContext) -> Evaluation:
        raise NotImplementedError

    def evaluate(self, ctx: WinContext) -> Evaluation:
        """The best reading of a hand, or NotAWin. Variant minimums are checked by `check_win`."""
        ts = self.tile_set(ctx.options, ctx.players)
        rs = readings(ctx, seven_pairs=self.seven_pairs(ctx.options),
                      thirteen_orphans=self.thirteen_orphans(ctx.options, ts), extra=self.extra_readings)
        best = best_evaluation(rs, self.score_reading)
        if best is None:
            raise NotAWin("the tiles do not form a winning hand")
        return best

    def check_win(self, ev: Evaluation, table: Any) -> None:
        """Raise BelowMinimum (or NotAWin) when the rules bar this win although its shape is complete."""

    def win_facts(self, rnd: "Round", winner: int) -> dict:
        """Facts the engine knows that scoring needs (liabilities, flowers ...), merged into ctx.context."""
        return {}

    def may_win(self, rnd: "Round", seat: int) -> bool:
        """A table-level bar on winning at all (Nanning's 封胡)."""
        return True

    # ---- settlement ----
    def settle_wins(self, table: Any, wins: list[Win]) -> list[ScoreItem]:
        raise NotImplementedError

    def kong_score(self, rnd: "Round", seat: int, meld: "Meld") -> ScoreItem | None:
        return None

    def kong_points_stand_on_exhaustion(self, opts: Any) -> bool:
        return True

    def on_discard(self, rnd: "Round", seat: int, tile: int) -> list[ScoreItem]:
        """Scores triggered by a discard (跟庄 / 追牌)."""
        return []

    def after_win(self, rnd: "Round", wins: list[Win]) -> list[dict]:
        """Flips after a win (horses, 醒): returns events and may add facts to each win's context."""
        return []

    def end_of_round(self, rnd: "Round", wins: list[Win], exhausted: bool) -> list[ScoreItem]:
        return []

    def next_dealer(self, rnd: "Round", wins: list[Win], exhausted: bool) -> int:
        if exhausted or not wins:
            return rnd.dealer
        if len(wins) > 1:
            return wins[0].from_seat if wins[0].from_seat is not None else rnd.dealer
        return wins[0].seat

    def escape_penalty(self, rnd: "Round", seat: int) -> ScoreItem | None:
        return None

    def check_table(self, table: Any) -> None:
        """Refuse a table the rules do not allow (BadInput), e.g. a player too poor to sit."""

    def base(self, table: Any) -> int:
        return getattr(table.options, "base", 1)

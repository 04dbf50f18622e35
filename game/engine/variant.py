"""The variant interface: a rule set is data plus small hooks.

Each rule set under `game/variants/` subclasses `Variant`, declares its typed options, tile set, claim rules and hand
types, and overrides only the hooks it needs. The round state machine (`state.py`) calls these hooks and never
asks which variant it is playing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .context import ENGINE_CONTEXT_FIELDS, ContextField
from .errors import BadInput, NotAWin, UnknownToSeat
from .events import N_, Message, render
from .events import score as score_event
from .options import parse_options
from .scoring import Evaluation, WinContext, best_evaluation, readings
from .shapes import SEVEN_PAIRS, STANDARD, WinShape
from .tiles import TileSet

if TYPE_CHECKING:
    from collections.abc import Sequence

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
    """One item of a round's settlement: who gains or pays what, and why.

    `reason` is declared (ENGINE_SCORE_REASONS or the rule set's `score_reasons`); `messages` say how it was reached,
    one line each, as message ids with parameters (game.engine.events.Message: seats, the base actually used,
    amounts). A bare string is taken as a msgid without parameters."""

    reason: str
    deltas: list[int]
    messages: list[Message] = field(default_factory=list)
    stands_on_exhaustion: bool = True  # False: undone when the round is drawn (Nanning's 流局不算杠分)

    def __post_init__(self) -> None:
        self.messages = [Message.of(m) for m in self.messages]

    @property
    def lines(self) -> list[str]:
        """The messages rendered in English, seats as "seat N" (the command line's breakdown)."""
        return [render(m) for m in self.messages]

    def to_json(self) -> dict:
        out = score_event(self.reason, self.deltas, self.messages)
        del out["type"]
        return out


@dataclass(frozen=True)
class ScreenFact:
    """Whether the table shows a fact of the rules while the round runs, as the rule set's document says (docs:
    rule-sets.md). Every table hides the others' concealed tiles and draws; these are a rule set's own."""

    fact: str
    shown: bool
    how: str  # where it shows, or the document's words for keeping it off the screen


@dataclass(frozen=True)
class ScoreReason:
    """Why a settlement item scores: its id (ScoreItem.reason), how the settlement screen labels it (an English msgid
    the catalogues translate) and what the table's voice says when it is scored ("" nothing)."""

    id: str
    label: str
    voice_token: str = ""


@dataclass(frozen=True)
class FlipKind:
    """Tiles a rule set turns after a win (horses, 醒): the `flip` event's kind, its label (an English msgid) and what
    the table's voice says when they are turned ("" nothing)."""

    id: str
    label: str
    voice_token: str = ""


@dataclass(frozen=True)
class SeatMark(Message):
    """A public fact about one seat that the table shows on its seat card while it holds (互包 with a player, 封胡):
    a message (an English msgid and its parameters, seats by number) and what the table's voice says when the mark
    appears ("" nothing). A rule set gives them through `Variant.seat_marks`."""

    voice_token: str = ""


# Reasons the engine itself scores, whatever the rule set: a rule set declares only its own.
ENGINE_SCORE_REASONS: tuple[ScoreReason, ...] = (
    ScoreReason("win", N_("Win")),
    ScoreReason("kong", N_("Kong points")),
    ScoreReason("kong_void", N_("Kong points void")),  # the wall ran out where kong points do not stand then
    ScoreReason("escape", N_("Left the table")),
)
UNDECLARED_FLIP_LABEL = N_("Tiles turned")


@dataclass(frozen=True)
class SetupChoice:
    """A choice each seat makes before a deal (Hainan's 上嘎): what it is called and the values allowed now."""

    id: str  # the context key the choices are carried under, e.g. "ga"
    label: str  # what players call it (Chinese; the UI translates through its catalogue)
    values: tuple[int, ...]
    default: int
    explain: str = ""  # a msgid: what the choice does, for a player who has never made it
    why_not: Any = None  # a Message: why some values are not offered now (e.g. not below last round's), or None


@dataclass(frozen=True)
class FeedRule:
    """When feeding one more claim to an opponent makes the feeder liable (承包, 互包, 十二张落地): the claim that
    makes `from_same` claims from one giver, or gives him his `melds`-th exposed meld (0: not this way)."""
    from_same: int = 0
    melds: int = 0


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
    flowers: list[list[int]] | None = None  # each seat's flowers set aside (public), where the table knows them

    def __getattr__(self, name: str) -> Any:
        # only reached for what these facts lack: a round's own record (who fed whom, the live wall …)
        if name.startswith("__"):
            raise AttributeError(name)
        raise UnknownToSeat(f"a seat's table facts hold no {name!r}: only the round knows it")


class Variant:
    id: str = ""
    name: str = ""  # Chinese name (a msgid: the new-game card's title, 南宁麻将)
    name_en: str = ""
    region: str = ""  # where it is played, in short (a msgid: 南宁), for the table art and its settings
    tagline: str = ""  # what sets it apart, under its name on the new-game card (a msgid: 南宁 · 百色 · 崇左)
    seed_file: str = ""
    Options: type = object
    player_counts: tuple[int, ...] = (4,)
    multiple_winners: bool = True  # 一炮多响; False: the first in turn order after the discarder (截胡)
    pass_lock: PassLock | None = None
    has_escape_penalty: bool = False
    fan_unit: str = "番"  # how the variant's count reads: 番 (doublings) or 倍 (a multiplier)
    summary: str = ""  # a few sentences for rules help (English msgid; the catalogues translate it)
    screen_facts: tuple[ScreenFact, ...] = ()  # what the table shows and hides of this rule set's own facts
    small_hands: tuple = ()  # SmallHand (game/engine/scoring.py): what rules help lists besides hand_types
    # what this rule set scores and turns besides the engine's own (ENGINE_SCORE_REASONS): the UI and the audio
    # label and voice them from here, never from tables of their own
    score_reasons: tuple[ScoreReason, ...] = ()
    flip_kinds: tuple[FlipKind, ...] = ()
    # how many times an ordinary rule set's time a rollout of the expert's search takes here (its shapes' distance
    # work): the search buys that many times fewer rollouts from the same thinking time (game/ai/search.py)
    search_cost: float = 1.0

    # the context keys this rule set reads (context.py: name, kind, range, where given); besides the engine's own
    # (streak, round_no, ghost), every context a caller or a game gives is checked against them
    context_fields: tuple[ContextField, ...] = ()
    # the context keys `run` takes at the top level of `setup` as well as under `setup.context` (the rules file's
    # "`run` setup keys"; DESIGN.md §3.2)
    run_setup_keys: tuple[str, ...] = ()

    def all_context_fields(self) -> tuple[ContextField, ...]:
        """The engine's context keys and this rule set's (a rule set's own declaration of a name wins)."""
        own = {f.name for f in self.context_fields}
        return tuple(f for f in ENGINE_CONTEXT_FIELDS if f.name not in own) + tuple(self.context_fields)

    def feeding_liability(self, opts: Any) -> FeedRule | None:
        """What makes a discarder liable for feeding claims, for the AI's defence (None: nothing does)."""
        return None

    # the line of the item that undoes, on a drawn round, the points that do not stand then (ScoreItem's
    # stands_on_exhaustion); a rule set whose void points are not only kongs words its own (海南: flowers too)
    void_line: str = N_("Drawn round: kong points do not count")

    def all_score_reasons(self) -> tuple[ScoreReason, ...]:
        """The rule set's own declarations first: one may relabel an engine reason (海南's void takes flowers too)."""
        own = tuple(self.score_reasons)
        ids = {r.id for r in own}
        return own + tuple(r for r in ENGINE_SCORE_REASONS if r.id not in ids)

    def score_reason(self, reason_id: Any) -> ScoreReason:
        """The declaration of a score event's reason (one not declared: labelled with its own id, no voice)."""
        for r in self.all_score_reasons():
            if r.id == reason_id:
                return r
        return ScoreReason(str(reason_id), str(reason_id))

    def flip_kind(self, kind_id: Any) -> FlipKind:
        """The declaration of a flip event's kind (one not declared: "Tiles turned", no voice)."""
        for k in self.flip_kinds:
            if k.id == kind_id:
                return k
        return FlipKind(str(kind_id), UNDECLARED_FLIP_LABEL)

    # voice tokens of hands that are not hand types (a rule set's small hands, e.g. 桂柳's 烂牌)
    small_hand_voices: dict[str, str] = {}
    # said with the win when the first seat in turn order takes a discard others also claimed (截胡); "" nothing
    cut_off_voice: str = ""

    def setup_voices(self, context: dict) -> list[tuple[int, str]]:
        """(seat, voice token) lines said as a round starts for the seats' setup choices (海南's 上嘎)."""
        return []

    def hand_voice(self, hand_id: str) -> str:
        """What the table's voice says for a hand id in a win ("" nothing)."""
        for t in self.hand_types:
            if t.id == hand_id:
                return t.voice_token
        return self.small_hand_voices.get(hand_id, "")

    def hand_name(self, hand_id: str) -> str:
        """The Chinese name players know a hand type by."""
        for t in self.hand_types:
            if t.id == hand_id:
                return t.name
        for small in self.small_hands:
            if small.id == hand_id:
                return small.name
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

    def win_shapes(self, opts: Any, tile_set: TileSet, *, concealed_only: bool) -> tuple[WinShape, ...]:
        """The shapes a hand may win with (shapes.py): the round's win check, the hints' waits, the AI's distance
        and scoring's readings all come from them. `concealed_only`: the hand has no melds (a concealed kong is a
        meld too), which seven pairs, thirteen orphans and most of a rule set's own shapes need.
        Default: the standard shape, and seven pairs when concealed."""
        return (STANDARD, SEVEN_PAIRS) if concealed_only else (STANDARD,)

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

    def calls_on_last_discard(self, opts: Any) -> bool:
        """Whether the last discard (after the last drawable tile) may be chowed, ponged or konged, not only won
        (桂柳: only 胡 may claim it)."""
        return True

    # ---- hands ----
    hand_types: tuple = ()

    def score_reading(self, ctx: WinContext) -> Evaluation:
        raise NotImplementedError

    def evaluate(self, ctx: WinContext) -> Evaluation:
        """The best reading of a hand, or NotAWin. Variant minimums are checked by `check_win`."""
        shapes = self.win_shapes(ctx.options, self.tile_set(ctx.options, ctx.players), concealed_only=not ctx.melds)
        best = best_evaluation(readings(ctx, shapes), self.score_reading)
        if best is None:
            raise NotAWin("the tiles do not form a winning hand")
        return best

    def check_win(self, ev: Evaluation, table: Any) -> None:
        """Raise BelowMinimum (or NotAWin) when the rules bar this win although its shape is complete."""

    def win_facts(self, rnd: "Round", winner: int) -> dict:
        """Facts the engine knows that scoring needs (liabilities, flowers ...), merged into ctx.context."""
        return {}

    def open_facts(self, table: Any, seat: int) -> dict:
        """Facts every seat sees that scoring needs for `seat`'s win (Hainan's 翻花对位: the flowers he has set
        aside), merged into ctx.context before `win_facts`. `table` is the round or a seat's picture of it
        (TableFacts: `flowers` None where not known, e.g. the `score` command), so a seat's hints and pass-lock
        judge a win as the round does. Default: nothing."""
        return {}

    def may_win(self, opts: Any, seat: int, melds: "Sequence[Sequence[Meld]]") -> bool:
        """A table-level bar on winning at all (Nanning's 封胡), from public facts only: `melds` is every seat's
        melds, each with the seat that fed it (`from_seat`), so a seat's hints can apply the bar as the round does."""
        return True

    def seat_marks(self, opts: Any, seat: int, melds: "Sequence[Sequence[Meld]]") -> list[SeatMark]:
        """What the table shows on `seat`'s card now (互包 with B, 封胡 …), from public facts only: `melds` is every
        seat's melds, each with the seat that fed it (`from_seat`; an added kong keeps its pong's feeder, so it counts
        as the one claim it was). Default: nothing."""
        return []

    def context_marks(self, opts: Any, context: dict, seat: int) -> list[SeatMark]:
        """What the table shows on `seat`'s card from the round's public context (Hainan: the 嘎 he put up), for the
        whole round. Default: nothing."""
        return []

    def table_labels(self, opts: Any, context: dict) -> list[Message]:
        """What the table's centre shows about the round besides its number, from the round's public context (广东's
        round wind, 海南's 令 …). Default: nothing."""
        return []

    # ---- settlement ----
    def settle_wins(self, table: Any, wins: list[Win]) -> list[ScoreItem]:
        raise NotImplementedError

    def kong_score(self, rnd: "Round", seat: int, meld: "Meld") -> ScoreItem | None:
        return None

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

    # ---- the game around the rounds: facts carried from round to round, choices before each deal ----
    def initial_facts(self, opts: Any, players: int) -> dict:
        """Facts a game starts with (coins, the round wind, 令 ...); they reach every round as its context."""
        return {}

    def carry_facts(self, opts: Any, facts: dict, rnd: "Round") -> dict:
        """The facts for the next round, after `rnd` has ended (coins paid, the round wind moved, 令 passed)."""
        return facts

    def table_goes_on(self, opts: Any, facts: dict) -> bool:
        """Whether a game "until someone can no longer sit" goes on (Nanning: everyone keeps 32 coins)."""
        return True

    def setup_choice(self, opts: Any, seat: int, facts: dict) -> SetupChoice | None:
        """The choice `seat` makes before the next deal, given the facts so far (None: nothing to choose)."""
        return None

    def check_table(self, table: Any) -> None:
        """Refuse a table the rules do not allow (BadInput), e.g. a player too poor to sit."""

    def base(self, table: Any) -> int:
        return getattr(table.options, "base", 1)

"""The round as a state machine.

`new_round(...)` deals and returns the state with its opening events; `apply(state, action)` is the one function
that changes a round: it checks the action against `legal_actions`, applies it, runs everything automatic that
follows (draws, flower replacements, exhaustion, settlement) and returns the events. The UI, AI, network, replays and
tests all consume those events; `project(event, seat)` (see project.py) masks what a seat may not see.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .context import ROUND, ContextFrame, check_context, shown
from .errors import BadInput, EngineError, IllegalAction
from .events import N_, SCHEMA_VERSION, message
from .melds import Meld
from .scoring import Evaluation
from .tiles import (NUM_KINDS, NUM_PLAYABLE, TileError, TileSet, is_flower, parse_tile, tile_name, tile_names)
from .variant import ScoreItem, Variant, Win
from .wincheck import WinCheck, lock_after_pass, lock_bars, lock_clear
from .wall import PortableRng, WallBreak, break_wall, deal, roll_dice, round_rng

TURN, CLAIM, ENDED = "turn", "claim", "ended"
ACTION_TYPES = ("discard", "pong", "kong", "chow", "concealed_kong", "added_kong", "win", "pass", "escape")
CLAIM_TYPES = ("win", "kong", "pong", "chow")
ACTION_KEYS = frozenset({"seat", "type", "tile", "tiles"})


def _action_tile(value: Any, name: str) -> int:
    try:
        return parse_tile(value)
    except TileError:
        raise TileError(f"{name} must be a tile (1m-9m, 1p-9p, 1s-9s, E S W N, C F P or 1f-8f), got {shown(value)}") \
            from None


class Action(NamedTuple):
    """One player's move. A named tuple: the legal-move lists are rebuilt every step, so creation is hot."""

    seat: int
    type: str
    tile: int | None = None
    tiles: tuple[int, ...] = ()  # chow: the two tiles taken from the hand

    def to_json(self) -> dict:
        out: dict = {"seat": self.seat, "type": self.type}
        if self.tile is not None:
            out["tile"] = tile_name(self.tile)
        if self.tiles:
            out["tiles"] = tile_names(self.tiles)
        return out

    @classmethod
    def from_json(cls, data: Any) -> "Action":
        """An action from its JSON (`to_json`'s keys): refuses unknown keys and values of the wrong type, naming
        the key. Whether the action is legal is for `Round.apply` to say."""
        if not isinstance(data, dict):
            raise BadInput(f"an action must be an object, got {shown(data)}")
        unknown = sorted(set(data) - ACTION_KEYS)
        if unknown:
            raise BadInput(f"unknown key(s) in an action: {', '.join(map(shown, unknown))}; "
                           f"expected {', '.join(sorted(ACTION_KEYS))}")
        seat, atype = data.get("seat"), data.get("type")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise BadInput(f"action 'seat' must be a seat number, got {shown(seat)}")
        if atype not in ACTION_TYPES:
            raise BadInput(f"action 'type' must be one of {', '.join(ACTION_TYPES)}, got {shown(atype)}")
        tile = _action_tile(data.get("tile"), "action 'tile'") if data.get("tile") is not None else None
        tiles: tuple[int, ...] = ()
        if data.get("tiles") is not None:
            raw = data["tiles"]
            if not isinstance(raw, list) or len(raw) > 4:
                raise BadInput(f"action 'tiles' must be a list of tiles (a chow: the two taken from the hand), "
                               f"got {shown(raw)}")
            tiles = tuple(sorted(_action_tile(t, f"action 'tiles'[{i}]") for i, t in enumerate(raw)))
        return cls(seat, atype, tile, tiles)


@dataclass
class Seat:
    hand: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)  # concealed tiles as counts
    melds: list[Meld] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)
    claimed: list[bool] = field(default_factory=list)  # per discard: taken by a call or a win
    flowers: list[int] = field(default_factory=list)
    draws: int = 0
    turns: int = 0  # turns begun by a draw (first-turn facts: 地胡)
    discards_made: int = 0
    escaped: bool = False
    lock_kinds: set[int] = field(default_factory=set)  # pass-lock: barred kinds
    lock_all: bool = False  # pass-lock: every discard barred
    lock_rank: tuple | None = None  # pass-lock: the best win passed
    late_kongs: set[int] = field(default_factory=set)  # pongs whose fourth tile was kept back (过手杠 / 漏杠)

    def concealed_count(self) -> int:
        return sum(self.hand)

    def concealed_list(self) -> list[int]:
        return [k for k in range(NUM_KINDS) for _ in range(self.hand[k])]


@dataclass
class Window:
    """A claim window: after a discard ("discard") or while a kong may be robbed ("rob")."""

    kind: str
    tile: int
    from_seat: int
    options: dict[int, list[Action]]  # seat -> its legal claims (pass is always allowed too)
    answers: dict[int, Action] = field(default_factory=dict)
    kong_type: str | None = None  # rob windows: the kong being made
    giver: int | None = None  # robbing an exposed kong: whose discard the kong claimed
    pending: Action | None = None  # robbing an exposed kong: the kong claim that waits on the window
    facts: frozenset[str] = frozenset()  # flags a win on this tile carries
    evaluations: dict[int, Evaluation] = field(default_factory=dict)


class Round:
    """One deal, from the opening to a win or exhaustion. Mutate only through `apply`."""

    def __init__(self, variant: Variant, options: Any, players: int, dealer: int, hands: list[list[int]],
                 live: list[int], *, round_no: int = 0, seed: int | str = 0, ghost: int | None = None,
                 indicator: int | None = None, wall_break: WallBreak | None = None, context: dict | None = None):
        self.variant = variant
        self.options = options
        self.players = players
        self.dealer = dealer
        self.round_no = round_no
        self.seed = seed
        self.ghost = ghost
        self.indicator = indicator
        self.wall_break = wall_break
        # table facts: coins, ga, round wind, streak ... Those declared (Variant.all_context_fields) are checked; a
        # rule set's other facts, made by its own hooks (setup choices), pass through
        self.context = check_context(variant.all_context_fields(), context,
                                     ContextFrame(variant, options, players, dealer, scope=ROUND), strict=False)
        variant.check_table(self)
        self.tile_set: TileSet = variant.tile_set(options, players)
        self.win_check = WinCheck.at(variant, options, players)  # the one win evaluation
        self.seats = [Seat() for _ in range(players)]
        self._table_melds = [s.melds for s in self.seats]  # every seat's melds (the lists grow in place)
        self._facts_fn = self._win_facts  # bound once: the claim check runs on every discard
        for s, tiles in enumerate(hands):
            for k in tiles:
                self.seats[s].hand[k] += 1
        self.live = list(live)
        self.pos = 0  # next tile of `live` to draw
        self.tail = variant.wall_tail(options, players)
        self.phase = TURN
        self.current = dealer
        self.turn_source = "deal"  # how the current seat got his turn: "deal", "draw" or "claim"
        self.drawn: int | None = None
        self.after_kong = False  # the current seat's tile came from a kong replacement
        self.after_flower = False
        self.drew_last = False  # the current seat drew the last drawable tile this turn
        self.held_before_draw = 0  # concealed tiles the current seat held before this turn's draw
        self.window: Window | None = None
        self.discards_made = 0
        self.calls_made = 0
        self.calls_before_first_discard = 0  # calls made before the round's first discard (the dealer's opening kongs)
        self.claims_from = [[0] * players for _ in range(players)]  # claims_from[b][a]: b's calls on a's discards
        self.claim_order: list[tuple[int, Meld]] = []  # every claimed meld (chow, pong, kong on a discard) in order
        self.items: list[ScoreItem] = []
        self.wins: list[Win] = []
        self.exhausted = False
        self.next_dealer_seat: int | None = None
        self.last_kong: Meld | None = None
        self.last_kong_on_flower = False  # the last kong's fourth tile was a flower's replacement, drawn this turn
        self.version = 0
        self._eval_cache: dict[tuple, Evaluation | None] = {}
        self._legal_cache: tuple[tuple, list[Action]] = ((-1, -1), [])
        self.rng = PortableRng.from_label(f"lingnan-mahjong:{seed}:{round_no}:play")  # portable, like the wall

    # ------------------------------------------------------------------ views
    def drawable(self) -> int:
        return max(0, len(self.live) - self.pos - self.tail)

    def remaining_live(self) -> list[int]:
        return self.live[self.pos:]

    @property
    def finished(self) -> bool:
        return self.phase == ENDED

    def deltas(self) -> list[int]:
        total = [0] * self.players
        for item in self.items:
            for i, d in enumerate(item.deltas):
                total[i] += d
        return total

    def result(self) -> dict:
        return {
            "finished": self.finished,
            "exhausted": self.exhausted,
            "deltas": self.deltas(),
            "wins": [{"seat": w.seat, "from": w.from_seat, "hands": w.evaluation.hands, "fan": w.evaluation.fan}
                     for w in self.wins],
            "next_dealer": self.next_dealer_seat if self.next_dealer_seat is not None else self.dealer,
        }

    @property
    def flowers(self) -> list[list[int]]:
        """Each seat's flowers set aside, in order (public: TableFacts.flowers)."""
        return [s.flowers for s in self.seats]

    def tile_total(self) -> int:
        """Every tile in play: hands, melds, discards still on the table, flowers and the wall."""
        total = len(self.live) - self.pos
        for s in self.seats:
            total += sum(s.hand) + len(s.flowers) + sum(len(m.tiles) for m in s.melds)
            total += sum(1 for c in s.claimed if not c)
        return total

    # ------------------------------------------------------------------ win checks
    def _win_facts(self, seat: int, flags: frozenset[str]) -> dict:
        """What scoring needs that only the round knows (liabilities, which kong gave the replacement tile)."""
        facts = dict(self.variant.win_facts(self, seat))
        melds = self.seats[seat].melds
        if "after_kong" in flags and self.last_kong is not None and self.last_kong in melds:
            facts["kong_meld"] = melds.index(self.last_kong)
        return facts

    def _evaluate(self, seat: int, win_tile: int, discarder: int | None, flags: frozenset[str]) -> Evaluation | None:
        """The evaluation of a possible win, or None when it is not a (permitted) win (the pass-lock aside)."""
        key = (self.version, seat, win_tile, discarder, flags)
        if key in self._eval_cache:
            return self._eval_cache[key]
        if len(self._eval_cache) > 64:
            self._eval_cache.clear()
        s = self.seats[seat]
        concealed = s.hand
        if discarder is None:  # self-draw: the drawn tile is the winning tile
            concealed = list(concealed)
            concealed[win_tile] -= 1
        result = self.win_check.judge(seat, concealed, win_tile, discarder, flags, s.melds, self._table_melds,
                                      self.ghost, self, self._facts_fn)
        self._eval_cache[key] = result
        return result

    def _self_draw_flags(self, seat: int) -> frozenset[str]:
        flags = set()
        if self.after_kong:
            flags.add("after_kong")
        if self.after_flower:
            flags.add("after_flower")
        if self.drew_last:
            flags.add("last_tile")
        if self.calls_made == 0 and self.discards_made == 0 and seat == self.dealer and self.turn_source == "deal":
            flags.add("heavenly")
        if (seat != self.dealer and self.calls_made == 0 and self.seats[seat].turns == 1
                and self.seats[seat].discards_made == 0):
            flags.add("earthly")
        return frozenset(flags)

    def _locked(self, seat: int, tile: int, ev: Evaluation) -> bool:
        return lock_bars(self.variant.pass_lock, self.seats[seat], tile, ev)

    def _lock_after_pass(self, seat: int, tile: int, ev: Evaluation) -> None:
        lock_after_pass(self.variant.pass_lock, self.seats[seat], tile, ev)

    def _clear_lock(self, seat: int) -> None:
        s = self.seats[seat]
        if s.lock_kinds or s.lock_all or s.lock_rank is not None:
            lock_clear(s)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, seat: int) -> list[Action]:
        """Everything `seat` may do now (a fresh list). Escape is always allowed and not listed."""
        key = (self.version, seat)
        if self._legal_cache[0] != key:
            self._legal_cache = (key, self._compute_legal(seat))
        return list(self._legal_cache[1])

    def _compute_legal(self, seat: int) -> list[Action]:
        if self.phase == ENDED or not 0 <= seat < self.players:
            return []
        if self.phase == CLAIM:
            w = self.window
            assert w is not None
            if seat not in w.options or seat in w.answers:
                return []
            return list(w.options[seat]) + [Action(seat, "pass")]
        if seat != self.current:
            return []
        s = self.seats[seat]
        out: list[Action] = []
        if self.turn_source != "claim":
            if self.drawn is not None or self.turn_source == "deal":
                win_tile = self.drawn if self.drawn is not None else self._deal_win_tile(seat)
                if win_tile is not None and self._evaluate(seat, win_tile, None, self._self_draw_flags(seat)):
                    out.append(Action(seat, "win"))
            if self.drawable() > 0:
                hand = s.hand
                out.extend([Action(seat, "concealed_kong", k) for k in range(NUM_PLAYABLE) if hand[k] == 4])
                for m in s.melds:
                    if m.type == "pong" and s.hand[m.tiles[0]] >= 1:
                        out.append(Action(seat, "added_kong", m.tiles[0]))
        hand = s.hand
        out.extend([Action(seat, "discard", k) for k in range(NUM_PLAYABLE) if hand[k]])  # flowers: never
        return out

    def _deal_win_tile(self, seat: int) -> int | None:
        """For 天胡 the dealer's 'winning tile' is any tile of his hand: take one that leaves a win."""
        hand = self.seats[seat].hand
        for k in range(NUM_PLAYABLE):
            if hand[k]:
                return k
        return None

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> list[dict]:
        if self.phase == ENDED:
            raise IllegalAction("the round is over")
        if not 0 <= action.seat < self.players:
            raise IllegalAction(f"there is no seat {action.seat} at a {self.players}-player table")
        events: list[dict] = []
        if action.type == "escape":
            self._escape(action.seat, events)
            self.version += 1
            return events
        legal = self.legal_actions(action.seat)
        action = self._normalize(action, legal)
        if action not in legal:
            raise IllegalAction(self._why_illegal(action, legal))
        self.version += 1
        if self.phase == CLAIM:
            self._answer(action, events)
        else:
            self._turn_action(action, events)
        return events

    def _normalize(self, action: Action, legal: list[Action]) -> Action:
        """Fill in what the action leaves implicit: the claimed tile, or the only kong or chow on offer."""
        if action.type in ("win", "pass"):
            return Action(action.seat, action.type)
        if self.phase == CLAIM and self.window is not None and action.type in ("pong", "kong", "chow"):
            if action.tile is None:
                action = Action(action.seat, action.type, self.window.tile, action.tiles)
        if action.type in ("chow", "concealed_kong", "added_kong") and (action.tile is None or
                                                                      (action.type == "chow" and not action.tiles)):
            same = [a for a in legal if a.type == action.type and (action.tile is None or a.tile == action.tile)]
            if len(same) == 1:
                return same[0]
        return action

    def _why_illegal(self, action: Action, legal: list[Action]) -> str:
        what = action.type + (f" {tile_name(action.tile)}" if action.tile is not None else "")
        if self.phase == CLAIM:
            w = self.window
            assert w is not None
            if action.seat == w.from_seat:
                return f"seat {action.seat} cannot answer a claim on his own {'discard' if w.kind == 'discard' else 'kong'}"
            if action.seat in w.answers:
                return f"seat {action.seat} has already answered this claim window"
            if action.seat not in w.options:
                return f"seat {action.seat} has no claim on {tile_name(w.tile)}"
            kinds = sorted({a.type for a in legal})
            return f"seat {action.seat} cannot {what} now; allowed: {', '.join(kinds)}"
        if action.seat != self.current:
            return f"it is seat {self.current}'s turn, not seat {action.seat}'s"
        if action.type == "discard":
            if action.tile is None:
                return "a discard needs a tile"
            return f"seat {action.seat} holds no {tile_name(action.tile)} to discard"
        if action.type in ("pong", "kong", "chow", "pass"):
            return f"there is no discard to {action.type} now; seat {action.seat} must play his turn"
        if action.type == "win":
            return f"seat {action.seat}'s hand is not a winning hand he may declare now"
        kinds = sorted({a.type for a in legal})
        return f"seat {action.seat} cannot {what} now; allowed: {', '.join(kinds)}"

    # ---- turn actions
    def _turn_action(self, a: Action, events: list[dict]) -> None:
        seat = a.seat
        s = self.seats[seat]
        if a.type == "win":
            tile = self.drawn if self.drawn is not None else self._deal_win_tile(seat)
            assert tile is not None
            ev = self._evaluate(seat, tile, None, self._self_draw_flags(seat))
            assert ev is not None
            self._finish_with_wins([Win(seat, None, ev)], events, won_tile=tile)
            return
        if a.type == "discard":
            assert a.tile is not None
            self._discard(seat, a.tile, events)
            return
        if a.type == "concealed_kong":
            assert a.tile is not None
            s.hand[a.tile] -= 4
            meld = Meld("concealed_kong", [a.tile] * 4)
            s.melds.append(meld)
            self.calls_made += 1
            events.append({"type": "concealed_kong", "actor": seat, "tile": tile_name(a.tile),
                           "consumed": [tile_name(a.tile)] * 4})
            self._score_kong(seat, meld, events)
            self._replacement_draw(seat, events)
            return
        if a.type == "added_kong":
            assert a.tile is not None
            # before the kong stands, others may rob it
            options = self._rob_options(seat, a.tile, "added_kong")
            events.append({"type": "added_kong_declared", "actor": seat, "tile": tile_name(a.tile)})
            if options:
                self.phase = CLAIM
                self.window = Window("rob", a.tile, seat, options, kong_type="added_kong",
                                     facts=frozenset({"robbing_kong"}))
                self._record_window_evaluations()
                return
            self._complete_added_kong(seat, a.tile, events)
            return
        raise IllegalAction(f"{a.type} is not a turn action")  # unreachable: legal_actions filtered it

    def _discard(self, seat: int, tile: int, events: list[dict]) -> None:
        s = self.seats[seat]
        facts = set()
        if self.after_kong:
            facts.add("after_kong")
        if self.drew_last and self.drawable() == 0:
            facts.add("last_tile")
        if seat == self.dealer and self.discards_made == 0 and self.calls_made == 0:
            facts.add("human")  # the dealer's first discard (人胡); his own concealed kong before it is a call
        if self.held_before_draw == 1 and self.turn_source == "draw":
            facts.add("discarder_single")  # 全求人放炮: he held a single tile before this draw
        # a pong's fourth tile kept in hand through a discard can only be a late kong (过手杠)
        for m in s.melds:
            if m.type == "pong" and s.hand[m.tiles[0]] and m.tiles[0] != tile:
                s.late_kongs.add(m.tiles[0])
        s.hand[tile] -= 1
        s.discards.append(tile)
        s.claimed.append(False)
        s.discards_made += 1
        self.discards_made += 1
        if self.discards_made == 1:
            self.calls_before_first_discard = self.calls_made  # "no call in between" (跟庄, 追牌) counts from here
        tsumogiri = self.drawn == tile
        self.drawn = None
        events.append({"type": "discard", "actor": seat, "tile": tile_name(tile), "tsumogiri": tsumogiri})
        for item in self.variant.on_discard(self, seat, tile):
            self._add_item(item, events)
        options = self._claim_options(seat, tile, frozenset(facts))
        if options:
            self.phase = CLAIM
            self.window = Window("discard", tile, seat, options, facts=frozenset(facts))
            self._record_window_evaluations()
            return
        self._next_turn(seat, events)

    def _record_window_evaluations(self) -> None:
        w = self.window
        assert w is not None
        for seat, acts in w.options.items():
            if any(x.type == "win" for x in acts):
                ev = self._evaluate(seat, w.tile, w.from_seat, self._claim_flags(w))
                assert ev is not None
                w.evaluations[seat] = ev

    def _claim_flags(self, w: Window) -> frozenset[str]:
        return w.facts

    def _claim_options(self, discarder: int, tile: int, facts: frozenset[str]) -> dict[int, list[Action]]:
        options: dict[int, list[Action]] = {}
        if is_flower(tile):
            return options
        can_win_on_discards = self.variant.discard_wins(self.options)
        calls = self.drawable() > 0 or self.variant.calls_on_last_discard(self.options)
        for i in range(1, self.players):
            seat = (discarder + i) % self.players
            s = self.seats[seat]
            acts: list[Action] = []
            if can_win_on_discards and self.win_check.may_fit(s.hand, tile, self.ghost):
                ev = self._evaluate(seat, tile, discarder, facts)
                if ev is not None and not self._locked(seat, tile, ev):
                    acts.append(Action(seat, "win"))
            if s.hand[tile] == 3 and self.drawable() > 0:
                acts.append(Action(seat, "kong", tile))
            if s.hand[tile] >= 2 and calls:
                acts.append(Action(seat, "pong", tile))
            if i == 1 and calls and self.variant.allows_chow(self.options) and tile < 27:
                for pair in self._chow_pairs(s.hand, tile):
                    acts.append(Action(seat, "chow", tile, pair))
            if acts:
                options[seat] = acts
        return options

    @staticmethod
    def _chow_pairs(hand: list[int], tile: int) -> list[tuple[int, int]]:
        n = tile % 9
        out = []
        for lo in (n - 2, n - 1, n):
            if lo < 0 or lo + 2 > 8:
                continue
            others = [tile - n + x for x in (lo, lo + 1, lo + 2) if x != n]
            if all(hand[k] for k in others):
                out.append((others[0], others[1]))
        return out

    def _rob_options(self, owner: int, tile: int, kong_type: str,
                     exclude: int | None = None) -> dict[int, list[Action]]:
        options: dict[int, list[Action]] = {}
        if not self.variant.can_rob(self.options, kong_type):
            return options
        for i in range(1, self.players):
            seat = (owner + i) % self.players
            if seat == exclude:
                continue
            ev = self._evaluate(seat, tile, owner, frozenset({"robbing_kong"}))
            if ev is not None and not self._locked(seat, tile, ev):
                options[seat] = [Action(seat, "win")]
        return options

    # ---- claim window answers
    def _answer(self, a: Action, events: list[dict]) -> None:
        w = self.window
        assert w is not None
        w.answers[a.seat] = a
        if a.type != "pass":
            events.append({"type": "claim", "actor": a.seat, "claim": a.type})
        if len(w.answers) == len(w.options):
            self._resolve_window(events)

    def pass_all(self) -> list[dict]:
        """Every seat that has not answered the open claim window passes (a timer ran out)."""
        events: list[dict] = []
        w = self.window
        if self.phase != CLAIM or w is None:
            return events
        for seat in list(w.options):
            if seat not in w.answers:
                events.extend(self.apply(Action(seat, "pass")))
        return events

    def _resolve_window(self, events: list[dict]) -> None:
        w = self.window
        assert w is not None
        order = [(w.from_seat + i) % self.players for i in range(1, self.players)]
        answered = {s: w.answers[s] for s in order if s in w.answers}
        winners = [s for s, a in answered.items() if a.type == "win"]
        # a seat that could have won and did not has passed the win
        for seat, ev in w.evaluations.items():
            if answered[seat].type != "win":
                self._lock_after_pass(seat, w.tile, ev)
        self.phase = TURN
        self.window = None
        if winners:
            cut_off = len(winners) > 1 and not self.variant.multiple_winners
            if cut_off:
                winners = winners[:1]
            wins = [Win(s, w.from_seat, w.evaluations[s]) for s in winners]
            if w.kind == "rob" and w.giver is not None:
                self.seats[w.giver].claimed[-1] = True  # an exposed kong robbed: the discard goes to the winner
            elif w.kind == "rob":
                self.seats[w.from_seat].hand[w.tile] -= 1  # the robbed tile goes to the winner; the kong is void
            else:
                self.seats[w.from_seat].claimed[-1] = True
            self.seats[winners[0]].hand[w.tile] += 1  # one tile, however many win on it
            self._finish_with_wins(wins, events, won_tile=w.tile,
                                   voices=[self.variant.cut_off_voice] if cut_off and self.variant.cut_off_voice else [])
            return
        if w.kind == "rob" and w.pending is not None:
            assert w.giver is not None
            self._call(w.pending, w.tile, w.giver, events)
            return
        if w.kind == "rob":
            self._complete_added_kong(w.from_seat, w.tile, events)
            return
        for kind in ("kong", "pong", "chow"):
            for seat, a in answered.items():
                if a.type == kind:
                    if kind == "kong" and self._open_exposed_kong_rob(a, w, events):
                        return
                    self._call(a, w.tile, w.from_seat, events)
                    return
        self._next_turn(w.from_seat, events)

    def _open_exposed_kong_rob(self, a: Action, w: Window, events: list[dict]) -> bool:
        """Where the rules let an exposed kong on a discard be robbed (Beihai 明杠可抢), ask the others first."""
        options = self._rob_options(a.seat, w.tile, "kong", exclude=w.from_seat)
        if not options:
            return False
        events.append({"type": "kong_declared", "actor": a.seat, "target": w.from_seat, "tile": tile_name(w.tile)})
        self.phase = CLAIM
        self.window = Window("rob", w.tile, a.seat, options, kong_type="kong", facts=frozenset({"robbing_kong"}),
                             giver=w.from_seat, pending=a)
        self._record_window_evaluations()
        return True

    def _call(self, a: Action, tile: int, giver: int, events: list[dict]) -> None:
        seat = a.seat
        s = self.seats[seat]
        self.seats[giver].claimed[-1] = True
        self.calls_made += 1
        self.claims_from[seat][giver] += 1
        if self.variant.pass_lock is not None and self.variant.pass_lock.cleared_by_claim:
            self._clear_lock(seat)
        if a.type == "chow":
            for k in a.tiles:
                s.hand[k] -= 1
            meld = Meld("chow", sorted([tile, *a.tiles]), giver, tile)
            consumed = list(a.tiles)
        else:
            n = 3 if a.type == "kong" else 2
            s.hand[tile] -= n
            meld = Meld(a.type, [tile] * (n + 1), giver, tile)
            consumed = [tile] * n
            if a.type == "pong" and s.hand[tile]:
                s.late_kongs.add(tile)  # he ponged while holding the fourth: a later kong is 过手杠
        s.melds.append(meld)
        self.claim_order.append((seat, meld))
        events.append({"type": a.type, "actor": seat, "target": giver, "tile": tile_name(tile),
                       "consumed": tile_names(consumed)})
        self.current = seat
        self.after_kong = self.after_flower = self.drew_last = False
        self.drawn = None
        if a.type == "kong":
            self._score_kong(seat, meld, events)
            # a kong before his first turn: flowers still held from the deal are set aside first, then the kong's
            # replacement is drawn
            if self._replace_flowers_in_hand(seat, events):
                self._replacement_draw(seat, events)
        else:
            self.turn_source = "claim"
            # a call before his first turn: flowers still held from the deal are set aside now
            self._replace_flowers_in_hand(seat, events)

    def _complete_added_kong(self, seat: int, tile: int, events: list[dict]) -> None:
        s = self.seats[seat]
        s.hand[tile] -= 1
        meld = next(m for m in s.melds if m.type == "pong" and m.tiles[0] == tile)
        meld.type = "added_kong"
        meld.tiles = [tile] * 4
        meld.late = tile in s.late_kongs
        self.calls_made += 1
        events.append({"type": "added_kong", "actor": seat, "tile": tile_name(tile),
                       "target": meld.from_seat, "late": meld.late})
        self._score_kong(seat, meld, events)
        self.current = seat
        self._replacement_draw(seat, events)

    def _score_kong(self, seat: int, meld: Meld, events: list[dict]) -> None:
        self.last_kong = meld  # the replacement draw that follows comes from this kong
        # made with the tile a flower's replacement draw just gave (a claimed kong: never, the claim cleared it)
        self.last_kong_on_flower = self.after_flower and self.drawn == meld.tiles[0]
        item = self.variant.kong_score(self, seat, meld)
        if item is not None:
            self._add_item(item, events)

    def _add_item(self, item: ScoreItem, events: list[dict]) -> None:
        self.items.append(item)
        events.append({"type": "score", **item.to_json()})

    # ---- draws
    def _next_turn(self, last: int, events: list[dict]) -> None:
        nxt = (last + 1) % self.players
        self._start_turn(nxt, events)

    def _start_turn(self, seat: int, events: list[dict]) -> None:
        self.current = seat
        self.phase = TURN
        self.after_kong = self.after_flower = self.drew_last = False
        if self.drawable() == 0:
            self._exhaust(events)
            return
        self._clear_lock(seat)
        self.seats[seat].turns += 1
        self.held_before_draw = self.seats[seat].concealed_count()
        if not self._replace_flowers_in_hand(seat, events):
            return
        self._draw(seat, events, replacement=False)

    def _replacement_draw(self, seat: int, events: list[dict]) -> None:
        self.current = seat
        self.phase = TURN
        self.held_before_draw = self.seats[seat].concealed_count()
        if self.drawable() == 0:
            self._exhaust(events)
            return
        self._draw(seat, events, replacement=True)
        if self.phase == TURN:
            self.after_kong = True

    def _replace_flowers_in_hand(self, seat: int, events: list[dict]) -> bool:
        """Set aside flowers held since the deal (at the start of a seat's turn); False if the wall ran out."""
        s = self.seats[seat]
        for k in range(NUM_PLAYABLE, NUM_KINDS):
            while s.hand[k]:
                s.hand[k] -= 1
                s.flowers.append(k)
                events.append({"type": "flower", "actor": seat, "tile": tile_name(k)})
                self._on_flower(seat, events)
                if self.drawable() == 0:
                    self._exhaust(events)
                    return False
                self._draw(seat, events, replacement=True, flower=True)
                if self.phase != TURN:
                    return False
        return True

    def _on_flower(self, seat: int, events: list[dict]) -> None:
        hook = getattr(self.variant, "on_flower", None)
        if hook is not None:
            for item in hook(self, seat):
                self._add_item(item, events)

    def _draw(self, seat: int, events: list[dict], *, replacement: bool, flower: bool = False) -> None:
        tile = self.live[self.pos]
        self.pos += 1
        s = self.seats[seat]
        s.hand[tile] += 1
        s.draws += 1
        self._clear_lock(seat)  # any draw lifts a pass-lock, a replacement after a kong or a flower too
        self.turn_source = "draw"
        self.drawn = tile
        self.drew_last = self.drawable() == 0
        self.after_flower = flower
        events.append({"type": "draw", "actor": seat, "tile": tile_name(tile), "replacement": replacement,
                       "left": self.drawable()})
        if is_flower(tile):
            s.hand[tile] -= 1
            s.flowers.append(tile)
            self.drawn = None
            events.append({"type": "flower", "actor": seat, "tile": tile_name(tile)})
            self._on_flower(seat, events)
            if self.drawable() == 0:
                self._exhaust(events)
                return
            self._draw(seat, events, replacement=True, flower=True)

    # ---- the end
    def _exhaust(self, events: list[dict]) -> None:
        self.exhausted = True
        events.append({"type": "exhausted"})
        void = [item for item in self.items if not item.stands_on_exhaustion]
        if void:  # each item says whether it stands on a drawn round; those that do not are undone
            undo = [0] * self.players
            for item in void:
                for i, d in enumerate(item.deltas):
                    undo[i] -= d
            self._add_item(ScoreItem("kong_void", undo, [message(self.variant.void_line)]),
                           events)
        self._end(events)

    def _finish_with_wins(self, wins: list[Win], events: list[dict], *, won_tile: int,
                          voices: list[str] | None = None) -> None:
        """`voices`: lines the table says with the (first) win beside its hand's own, e.g. 截胡."""
        self.wins = wins
        for flip in self.variant.after_win(self, wins):
            events.append(flip)
        for w in wins:
            said = [*(voices or []), *w.evaluation.data.get("voices", ())]
            events.append({
                "type": "win", "actor": w.seat, "target": w.from_seat, "tile": tile_name(won_tile),
                "hands": list(w.evaluation.hands), "fan": w.evaluation.fan,
                "hand": tile_names(w.ctx.full_concealed), "melds": [m.to_json() for m in w.ctx.melds],
                "flags": sorted(w.ctx.flags),
                **({"voices": said} if said else {}),
            })
        for item in self.variant.settle_wins(self, wins):
            self._add_item(item, events)
        self._end(events)

    def _end(self, events: list[dict]) -> None:
        for item in self.variant.end_of_round(self, self.wins, self.exhausted):
            self._add_item(item, events)
        self.phase = ENDED
        self.window = None
        self.next_dealer_seat = self.variant.next_dealer(self, self.wins, self.exhausted)
        events.append({"type": "end_round", "exhausted": self.exhausted, "deltas": self.deltas(),
                       "next_dealer": self.next_dealer_seat,
                       "hands": [tile_names(s.concealed_list()) for s in self.seats],
                       "melds": [[m.to_json() for m in s.melds] for s in self.seats],
                       "wins": self.result()["wins"]})

    def _escape(self, seat: int, events: list[dict]) -> None:
        s = self.seats[seat]
        if s.escaped:
            raise IllegalAction(f"seat {seat} has already left this round")
        item = self.variant.escape_penalty(self, seat)
        if item is None:
            raise IllegalAction(f"{self.variant.id} has no escape action")
        s.escaped = True
        events.append({"type": "escape", "actor": seat})
        self._add_item(item, events)


# ---------------------------------------------------------------------- construction
def validate_tiles(variant: Variant, options: Any, players: int, groups: list[list[int]]) -> None:
    tile_set = variant.tile_set(options, players)
    allowed = set(tile_set.kinds())
    seen = [0] * NUM_KINDS
    for group in groups:
        for k in group:
            seen[k] += 1
    for k, n in enumerate(seen):
        if n and k not in allowed:
            raise BadInput(f"{tile_name(k)} is not in this table's tile set")
        limit = 1 if is_flower(k) else 4
        if n > limit:
            raise BadInput(f"{tile_name(k)} appears {n} times; a table has at most {limit}")


def new_round(variant: Variant, options: Any, players: int, dealer: int, *, seed: int | str = 0,
              round_no: int = 0, context: dict | None = None) -> tuple[Round, list[dict]]:
    """Shuffle, roll the dice, break the wall and deal, from the round's seeded RNG."""
    rng = round_rng(seed, round_no)
    tiles = variant.tile_set(options, players).tiles()
    rng.shuffle(tiles)
    dice = roll_dice(rng)
    live, brk = break_wall(tiles, dice)
    hands, rest = deal(live, players, dealer)
    indicator, ghost = variant.choose_ghost(options, rest[:len(rest) - variant.wall_tail(options, players)], rng)
    rnd = Round(variant, options, players, dealer, hands, rest, round_no=round_no, seed=seed, ghost=ghost,
                indicator=indicator, wall_break=brk, context=context)
    return rnd, _opening_events(rnd, hands)


def round_from_scenario(variant: Variant, options: Any, players: int, dealer: int, hands: list[list[int]],
                        wall: list[int], *, ghost: int | None = None, indicator: int | None = None,
                        seed: int | str = 0, context: dict | None = None) -> tuple[Round, list[dict]]:
    """A round from given hands and live wall (the `run` command and tests)."""
    if len(hands) != players:
        raise BadInput(f"expected {players} hands, got {len(hands)}")
    for seat, h in enumerate(hands):
        want = 14 if seat == dealer else 13
        if len(h) != want:
            who = f"seat {seat} (the dealer)" if want == 14 else f"seat {seat}"
            raise BadInput(f"{who} must hold {want} tiles, got {len(h)}")
    validate_tiles(variant, options, players, [*hands, wall])
    if (ghost is not None or indicator is not None) and not variant.uses_wildcards(options):
        raise BadInput(f"this {variant.id} table plays without a wildcard; leave out setup 'ghost' and 'indicator'")
    _check_wildcard(variant, options, players, ghost, indicator)
    if ghost is None and indicator is not None:
        ghost = variant.ghost_from_indicator(options, indicator)
    if ghost is None and indicator is None:
        indicator, ghost = variant.choose_ghost(options, wall, round_rng(seed, 0))
    rnd = Round(variant, options, players, dealer, hands, wall, seed=seed, ghost=ghost, indicator=indicator,
                context=context)
    return rnd, _opening_events(rnd, hands)


def _check_wildcard(variant: Variant, options: Any, players: int, ghost: int | None, indicator: int | None) -> None:
    """A scenario's wildcard: kinds of the table's set, and consistent with the rule set's way of choosing it."""
    kinds = set(variant.tile_set(options, players).kinds())
    for name, kind in (("ghost", ghost), ("indicator", indicator)):
        if kind is not None and (kind not in kinds or is_flower(kind)):
            raise BadInput(f"setup.{name}: {tile_name(kind)} is not a tile of this {players}-player {variant.id} table")
    fixed = variant.fixed_ghost(options)
    if fixed is not None and ghost is not None and ghost != fixed:
        raise BadInput(f"setup.ghost: this table's wildcard is always {tile_name(fixed)}; give {tile_name(fixed)} or "
                       "leave it out")
    if fixed is not None and indicator is not None:
        raise BadInput(f"setup.indicator: nothing is turned for this table's wildcard, always {tile_name(fixed)}")
    if ghost is not None and indicator is not None and variant.ghost_from_indicator(options, indicator) != ghost:
        named = variant.ghost_from_indicator(options, indicator)
        raise BadInput(f"setup.ghost {tile_name(ghost)} does not follow from setup.indicator {tile_name(indicator)}, "
                       f"which names {tile_name(named) if named is not None else 'no wildcard'}")


def _opening_events(rnd: Round, hands: list[list[int]]) -> list[dict]:
    events: list[dict] = [{
        "type": "start_round", "variant": rnd.variant.id, "round": rnd.round_no, "players": rnd.players,
        "dealer": rnd.dealer, "wall": len(rnd.live), "tail": rnd.tail,
        "wall_break": rnd.wall_break.to_json() if rnd.wall_break else None, "schema": SCHEMA_VERSION,
        "context": dict(rnd.context),  # the table's public facts: coins, streak, each seat's choices (嘎) ...
    }]
    for seat, h in enumerate(hands):
        events.append({"type": "deal", "seat": seat, "tiles": tile_names(sorted(h))})
    if rnd.ghost is not None:
        events.append({"type": "ghost", "indicator": tile_name(rnd.indicator) if rnd.indicator is not None else None,
                       "ghost": tile_name(rnd.ghost)})
    # the dealer sets aside flowers and draws their replacements at once; others at their first turn
    rnd._replace_flowers_in_hand(rnd.dealer, events)
    if rnd.phase == TURN:
        rnd.turn_source = "deal"
        rnd.drawn = None
        rnd.after_flower = False
    return events


def apply(rnd: Round, action: Action) -> list[dict]:
    """The one function that changes a round. Raises IllegalAction (state unchanged) when not allowed."""
    return rnd.apply(action)


def legal_actions(rnd: Round, seat: int) -> list[Action]:
    return rnd.legal_actions(seat)


__all__ = ["Action", "Round", "Seat", "Window", "apply", "legal_actions", "new_round", "round_from_scenario",
           "EngineError"]

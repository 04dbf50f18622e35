"""南宁 / 百色 / 崇左麻将 (seed 002; decisions in shared/rules/nanning.md).

136 tiles, four players, pong and kong but no chow, wins on a discard or self-drawn, several winners on one discard.
Fan (番) here means doubling: a hand's big-hand fans add up to n and it is paid 2^(n-1) times its rate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.context import BOOL, INT_PER_SEAT, SEAT, ContextField, ContextFrame
from game.engine.errors import BadInput, BelowMinimum
from game.engine.events import message
from game.engine.melds import Meld
from game.engine.options import option
from game.engine.scoring import Evaluation, HandType, SmallHand, WinContext, matching
from game.engine.variant import FeedRule, PassLock, ScoreItem, ScreenFact, Variant, Win
from game.i18n import N_


@dataclass(frozen=True)
class NanningOptions:
    base: int = option(1, label="底注", minimum=1, group="结算",
                       help="每局底注；开启游戏币结算时由桌上最少游戏币者决定")
    coins: bool = option(True, label="游戏币结算", group="结算", help="用游戏币结算，底注随桌上最少游戏币者而定")
    chengbao: bool = option(True, label="碰三口封胡承包", group="规则", help="一家被另一家碰杠三口后不能再胡，并为其胡牌承包付分")
    pinghu_discard: bool = option(True, label="平胡可点炮", group="规则", help="平胡也可以胡别人打出的牌；关：平胡只能自摸")
    menqing_big: bool = option(True, label="大牌也算门清", group="结算", help="大牌没碰没明杠自摸时，也按门前清多付")
    kong_on_draw: bool = option(True, label="流局算杠分", group="结算", help="流局时已得的杠分照算")

    def applies(self, name: str, players: int) -> bool:
        """The base stepper means something only without coins: with coins the poorest player's coins set each
        round's base (rules/nanning.md), so the screens hide it (a base set before stays, for when coins go off)."""
        return not (name == "base" and self.coins)


# The base (底注) from the poorest player's coins: (lowest coins, base).
COIN_TIERS = ((3_200_000, 100_000), (320_000, 10_000), (32_000, 1_000), (3_200, 100), (320, 10), (32, 1))
MIN_COINS = 32
START_COINS = 1000  # each player's coins when a game for coins begins


def base_for_coins(coins: int) -> int:
    for floor, base in COIN_TIERS:
        if coins >= floor:
            return base
    raise BadInput(f"a player with {coins} coins cannot sit at a Nanning table (at least {MIN_COINS} needed)")


def _quanqiuren(c: WinContext) -> bool:
    # four exposed melds, one tile left in hand, won on a discard (self-drawn it is not 全求人)
    return not c.self_draw and len(c.exposed_melds) == 4 and len(c.concealed) == 1


def _discarder_was_single(c: WinContext) -> bool:
    return not c.self_draw and ("discarder_single" in c.flags or bool(c.context.get("quanqiuren_fangpao")))


def _coins_can_sit(coins: list[int], frame: ContextFrame) -> str | None:
    poorest = min(coins)
    if frame.options.coins and poorest < MIN_COINS:
        return (f"seat {coins.index(poorest)} has {poorest} coins; a player below {MIN_COINS} cannot sit at a Nanning "
                "table")
    return None


def _chengbao_played(seat: int, frame: ContextFrame) -> str | None:
    return None if frame.options.chengbao else "this table plays without 承包 (option 'chengbao' is off)"


def _needs_a_discarder(value: bool, frame: ContextFrame) -> str | None:
    if value and frame.discarder is None:
        return "全求人放炮 is about the discarder: a self-draw has none"
    return None


# What Nanning reads from a context besides the engine's keys (context.py).
CONTEXT_FIELDS: tuple[ContextField, ...] = (
    ContextField("coins", INT_PER_SEAT, "each seat's coins: the base follows the poorest", check=_coins_can_sit),
    ContextField("chengbao", SEAT, "the seat liable under 承包", not_winner=True, nullable=True,
                 check=_chengbao_played),
    ContextField("quanqiuren_fangpao", BOOL, "the discarder held a single tile (全求人放炮)", check=_needs_a_discarder,
                 score_only="a round sees for itself whether the discarder held a single tile"),
)


HAND_TYPES: tuple[HandType, ...] = (
    HandType("qingyise", "清一色", 1, lambda c: len(c.suits_used()) == 1,
             example="1m 2m 2m 3m 3m 4m 4m 5m 6m 6m 7m 8m 9m | win 6m discard"),
    HandType("pengpenghu", "碰碰胡", 1, lambda c: c.all_sets_alike(),
             example="2m 2m 2m 5p 5p 5p 9s 9s E E | pong C C C | win E discard"),
    HandType("quanqiuren", "全求人", 1, _quanqiuren,
             example="7p | pong 2m 2m 2m | pong 5s 5s 5s | kong 9m 9m 9m 9m | pong W W W | win 7p discard"),
    HandType("qixiaodui", "七小对", 1, lambda c: c.shape == "seven_pairs",
             example="1m 1m 3m 3m 5p 5p 7p 7p 2s 2s 8s 8s E | win E self"),
    HandType("qidadui", "七大对", lambda c: c.seven_pair_quads() + 1,
             lambda c: c.shape == "seven_pairs" and c.seven_pair_quads() > 0, excludes=("qixiaodui",),
             value_text="1 + 1 per four alike (番)",  # words, not "N+1": 1 fan and 1 more for each four
             example="1m 1m 1m 1m 5p 5p 7p 7p 2s 2s 8s 8s E | win E self"),
    HandType("gangshanghua", "杠上花", 1, lambda c: c.self_draw and "after_kong" in c.flags,
             example="2m 3m 4m 6p 6p 6p 8s 8s S S | concealed_kong 9m 9m 9m 9m | win S self after_kong"),
    HandType("gangshangpao", "杠上炮", 1,
             lambda c: not c.self_draw and "after_kong" in c.flags and "robbing_kong" not in c.flags,
             example="2m 3m 4m 5m 6m 7m 6p 6p 6p 8s 8s N N | win N discard after_kong"),
    HandType("qiangganghu", "抢杠和", 1, lambda c: "robbing_kong" in c.flags,
             example="6m 6m 6m 7m 8m 9m 2p 3p 3s 3s 4s 5s 6s | win 4p discard robbing_kong"),
    HandType("haidilaoyue", "海底捞月", 1, lambda c: c.self_draw and "last_tile" in c.flags,
             example="1m 2m 3m 7m 8m 9m 4p 4p 4p 5s 6s 7s P | win P self last_tile"),
    HandType("haidipao", "海底炮", 1, lambda c: not c.self_draw and "last_tile" in c.flags,
             example="3m 4m 5m 2p 2p 2p 6p 7p 8p 7s 8s 9s F | win F discard last_tile"),
    HandType("tianhu", "天胡", 4, lambda c: "heavenly" in c.flags and c.is_dealer and c.self_draw,
             example="1m 2m 3m 4m 5m 6m 2p 3p 4p 7s 8s 9s E | win E self heavenly dealer"),
    HandType("dihu", "地胡", 3, lambda c: "earthly" in c.flags and not c.is_dealer and c.self_draw,
             example="4m 5m 6m 1p 2p 3p 5p 6p 7p 2s 2s 2s W | win W self earthly"),
    HandType("renhu", "人胡", 3, lambda c: "human" in c.flags and not c.is_dealer and c.discarder == c.dealer,
             example="7m 8m 9m 3p 4p 5p 4s 5s 6s 8s 8s 8s C | win C discard human"),
    HandType("quanqiuren_fangpao", "全求人放炮", 1, _discarder_was_single,
             example="2m 3m 4m 6m 7m 8m 5p 5p 5p 3s 4s 5s N | win N discard | context quanqiuren_fangpao=true"),
)


RULES_SUMMARY = N_("Four players, 136 tiles. Pong and kong, no chow. Win on any discard (several may win on one) "
                 "or by self-draw; a small hand pays 2, big hands add their fan and pay 9, "
                 "doubled for each fan past the first (2 fan ×2, 3 fan ×4). "
                 "A player who passes a win cannot win on the same tile until his next draw. Three pongs fed by "
                 "one player bar him from winning and make him liable (承包).")


class Nanning(Variant):
    id = "nanning"
    name = N_("南宁麻将")
    region = N_("南宁")
    tagline = N_("南宁 · 百色 · 崇左")
    name_en = "Nanning"
    seed_file = "002"
    Options = NanningOptions
    player_counts = (4,)
    multiple_winners = True
    # 跟牌不可胡: a passed win on a discard bars that tile kind on discards until the seat's next draw
    pass_lock = PassLock(same_kind=True)
    has_escape_penalty = True
    hand_types = HAND_TYPES
    context_fields = CONTEXT_FIELDS
    summary = RULES_SUMMARY
    screen_facts = (
        ScreenFact("封胡 (a seat barred from winning)", False,
                   "seed: 被封胡者在界面上不作特殊表现，只是无法胡牌 — no mark, hint, voice or banner; he gets no 胡"),
        ScreenFact("承包 (who is liable)", False,
                   "seed: 承包关系不在界面上表示出来，只要在算分时扣除 — only the settlement says who paid, and why"),
        ScreenFact("coins and the base (底注)", True, "on every seat card, and the settlement"),
    )
    small_hands = (SmallHand("pinghu", "平胡", "1", "1m 2m 3m 4p 5p 6p 7s 8s 9s 5s 5s 2m 3m | win 4m discard"),
                   SmallHand("menqianqing", "门前清", "×4/3", "1m 2m 3m 4p 5p 6p 7s 8s 9s 5s 5s 2m 3m | win 4m self",
                             adds=True))
    score_reasons = ()  # it scores only what the engine declares: win, kong, kong_void (流局算杠分 off), escape
    flip_kinds = ()  # no horses, no 醒

    def first_dealer(self, players: int, rng: Any) -> int:
        return rng.randrange(players)

    def can_rob(self, opts: NanningOptions, kong_type: str) -> bool:
        return kong_type == "added_kong"

    # coins are carried from round to round: paid after each round, and a player below 32 can no longer sit
    def initial_facts(self, opts: NanningOptions, players: int) -> dict:
        return {"coins": [START_COINS] * players} if opts.coins else {}

    def carry_facts(self, opts: NanningOptions, facts: dict, rnd: Any) -> dict:
        if facts.get("coins") is not None:
            facts["coins"] = [c + d for c, d in zip(facts["coins"], rnd.deltas())]
        return facts

    def table_goes_on(self, opts: NanningOptions, facts: dict) -> bool:
        coins = facts.get("coins")
        return not coins or min(coins) >= MIN_COINS

    def check_table(self, table: Any) -> None:
        coins = table.context.get("coins")
        if table.options.coins and coins:
            base_for_coins(min(coins))  # refuses a player below 32 coins

    def base(self, table: Any) -> int:
        coins = table.context.get("coins")
        if table.options.coins and coins:
            return base_for_coins(min(coins))
        return table.options.base

    def score_reading(self, ctx: WinContext) -> Evaluation:
        opts: NanningOptions = ctx.options
        hits = matching(HAND_TYPES, ctx)
        big = bool(hits)
        n = sum(v for _, v in hits) if big else 1
        menqing = ctx.self_draw and ctx.menqing and (opts.menqing_big or not big)
        unit = 2 ** (n - 1)
        if ctx.self_draw:
            rate = 4 if menqing else 3
            share = rate * unit
        else:
            rate = 9 if big else 2
            share = rate * unit if big else 2
        hands = [t.id for t, _ in hits] or ["pinghu"]
        if menqing:
            hands.append("menqianqing")
        lines = [message(N_("{hand}: {fan} fan"), hand=t.id, fan=v) for t, v in hits] or [
            message(N_("{hand}: {fan} fan"), hand="pinghu", fan=1)]
        if menqing:
            lines.append(message(N_("{hand}: the self-draw rate is 4, not 3"), hand="menqianqing"))
        # settle_wins adds the formula with the base the table plays for: base × rate (× 2^(n-1)) = share
        return Evaluation(hands, n, (share * (3 if ctx.self_draw else 1), n), lines,
                          {"share": share, "big": big, "menqing": menqing, "rate": rate, "n": n})

    def check_win(self, ev: Evaluation, table: Any) -> None:
        ctx = ev.ctx
        assert ctx is not None
        if not ctx.self_draw and not ev.data["big"] and not ctx.options.pinghu_discard:
            raise BelowMinimum("平胡不可点炮: a small hand may only be won by self-draw at this table")

    def may_win(self, opts: NanningOptions, seat: int, melds: Any) -> bool:
        # 封胡: once one player has claimed three of your discards, you cannot win this round (public: his melds
        # name who fed each; a pong later made an added kong still counts once, as the claim it was)
        if not opts.chengbao:
            return True
        return all(sum(1 for m in row if m.from_seat == seat) < 3 for row in melds)

    def feeding_liability(self, opts: NanningOptions) -> FeedRule | None:
        return FeedRule(from_same=3) if opts.chengbao else None  # the third pong or kong fed: 封胡 and 承包

    # No seat marks: the seed keeps 封胡 and 承包 off the screen ("被封胡者在界面上不作特殊表现，只是无法胡牌", "承包关系不在
    # 界面上表示出来"); the barred seat simply gets no win, and only the settlement says who paid under 承包.

    def win_facts(self, rnd: Any, winner: int) -> dict:
        if not rnd.options.chengbao:
            return {}
        for a in range(rnd.players):
            if a != winner and rnd.claims_from[winner][a] >= 3:
                return {"chengbao": a}
        return {}

    def settle_wins(self, table: Any, wins: list[Win]) -> list[ScoreItem]:
        base = self.base(table)
        items = []
        for w in wins:
            ctx, ev = w.ctx, w.evaluation
            share = ev.data["share"] * base
            deltas = [0] * table.players
            liable = ctx.context.get("chengbao") if table.options.chengbao else None
            if liable == w.seat:  # a liability given before the round (run's setup.context) never names the winner
                liable = None
            lines = list(ev.lines)
            n, rate = ev.data["n"], ev.data["rate"]
            # the fan in words ("3 fan = ×4"), then the share's sum: no n or 2^ for the player to decode
            if n > 1:
                lines.append(message(N_("{count} fan in all = ×{mult}"), count=n, mult=2 ** (n - 1)))
                lines.append(message(N_("Each share: base {base} × {rate} × {mult} = {amount}"), base=base,
                                     rate=rate, mult=2 ** (n - 1), amount=share))
            else:
                lines.append(message(N_("Each share: base {base} × {rate} = {amount}"), base=base, rate=rate,
                                     amount=share))
            if ctx.self_draw:
                if liable is not None:
                    deltas[liable] -= 3 * share
                    lines.append(message(N_("{winner} wins by self-draw; {liable} is liable (chengbao) and pays for "
                                            "all three: {amount}"), winner=w.seat, liable=liable, amount=3 * share))
                else:
                    payers = [p for p in range(table.players) if p != w.seat]
                    for p in payers:
                        deltas[p] -= share
                    lines.append(message(N_("{winner} wins by self-draw: {amount} from each of {payers}"),
                                         winner=w.seat, amount=share, payers=payers))
            else:
                payer = w.from_seat
                assert payer is not None
                if liable is not None and liable == payer:
                    deltas[payer] -= 2 * share
                    lines.append(message(N_("{winner} wins on {payer}'s discard; {payer} is liable (chengbao) and "
                                            "pays double: {amount}"), winner=w.seat, payer=payer, amount=2 * share))
                else:
                    deltas[payer] -= share
                    lines.append(message(N_("{winner} wins on {payer}'s discard: {payer} pays {amount}"),
                                         winner=w.seat, payer=payer, amount=share))
                    if liable is not None:
                        deltas[liable] -= share
                        lines.append(message(N_("{liable} is liable (chengbao) and pays {amount} more"),
                                             liable=liable, amount=share))
            deltas[w.seat] -= sum(deltas)
            items.append(ScoreItem("win", deltas, lines))
        return items

    def kong_score(self, rnd: Any, seat: int, meld: Meld) -> ScoreItem | None:
        base = self.base(rnd)
        deltas = [0] * rnd.players
        if meld.type == "concealed_kong":
            payers = [p for p in range(rnd.players) if p != seat]
            for p in payers:
                deltas[p] -= base
            line = message(N_("{seat}'s concealed kong: each of {payers} pays the base, {amount}"), seat=seat,
                           payers=payers, amount=base)
        else:
            assert meld.from_seat is not None
            deltas[meld.from_seat] -= base
            if meld.type == "kong":
                line = message(N_("{seat}'s exposed kong: {payer}, who gave the tile, pays the base, {amount}"),
                               seat=seat, payer=meld.from_seat, amount=base)
            else:
                line = message(N_("{seat}'s added kong: {payer}, who gave the pong, pays the base, {amount}"),
                               seat=seat, payer=meld.from_seat, amount=base)
        deltas[seat] -= sum(deltas)
        return ScoreItem("kong", deltas, [line], stands_on_exhaustion=rnd.options.kong_on_draw)

    def escape_penalty(self, rnd: Any, seat: int) -> ScoreItem | None:
        base = self.base(rnd)
        deltas = [base] * rnd.players
        deltas[seat] = -8 * base
        others = [p for p in range(rnd.players) if p != seat]
        return ScoreItem("escape", deltas, [message(N_("{seat} left the table: fined 8 × base {base} = {fine}; each "
                                                       "of {others} gets {amount} from the house"),
                                                    seat=seat, base=base, fine=8 * base, others=others, amount=base)])


VARIANT = Nanning()

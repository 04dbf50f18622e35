"""How true the expert's reading of the table is: of the opponents it reads as ready with probability p, how many
are. The hint says "an opponent looks ready" only where this table says the reading earns it (docs/benchmarks.md).

    python benchmarks/calibrate_reading.py [--variants all|V ...] [--seeds N] [--first-seed S] [--rounds R]
                                           [--raw | --learnt | --discard-share | --deal-in-price] [--json]

Games of expert seats (the host loop of `simulate`); at every discard an expert seat makes, each opponent's
readiness as the seat reads it (SkilledBot._opponents, from its own seat state only) is set against the truth,
taken from the round itself after the fact — the opponent's concealed hand one tile from a win (the rule set's
own distance; ready on any shape, whether or not a minimum lets it win). Per rule set and bin of the read
probability: how many readings, and the share that were ready. `flag_precision`: of the readings at p ≥ 0.5, the
share ready (the issue's bar: at least half).

With `--learnt`: the same table for the learnt reading (game/ai/learnt.py, fitted by tools/fit_reading.py on
games of hard and normal seats; calibrated by its fit, so read as it is).

With `--discard-share`: of the opponents who are ready, the share whose hand may win on the discarding seat's tile
(some wait wins on a discard from it: the rule set's own judgement and settlement, from the opponent's own seat
state), by what his calls show — how many (three or more pooled), whether any is a chow, whether they keep to one
suit. Where a minimum keeps a plain hand from winning on a discard (Guangdong's 3 fan, Nanning without 平胡点炮)
this is what a ready-looking opponent's threat to a discard is worth (reading.DISCARD_SHARE).

With `--deal-in-price`: what a deal-in to a ready opponent costs the discarding seat (the rule set's settlement of
each of his waits that wins on that seat's tile, the mean over them), by his shown calls, and that price over the
table's cheapest (TableValues.loss_on_deal_in, the price the expert's defence weighs every deal-in at).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.host import Host, SeatConfig  # noqa: E402
from game.variants import AVAILABLE, get_variant  # noqa: E402

BINS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.01)


def _bin(p: float) -> int:
    for i in range(len(BINS) - 1):
        if BINS[i] <= p < BINS[i + 1]:
            return i
    return len(BINS) - 2


def turns(variant_id: str, seeds: list[int], rounds: int, options: dict | None = None,
          levels: tuple[str, ...] = ("expert",), want=None, bots=None, players: int | None = None):
    """Games of AI seats (the host loop of `simulate`; `levels` seated in turn, all expert by default), yielding
    (host, round, seat) at every prompt of the round a seat is about to answer and `want(prompt)` accepts, before it
    does (setup choices such as 上嘎 are answered unseen). `bots(seed, seat)`: a bot to sit at that seat instead of
    its level's own (an ablation, `arena.py`'s `expert+field=value`), or None. `players`: the table's seats (default
    the rule set's largest table)."""
    players = players or get_variant(variant_id).player_counts[-1]
    for seed in seeds:
        seats = [SeatConfig(f"AI {i + 1}", level=levels[(i + seed) % len(levels)]) for i in range(players)]
        host = Host(variant_id, dict(options or {}), seats, seed=seed, rounds=rounds, start_with_coins=False)
        for i, stand_in in enumerate(host.stand_ins):
            bot = bots(seed, i) if bots else None
            if bot is not None:
                stand_in.bot = bot
        for _ in range(rounds):
            host.start_round()
            while host.round is None and host.prompts:  # the setup choices (上嘎 and the like) before the deal
                seat = min(host.prompts)
                host.intent(seat, host.prompts[seat].id, host.stand_ins[seat].choose(host.prompts[seat]))
            rnd = host.round
            while not rnd.finished:
                seat = min(host.prompts)
                prompt = host.prompts[seat]
                if prompt.choice is None and (want is None or want(prompt)):
                    yield host, rnd, seat
                host.intent(seat, prompt.id, host.stand_ins[seat].choose(prompt))
            host.finish_round()


def is_discard_turn(prompt) -> bool:
    return any(a.type == "discard" for a in prompt.actions)


def discard_turns(variant_id: str, seeds: list[int], rounds: int, options: dict | None = None,
                  levels: tuple[str, ...] = ("expert",)):
    """`turns` at every discard turn: the measurements below (and tools/fit_reading.py) read the table at exactly
    these turns."""
    return turns(variant_id, seeds, rounds, options, levels, is_discard_turn)


def calibrate(variant_id: str, seeds: list[int], rounds: int, options: dict | None = None,
              calibrated: bool = True, learnt: bool = False) -> dict[str, Any]:
    """`calibrated`: read through the rule set's calibration (reading.calibrated_ready); else the raw reading.
    `learnt`: the learnt model's reading instead (game/ai/learnt.py; calibrated by its fit)."""
    from game.ai.player import SkilledBot
    from game.ai.reading import calibrated_ready

    players = get_variant(variant_id).player_counts[-1]
    seen = [[0, 0] for _ in range(len(BINS) - 1)]
    for host, rnd, seat in discard_turns(variant_id, seeds, rounds, options):
        reader = SkilledBot("expert", skill={"learnt": True} if learnt else None)
        reader._memo = {}
        for o in reader._opponents(host.stand_ins[seat].state):
            hand = rnd.seats[o.seat].hand
            truth = rnd.win_check.distance(hand, rnd.ghost, rnd.seats[o.seat].melds) == 0 \
                if sum(hand) % 3 == 1 else False
            p = calibrated_ready(variant_id, o.ready) if calibrated and not learnt else o.ready
            seen[_bin(p)][0] += 1
            seen[_bin(p)][1] += truth
    rows = [{"bin": [BINS[i], min(1.0, BINS[i + 1])], "readings": n, "ready": r,
             "ready_share": round(r / n, 3) if n else None} for i, (n, r) in enumerate(seen)]
    flagged = [(n, r) for i, (n, r) in enumerate(seen) if BINS[i] >= 0.5]
    fn, fr = sum(n for n, _ in flagged), sum(r for _, r in flagged)
    return {"variant": variant_id, "options": options or {}, "players": players, "seeds": len(seeds),
            "rounds": rounds * len(seeds), "bins": rows, "flagged": fn,
            "flag_precision": round(fr / fn, 3) if fn else None}


def discard_share(variant_id: str, seeds: list[int], rounds: int, options: dict | None = None) -> dict[str, Any]:
    """Of the opponents ready at an expert's discard turn, how many may win on that seat's discard, keyed by the
    calls they show (reading.shown_class)."""
    from game.ai.reading import shown_class
    from game.ai.value import winner_gain

    players = get_variant(variant_id).player_counts[-1]
    seen: dict[str, list[int]] = {}
    for host, _rnd, seat in discard_turns(variant_id, seeds, rounds, options):
        for o in range(players):
            if o == seat:
                continue
            st = host.stand_ins[o].state  # the opponent's own seat state: the rule set judges his wins from it
            hand = list(st.hand)
            if sum(hand) % 3 != 1:
                continue
            waits = [k for k, _ in st.waits()]
            if not waits:
                continue
            mine = st.own_melds
            key = shown_class([m for m in mine if m.type != "concealed_kong"])
            wins = any(winner_gain(st, o, hand, k, seat, mine) for k in waits)
            cell = seen.setdefault(key, [0, 0])
            cell[0] += 1
            cell[1] += bool(wins)
    return {"variant": variant_id, "options": options or {}, "players": players, "seeds": len(seeds),
            "rounds": rounds * len(seeds),
            "classes": {k: {"ready": n, "may_win_on_discard": w, "share": round(w / n, 3)}
                        for k, (n, w) in sorted(seen.items())}}


def deal_in_price(variant_id: str, seeds: list[int], rounds: int, options: dict | None = None) -> dict[str, Any]:
    """What a deal-in to a ready opponent costs the discarding seat, by the calls he shows (reading.shown_class):
    at every expert discard turn, each ready opponent's every wait that wins on that seat's discard is settled by
    the rule set (the discarder's payment), and the mean is taken over his waits; and the same over the table's
    cheapest price (TableValues.loss_on_deal_in, what the expert's defence prices every deal-in at)."""
    from game.ai.player import SkilledBot
    from game.ai.reading import shown_class
    from game.engine.errors import EngineError
    from game.engine.variant import Win

    players = get_variant(variant_id).player_counts[-1]
    seen: dict[str, list[float]] = {}
    for host, rnd, seat in discard_turns(variant_id, seeds, rounds, options):
        reader = SkilledBot("expert")
        reader._memo = {}
        plain = reader._table_values(host.stand_ins[seat].state).loss_on_deal_in
        if not plain:
            continue
        for o in range(players):
            if o == seat:
                continue
            st = host.stand_ins[o].state
            hand = list(st.hand)
            if sum(hand) % 3 != 1:
                continue
            waits = [k for k, _ in st.waits()]
            mine = st.own_melds
            table = st.table_facts()
            prices = []
            for k in waits:
                try:
                    ev = rnd.win_check.judge(o, hand, k, seat, frozenset(), mine, st.melds, st.ghost, table)
                    items = st.variant.settle_wins(table, [Win(o, seat, ev)]) if ev else []
                except EngineError:
                    continue
                if items:
                    prices.append(-float(sum(item.deltas[seat] for item in items)))
            if not prices:
                continue
            key = shown_class([m for m in mine if m.type != "concealed_kong"])
            cell = seen.setdefault(key, [0, 0.0, 0.0])
            cell[0] += 1
            cell[1] += sum(prices) / len(prices)
            cell[2] += sum(prices) / len(prices) / plain
    return {"variant": variant_id, "options": options or {}, "players": players, "seeds": len(seeds),
            "rounds": rounds * len(seeds),
            "classes": {k: {"ready": n, "price": round(p / n, 2), "ratio": round(r / n, 3)}
                        for k, (n, p, r) in sorted(seen.items())}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", nargs="+", default=["all"])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--raw", action="store_true", help="the reading before calibration")
    parser.add_argument("--learnt", action="store_true", help="the learnt model's reading (game/ai/learnt.py)")
    parser.add_argument("--discard-share", action="store_true",
                        help="of ready opponents, the share that may win on a discard, by their shown calls")
    parser.add_argument("--deal-in-price", action="store_true",
                        help="what a deal-in to a ready opponent costs, by his shown calls (against the cheapest)")
    parser.add_argument("--options", type=json.loads, default=None, help="the rule set's options, as JSON")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    variants = list(AVAILABLE) if args.variants == ["all"] else args.variants
    for v in variants:
        if v not in AVAILABLE:
            parser.error(f"unknown rule set {v!r}")
    seeds = list(range(args.first_seed, args.first_seed + args.seeds))
    # the measurements by the opponent's shown calls: each one's function and how a class of it prints
    by_calls = {"deal_in_price": (deal_in_price, lambda c: f"{c['price']}/{c['ratio']} ({c['ready']})"),
                "discard_share": (discard_share, lambda c: f"{c['share']} ({c['ready']})")}
    mode = next((m for m in by_calls if getattr(args, m)), None)
    if mode is not None:
        measure, cell = by_calls[mode]
        out = {"ok": True, "results": [measure(v, seeds, args.rounds, args.options) for v in variants]}
        if args.json:
            print(json.dumps(out))
        else:
            for r in out["results"]:
                cells = "  ".join(f"{k}:{cell(c)}" for k, c in r["classes"].items())
                print(f"{r['variant']:<10} {json.dumps(r['options'])}  {cells}")
        return 0
    out = {"ok": True, "calibrated": not args.raw, "learnt": args.learnt,
           "results": [calibrate(v, seeds, args.rounds, args.options, calibrated=not args.raw, learnt=args.learnt)
                       for v in variants]}
    if args.json:
        print(json.dumps(out))
    else:
        for r in out["results"]:
            cells = "  ".join(f"{b['bin'][0]:.1f}+:{b['readings']}/{b['ready_share']}"
                              for b in r["bins"] if b["readings"])
            print(f"{r['variant']:<10} flagged {r['flagged']} precision {r['flag_precision']}  {cells}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

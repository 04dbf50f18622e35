"""What a decision is worth, by paired rollouts of the real round: where the expert leaves hard, and whether a model
of its best few discards could pick better than it does (issue #24).

    python benchmarks/rollout_values.py disagree V --seeds N [--first-seed S] [--rollouts R] [--think S]
                                          [--table hard|one] [--seat SIDE] [--options JSON] [--players N]
                                          [--near PLAN:D] [--json]
    python benchmarks/rollout_values.py collect V --seeds N [--first-seed S] [--rollouts R] [--threat X] --samples F.jsonl
    python benchmarks/rollout_values.py rerank V --samples F.jsonl [F ...] [--ridge X] [--folds K] [--json]

Every command plays games of hard seats (the host loop of `simulate`, two rounds a seed) and values a decision by
playing the round on from it many times: a copy of the whole table from the true state, the live wall reshuffled
(the same way for every move compared: common random numbers), every seat then playing hard; the seat's points
at the round's end. The true state knows the opponents' hands, but averaged over positions that arise in play a
move's value is what it is worth given only what the seat saw.

`disagree`: at every decision with a choice (discards, claims, wins), the expert's move and hard's; where they
differ, both valued by `--rollouts` paired rollouts. Reported per kind of difference (the expert attacking,
defending or folding; its discard leaving the hand nearer, as near or farther than hard's): how many, and the
expert's move less hard's in points, mean and standard error. Their sum over the games' seat-rounds is what the
expert's differences from hard are worth a round. `--think S`: the expert's thinking time (0: its value reading
without the search), as `arena.py`'s `expert@S`.

`--table one` (the one-among-hard table of `arena.py --format one`): `--seat` (a side as the arena writes it:
`expert`, `expert@0`, `expert+kong_value=0`; default the expert) sits among hard seats, a seat in turn by seed, and
only its own decisions are judged: the move it plays against hard's, each valued with every seat, its own too,
playing on as hard. By the performance-difference identity (the value of a policy less another's is the sum, over
the states the first reaches, of its moves' advantage under the second) the sum of those differences over the
seat-rounds is an unbiased estimate of what the arena's paired difference measures, with far less noise: every
decision where the two agree adds nothing to it (choices before the deal, Hainan's 上嘎, are the side's own and
not judged). With `--table hard` the states are hard's, not the side's — a
first-order estimate only, which overstates where the side's own moves lead it elsewhere (session 22).

`collect`: at every discard turn, the expert's choice and its next best two by its own score, each valued by
paired rollouts, with their features as the seat sees them (FEATURES: distance to a hand that may win here,
counted tiles, the waits one step from ready leads to, the reading's expected points, the danger by the learnt
reading, unseen copies, the tile's rank — each alone and with the draws left — and danger and distance with how
ready the others look). `--threat X` keeps only positions where the opponents' learnt chances of being ready sum
above X. One JSON line per position, appended (one run a core, then pooled).

`rerank`: a linear score of those features fitted within each position to the rollout points (each candidate's
mean less the position's, least squares with a ridge), checked by K-fold cross-validation over positions: on the
positions a fold was not fitted on, the points of the candidate the score picks less those of the expert's
choice. Above zero by more than its standard error, a re-ranking would be worth trying at the table.

Seeds: from 40000 (disagree) and 50000 (collect) by default, away from the arena's tuning (1000-1899) and report
(5000+) ranges and the fits' (20000-23099, 31000-32099).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from calibrate_reading import is_discard_turn, turns  # noqa: E402
from game.ai import make_bot  # noqa: E402
from game.variants import get_variant  # noqa: E402

BASE = ("vd", "accept", "quality", "gain", "p", "unseen_k", "honour", "term", "edge")
FEATURES = BASE + tuple(f"{k}*t" for k in BASE) + ("p*ready", "vd*ready")
CANDIDATES = 3


def decisions(variant: str, seeds: list[int], discards_only: bool, levels: tuple[str, ...] = ("hard",), bots=None,
              options: dict | None = None, players: int | None = None):
    """Games of AI seats (`levels` seated in turn, all hard by default; `bots`, `options` and `players` as
    calibrate_reading.turns); (host, seat) at every prompt with more than one move (`discards_only`: a discard
    turn), before the seat answers it."""
    def want(prompt) -> bool:
        return len(prompt.actions) > 1 and (not discards_only or is_discard_turn(prompt))

    for host, _rnd, seat in turns(variant, seeds, 2, options, levels, want, bots, players):
        yield host, seat


def rollout_points(host, seat: int, moves: list, rollouts: int, key: str, as_hard: tuple[int, ...] = ()
                   ) -> list[list[int]]:
    """Each move's points for `seat` over `rollouts` paired rollouts from the table as it stands; the seats
    `as_hard` play on as hard."""
    rnd = host.round
    prompt_id = host.prompts[seat].id
    out: list[list[int]] = [[] for _ in moves]
    for i in range(rollouts):
        tail = rnd.live[rnd.pos:]
        random.Random(f"{key}:{i}").shuffle(tail)
        for j, move in enumerate(moves):
            # the round's rng holds a generator and is shared, not copied: the wall is reshuffled above instead
            twin = copy.deepcopy(host, {id(rnd.rng): rnd.rng})
            twin.round.live[twin.round.pos:] = tail
            for k in as_hard:
                twin.stand_ins[k].level, twin.stand_ins[k].bot = "hard", make_bot("hard", f"{twin.seed}:{k}")
            twin.intent(seat, prompt_id, move)
            r2 = twin.round
            while not r2.finished:
                s = min(twin.prompts)
                twin.intent(s, twin.prompts[s].id, twin.stand_ins[s].choose(twin.prompts[s]))
            out[j].append(r2.deltas()[seat])
    return out


def _distance_after(view, check, discard) -> int:
    """The hand's distance once this tile is thrown (the rule set's own)."""
    counts = list(view.hand)
    counts[discard.tile] -= 1
    return check.distance(counts, view.ghost, view.own_melds)


def _mean_se(v: list[float]) -> tuple[float, float]:
    n = len(v)
    if not n:
        return 0.0, 0.0
    m = sum(v) / n
    sd = (sum((x - m) ** 2 for x in v) / (n - 1)) ** 0.5 if n > 1 else 0.0
    return m, sd / n ** 0.5


def disagree(variant: str, seeds: list[int], rollouts: int, think_s: float | None = None,
             table: str = "hard", seat: str = "expert", options: dict | None = None, players: int | None = None,
             near: tuple[str, int] | None = None) -> dict[str, Any]:
    """`table` "hard": games of hard seats, the expert's move judged at every seat's decisions (the states hard
    reaches). "one": `seat` (a level, as `arena.py` writes a side: `expert`, `expert+kong_value=1`, `expert@0`)
    seated among hard seats, a seat in turn by seed, and judged at its own decisions, the move it plays against
    hard's; by the performance-difference identity the sum of those differences, each valued with hard playing on,
    is on average exactly the arena's one-among-hard less hard in that seat (`arena.py --format one`). `options`
    and `players`: the rule set's options and the table's seats, as the arena's `--options` and `--players`.
    `near` (a plan of value.PLANS and a distance, e.g. ("orphans", 4)): only the decisions where the seat's hand is
    that near the plan are judged, each discard's kind naming the plan's distance before it and after either move."""
    from arena import parse_level
    from game.ai.player import SkilledBot
    from game.ai.value import plan_by_id, plan_distance

    players = players or get_variant(variant).player_counts[-1]
    level, settings = parse_level(seat)
    if think_s is not None:
        settings = {"think_s": think_s, **settings}
    if table == "hard":
        levels, bots = ("hard",), None
    else:  # the seated side sits where levels[0] does: seat -seed mod players
        levels = (level,) + ("hard",) * (players - 1)

        def bots(seed: int, i: int):
            return make_bot(level, f"{seed}:{i}", **settings) if i == -seed % players and settings else None
    plan = plan_by_id(near[0]) if near is not None else None
    expert, hard = SkilledBot("expert", think_s=think_s), SkilledBot("hard")
    kinds: dict[str, list[float]] = {}
    turns = 0
    mismatched = 0
    for n, (host, at) in enumerate(decisions(variant, seeds, False, levels, bots, options, players)):
        if table != "hard" and at != -host.seed % players:
            continue
        stand_in = host.stand_ins[at]
        view = stand_in.state
        check = host.round.win_check
        if plan is not None:
            before = plan_distance(check, plan, list(view.hand), view.ghost, view.own_melds)
            if before is None or before > near[1]:  # type: ignore[index]
                continue
        turns += 1
        prompt = host.prompts[at]
        legal = list(prompt.actions)
        if table == "hard":
            e = expert.advise(view, legal)
            played = e.action
        else:  # the seated level's own move (its rng seeded as the table does), its reasons read after
            played = stand_in.choose(prompt)
            e = stand_in.bot.advise(view, legal) if hasattr(stand_in.bot, "advise") else None  # a yardstick has none
            mismatched += e is not None and e.action != played
        h = hard.advise(view, legal)
        if played == h.action:
            continue
        pe, ph = rollout_points(host, at, [played, h.action], rollouts, f"{variant}:{seeds[0]}:{n}",
                                () if table == "hard" else (at,))
        diff = sum(a - b for a, b in zip(pe, ph)) / rollouts
        if played.type == "discard" and h.action.type == "discard":
            mine, hards = _distance_after(view, check, played), _distance_after(view, check, h.action)
            step = "nearer" if mine < hards else "as near" if mine == hards else "farther"
            kind = f"{e.mode if e is not None else 'discard'}, discard {step}"
            if plan is not None:
                def plan_after(discard) -> int | None:
                    counts = list(view.hand)
                    counts[discard.tile] -= 1
                    return plan_distance(check, plan, counts, view.ghost, view.own_melds)
                kind += f", {plan.id} {before} to {plan_after(played)} (hard's {plan_after(h.action)})"
        else:
            kind = f"{played.type} for {h.action.type}"
        kinds.setdefault(kind, []).append(diff)
    seat_rounds = len(seeds) * 2 * (players if table == "hard" else 1)
    rows = {k: {"n": len(v), "mean": round(_mean_se(v)[0], 3), "se": round(_mean_se(v)[1], 3)}
            for k, v in sorted(kinds.items())}
    every = [x for v in kinds.values() for x in v]
    m, se = _mean_se(every)
    return {"variant": variant, "seeds": [seeds[0], seeds[-1]], "rollouts": rollouts, "think_s": think_s,
            "table": table, "seat": seat if table != "hard" else None, "options": options or {}, "players": players,
            "near": list(near) if near is not None else None,
            "seat_rounds": seat_rounds,
            "decisions": turns, "reasons_mismatched": mismatched,
            "differ": len(every), "mean": round(m, 3), "se": round(se, 3),
            "per_seat_round": round(sum(every) / seat_rounds, 4),
            "per_seat_round_se": round(se * len(every) / seat_rounds, 4), "kinds": rows}


def features(view, option, opponents: list, unseen: list[int], total: int, draws: int, ready: float,
             discards_win: bool) -> list[float]:
    from game.ai.reading import danger

    k = option.action.tile
    vd = option.value_distance if option.value_distance is not None else option.distance
    p = danger(view, opponents, k, unseen) if discards_win else 0.0
    base = {"vd": vd, "accept": option.accept / total, "quality": 10 * (option.quality or 0.0) / total / total,
            "gain": option.gain, "p": 10 * p, "unseen_k": unseen[k] / 4, "honour": float(k >= 27),
            "term": float(k < 27 and k % 9 in (0, 8)), "edge": float(k < 27 and k % 9 in (1, 7))}
    t = draws / 20.0
    return [base[n] for n in BASE] + [base[n] * t for n in BASE] + [base["p"] * ready, vd * ready]


def collect(variant: str, seeds: list[int], rollouts: int, threat: float, out: Path) -> int:
    from game.ai.player import SkilledBot
    from game.ai.value import own_draws_left
    from game.engine.tiles import NUM_PLAYABLE

    expert, reader = SkilledBot("expert"), SkilledBot("expert")
    written = 0
    with out.open("a", encoding="utf-8") as sink:
        for n, (host, seat) in enumerate(decisions(variant, seeds, True)):
            view = host.stand_ins[seat].state
            advice = expert.advise(view, list(host.prompts[seat].actions))
            if advice.option is None or advice.action.type != "discard":
                continue
            cands = [advice.option]
            for o in sorted(advice.options, key=lambda o: -o.score):
                if len(cands) < CANDIDATES and all(c.action.tile != o.action.tile for c in cands):
                    cands.append(o)
            if len(cands) < 2:
                continue
            reader._memo = {}
            opponents = reader._opponents(view, learnt=True)
            ready = sum(o.ready for o in opponents)
            if ready <= threat:
                continue
            unseen = view.unseen()
            total = max(1, sum(unseen[:NUM_PLAYABLE]))
            xs = [features(view, o, opponents, unseen, total, own_draws_left(view), ready,
                           reader._table_values(view).discard_wins) for o in cands]
            if len({tuple(round(v, 4) for v in x) for x in xs}) < 2:
                continue  # alike to every feature: their rollouts would teach nothing
            points = rollout_points(host, seat, [o.action for o in cands], rollouts, f"{variant}:{seeds[0]}:{n}")
            sink.write(json.dumps({"seeds": [seeds[0], seeds[-1]], "x": xs, "points": points}) + "\n")
            sink.flush()
            written += 1
    return written


def _centred(row: dict) -> list[tuple[float, list[float]]]:
    means = [sum(p) / len(p) for p in row["points"]]
    mq = sum(means) / len(means)
    mx = [sum(col) / len(col) for col in zip(*row["x"])]
    return [(q - mq, [a - b for a, b in zip(x, mx)]) for q, x in zip(means, row["x"])]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[p] = m[p], m[i]
        piv = m[i][i] or 1e-12
        for r in range(n):
            if r != i and m[r][i]:
                f = m[r][i] / piv
                for c in range(i, n + 1):
                    m[r][c] -= f * m[i][c]
    return [m[i][n] / (m[i][i] or 1e-12) for i in range(n)]


def fit(rows: list[dict], ridge: float) -> list[float]:
    d = len(FEATURES)
    a = [[0.0] * d for _ in range(d)]
    b = [0.0] * d
    for row in rows:
        for y, x in _centred(row):
            for i in range(d):
                if x[i]:
                    b[i] += x[i] * y
                    for j in range(d):
                        a[i][j] += x[i] * x[j]
    for i in range(d):
        a[i][i] += ridge
    return _solve(a, b)


def rerank(rows: list[dict], ridge: float, folds: int) -> dict[str, Any]:
    gains = []
    for k in range(folds):
        w = fit([r for i, r in enumerate(rows) if i % folds != k], ridge)
        for i, r in enumerate(rows):
            if i % folds == k:
                means = [sum(p) / len(p) for p in r["points"]]
                scores = [sum(a * b for a, b in zip(w, x)) for x in r["x"]]
                pick = max(range(len(scores)), key=lambda j: (round(scores[j], 9), -j))
                gains.append(means[pick] - means[0])
    m, se = _mean_se(gains)
    weights = fit(rows, ridge)
    return {"positions": len(rows), "folds": folds, "ridge": ridge, "gain_per_decision": round(m, 4),
            "se": round(se, 4), "changed": sum(1 for g in gains if g != 0),
            "weights": {n: round(w, 4) for n, w in zip(FEATURES, weights)}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("disagree", "collect", "rerank"))
    parser.add_argument("variant")
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--first-seed", type=int)
    parser.add_argument("--rollouts", type=int, default=16)
    parser.add_argument("--threat", type=float, default=-1.0)
    parser.add_argument("--think", type=float)
    parser.add_argument("--table", choices=("hard", "one"), default="hard")
    parser.add_argument("--seat", default="expert")
    parser.add_argument("--samples", type=Path, nargs="+")
    parser.add_argument("--ridge", type=float, default=5.0)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--options", type=json.loads, default=None, help="the rule set's options, JSON (disagree)")
    parser.add_argument("--players", type=int, help="the table's seats (disagree; default the rule set's largest)")
    parser.add_argument("--near", help="PLAN:D, only decisions within D steps of a plan (disagree; "
                                       "value.PLANS ids: orphans, pairs, pongs, half0 ...)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    near = None
    if args.near is not None:
        from game.ai.value import PLANS

        name, _, d = args.near.partition(":")
        if name not in {p.id for p in PLANS} or not d.isdigit():
            parser.error(f"--near wants PLAN:D with PLAN one of {', '.join(p.id for p in PLANS)}, got {args.near!r}")
        near = (name, int(d))
    t0 = time.perf_counter()
    if args.command == "rerank":
        if not args.samples:
            parser.error("rerank needs --samples")
        rows = [json.loads(line) for p in args.samples for line in p.read_text(encoding="utf-8").splitlines()
                if line.strip()]
        report: dict[str, Any] = {"variant": args.variant, **rerank(rows, args.ridge, args.folds)}
    else:
        first = args.first_seed if args.first_seed is not None else (40000 if args.command == "disagree" else 50000)
        seeds = list(range(first, first + args.seeds))
        if args.command == "disagree":
            report = disagree(args.variant, seeds, args.rollouts, args.think, args.table, args.seat, args.options,
                              args.players, near)
        else:
            if not args.samples:
                parser.error("collect needs --samples")
            report = {"variant": args.variant, "positions": collect(args.variant, seeds, args.rollouts, args.threat,
                                                                    args.samples[0])}
    report["seconds"] = round(time.perf_counter() - t0, 1)
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False))
    else:
        for k, v in report.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The engine's command line (contract: shared/DESIGN.md §3).

    python -m game.engine score FILE|-
    python -m game.engine run FILE|-
    python -m game.engine simulate --variant V [--players N] [--options JSON] --seed S --rounds R [--ai LEVEL ...]
                                   [--log FILE]

Every answer is one JSON document on stdout. Bad input or an illegal action: exit 2 with
{"ok": false, "error": CODE, "message": TEXT}; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from game.variants import get_variant

from game.engine.errors import BadInput, EngineError, IllegalAction, NotAWin
from game.engine.melds import Meld
from game.engine.scoring import FLAGS, WinContext
from game.engine.state import CLAIM, CLAIM_TYPES, Action, round_from_scenario, validate_tiles
from game.engine.tiles import NUM_KINDS, TileError, parse_tile, parse_tiles, tile_name
from game.engine.variant import TableFacts, Win
from game.engine.wincheck import WinCheck

EXIT_BAD = 2


class CliError(Exception):
    def __init__(self, code: str, message: str, **extra: Any):
        super().__init__(message)
        self.payload = {"ok": False, "error": code, "message": message, **extra}


def _read_json(path: str) -> Any:
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as exc:
        raise CliError("bad_input", f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise CliError("bad_input", f"{path} is not UTF-8 text") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError("bad_json", f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(doc, dict):
        raise CliError("bad_input", "the input must be one JSON object")
    return doc


def _check_keys(doc: dict, allowed: set[str], what: str) -> None:
    unknown = sorted(set(doc) - allowed)
    if unknown:
        raise BadInput(f"unknown key(s) in {what}: {', '.join(unknown)}; expected some of {', '.join(sorted(allowed))}")


def _seat(doc: dict, key: str, players: int, *, required: bool = True, default: Any = None) -> Any:
    value = doc.get(key, default)
    if value is None:
        if required:
            raise BadInput(f"{key!r} is required")
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise BadInput(f"{key!r} must be a seat number from 0 to {players - 1}, got {value!r}")
    return value


def _players(doc: dict, variant: Any) -> int:
    players = doc.get("players", variant.player_counts[-1])
    if isinstance(players, bool) or not isinstance(players, int):
        raise BadInput(f"'players' must be a whole number, got {players!r}")
    return players


def _tile_list(doc: dict, key: str) -> list[int]:
    value = doc.get(key)
    if not isinstance(value, list):
        raise BadInput(f"{key!r} must be a list of tiles, got {value!r}")
    return parse_tiles(value)


def _context(doc: dict) -> tuple[dict, int | None]:
    ctx = doc.get("context", {})
    if not isinstance(ctx, dict):
        raise BadInput("'context' must be an object")
    ghost = parse_tile(ctx["ghost"]) if ctx.get("ghost") is not None else None
    return ctx, ghost


# ---------------------------------------------------------------------------------------------------- score
SCORE_KEYS = {"variant", "options", "players", "dealer", "winner", "discarder", "concealed", "win_tile", "melds",
              "flags", "context"}


def cmd_score(doc: dict) -> dict:
    _check_keys(doc, SCORE_KEYS, "a score request")
    variant = get_variant(doc.get("variant"))
    players = _players(doc, variant)
    opts = variant.parse_options(doc.get("options"), players)
    dealer = _seat(doc, "dealer", players, default=0)
    winner = _seat(doc, "winner", players)
    discarder = _seat(doc, "discarder", players, required=False)
    if discarder == winner:
        raise BadInput("the winner cannot win on his own discard; leave 'discarder' null for a self-draw")
    concealed = _tile_list(doc, "concealed")
    if "win_tile" not in doc:
        raise BadInput("'win_tile' is required")
    win_tile = parse_tile(doc["win_tile"])
    raw_melds = doc.get("melds", [])
    if not isinstance(raw_melds, list):
        raise BadInput("'melds' must be a list")
    melds = [Meld.from_json(m) for m in raw_melds]
    for m in melds:
        if m.is_exposed and (m.from_seat is None or not 0 <= m.from_seat < players or m.from_seat == winner):
            raise BadInput(f"an exposed {m.type} needs 'from': the seat (not the winner) whose discard it took")
    if len(concealed) + 3 * len(melds) != 13:
        raise BadInput(f"a hand holds 13 tiles plus the winning tile: {len(concealed)} concealed tiles and "
                       f"{len(melds)} melds do not add up (concealed + 3 × melds must be 13)")
    counts = [0] * NUM_KINDS
    for k in [*concealed, win_tile, *(t for m in melds for t in m.tiles)]:
        counts[k] += 1
    for k, n in enumerate(counts):
        if n > 4:
            raise BadInput(f"{tile_name(k)} appears {n} times; a table has at most 4")
    flags = doc.get("flags", [])
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise BadInput("'flags' must be a list of strings")
    bad = sorted(set(flags) - set(FLAGS))
    if bad:
        raise BadInput(f"unknown flag(s) {', '.join(bad)}; known: {', '.join(FLAGS)}")
    _check_flags(set(flags), dealer, winner, discarder)
    if any(m.type == "chow" for m in melds) and not variant.allows_chow(opts):
        raise BadInput(f"{variant.id} has no chow, so a hand cannot hold a chow meld")
    validate_tiles(variant, opts, players, [concealed, [win_tile], *(m.tiles for m in melds)])
    if discarder is not None:
        if "robbing_kong" in flags:
            if not (variant.can_rob(opts, "added_kong") or variant.can_rob(opts, "kong")):
                raise NotAWin(f"this {variant.id} table does not allow robbing a kong")
        elif not variant.discard_wins(opts):
            raise NotAWin(f"{variant.id} is won by self-draw only (or by robbing a kong where allowed)")
    context, ghost = _context(doc)
    if ghost is not None and not variant.uses_wildcards(opts):
        raise BadInput(f"this {variant.id} table plays without a wildcard; leave out context 'ghost'")
    if ghost is None:
        ghost = variant.fixed_ghost(opts)
    ctx = WinContext(options=opts, players=players, dealer=dealer, winner=winner, discarder=discarder,
                     concealed=concealed, win_tile=win_tile, melds=melds, flags=frozenset(flags), ghost=ghost,
                     context=context)
    table = TableFacts(players, dealer, opts, context)
    variant.check_table(table)
    ev = WinCheck.at(variant, opts, players).evaluate(ctx, table)  # the round's own evaluation
    items = variant.settle_wins(table, [Win(winner, discarder, ev)])
    deltas = [0] * players
    breakdown: list[str] = []
    for item in items:
        for i, d in enumerate(item.deltas):
            deltas[i] += d
        breakdown.extend(item.lines)
    return {"ok": True, "hands": ev.hands, "fan": ev.fan, "deltas": deltas, "breakdown": breakdown}


def _check_flags(flags: set[str], dealer: int, winner: int, discarder: int | None) -> None:
    """Refuse flags that contradict the seats: they describe how the win came about."""
    self_draw = discarder is None
    rules = [
        ("robbing_kong", not self_draw, "'robbing_kong' needs 'discarder': the seat whose kong was robbed"),
        ("heavenly", self_draw and winner == dealer, "'heavenly' (天胡) is the dealer's self-drawn initial hand"),
        ("earthly", self_draw and winner != dealer, "'earthly' (地胡) is a non-dealer's self-draw"),
        ("human", not self_draw and winner != dealer and discarder == dealer,
         "'human' (人胡) is a non-dealer's win on the dealer's first discard"),
        ("after_flower", self_draw, "'after_flower' is a self-draw on a flower's replacement tile"),
    ]
    for flag, ok, message in rules:
        if flag in flags and not ok:
            raise BadInput(message)


# ---------------------------------------------------------------------------------------------------- run
RUN_KEYS = {"variant", "options", "players", "dealer", "hands", "wall", "setup", "actions"}
SETUP_KEYS = {"ghost", "indicator", "seed", "coins", "context"}


def cmd_run(doc: dict) -> dict:
    _check_keys(doc, RUN_KEYS, "a run request")
    variant = get_variant(doc.get("variant"))
    players = _players(doc, variant)
    opts = variant.parse_options(doc.get("options"), players)
    dealer = _seat(doc, "dealer", players, default=0)
    hands_raw = doc.get("hands")
    if not isinstance(hands_raw, list):
        raise BadInput("'hands' must be a list with one list of tiles per seat")
    hands = []
    for i, h in enumerate(hands_raw):
        if not isinstance(h, list):
            raise BadInput(f"hands[{i}] must be a list of tiles")
        hands.append(parse_tiles(h))
    wall = _tile_list(doc, "wall") if "wall" in doc else []
    setup = doc.get("setup", {})
    if not isinstance(setup, dict):
        raise BadInput("'setup' must be an object")
    _check_keys(setup, SETUP_KEYS, "setup")
    ghost = parse_tile(setup["ghost"]) if setup.get("ghost") is not None else None
    indicator = parse_tile(setup["indicator"]) if setup.get("indicator") is not None else None
    context = dict(setup.get("context") or {})
    if setup.get("coins") is not None:
        coins = setup["coins"]
        if not (isinstance(coins, list) and len(coins) == players
                and all(isinstance(c, int) and not isinstance(c, bool) for c in coins)):
            raise BadInput(f"setup 'coins' must be a list of {players} whole numbers")
        context["coins"] = coins
    rnd, events = round_from_scenario(variant, opts, players, dealer, hands, wall, ghost=ghost, indicator=indicator,
                                      seed=setup.get("seed", 0), context=context)
    actions = doc.get("actions", [])
    if not isinstance(actions, list):
        raise BadInput("'actions' must be a list")
    for index, raw in enumerate(actions):
        try:
            action = Action.from_json(raw)
            if rnd.finished:
                raise IllegalAction("the round is already over")
            w = rnd.window
            if rnd.phase == CLAIM and w is not None and not (
                    action.type in (*CLAIM_TYPES, "pass") and action.seat in w.options
                    and action.seat not in w.answers):
                events.extend(rnd.pass_all())  # seats not listed pass
            events.extend(rnd.apply(action))
        except (EngineError, TileError) as exc:
            code = getattr(exc, "code", "bad_input")
            raise CliError(code, f"action {index}: {exc}", index=index) from None
    return {"ok": True, "events": events, "result": rnd.result()}


# ---------------------------------------------------------------------------------------------------- simulate
def cmd_simulate(argv: list[str]) -> dict:
    from game.headless.simulate import run_simulation

    parser = _Parser(prog="python -m game.engine simulate")
    parser.add_argument("--variant", required=True)
    parser.add_argument("--players", type=int)
    parser.add_argument("--options", default="{}")
    parser.add_argument("--seed", required=True)
    parser.add_argument("--rounds", type=int, required=True)
    parser.add_argument("--ai", nargs="+", default=["normal"])
    parser.add_argument("--log")
    args = parser.parse_args(argv)
    if args.rounds < 0:
        raise BadInput("--rounds must be 0 or more")
    try:
        options = json.loads(args.options)
    except json.JSONDecodeError as exc:
        raise CliError("bad_json", f"--options is not valid JSON: {exc.msg}") from None
    variant = get_variant(args.variant)
    players = args.players if args.players is not None else variant.player_counts[-1]
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    from game.ai import LEVELS

    for level in args.ai:
        if level not in LEVELS:
            raise BadInput(f"unknown AI level {level!r}; choose from {', '.join(LEVELS)}")
    if args.log:
        try:
            log = open(args.log, "w", encoding="utf-8")
        except OSError as exc:
            raise CliError("bad_input", f"cannot write {args.log}: {exc.strerror or exc}") from None
        with log:
            return run_simulation(args.variant, players=players, options=options, seed=seed, rounds=args.rounds,
                                  ai_levels=args.ai, log=log)
    return run_simulation(args.variant, players=players, options=options, seed=seed, rounds=args.rounds,
                          ai_levels=args.ai)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError("bad_arguments", f"{self.prog}: {message}")


def _emit(payload: dict) -> None:
    sys.stdout.write(json.dumps(payload, ensure_ascii=False) + "\n")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    usage = __doc__.split("\n\n")[1]
    try:
        if not argv or argv[0] in ("-h", "--help"):
            if argv:
                sys.stdout.write(usage + "\n")
                return 0
            raise CliError("bad_arguments", "a command is required: score, run or simulate")
        command, rest = argv[0], argv[1:]
        if command in ("score", "run"):
            if len(rest) != 1:
                raise CliError("bad_arguments", f"usage: python -m game.engine {command} FILE (or - for stdin)")
            doc = _read_json(rest[0])
            _emit(cmd_score(doc) if command == "score" else cmd_run(doc))
        elif command == "simulate":
            _emit(cmd_simulate(rest))
        else:
            raise CliError("bad_arguments", f"unknown command {command!r}: use score, run or simulate")
        return 0
    except CliError as exc:
        _emit(exc.payload)
    except (EngineError, TileError) as exc:
        _emit({"ok": False, "error": getattr(exc, "code", "bad_input"), "message": str(exc)})
    except RecursionError:
        _emit({"ok": False, "error": "bad_input", "message": "input nested too deeply"})
    except Exception as exc:  # a bug of ours: still a JSON answer, never a traceback
        _emit({"ok": False, "error": "internal_error", "message": f"{type(exc).__name__}: {exc}"})
        return 1
    return EXIT_BAD

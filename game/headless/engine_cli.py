"""The engine's command line (contract: shared/DESIGN.md §3).

    python -m game.engine score FILE|-
    python -m game.engine run FILE|-
    python -m game.engine simulate --variant V [--players N] [--options JSON] --seed S --rounds R [--ai LEVEL ...]
                                   [--log FILE] [--per-round]

Every answer is one JSON document on stdout. Bad input or an illegal action: exit 2 with
{"ok": false, "error": CODE, "message": TEXT}; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from game.variants import get_variant

from game.engine.context import ROUND, SCORE, ContextFrame, check_context, describe_tile_set, is_whole, shown
from game.engine.errors import BadInput, EngineError, IllegalAction, NotAWin
from game.engine.melds import MELD_TYPES, Meld
from game.engine.scoring import FLAGS, WinContext
from game.engine.state import CLAIM, CLAIM_TYPES, Action, round_from_scenario
from game.engine.tiles import TileError, is_flower, parse_tile, tile_name
from game.engine.variant import TableFacts, Variant, Win
from game.engine.wincheck import WinCheck

EXIT_BAD = 2
TILE_TEXT = "a tile (1m-9m, 1p-9p, 1s-9s, E S W N, C F P or 1f-8f)"


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
    except ValueError as exc:  # a number of more digits than Python converts (sys.get_int_max_str_digits)
        raise CliError("bad_json", f"a number in the input is too long: {exc}".split(";")[0]) from None
    if not isinstance(doc, dict):
        raise CliError("bad_input", "the input must be one JSON object")
    return doc


def _check_keys(doc: dict, allowed: set[str], what: str) -> None:
    unknown = sorted(set(doc) - allowed)
    if unknown:
        raise BadInput(f"unknown key(s) in {what}: {', '.join(map(shown, unknown))}; "
                       f"expected some of {', '.join(sorted(allowed))}")


def _seat(doc: dict, key: str, players: int, *, required: bool = True, default: Any = None) -> Any:
    value = doc.get(key, default)
    if value is None:
        if required:
            raise BadInput(f"{key!r} is required")
        return None
    if not is_whole(value) or not 0 <= value < players:
        raise BadInput(f"{key!r} must be a seat number from 0 to {players - 1}, got {shown(value)}")
    return value


def _players(doc: dict, variant: Variant) -> int:
    players = doc.get("players", variant.player_counts[-1])
    if not is_whole(players):
        raise BadInput(f"'players' must be a whole number, got {shown(players)}")
    if players not in variant.player_counts:
        raise BadInput(f"'players': {variant.id} is played by {', '.join(map(str, variant.player_counts))} players, "
                       f"not {shown(players)}")
    return players


def _object(doc: dict, key: str, name: str) -> dict:
    """An optional object field: absent or null is empty."""
    value = doc.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadInput(f"{name} must be an object, got {shown(value)}")
    return value


def _tile(value: Any, name: str) -> int:
    try:
        return parse_tile(value)
    except TileError:
        raise TileError(f"{name} must be {TILE_TEXT}, got {shown(value)}") from None


def _tiles(value: Any, name: str) -> list[int]:
    if not isinstance(value, list):
        raise BadInput(f"{name} must be a list of tiles, got {shown(value)}")
    return [_tile(t, f"{name}[{i}]") for i, t in enumerate(value)]


def _check_tile_set(variant: Variant, opts: Any, players: int, groups: list[tuple[str, list[int], bool]]) -> None:
    """Every tile of the named groups (name, tiles, indexed) is in the table's set, and no kind appears more often
    than the set holds it (four; a flower once), the groups together."""
    tile_set = variant.tile_set(opts, players)
    counts: dict[int, int] = {}
    holders: dict[int, list[str]] = {}
    for name, tiles, indexed in groups:
        for i, k in enumerate(tiles):
            if tile_set.copies(k) == 0:
                where = f"{name}[{i}]" if indexed else name
                raise BadInput(f"{where}: {tile_name(k)} is not in this {players}-player {variant.id} table's tile set "
                               f"({describe_tile_set(tile_set)})")
            counts[k] = counts.get(k, 0) + 1
            if name not in holders.setdefault(k, []):
                holders[k].append(name)
    for k, n in counts.items():
        if n > tile_set.copies(k):
            raise BadInput(f"{tile_name(k)} appears {n} times ({', '.join(holders[k])}); a table has at most "
                           f"{tile_set.copies(k)}")


# ---------------------------------------------------------------------------------------------------- score
SCORE_KEYS = {"variant", "options", "players", "dealer", "winner", "discarder", "concealed", "win_tile", "melds",
              "flags", "context"}
MELD_KEYS = {"type", "tiles", "from", "claimed", "late"}  # Meld.to_json's keys: a win event's melds read back


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
    concealed = _tiles(doc.get("concealed"), "'concealed'")
    if "win_tile" not in doc:
        raise BadInput("'win_tile' is required")
    win_tile = _tile(doc["win_tile"], "'win_tile'")
    melds = _melds(doc, variant, opts, players, winner)
    if len(concealed) + 3 * len(melds) != 13:
        raise BadInput(f"a hand holds 13 tiles plus the winning tile: {len(concealed)} 'concealed' tiles and "
                       f"{len(melds)} 'melds' do not add up (concealed + 3 × melds must be 13)")
    _check_tile_set(variant, opts, players, [("'concealed'", concealed, True), ("'win_tile'", [win_tile], False),
                                             *((f"melds[{i}]", m.tiles, True) for i, m in enumerate(melds))])
    if is_flower(win_tile) or any(is_flower(k) for k in concealed):
        raise BadInput("flowers are set aside, never part of a winning hand: leave them out of 'concealed' and "
                       "'win_tile'")
    flags = _flags(doc)
    _check_flags(set(flags), dealer, winner, discarder)
    if discarder is not None:
        if "robbing_kong" in flags:
            if not (variant.can_rob(opts, "added_kong") or variant.can_rob(opts, "kong")):
                raise NotAWin(f"this {variant.id} table does not allow robbing a kong")
        elif not variant.discard_wins(opts):
            raise NotAWin(f"{variant.id} is won by self-draw only (or by robbing a kong where allowed)")
    in_play = [*concealed, win_tile, *(k for m in melds for k in m.tiles)]
    frame = ContextFrame(variant, opts, players, dealer, scope=SCORE, where="context", winner=winner,
                         discarder=discarder, tiles=in_play)
    context = check_context(variant.all_context_fields(), doc.get("context"), frame)
    ghost = parse_tile(context["ghost"]) if "ghost" in context else variant.fixed_ghost(opts)
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


def _melds(doc: dict, variant: Variant, opts: Any, players: int, winner: int) -> list[Meld]:
    raw = doc.get("melds", [])
    if not isinstance(raw, list):
        raise BadInput(f"'melds' must be a list, got {shown(raw)}")
    if len(raw) > 4:
        raise BadInput(f"'melds' holds {len(raw)} melds; a hand has at most 4")
    melds = []
    for i, m in enumerate(raw):
        name = f"melds[{i}]"
        if not isinstance(m, dict):
            raise BadInput(f"{name} must be an object, got {shown(m)}")
        _check_keys(m, MELD_KEYS, name)
        mtype = m.get("type")
        if mtype not in MELD_TYPES:
            raise BadInput(f"{name}.type must be one of {', '.join(MELD_TYPES)}, got {shown(mtype)}")
        tiles = _tiles(m.get("tiles"), f"{name}.tiles")
        try:
            meld = Meld.from_json({"type": mtype, "tiles": [tile_name(k) for k in tiles], "from": m.get("from")})
        except BadInput as exc:
            raise BadInput(f"{name}: {exc}") from None
        if mtype == "concealed_kong":
            if m.get("from") is not None:
                raise BadInput(f"{name}.from: a concealed kong takes no one's tile; leave 'from' out")
        elif meld.from_seat is None or not 0 <= meld.from_seat < players or meld.from_seat == winner:
            raise BadInput(f"{name}.from must be the seat (0 to {players - 1}, not the winner) whose discard the "
                           f"{mtype} took, got {shown(m.get('from'))}")
        if mtype == "chow":
            if not variant.allows_chow(opts):
                raise BadInput(f"{variant.id} has no chow, so a hand cannot hold a chow meld ({name})")
            if meld.from_seat != (winner - 1) % players:
                raise BadInput(f"{name}.from: a chow takes the discard of the seat before the winner, seat "
                               f"{(winner - 1) % players}; got {shown(m.get('from'))}")
        claimed = m.get("claimed")
        if claimed is not None and (mtype == "concealed_kong" or _tile(claimed, f"{name}.claimed") not in tiles):
            raise BadInput(f"{name}.claimed must be one of the meld's tiles taken from 'from', got {shown(claimed)}")
        late = m.get("late")
        if late is not None and (not isinstance(late, bool) or (late and mtype != "added_kong")):
            raise BadInput(f"{name}.late must be true or false (true only for an added kong), got {shown(late)}")
        melds.append(meld)
    return melds


def _flags(doc: dict) -> list[str]:
    flags = doc.get("flags", [])
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise BadInput(f"'flags' must be a list of strings, got {shown(flags)}")
    bad = sorted(set(flags) - set(FLAGS))
    if bad:
        raise BadInput(f"unknown flag(s) in 'flags': {', '.join(map(shown, bad))}; known: {', '.join(FLAGS)}")
    twice = sorted({f for f in flags if flags.count(f) > 1})
    if twice:
        raise BadInput(f"'flags' lists {', '.join(twice)} more than once")
    return flags


def _check_flags(flags: set[str], dealer: int, winner: int, discarder: int | None) -> None:
    """Flags describe how the win came about; one the seats contradict makes the claim no win (`not_a_win`).

    `robbing_kong` without `discarder` is different: the robbed seat is missing, so the input is incomplete."""
    self_draw = discarder is None
    if "robbing_kong" in flags and self_draw:
        raise BadInput("'robbing_kong' needs 'discarder': the seat whose kong was robbed")
    rules = [
        ("heavenly", self_draw and winner == dealer, "'heavenly' (天胡) is the dealer's self-drawn initial hand"),
        ("earthly", self_draw and winner != dealer, "'earthly' (地胡) is a non-dealer's self-draw"),
        ("human", not self_draw and winner != dealer and discarder == dealer,
         "'human' (人胡) is a non-dealer's win on the dealer's first discard"),
        ("after_flower", self_draw, "'after_flower' is a self-draw on a flower's replacement tile"),
    ]
    for flag, ok, message in rules:
        if flag in flags and not ok:
            raise NotAWin(f"{message}; the seats given contradict it")


# ---------------------------------------------------------------------------------------------------- run
RUN_KEYS = {"variant", "options", "players", "dealer", "hands", "wall", "setup", "actions"}
SETUP_KEYS = {"ghost", "indicator", "seed", "coins", "context"}


def _encodable(text: str) -> bool:
    """A text the wall's shuffle can hash (JSON lets a lone surrogate through, UTF-8 does not)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def scenario_round(doc: dict, facts: dict | None = None) -> tuple[Any, list[dict]]:
    """The round a `run` document (or a lesson, game.lessons) describes: its rule set, hands, wall and setup
    checked as `run` checks them (BadInput with the reason). `facts`: context the table already has (a lesson's
    choices before the deal, such as 上嘎), laid over the document's own."""
    variant = get_variant(doc.get("variant"))
    players = _players(doc, variant)
    opts = variant.parse_options(doc.get("options"), players)
    dealer = _seat(doc, "dealer", players, default=0)
    hands_raw = doc.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != players:
        raise BadInput(f"'hands' must be a list of {players} hands, one list of tiles per seat, got "
                       f"{shown(hands_raw)}")
    hands = [_tiles(h, f"hands[{i}]") for i, h in enumerate(hands_raw)]
    for seat, h in enumerate(hands):
        want = 14 if seat == dealer else 13
        if len(h) != want:
            who = " (the dealer's)" if seat == dealer else ""
            raise BadInput(f"hands[{seat}]{who} must hold {want} tiles, got {len(h)}")
    wall = _tiles(doc["wall"], "'wall'") if doc.get("wall") is not None else []
    tail = variant.wall_tail(opts, players)
    if len(wall) < tail:
        raise BadInput(f"'wall' holds {len(wall)} tiles, but this table reserves its last {tail} (never drawn: horses "
                       "and the like), so it needs at least that many")
    _check_tile_set(variant, opts, players, [*((f"hands[{i}]", h, True) for i, h in enumerate(hands)),
                                             ("'wall'", wall, True)])
    setup = _object(doc, "setup", "'setup'")
    _check_keys(setup, SETUP_KEYS | set(variant.run_setup_keys), "setup")
    ghost = _tile(setup["ghost"], "setup.ghost") if setup.get("ghost") is not None else None
    indicator = _tile(setup["indicator"], "setup.indicator") if setup.get("indicator") is not None else None
    seed = setup.get("seed")
    if seed is None:
        seed = 0
    elif not (is_whole(seed) and abs(seed) < 10**100 or isinstance(seed, str) and len(seed) <= 1000
              and _encodable(seed)):
        raise BadInput(f"setup.seed must be a whole number or a text (up to 1000 characters), got {shown(seed)}")
    fields = variant.all_context_fields()
    frame = ContextFrame(variant, opts, players, dealer, scope=ROUND, where="setup.context",
                         tiles=[*(k for h in hands for k in h), *wall])
    context = check_context(fields, setup.get("context"), frame)
    top = {k: setup[k] for k in variant.run_setup_keys if k in setup}  # the rule set's setup keys, given at the top
    if top:
        twice = sorted(set(top) & set(context))
        if twice:
            raise BadInput(f"setup.{twice[0]} and setup.context.{twice[0]}: give it once")
        context.update(check_context(fields, top, ContextFrame(variant, opts, players, dealer, scope=ROUND,
                                                               where="setup")))
    if setup.get("coins") is not None:  # shorthand for setup.context.coins
        if "coins" in context:
            raise BadInput("setup.coins and setup.context.coins: give the coins once")
        if not any(f.name == "coins" for f in fields):
            raise BadInput(f"setup.coins: {variant.id} does not play for coins")
        context.update(check_context(fields, {"coins": setup["coins"]},
                                     ContextFrame(variant, opts, players, dealer, scope=ROUND, where="setup")))
    if facts:
        context.update(facts)
    return round_from_scenario(variant, opts, players, dealer, hands, wall, ghost=ghost, indicator=indicator,
                               seed=seed, context=context)


def cmd_run(doc: dict) -> dict:
    _check_keys(doc, RUN_KEYS, "a run request")
    rnd, events = scenario_round(doc)
    actions = doc.get("actions", [])
    if not isinstance(actions, list):
        raise BadInput(f"'actions' must be a list, got {shown(actions)}")
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
    w = rnd.window
    if not rnd.finished and rnd.phase == CLAIM and w is not None and w.answers:
        events.extend(rnd.pass_all())  # the actions end on this window's answers: the seats not listed pass
    return {"ok": True, "events": events, "result": rnd.result()}


# ---------------------------------------------------------------------------------------------------- simulate
def cmd_simulate(argv: list[str]) -> dict:
    from game.headless.simulate import available_levels, run_simulation

    parser = _Parser(prog="python -m game.engine simulate")
    parser.add_argument("--variant", required=True)
    parser.add_argument("--players", type=int)
    parser.add_argument("--options", default="{}")
    parser.add_argument("--seed", required=True)
    parser.add_argument("--rounds", type=int, required=True)
    parser.add_argument("--ai", nargs="+", default=["normal"])
    parser.add_argument("--log")
    parser.add_argument("--per-round", action="store_true")  # each round's per-seat deltas, as "per_round"
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
    levels = available_levels()  # the player levels, and the yardstick `baseline` once game.ai makes it
    for level in args.ai:
        if level not in levels:
            raise BadInput(f"unknown AI level {level!r}; choose from {', '.join(levels)}")
    if args.log:
        try:
            log = open(args.log, "w", encoding="utf-8")
        except OSError as exc:
            raise CliError("bad_input", f"cannot write {args.log}: {exc.strerror or exc}") from None
        with log:
            return run_simulation(args.variant, players=players, options=options, seed=seed, rounds=args.rounds,
                                  ai_levels=args.ai, log=log, per_round=args.per_round)
    return run_simulation(args.variant, players=players, options=options, seed=seed, rounds=args.rounds,
                          ai_levels=args.ai, per_round=args.per_round)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError("bad_arguments", f"{self.prog}: {message}")


def _emit(payload: dict) -> None:
    text = json.dumps(payload, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (from a caller's "\ud800"): escaped, the JSON stays UTF-8 text
        text = json.dumps(payload)
    sys.stdout.write(text + "\n")


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

"""LAN play from the command line (contract: docs/lan.md).

    python -m game.net host --variant V [--players N] [--options JSON] --seats SPEC --seed S --rounds R
                            [--bind ADDR] [--port P] [--deadline SECONDS] [--no-discovery] [--log FILE]
                            [--save FILE | --resume FILE] [--think SECONDS] [--name NAME] [--rejoin-by-name]
    python -m game.net join ADDR:PORT --name NAME [--bot LEVEL] [--log FILE] [--retry SECONDS]
    python -m game.net browse [--timeout SECONDS]

host: prints {"ok": true, "event": "listening", "port": P, "fingerprint": F}, plays the game, prints {"ok": true,
"event": "finished", "rounds": R, "totals": [...]} and exits 0. `--save FILE` autosaves the table after every
action; `--resume FILE` resumes such a save (the table's settings come from it) and waits for its players to
take their seats back. `--log FILE` writes one JSON object a line: every line received ("dir": "in") and sent
("out"), with the connection and seat, the game's events in the open view ("event") and the table's own notices
("note"). `--think` makes the AI seats take that long a move; `--name` is the name announced on the LAN.
A dropped seat is taken back only with its player's current token (kept in the joining player's user data);
`--rejoin-by-name` lets a hello with the seat's name alone take it too (there is nobody here to ask).
join: plays its seat with the AI and prints {"ok": true, "event": "finished", "seat": k, "totals": [...],
"verified_rounds": R, "failed_rounds": [...], "late_rounds": [...]} and exits 0 (late: rounds dealt before its
entropy reached the host, so not proven to it). If the connection drops it rejoins (same name) for up
to `--retry` seconds (default 60).
browse: prints the tables announced on the LAN, one JSON line each.

Failures print {"ok": false, "error": CODE, "message": TEXT}: exit 2 for bad arguments (bad_arguments,
unknown_variant, bad_option, bad_input, bad_save), exit 1 when the network fails (bind_failed, connect_failed,
table_full, name_taken, rejoin_refused, rejoin_pending, fingerprint, protocol, host_lost).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from typing import NoReturn

EXIT_BAD = 2
EXIT_NET = 1


class CliError(Exception):
    def __init__(self, code: str, message: str, exit_code: int = EXIT_BAD):
        super().__init__(message)
        self.code = code
        self.message = message
        self.exit_code = exit_code


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError("bad_arguments", f"{self.prog}: {message}")


def emit(payload: dict) -> None:
    sys.stdout.write(json.dumps(payload, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def _open_log(path: str | None):
    if not path:
        return None
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise CliError("bad_arguments", f"cannot write {path}: {exc.strerror or exc}") from None


def cmd_host(argv: list[str]) -> int:
    from .server import HostError, NetHost

    p = _Parser(prog="python -m game.net host")
    p.add_argument("--variant")
    p.add_argument("--players", type=int)
    p.add_argument("--options", default="{}")
    p.add_argument("--seats")
    p.add_argument("--seed")
    p.add_argument("--rounds", type=int)
    p.add_argument("--bind", default="")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--deadline", type=float, default=20.0)
    p.add_argument("--no-discovery", action="store_true")
    p.add_argument("--log")
    p.add_argument("--save")
    p.add_argument("--resume")
    p.add_argument("--think", type=float, default=0.0)
    p.add_argument("--name")
    p.add_argument("--rejoin-by-name", action="store_true")
    args = p.parse_args(argv)
    if not 0 <= args.port <= 65535:
        raise CliError("bad_arguments", "--port must be 0 to 65535")
    if not 0 < args.deadline <= 86400:
        raise CliError("bad_arguments", "--deadline must be a number of seconds above 0")
    if not 0 <= args.think <= 60:
        raise CliError("bad_arguments", "--think must be 0 to 60 seconds")
    log_file = None
    common = dict(bind=args.bind, discovery=not args.no_discovery, think=args.think, host_name=args.name,
                  rejoin_by_name=args.rejoin_by_name)
    # (a resumed table asks for the port it had, unless told another)
    if not args.resume or any(a == "--port" or a.startswith("--port=") for a in argv):
        common["port"] = args.port
    try:
        if args.resume:
            if args.save and args.save != args.resume:
                raise CliError("bad_arguments", "--resume keeps saving to the file it resumes; leave out --save")
            log_file = _open_log(args.log)
            kw = dict(common, log_file=log_file)
            if "--deadline" in argv:
                kw["deadline"] = args.deadline
            server = NetHost.resume(args.resume, **kw)
        else:
            missing = [f"--{n}" for n in ("variant", "seats", "seed", "rounds") if getattr(args, n) is None]
            if missing:
                raise CliError("bad_arguments", f"python -m game.net host: {', '.join(missing)} required")
            if args.rounds < 1:
                raise CliError("bad_arguments", "--rounds must be 1 or more")
            try:
                options = json.loads(args.options)
            except json.JSONDecodeError as exc:
                raise CliError("bad_json", f"--options is not valid JSON: {exc.msg}") from None
            if not isinstance(options, dict):
                raise CliError("bad_option", "--options must be a JSON object")
            seats = [s for s in args.seats.split(",")]
            if args.players is not None and args.players != len(seats):
                raise CliError("bad_arguments", f"--players {args.players} but --seats names {len(seats)} seats")
            seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
            log_file = _open_log(args.log)
            server = NetHost(args.variant, seats, options=options, seed=seed, rounds=args.rounds,
                             deadline=args.deadline, save=args.save, log_file=log_file, **common)
        try:
            port = server.bind()
        except OSError as exc:
            raise CliError("bind_failed", f"cannot listen on {args.bind or '*'}:{args.port}: "
                                          f"{exc.strerror or exc}", EXIT_NET) from None
        listening = {"ok": True, "event": "listening", "port": port, "fingerprint": server.fingerprint}
        if server.port_moved:  # a resumed table whose port was taken: its players need the new address
            listening["port_moved"] = True
        emit(listening)
        result = server.serve()
        if result is None:
            raise CliError("stopped", "the game was stopped before its end", EXIT_NET)
        emit({"ok": True, "event": "finished", "rounds": result["rounds"], "totals": result["totals"]})
        return 0
    except HostError as exc:
        raise CliError(exc.code, exc.message) from None
    finally:
        if log_file is not None:
            log_file.close()


def cmd_join(argv: list[str]) -> int:
    from .client import BotPlayer, JoinError, NetClient
    from .protocol import ProtocolError, clean_name

    p = _Parser(prog="python -m game.net join")
    p.add_argument("address")
    p.add_argument("--name", required=True)
    p.add_argument("--bot", default="normal")
    p.add_argument("--log")
    p.add_argument("--retry", type=float, default=60.0)
    # tests: stop answering at the first claim (or the first prompt), print {"event": "stalled"}, wait to be killed
    p.add_argument("--stall-at-claim", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--stall-at-prompt", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--trace", help=argparse.SUPPRESS)  # benchmarks: when each event came and each intent went
    args = p.parse_args(argv)
    host, sep, port = args.address.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) <= 65535:
        raise CliError("bad_arguments", f"the address is ADDR:PORT, not {args.address!r}")
    try:
        name = clean_name(args.name)
    except ProtocolError as exc:
        raise CliError("bad_arguments", exc.message) from None
    from game.headless.simulate import available_levels

    if args.bot not in available_levels():
        raise CliError("bad_arguments", f"unknown AI level {args.bot!r}; choose from {', '.join(available_levels())}")
    log_file = _open_log(args.log)
    trace_file = _open_log(args.trace)
    try:
        client = NetClient(host.strip("[]"), int(port), name, retry=args.retry, log_file=log_file)
        if trace_file is not None:
            client.trace = _tracer(client, trace_file)
        stall = "claim" if args.stall_at_claim else "prompt" if args.stall_at_prompt else None
        BotPlayer(client, args.bot, stall_at=stall,
                  on_stall=lambda prompt: emit({"ok": True, "event": "stalled", "prompt": prompt.get("id")}))
        try:
            finished = client.run()
        except JoinError as exc:
            raise CliError(exc.code, exc.message, EXIT_NET) from None
        emit({"ok": True, "event": "finished", "seat": client.seat, "totals": finished.get("totals"),
              "verified_rounds": client.verified_rounds, "failed_rounds": sorted(client.failed),
              "late_rounds": sorted(client.late)})
        return 0
    finally:
        for f in (log_file, trace_file):
            if f is not None:
                f.close()


def _tracer(client, out):
    """Benchmarks: `r NS SEQ` when event number SEQ arrives, `s NS PROMPT` when an intent goes (monotonic ns)."""
    import time

    from .client import EVENTS

    def trace(kind: str, msg: dict) -> None:
        now = time.monotonic_ns()
        if kind == "recv" and msg.get("type") in EVENTS:
            out.write(f"r {now} {client.seq}\n")
        elif kind == "sent" and msg.get("type") == "intent":
            out.write(f"s {now} {msg['prompt']}\n")

    return trace


def cmd_browse(argv: list[str]) -> int:
    from .discovery import browse

    p = _Parser(prog="python -m game.net browse")
    p.add_argument("--timeout", type=float, default=2.0)
    args = p.parse_args(argv)
    for table in browse(max(0.1, min(args.timeout, 30.0))):
        emit({"ok": True, "event": "table", "name": table.name, "address": table.address, "port": table.port,
              **{k: v for k, v in table.properties.items() if k not in ("ok", "event", "name", "address", "port")}})
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    try:
        if not argv or argv[0] in ("-h", "--help"):
            if argv:
                sys.stdout.write(__doc__ + "\n")
                return 0
            raise CliError("bad_arguments", "a command is required: host, join or browse")
        command, rest = argv[0], argv[1:]
        if command == "host":
            return cmd_host(rest)
        if command == "join":
            return cmd_join(rest)
        if command == "browse":
            return cmd_browse(rest)
        raise CliError("bad_arguments", f"unknown command {command!r}: use host, join or browse")
    except CliError as exc:
        emit({"ok": False, "error": exc.code, "message": exc.message})
        return exc.exit_code
    except KeyboardInterrupt:
        emit({"ok": False, "error": "interrupted", "message": "interrupted"})
        return 130
    except Exception as exc:  # a bug of ours: still a JSON answer on stdout (the traceback goes to stderr)
        logging.getLogger("game.net").exception("internal error")
        emit({"ok": False, "error": "internal_error", "message": f"{type(exc).__name__}: {exc}"})
        return EXIT_NET


if __name__ == "__main__":
    sys.exit(main())

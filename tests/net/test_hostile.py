"""Hostile clients: garbage, huge lines, wrong seat, out of turn, replayed intents, floods, silence. Each gets an
error reply or loses its connection; none stalls the table or changes another seat's game (docs/lan.md, Wire)."""

from __future__ import annotations

import json


import game.net.server as server_mod
from game.net.client import BotPlayer, NetClient
from game.net.server import NetHost
from tests.net.helpers import LOOPBACK, InProcessHost, RawClient, run_clients, start_in_order

SECRET = lambda r: f"{r:02d}" * 32  # noqa: E731 - fixed secrets and entropy: the same game twice
ENTROPY = lambda r: f"{r + 16:02x}" * 16  # noqa: E731


def fixed_host(seats, **kw) -> NetHost:
    kw.setdefault("rounds", 1)
    return NetHost("nanning", seats, seed=9, bind=LOOPBACK, discovery=False, secret_source=SECRET, **kw)


class HostileBot(BotPlayer):
    """Plays its seat correctly, but before each of its first answers it sends the host everything it should not:
    garbage, broken UTF-8, wrong types, an intent for another seat, for a stale prompt, an illegal move, a replay
    of its last intent, entropy out of turn, a second hello."""

    def __init__(self, client, level="easy", prompts=8):
        super().__init__(client, level)
        self.left = prompts
        self.last: dict | None = None
        self.replies: list[dict] = []

    def message(self, msg):
        if msg.get("type") in ("error", "refused"):
            self.replies.append(msg)
        super().message(msg)

    def _answer(self, prompt):
        if self.left > 0 and self.state is not None:
            self.left -= 1
            sock = self.client._sock
            seat, other = self.client.seat, (self.client.seat + 1) % 4
            junk = [b"\xff\xfe garbage\n", b"not json at all\n", b"[1,2,3]\n", b'{"type": "shout"}\n',
                    b'{"type": "intent"}\n', b"\n"]
            for line in junk:
                sock.sendall(line)
            self.client.send({"type": "intent", "prompt": prompt["id"], "action": {"seat": other, "type": "pass"}})
            self.client.send({"type": "intent", "prompt": prompt["id"] - 1000, "action": prompt["actions"][0]})
            self.client.send({"type": "intent", "prompt": prompt["id"],
                              "action": {"seat": seat, "type": "discard", "tile": "8f"}})
            self.client.send({"type": "intent", "prompt": prompt["id"], "action": {"seat": seat, "type": "fly"}})
            if self.last is not None:
                self.client.send(self.last)  # a replayed intent
            self.client.send({"type": "entropy", "round": 0, "value": "ab" * 16})
            self.client.send({"type": "hello", "name": "again"})
        super()._answer(prompt)

    def _intent_sent(self, msg):
        self.last = msg


def play(server: NetHost, hostile: bool) -> tuple[NetHost, list]:
    host = InProcessHost(server)
    clients, bots = [], []
    for name in ("A", "B"):
        c = NetClient(LOOPBACK, host.port, name, retry=5, entropy_source=ENTROPY)
        bot = HostileBot(c) if hostile and name == "A" else BotPlayer(c, "easy")
        if isinstance(bot, HostileBot):
            send = c.send

            def tracking_send(msg, _send=send, _bot=bot):
                if msg.get("type") == "intent" and _bot.last is not msg:
                    _bot.last = msg
                return _send(msg)
            c.send = tracking_send
        clients.append(c)
        bots.append(bot)
    threads = start_in_order(clients)
    for t in threads:
        t.join(60)
    assert host.wait(10) is not None
    return server, bots


def test_bad_messages_from_a_seated_client_are_refused_and_change_nothing():
    clean, _ = play(fixed_host(["remote", "ai:easy", "remote", "ai:easy"]), hostile=False)
    dirty, bots = play(fixed_host(["remote", "ai:easy", "remote", "ai:easy"]), hostile=True)
    assert dirty.host.events == clean.host.events  # the same game, move for move
    assert dirty.result == clean.result
    codes = {m.get("error") for m in bots[0].replies}
    assert {"bad_utf8", "bad_json", "bad_message", "unknown_type", "wrong_seat", "stale", "illegal",
            "bad_action", "already_joined"} <= codes, codes
    assert codes & {"stale", "not_prompted"}


def test_junk_from_strangers_never_reaches_the_table(monkeypatch):
    """While a game is played: a huge line, a flood, a silent connection, an intent before hello, a bad hello.
    Each stranger gets its error and is closed; the game is the same as without them."""
    monkeypatch.setattr(server_mod, "HELLO_TIMEOUT", 0.3)
    clean, _ = play(fixed_host(["remote", "ai:easy", "remote", "ai:easy"], rounds=2), hostile=False)
    # the AI seats take 10 ms a move here, so that the game lasts longer than the strangers' hello deadline
    server = fixed_host(["remote", "ai:easy", "remote", "ai:easy"], rounds=2, think=0.01)
    host = InProcessHost(server)
    huge, flood, silent, early, badname = (RawClient(host.port) for _ in range(5))
    huge.send(b"{" + b"x" * (100 * 1024))
    for _ in range(300):
        flood.send({"type": "ping"})
    early.send({"type": "intent", "prompt": 1, "action": {"seat": 0, "type": "pass"}})
    badname.send({"type": "hello", "name": "x" * 100})
    clients = run_clients(host.port, ["A", "B"], entropy_source=ENTROPY)
    assert host.wait(10) == clean.result
    assert server.host.events == clean.host.events
    assert all(c.finished is not None for c in clients)

    huge.wait_for(lambda m: m.get("error") == "line_too_long")
    flood.wait_for(lambda m: m.get("error") == "flood")
    silent.wait_for(lambda m: m.get("error") == "hello_timeout")
    early.wait_for(lambda m: m.get("error") == "hello_first")
    badname.wait_for(lambda m: m.get("error") == "bad_name")
    for raw in (huge, flood, silent):
        raw.pump(2)
        assert raw.closed
        raw.close()
    assert sum(m.get("type") == "pong" for m in flood.messages()) <= 100  # the burst, no more
    early.close()
    badname.close()


def test_a_seated_client_that_floods_loses_its_seat_to_the_ai_and_the_game_goes_on():
    server = fixed_host(["remote", "remote", "ai:easy", "ai:easy"], rounds=1, deadline=2)
    host = InProcessHost(server)
    raw = RawClient(host.port)
    raw.send({"type": "hello", "name": "Flood"})
    raw.wait_for(lambda m: m.get("type") == "welcome")
    c = NetClient(LOOPBACK, host.port, "B", retry=5)
    BotPlayer(c, "easy")
    import threading

    t = threading.Thread(target=c.run, daemon=True)
    t.start()
    raw.wait_for(lambda m: m.get("type") == "commit")
    raw.send(b"".join(json.dumps({"type": "ping", "id": i}).encode() + b"\n" for i in range(500)))
    raw.wait_for(lambda m: m.get("error") == "flood")
    t.join(60)
    result = host.wait(10)
    assert result is not None and result["rounds"] == 1 and c.finished == {"type": "finished", **result}
    assert 0 in server.host.autoplay or server.phase == "finished"
    raw.close()


def test_refusals_name_their_reason_and_a_replayed_intent_is_refused():
    """A seated raw client answers by hand: another seat's move, a stale prompt, a move it was not offered, then
    the right answer twice (the replay is refused), and an intent out of turn."""
    server = fixed_host(["remote", "ai:easy", "ai:easy", "ai:easy"], rounds=1, deadline=30)
    host = InProcessHost(server)
    raw = RawClient(host.port)
    try:
        raw.send({"type": "hello", "name": "Hand"})
        welcome = raw.wait_for(lambda m: m.get("type") == "welcome")
        seat = welcome["seat"]
        commit = raw.wait_for(lambda m: m.get("type") == "commit")
        raw.send({"type": "entropy", "round": commit["round"], "value": "cd" * 16})
        prompt = raw.wait_for(lambda m: m.get("type") == "prompt")
        good = prompt["actions"][0]

        def refusal(msg):
            n = len(raw.messages())
            raw.send(msg)
            return raw.wait_for(lambda m: m.get("type") in ("refused", "error"), start=n)

        assert refusal({"type": "intent", "prompt": prompt["id"], "action": {**good, "seat": (seat + 1) % 4}}
                       )["error"] == "wrong_seat"
        assert refusal({"type": "intent", "prompt": prompt["id"] + 50, "action": good})["error"] == "stale"
        assert refusal({"type": "intent", "prompt": prompt["id"],
                        "action": {"seat": seat, "type": "discard", "tile": "8f"}})["error"] == "illegal"
        before = len(server.host.events)
        raw.send({"type": "intent", "prompt": prompt["id"], "action": good})
        replay = refusal({"type": "intent", "prompt": prompt["id"], "action": good})
        assert replay["error"] in ("stale", "not_prompted") and len(server.host.events) > before
        # out of turn: nothing was offered to this seat for that prompt any more
        out_of_turn = refusal({"type": "intent", "prompt": prompt["id"], "action": good})
        assert out_of_turn["error"] in ("stale", "not_prompted")
    finally:
        raw.close()
        host.stop()

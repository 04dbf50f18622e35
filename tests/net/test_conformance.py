"""A client written from docs/lan.md alone ("Wire (the protocol)"), importing nothing from the game: it plays whole
games against `python -m game.net host` and checks every round's wall by the doc's step-by-step check, and the
doc's worked example with its own code.

Only the standard library below (and the test helpers that start the host process)."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import socket
import threading
import time
from collections import Counter

from tests.net.helpers import LOOPBACK, spawn_host

KINDS = ([f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNCFP") + [f"{n}f" for n in range(1, 9)])


# ------------------------------------------------------------------------------------------------ the wall, as the doc
class Stream:
    def __init__(self, key: bytes):
        self.key, self.block, self.words = key, 0, []

    def word(self) -> int:
        if not self.words:
            digest = hmac.new(self.key, self.block.to_bytes(8, "big"), hashlib.sha256).digest()
            self.words = [int.from_bytes(digest[i:i + 4], "big") for i in range(0, 32, 4)]
            self.block += 1
        return self.words.pop(0)

    def below(self, n: int) -> int:
        limit = 2 ** 32 - (2 ** 32 % n)
        while True:
            x = self.word()
            if x < limit:
                return x % n


def commit_of(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def seed_of(secret: str, entropy: list) -> str:
    text = "lingnan-commit-1\n" + secret + "\n" + "".join((e or "") + "\n" for e in entropy)
    return hashlib.sha256(text.encode()).hexdigest()


def wall_of(seed: str, round_no: int, tiles: int) -> dict:
    """Steps 4-7: the shuffled tiles, the dice, the live wall."""
    rng = Stream(f"lingnan-mahjong:{seed}:{round_no}".encode())
    # step 5: every suit and honour kind four times (136 tiles); a set of 144 has the eight flowers too
    layout = [k for k in KINDS[:34] for _ in range(4)] + (KINDS[34:] if tiles == 144 else [])
    for i in range(len(layout) - 1, 0, -1):
        j = rng.below(i + 1)
        layout[i], layout[j] = layout[j], layout[i]
    shuffled = list(layout)
    dice = (1 + rng.below(6), 1 + rng.below(6))
    total = sum(dice)
    stacks = (len(layout) + 1) // 2
    sides = [stacks // 4 + (1 if i < stacks % 4 else 0) for i in range(4)]
    side = (total - 1) % 4
    start = 2 * (sum(sides[:side]) + min(total, sides[side]))
    return {"shuffled": shuffled, "dice": dice, "live": layout[start:] + layout[:start]}


def deal_of(live: list, players: int, dealer: int) -> tuple[list, list]:
    """Step 8."""
    hands, pos = [[] for _ in range(players)], 0
    order = [(dealer + i) % players for i in range(players)]
    for _ in range(3):
        for s in order:
            hands[s] += live[pos:pos + 4]
            pos += 4
    for s in order:
        hands[s].append(live[pos])
        pos += 1
    hands[dealer].append(live[pos])
    return hands, live[pos + 1:]


def test_the_doc_s_worked_example_by_the_doc_s_steps():
    secret = "0123456789abcdef" * 4
    entropy = ["aa" * 16, None, "bb" * 16, None]
    assert commit_of(secret) == "a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e"
    seed = seed_of(secret, entropy)
    assert seed == "dd1fc4e127f50d28183ce998b3dde933452612feb61f8800358199ca3c7ba83a"
    rng = Stream(f"lingnan-mahjong:{seed}:0".encode())
    assert [rng.word() for _ in range(3)] == [3534731185, 549764920, 3818806847]
    wall = wall_of(seed, 0, 136)
    assert wall["shuffled"][:10] == "2p 3m S 6p 5m 6m 1p 3s 9s W".split() and wall["dice"] == (3, 6)
    assert wall["live"][:8] == "E 6p W 5m F 9m 5s 7m".split()
    assert wall["live"] == wall["shuffled"][18:] + wall["shuffled"][:18]


# ------------------------------------------------------------------------------------------------ a client, as the doc
class DocClient:
    def __init__(self, port: int, name: str):
        self.sock = socket.create_connection((LOOPBACK, port), timeout=5)
        self.name = name
        self.buf = b""
        self.seat = None
        self.players = 0
        self.commits: dict[int, str] = {}
        self.mine: dict[int, str] = {}
        self.rounds: dict[int, list] = {}
        self.current = None
        self.verified: list[int] = []
        self.problems: list[str] = []
        self.finished = None
        self.errors: list[dict] = []
        self.draws_checked = 0

    def send(self, msg: dict) -> None:
        self.sock.sendall(json.dumps(msg).encode() + b"\n")

    def lines(self):
        while True:
            while b"\n" not in self.buf:
                chunk = self.sock.recv(65536)
                if not chunk:
                    return
                self.buf += chunk
            line, self.buf = self.buf.split(b"\n", 1)
            yield json.loads(line)

    def play(self) -> None:
        self.send({"type": "hello", "name": self.name, "protocol": 1})
        for msg in self.lines():
            t = msg["type"]
            if t == "welcome":
                self.seat, self.players = msg["seat"], msg["players"]
                assert isinstance(msg["token"], str) and msg["by"] == "new"
            elif t == "commit":
                self.commits[msg["round"]] = msg["hash"]
                self.mine[msg["round"]] = os.urandom(16).hex()
                self.send({"type": "entropy", "round": msg["round"], "value": self.mine[msg["round"]]})
            elif t == "start_round":
                self.current = msg["round"]
                self.rounds[self.current] = [msg]
            elif t == "prompt":
                assert msg["seat"] == self.seat and msg["deadline"] is None
                self.send({"type": "shown", "prompt": msg["id"]})
                kinds = [a["type"] for a in msg["actions"]]
                pick = msg["actions"][kinds.index("win")] if "win" in kinds else \
                    msg["actions"][kinds.index("pass")] if "pass" in kinds else msg["actions"][0]
                self.send({"type": "intent", "prompt": msg["id"], "action": pick})
            elif t == "reveal":
                self.check(msg)
            elif t == "standing":
                self.send({"type": "ready", "on": True})
            elif t in ("error", "refused"):
                self.errors.append(msg)
            elif t == "finished":
                self.finished = msg
            elif "actor" in msg or t in ("deal", "end_round", "score"):
                if self.current is not None:
                    self.rounds[self.current].append(msg)
        self.sock.close()

    def check(self, reveal: dict) -> None:
        """The doc's step 9."""
        r = reveal["round"]
        events = self.rounds.get(r, [])
        secret, entropy = reveal["secret"], reveal["entropy"]
        if reveal["scheme"] != "lingnan-commit-1" or commit_of(secret) != self.commits.get(r):
            self.problems.append(f"round {r}: the secret does not match the commit")
            return
        if entropy[self.seat] != self.mine.get(r) or seed_of(secret, entropy) != reveal["seed"]:
            self.problems.append(f"round {r}: entropy or seed")
            return
        start = events[0]
        wall = wall_of(reveal["seed"], r, 2 * sum(start["wall_break"]["side_stacks"]))
        if list(wall["dice"]) != start["wall_break"]["dice"]:
            self.problems.append(f"round {r}: dice")
        hands, rest = deal_of(wall["live"], self.players, start["dealer"])
        deal = next(e for e in events if e["type"] == "deal" and e["seat"] == self.seat)
        if Counter(deal["tiles"]) != Counter(hands[self.seat]):
            self.problems.append(f"round {r}: my deal")
        draws = [e for e in events if e["type"] == "draw"]
        for i, d in enumerate(draws):
            if d["actor"] == self.seat:
                self.draws_checked += 1
                if d["tile"] != rest[i]:
                    self.problems.append(f"round {r}: draw {i}")
        if not self.problems:
            self.verified.append(r)


def test_a_client_written_from_the_doc_plays_whole_games(tmp_path):
    host, port = spawn_host(tmp_path, "--variant", "nanning", "--seats", "remote,ai:easy,remote,ai:easy",
                            "--seed", "21", "--rounds", "3", "--deadline", "30")
    clients = [DocClient(port, "Doc A"), DocClient(port, "Doc B")]
    try:
        threads = []
        for c in clients:
            threads.append(threading.Thread(target=c.play, daemon=True))
            threads[-1].start()
            end = time.monotonic() + 10
            while c.seat is None and time.monotonic() < end:
                time.sleep(0.01)
        code, last = host.finish(120)
        for t in threads:
            t.join(30)
        assert code == 0 and last["rounds"] == 3, host.stderr()[-2000:]
        for c in clients:
            assert not c.problems and not c.errors, (c.problems, c.errors)
            assert c.finished == {"type": "finished", "rounds": 3, "totals": last["totals"]}
            assert c.verified == [0, 1, 2] and c.draws_checked > 0
    finally:
        host.close()
        for c in clients:
            c.sock.close()

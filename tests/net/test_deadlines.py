"""Fair deadlines (issue #26 item 3): a prompt's countdown starts when its client says the prompt is on screen
(`shown`), at the latest a grace after it was sent; an unanswered claim passes (the AI never claims for a player);
only one's own turn is played by the AI at its deadline."""

from __future__ import annotations

import time

from game.net.server import NetHost
from tests.net.helpers import LOOPBACK, InProcessHost, RawClient

DEADLINE = 1.2


def table(grace: float, deadline: float = DEADLINE) -> tuple[NetHost, InProcessHost, RawClient]:
    server = NetHost("nanning", ["remote", "ai:easy", "ai:easy", "ai:easy"], seed=11, rounds=3, bind=LOOPBACK,
                     discovery=False, deadline=deadline, shown_grace=grace, secret_source=lambda r: f"{r:064x}")
    server.applied = []  # every intent of the client's that the table took
    host = InProcessHost(server)
    raw = RawClient(host.port)
    raw.send({"type": "hello", "name": "Slow"})
    commit = raw.wait_for(lambda m: m.get("type") == "commit")
    raw.send({"type": "entropy", "round": commit["round"], "value": "cd" * 16})
    return server, host, raw


def actions_so_far(server: NetHost) -> list[dict]:
    return [a for r in list(server.host.round_actions) for a in r] + list(server.host.current_actions)


def test_a_slow_screen_never_loses_a_turn_it_was_shown_for_less_than_the_deadline():
    server, host, raw = table(grace=2.5)
    try:
        seen = 0
        for _ in range(4):
            prompt = raw.wait_for(lambda m: m.get("type") == "prompt", start=seen, timeout=30)
            seen = raw.messages().index(prompt) + 1
            assert prompt["seconds"] == DEADLINE  # counted from its showing
            time.sleep(1.0)  # the screen is still animating: the prompt is not up yet
            raw.send({"type": "shown", "prompt": prompt["id"]})
            time.sleep(DEADLINE - 0.3)  # the player thinks, within his deadline from the showing
            pick = next(a for a in prompt["actions"] if a["type"] == "pass") if any(
                a["type"] == "pass" for a in prompt["actions"]) else prompt["actions"][0]
            raw.send({"type": "intent", "prompt": prompt["id"], "action": pick})
            raw.wait_for(lambda m: m.get("type") == "withdraw" and m["id"] == prompt["id"], start=seen)
            # his own answer was taken, 1.9 s after the prompt was sent: past the deadline counted from the sending
            assert any(a["prompt"] == prompt["id"] for a in server.applied), (prompt, server.applied[-3:])
        assert not [m for m in raw.messages() if m.get("type") in ("refused", "error")]
    finally:
        raw.close()
        host.stop()


def test_unanswered_prompts_claims_pass_and_only_a_turn_goes_to_the_ai():
    """Shown at once and never answered: at the deadline from the showing a claim passes and a turn is played;
    never shown: the same at the grace's end plus the deadline."""
    grace, deadline = 0.6, 0.6
    server, host, raw = table(grace=grace, deadline=deadline)
    try:
        seen, kinds = 0, {}
        for _ in range(40):
            prompt = raw.wait_for(lambda m: m.get("type") == "prompt", start=seen, timeout=30)
            seen = raw.messages().index(prompt) + 1
            claim = any(a["type"] == "pass" for a in prompt["actions"])
            shown = (claim, True) not in kinds  # each kind once shown, once not
            at = time.monotonic()
            before = len(actions_so_far(server))
            if shown:
                raw.send({"type": "shown", "prompt": prompt["id"]})
            raw.wait_for(lambda m: m.get("type") == "withdraw" and m["id"] == prompt["id"], start=seen, timeout=10)
            waited = time.monotonic() - at
            limit = deadline if shown else deadline + grace
            assert limit - 0.25 <= waited <= limit + 0.8, (shown, waited)
            mine = [a for a in actions_so_far(server)[before:] if a["seat"] == 0]
            if claim:
                assert mine[:1] == [{"seat": 0, "type": "pass"}], (prompt["actions"], mine)
            else:
                assert mine and mine[0]["type"] not in ("pass",) and mine[0] in prompt["actions"]
            kinds.setdefault((claim, shown), prompt["id"])
            if len(kinds) == 4:
                break
        assert set(kinds) == {(True, True), (True, False), (False, True), (False, False)}, kinds
        assert not server.applied  # nothing was the client's own: every answer came from the deadlines
    finally:
        raw.close()
        host.stop()


def test_a_remote_table_says_shown_once_when_the_view_first_reads_the_prompt():
    from game.net.remote_table import RemoteTable, connect

    server = NetHost("nanning", ["remote", "ai:easy", "ai:easy", "ai:easy"], seed=11, rounds=1, bind=LOOPBACK,
                     discovery=False, deadline=30)
    host = InProcessHost(server)
    sent: list[dict] = []
    client = connect(LOOPBACK, host.port, "View", trace=lambda kind, m: sent.append(m) if kind == "sent" else None)
    try:
        table = RemoteTable(client)
        end = time.monotonic() + 20
        while table.open_prompt(0) is None and time.monotonic() < end:
            table.advance(0.0)
            time.sleep(0.01)
        prompt = table.open_prompt(0)
        assert prompt is not None
        for _ in range(5):
            assert table.open_prompt(0).id == prompt.id  # every frame reads it again
        shown = [m for m in sent if m.get("type") == "shown"]
        assert shown == [{"type": "shown", "prompt": prompt.id}]
        end = time.monotonic() + 5
        while prompt.id not in server._prompt_shown and time.monotonic() < end:
            time.sleep(0.01)
        assert prompt.id in server._prompt_shown
    finally:
        client.close()
        host.stop()

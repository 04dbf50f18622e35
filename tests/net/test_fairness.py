"""Commit–reveal: the wall follows from the host's committed secret and the clients' entropy by the portable
shuffle; every client rebuilds it and checks what it was shown; a host that cheats is caught."""

from __future__ import annotations

import copy
import hashlib

import pytest

from game.engine.project import project
from game.headless.simulate import play_round
from game.host import Host, SeatConfig
from game.net import fairness
from game.net.server import NetHost
from tests.net.helpers import InProcessHost, run_clients


def test_the_commitment_and_the_seed_are_plain_sha256():
    secret = "ab" * 32
    assert fairness.commit_hash(secret) == hashlib.sha256(secret.encode()).hexdigest()
    seed = fairness.wall_seed(secret, ["01" * 16, None])
    assert seed == hashlib.sha256(f"lingnan-commit-1\n{secret}\n{'01' * 16}\n\n".encode()).hexdigest()
    assert fairness.wall_seed(secret, ["01" * 16, None]) != fairness.wall_seed(secret, ["02" * 16, None])
    assert len(fairness.new_secret()) == 64 and fairness.new_secret() != fairness.new_secret()


def simulated_rounds(variant: str, players: int, seed: int, rounds: int = 2):
    """(events, reveal, entropy) of AI rounds dealt from commit–reveal seeds on the real host loop."""
    host = Host(variant, {}, [SeatConfig(f"A{i}", level="easy") for i in range(players)], seed=seed, rounds=rounds,
                start_with_coins=False)
    for _ in range(rounds):
        secret = fairness.new_secret()
        entropy = [fairness.new_entropy() if s % 2 == 0 else None for s in range(players)]
        r = host.session.round_no
        host.round_seeds[r] = fairness.wall_seed(secret, entropy)
        play_round(host)
        yield r, host.events[host.round_first_event:], fairness.reveal_message(r, secret, entropy), entropy
        host.finish_round()
        if host.game_over():
            return


def verify(variant, players, seat, r, events, reveal, entropy, commit=None):
    return fairness.verify_round(variant_id=variant, options_raw={}, players=players, seat=seat, round_no=r,
                                 events=[project(e, seat) for e in events],
                                 commit=commit or fairness.commit_hash(reveal["secret"]), reveal=reveal,
                                 entropy_sent=entropy[seat])


@pytest.mark.parametrize("variant,players", [("nanning", 4), ("beihai", 4), ("beihai", 2), ("guiliu", 3),
                                             ("guangdong", 4), ("hainan", 4), ("hainan", 3)])
def test_every_seat_verifies_honest_rounds_of_every_rule_set(variant, players):
    n = 0
    for seed in range(3):
        for r, events, reveal, entropy in simulated_rounds(variant, players, seed):
            for seat in range(players):
                assert verify(variant, players, seat, r, events, reveal, entropy) == [], (seed, r, seat)
                n += 1
    assert n >= 3 * players


def test_each_kind_of_lie_is_found():
    r, events, reveal, entropy = next(simulated_rounds("nanning", 4, 11))
    ok = dict(reveal)
    assert verify("nanning", 4, 0, r, events, ok, entropy) == []
    # another secret than the one committed to
    committed = fairness.commit_hash(ok["secret"])
    assert "commitment" in verify("nanning", 4, 0, r, events, {**ok, "secret": "00" * 32}, entropy, committed)[0]
    # the client's entropy left out (or changed)
    assert "entropy" in verify("nanning", 4, 0, r, events, {**ok, "entropy": [None] * 4}, entropy)[0]
    # a seed that does not follow from them
    assert "seed" in verify("nanning", 4, 0, r, events, {**ok, "seed": "0" * 64}, entropy)[0]
    # a hand that is not the one the wall deals
    bad = copy.deepcopy(events)
    deal = next(e for e in bad if e["type"] == "deal" and e["seat"] == 0)
    deal["tiles"][0] = "P" if deal["tiles"][0] != "P" else "F"
    assert "deal" in verify("nanning", 4, 0, r, bad, ok, entropy)[0]
    # a drawn tile that is not the wall's
    bad = copy.deepcopy(events)
    draw = next(e for e in bad if e["type"] == "draw" and e["actor"] == 1)
    draw["tile"] = "P" if draw["tile"] != "P" else "F"
    assert "draw" in verify("nanning", 4, 1, r, bad, ok, entropy)[0]
    # another seat's hand laid open at the end with a tile it never had
    bad = copy.deepcopy(events)
    hand = bad[-1]["hands"][2]
    hand[0] = "P" if hand[0] != "P" else "F"
    assert "add up" in verify("nanning", 4, 0, r, bad, ok, entropy)[0]
    # a commitment that was never received
    assert fairness.verify_round(variant_id="nanning", options_raw={}, players=4, seat=0, round_no=r,
                                 events=[project(e, 0) for e in events], commit=None, reveal=ok) != []


def test_robbed_kongs_and_several_winners_add_up():
    """Robbing an added kong, an exposed kong (明杠可抢), by one or two players: the accounting of the end."""
    from game.headless.engine_cli import cmd_run
    from tests.variants.test_beihai import MGKQ, MING_HANDS, MING_TWO, ROB_ACTIONS, ROB_HANDS, ROB_WALL, act, d, \
        run_doc

    docs = [run_doc(ROB_HANDS, ROB_WALL, ROB_ACTIONS + [act(1, "win")], options={"qiang_gang_hu": True}),
            run_doc(MING_HANDS, "5s ...", [d(0, "8p"), act(2, "kong"), act(1, "win")], options=MGKQ),
            run_doc(MING_TWO, "5s ...", [d(0, "8p"), act(2, "kong"), act(1, "win"), act(3, "win")], options=MGKQ)]
    for doc in docs:
        events = cmd_run(doc)["events"]
        assert events[-1]["type"] == "end_round"
        assert fairness._check_tiles(events, events, doc["wall"], doc["players"]) == []
        robbed = copy.deepcopy(events)
        robbed[-1]["hands"][1].append("P")  # a tile from nowhere
        assert fairness._check_tiles(robbed, robbed, doc["wall"], doc["players"]) != []


# ------------------------------------------------------------------------------------------- cheating hosts
class StacksTheWall(NetHost):
    """Deals from a seed of its own choosing, reveals the committed secret."""

    def _wall_seed(self, secret, entropy):
        return "stacked"


class RevealsAnotherSecret(NetHost):
    def _reveal_message(self, r):
        msg = super()._reveal_message(r)
        secret = "11" * 32
        return {**msg, "secret": secret, "seed": fairness.wall_seed(secret, msg["entropy"])}


class LeavesOutEntropy(NetHost):
    """Deals without the clients' entropy (a wall it could have prepared) and reveals it honestly."""

    def _wall_seed(self, secret, entropy):
        return fairness.wall_seed(secret, [None] * len(entropy))

    def _reveal_message(self, r):
        f = self.fair[r]
        return fairness.reveal_message(r, f["secret"], [None] * self.players)


class SwapsTheNextDraw(NetHost):
    """Deals honestly, then, once play has begun, swaps the next tile to be drawn with the last drawable one
    (stacking someone's draw mid-round)."""

    swapped: tuple | None = None

    def _play(self, now):
        rnd = self.host.round
        if rnd is not None and self.swapped is None and self.host.current_actions:
            i = rnd.pos
            j = next(k for k in range(len(rnd.live) - rnd.tail - 1, i, -1) if rnd.live[k] != rnd.live[i])
            rnd.live[i], rnd.live[j] = rnd.live[j], rnd.live[i]
            self.swapped = (rnd, i, j)
        super()._play(now)

    def drawers(self) -> list[int]:
        """Who drew the two swapped places (a place nobody drew is left out)."""
        _, i, j = self.swapped
        actors = [e["actor"] for e in self.host.events if e["type"] == "draw"]
        return [actors[k] for k in (i, j) if k < len(actors)]


@pytest.mark.parametrize("cls", [StacksTheWall, RevealsAnotherSecret, LeavesOutEntropy, SwapsTheNextDraw])
def test_clients_catch_a_host_that_cheats(cls):
    for seed in (5, 6, 7):
        server = cls("nanning", ["remote"] * 4, seed=seed, rounds=1, bind="127.0.0.1", discovery=False)
        host = InProcessHost(server)
        clients = run_clients(host.port, ["A", "B", "C", "D"], timeout=60)
        assert host.wait(10) is not None
        catch = {c.name for c in clients}
        if cls is SwapsTheNextDraw:
            drawers = server.drawers()
            if not drawers:
                continue  # the round ended before that draw (a win on the first discard): nobody was dealt a lie
            if len(drawers) == 2 and drawers[0] == drawers[1]:
                # one seat drew both places: its tiles add up for the others; it sees its own draws were wrong
                catch = {c.name for c in clients if c.seat == drawers[0]}
        for c in clients:
            assert c.finished is not None
            if c.name in catch:
                assert c.verified_rounds == 0 and list(c.failed) == [0], (cls.__name__, c.name, c.failed)
        return
    pytest.fail("no game drew the swapped tile")


def test_an_honest_host_is_verified_by_every_client():
    server = NetHost("nanning", ["remote"] * 4, seed=5, rounds=2, bind="127.0.0.1", discovery=False)
    host = InProcessHost(server)
    clients = run_clients(host.port, ["A", "B", "C", "D"], timeout=60)
    assert host.wait(10)["rounds"] == 2
    assert [c.verified_rounds for c in clients] == [2, 2, 2, 2] and not any(c.failed for c in clients)

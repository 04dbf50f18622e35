import hmac
import random
import struct

import pytest

from game.engine.session import Session
from game.engine.state import new_round
from game.engine.wall import PortableRng, break_wall, deal, roll_dice, round_rng, side_lengths
from game.variants import get_variant

NANNING = get_variant("nanning")


def test_each_round_has_its_own_reproducible_rng():
    a = [round_rng(7, r).random() for r in range(3)]
    assert a == [round_rng(7, r).random() for r in range(3)]
    assert len(set(a)) == 3
    assert round_rng(7, 0).random() != round_rng(8, 0).random()


def test_the_dice_pick_the_wall_and_the_stack_where_drawing_starts():
    layout = list(range(136))
    live, brk = break_wall(layout, (3, 5))
    # sum 8: the wall of the fourth seat counting the dealer's own as the first (side 3), skipping 8 stacks
    assert (brk.side, brk.stacks) == (3, 8) and brk.side_stacks == (17, 17, 17, 17)
    assert live[0] == 2 * (17 * 3 + 8)
    assert sorted(live) == layout


def test_side_lengths_cover_every_tile_set():
    for size in (72, 76, 100, 108, 112, 136, 144):
        assert sum(side_lengths(size)) * 2 >= size


def test_dealing_gives_the_dealer_fourteen_from_the_front_of_the_wall():
    live = list(range(60))
    hands, rest = deal(live, 4, dealer=2)
    assert [len(h) for h in hands] == [13, 13, 14, 13]
    assert hands[2][:4] == [0, 1, 2, 3]  # the dealer takes the first four
    assert rest == list(range(53, 60))


def test_a_new_round_is_a_pure_function_of_seed_and_round_number():
    opts = NANNING.parse_options({}, 4)
    r1, e1 = new_round(NANNING, opts, 4, 1, seed="abc", round_no=3)
    r2, e2 = new_round(NANNING, opts, 4, 1, seed="abc", round_no=3)
    assert e1 == e2 and r1.live == r2.live
    r3, _ = new_round(NANNING, opts, 4, 1, seed="abc", round_no=4)
    assert r3.live != r1.live
    assert r1.tile_total() == 136 and r1.drawable() == 136 - 53


# ---- the portable RNG: golden values pin the algorithm (wall.py's docstring); a change here changes every deal.
# These literals were computed once by the implementation. If one fails, the wall is no longer the one old replays,
# other platforms and LAN peers deal: change the algorithm only on purpose (and bump the replay format with it).

def test_the_stream_is_hmac_sha256_of_a_big_endian_counter_read_as_32_bit_words():
    key = b"lingnan-mahjong:1:0"
    block0 = hmac.digest(key, (0).to_bytes(8, "big"), "sha256")
    assert block0.hex() == "6af5c5b4c9830eeb3cef155f2877496402cece3d096199b095748e9de4f39472"
    block1 = hmac.digest(key, (1).to_bytes(8, "big"), "sha256")
    expected = list(struct.unpack(">8I", block0) + struct.unpack(">8I", block1))
    rng = round_rng(1, 0)
    assert [rng._next_word() for _ in range(16)] == expected
    assert expected[:4] == [1794491828, 3380809451, 1022301535, 678906212]


def test_golden_shuffle_dice_and_draws():
    rng = round_rng(1, 0)
    tiles = list(range(136))
    rng.shuffle(tiles)
    assert tiles[:20] == [72, 2, 70, 40, 32, 24, 56, 38, 71, 14, 130, 103, 113, 120, 117, 76, 48, 114, 88, 100]
    assert roll_dice(rng) == (6, 2)  # drawn after the shuffle, from the same stream
    rng = round_rng(1, 0)
    assert [rng.randbelow(6) for _ in range(12)] == [2, 5, 1, 2, 1, 0, 3, 4, 4, 5, 5, 5]
    rng = round_rng("abc", -1)
    assert [rng.randrange(4) for _ in range(8)] == [3, 1, 3, 0, 2, 1, 1, 0]
    rng = PortableRng.from_key(bytes(32))
    assert [rng.randbelow(1000003) for _ in range(5)] == [525102, 155990, 608571, 232806, 910668]
    assert rng.randbelow(2**40) == 124694095901  # two words
    assert rng.randbelow(2**32 + 1) == 1462861075
    assert rng.random() == 0.984023655752944
    rng = round_rng(7, 0)
    assert [rng.random() for _ in range(3)] == [0.6093416284499293, 0.4402367922482995, 0.01127143825544008]


def test_golden_deal_dealer_and_ghost():
    opts = NANNING.parse_options({}, 4)
    _, events = new_round(NANNING, opts, 4, 0, seed=1, round_no=0)
    assert events[0]["wall_break"]["dice"] == [6, 2]
    assert events[1] == {"type": "deal", "seat": 0, "tiles": ["1m", "2m", "1p", "4p", "4p", "1s", "2s", "6s", "6s",
                                                              "S", "W", "W", "C", "F"]}
    assert [Session(NANNING, opts, 4, seed=s).dealer for s in range(8)] == [0, 3, 2, 1, 1, 2, 3, 1]
    beihai = get_variant("beihai")
    _, events = new_round(beihai, beihai.parse_options({"ghost": "flip_next"}, 4), 4, 0, seed=1, round_no=0)
    assert [e for e in events if e["type"] == "ghost"] == [{"type": "ghost", "indicator": "1p", "ghost": "2p"}]


def test_a_label_and_its_bytes_key_give_the_same_stream():
    a, b = round_rng(3, 2), PortableRng.from_key("lingnan-mahjong:3:2".encode())
    assert [a.randbelow(1000) for _ in range(50)] == [b.randbelow(1000) for _ in range(50)]
    with pytest.raises(TypeError):
        PortableRng.from_key("text is not a key")  # type: ignore[arg-type]


def test_the_shuffle_is_a_permutation():
    for seed in range(20):
        tiles = list(range(144))
        round_rng(seed, 0).shuffle(tiles)
        assert sorted(tiles) == list(range(144)) and tiles != list(range(144))
    for size in (0, 1, 2):
        items = list(range(size))
        round_rng(0, 0).shuffle(items)
        assert items == list(range(size))


def test_randbelow_is_uniform():
    rng = round_rng("uniformity", 0)  # a fixed seed: the statistic is a fixed number, so this cannot flake
    draws = 60_000
    counts = [0] * 6
    for _ in range(draws):
        counts[rng.randbelow(6)] += 1
    expected = draws / 6
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 30  # 5 degrees of freedom: a fair die exceeds 30 with probability about 1 in 70,000


def stub(words):
    """A PortableRng that reads the given words instead of HMAC blocks (to reach the rejection cases)."""
    rng = PortableRng.from_key(b"stub")
    rng._next_word = iter(words).__next__
    return rng


def test_rejection_sampling_throws_away_the_biased_top_of_the_range():
    # 2**32 = 3 * k + 1: the single top word would make 0 a hair likelier, so it is redrawn
    assert stub([0xFFFFFFFF, 7]).randbelow(3) == 1
    # 2**32 mod 6 == 4: the top four words are redrawn, the one below them is kept
    assert stub([0xFFFFFFFF, 0xFFFFFFFC, 0xFFFFFFFB]).randbelow(6) == 0xFFFFFFFB % 6
    # a power of two divides 2**32: nothing is rejected
    assert stub([0xFFFFFFFF]).randbelow(8) == 7
    # above 2**32, two words make one big-endian number, and the rule is the same: 2**64 mod (2**32 + 1) == 1
    assert stub([0xFFFFFFFF, 0xFFFFFFFF, 1, 2]).randbelow(2**32 + 1) == ((1 << 32) | 2) % (2**32 + 1)
    assert stub([0, 0]).random() == 0.0
    assert stub([0xFFFFFFFF, 0xFFFFFFFF]).random() == (2**53 - 1) / 2**53
    with pytest.raises(ValueError):
        stub([]).randbelow(0)


def test_ranges_and_choice_follow_python_meanings():
    rng = round_rng(5, 5)
    assert {rng.randrange(3) for _ in range(200)} == {0, 1, 2}
    assert {rng.randrange(-2, 1) for _ in range(200)} == {-2, -1, 0}
    assert {rng.randint(1, 6) for _ in range(300)} == {1, 2, 3, 4, 5, 6}
    assert {rng.choice("ab") for _ in range(100)} == {"a", "b"}
    assert all(0.0 <= rng.random() < 1.0 for _ in range(100))
    with pytest.raises(ValueError):
        rng.randrange(2, 2)
    with pytest.raises(IndexError):
        rng.choice([])


def test_walls_never_use_pythons_random_module(monkeypatch):
    def boom(*args, **kwargs):
        raise AssertionError("the wall used Python's random module")

    for name in ("shuffle", "randrange", "randint", "choice", "random", "getrandbits", "_randbelow", "sample",
                 "__init__"):
        monkeypatch.setattr(random.Random, name, boom)
    for name in ("shuffle", "randrange", "randint", "choice", "random", "getrandbits", "sample", "seed"):
        monkeypatch.setattr(random, name, boom)
    opts = NANNING.parse_options({}, 4)
    rnd, _ = new_round(NANNING, opts, 4, 0, seed=1, round_no=0)
    assert rnd.tile_total() == 136
    session = Session(NANNING, opts, 4, seed=1)  # the first dealer is drawn too
    session.start_round()
    beihai = get_variant("beihai")  # and Beihai turns its ghost indicator with the round's RNG
    new_round(beihai, beihai.parse_options({"ghost": "flip_next"}, 4), 4, 0, seed=1, round_no=0)

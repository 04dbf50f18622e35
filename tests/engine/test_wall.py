from game.engine.state import new_round
from game.engine.wall import break_wall, deal, round_rng, side_lengths
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

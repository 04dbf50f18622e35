from game.engine.state import Action, round_from_scenario
from game.engine.tiles import parse_tile, parse_tiles
from game.engine.view import seat_view
from game.variants import get_variant

NANNING = get_variant("nanning")


def T(text):
    return parse_tiles(text.split())


def test_waits_list_each_winning_kind_with_the_unseen_count_from_that_seat():
    # seat 1 waits on 1p and 4p (two-sided); seat 0 discards a 1p and seat 2 holds two 4p
    hands = [T("1p 1m 4m 7m 1s 4s 7s E S W N C F P"), T("2p 3p 5m 5m 5m 6s 7s 8s 9m 9m 9m E E"),
             T("4p 4p 2m 8m 3s 6s 9s S W N C F P"), T("1m 4m 7m 1s 4s 7s E S W N C F 6p")]
    rnd, _ = round_from_scenario(NANNING, NANNING.parse_options({}, 4), 4, 0, hands, T("9s 9s"))
    rnd.apply(Action(0, "discard", parse_tile("1p")))
    view = seat_view(rnd, 1)
    # 1p: 4 minus the discard = 3 unseen; 4p: seat 1 cannot see seat 2's two, so 4 unseen
    assert view.waits() == [(parse_tile("1p"), 3), (parse_tile("4p"), 4)]


def test_a_view_hides_other_seats_concealed_kongs_and_hands():
    hands = [T("9s 9s 9s 9s 1m 2m 3m 4p 5p 6p 7p 8p E E"), T("2p 3p 5m 5m 5m 6s 7s 8s 9m 9m 9m E E"),
             T("4p 4p 2m 8m 3s 6s 1s S W N C F P"), T("1m 4m 7m 1s 4s 7s S W N C F P 6p")]
    rnd, _ = round_from_scenario(NANNING, NANNING.parse_options({}, 4), 4, 0, hands, T("1p 2s 3s"))
    rnd.apply(Action(0, "concealed_kong", parse_tile("9s")))
    other = seat_view(rnd, 2)
    assert other.melds[0][0].tiles == [-1, -1, -1, -1]
    assert seat_view(rnd, 0).melds[0][0].tiles == [parse_tile("9s")] * 4
    assert other.drawn is None and other.hand == rnd.seats[2].hand
    assert other.unseen()[parse_tile("9s")] == 4  # seat 2 has not seen the kong's tiles

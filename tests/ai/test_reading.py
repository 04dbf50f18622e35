"""The table reading: how an opponent's shown calls say whether his ready hand may win on a discard."""

from __future__ import annotations

from game.ai.player import SkilledBot
from game.ai.reading import DISCARD_SHARE, discard_share, shown_class
from game.engine.melds import Meld
from game.engine.seat_state import SeatState
from game.engine.tiles import parse_tiles

from .test_player import opened_guangdong_round


def _meld(kind: str, tiles: str) -> Meld:
    return Meld(kind, parse_tiles(tiles.split()), from_seat=0)


def test_shown_calls_are_classed_by_count_chow_and_suit():
    assert shown_class([]) == "0"
    assert shown_class([_meld("pong", "5p 5p 5p")]) == "1P1"
    assert shown_class([_meld("chow", "1m 2m 3m"), _meld("pong", "E E E")]) == "2C1"  # honours keep to any suit
    assert shown_class([_meld("pong", "5p 5p 5p"), _meld("exposed_kong", "2s 2s 2s 2s")]) == "2P2"
    assert shown_class([_meld("chow", "1m 2m 3m")] * 4) == "3C1"  # three or more pooled


def test_a_class_never_measured_reads_as_the_old_constant_and_other_rule_sets_not_at_all():
    four = [_meld("pong", "1m 1m 1m"), _meld("chow", "2p 3p 4p")]
    assert discard_share("nanning", four) == 0.35  # Nanning has no chows: 2C2 was never seen
    assert discard_share("guangdong", four) == DISCARD_SHARE["guangdong"]["2C2"]
    assert discard_share("guiliu", four) == 0.35


def test_under_guangdongs_minimum_an_opponent_who_chowed_in_one_suit_is_more_of_a_threat_than_a_concealed_one():
    """Guangdong, seat 1 has chowed 1m 2m 3m: read from seat 2, his ready hand may win on a discard as often as
    the measured share for one chow in one suit says (such hands go for 混一色 or 清一色), a concealed opponent's
    less often (a plain hand cannot win on a discard under 3 fan). Without the minimum every ready hand may."""
    for min_fan, gated in ((3, True), (0, False)):
        rnd, _ = opened_guangdong_round(min_fan)
        opponents = {o.seat: o for o in SkilledBot("expert")._opponents(SeatState.of_round(rnd, 2))}
        if gated:
            assert opponents[1].share == DISCARD_SHARE["guangdong"]["1C1"]
            assert opponents[3].share == opponents[0].share == DISCARD_SHARE["guangdong"]["0"]
            assert opponents[1].share > opponents[3].share
        else:
            assert all(o.share == 1.0 for o in opponents.values())
        assert opponents[1].threat == opponents[1].ready * opponents[1].share

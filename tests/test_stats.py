from game import replays, stats
from game.host import Host, SeatConfig


def test_statistics_count_what_the_replays_record(tmp_path, monkeypatch):
    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))
    seats = [SeatConfig("Ana", human=True), SeatConfig("B"), SeatConfig("C"), SeatConfig("D")]
    table = Host("nanning", {}, seats, seed=3, rounds=6)
    table.autoplay.add(0)
    expected = {"rounds": 0, "wins": 0, "self": 0, "dealins": 0, "net": 0}
    for _ in range(6):
        table.start_round()
        while not table.round.finished:
            table.step_bot()
        res = table.round.result()
        expected["rounds"] += 1
        expected["net"] += res["deltas"][0]
        for w in res["wins"]:
            if w["seat"] == 0:
                expected["wins"] += 1
                expected["self"] += w["from"] is None
            elif w["from"] == 0:
                expected["dealins"] += 1
        replays.write(table.round_replay())
        table.finish_round()
    assert stats.profiles() == ["Ana"]
    s = stats.compute("Ana")
    assert (s.rounds, s.wins, s.self_draws, s.deal_ins, s.net) == (
        expected["rounds"], expected["wins"], expected["self"], expected["dealins"], expected["net"])
    assert s.net == table.totals()[0] and s.timeline[-1][1] == s.net and len(s.timeline) == 6
    assert stats.compute("Ana", "beihai").rounds == 0
    assert sum(s.hands.values()) >= s.wins

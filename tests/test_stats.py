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
    assert stats.profiles() == ["name:Ana"]  # a seat without a profile counts by its name
    s = stats.compute("Ana")
    assert (s.rounds, s.wins, s.self_draws, s.deal_ins, s.net) == (
        expected["rounds"], expected["wins"], expected["self"], expected["dealins"], expected["net"])
    assert s.net == table.totals()[0] and s.timeline[-1][1] == s.net and len(s.timeline) == 6
    assert stats.compute("Ana", "beihai").rounds == 0
    assert sum(s.hands.values()) >= s.wins


def _round(seats, seed):
    table = Host("nanning", {}, seats, seed=seed, rounds=1)
    table.autoplay.add(0)
    table.start_round()
    while not table.round.finished:
        table.step_bot()
    replays.write(table.round_replay())
    return table.round.result()["deltas"][0]


def test_a_player_s_record_follows_his_profile_through_a_new_name_and_another_language(tmp_path, monkeypatch):
    """The same player, seat 0 of this machine: first as "You", then "我" (the language changed), then "阿强" (he
    typed a name): one record, shown by the name his profile has now."""
    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))
    from game.settings import Settings

    settings = Settings()
    pid = settings.profile_id(0)
    assert settings.profile_id(0) == pid  # kept
    others = [SeatConfig("B"), SeatConfig("C"), SeatConfig("D")]
    total = 0
    for seed, shown in ((1, "You"), (2, "我"), (3, "阿强")):
        total += _round([SeatConfig(shown, human=True, profile=pid), *others], seed)
    total_other = _round([SeatConfig("You", human=True, profile=settings.profile_id(1)), *others], 4)
    keys = stats.profiles()
    assert keys[0] == f"id:{pid}" and len(keys) == 2
    s = stats.compute(f"id:{pid}")
    assert s.rounds == 3 and s.net == total
    assert stats.compute(f"id:{settings.profile_id(1)}").net == total_other
    assert stats.display_name(f"id:{pid}") == "阿强"  # the name he last played under
    settings.name_profile(pid, "强哥")
    assert stats.display_name(f"id:{pid}", known=settings.profiles) == "强哥"


def test_scores_of_different_rule_sets_are_never_added(tmp_path, monkeypatch):
    """Issue #27 item 8: 全部玩法 added Nanning's coins to Beihai's points. The counts add up over every rule set;
    the scores only within one, and the screen opens on the rule set the player played most."""
    monkeypatch.setenv("LINGNAN_HOME", str(tmp_path))
    for vid, seed in (("nanning", 1), ("nanning", 2), ("beihai", 3)):
        table = Host(vid, {}, [SeatConfig("Ana", human=True)] + [SeatConfig(n) for n in "BCD"], seed=seed, rounds=1)
        table.autoplay.add(0)
        table.start_round()
        while not table.round.finished:
            table.step_bot()
        replays.write(table.round_replay())
    everything, nanning = stats.compute("Ana"), stats.compute("Ana", "nanning")
    assert everything.rounds == 3 and nanning.rounds == 2 and stats.compute("Ana", "beihai").rounds == 1
    assert not everything.one_unit and nanning.one_unit
    assert dict(everything.rule_sets) == {"nanning": 2, "beihai": 1}
    assert stats.most_played("name:Ana") == "nanning"

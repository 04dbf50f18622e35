"""What the settlement says, as a player reads it (issue #27 item 3): no formula notation (n =, F, 2^) in any rule
set's settlement lines over many AI rounds, nor in the rules help's scoring words, in zh_CN, en and zh_TW; and lines
wrap only between items, never inside a name, a number or a sum."""

from __future__ import annotations

import re

import pytest

import game.i18n
from game.engine.events import render
from game.host import Host, SeatConfig
from game.i18n import translator
from game.ui.settlement_words import wrap_words
from game.variants import get_variant

LANGUAGES = ("zh_CN", "en", "zh_TW")
NAMES = ("阿强", "Alice", "电脑3", "Bob")
# the notation the settlement and rules help once used: "n = 1：…", "× F 2", "F = 1 + …", "2^番", "2^(n−1)", "N+1"
NOTATION = re.compile(r"\b[nN] ?=|\bN ?\+|\bF\b ?[=\d]|× ?F\b|\^")
# each rule set with options that bring out its settlement lines (庄闲 and 连庄 in Hainan's multipliers, every
# Guiliu doubling) and, for Hainan, the 嘎 each seat puts up
TABLES = (("nanning", {}, None), ("beihai", {"ghost_points": True}, None), ("guiliu", {}, None),
          ("guangdong", {}, None), ("hainan", {"zhuang_xian": True, "lian_zhuang": True}, {0: 2, 1: 0, 2: 1, 3: 3}))


def _score_messages(variant: str, options: dict, setup: dict | None, seeds: range, rounds: int) -> list[dict]:
    """Every score event's messages of AI games of `variant` (wins, kongs, flowers, horses, 醒 as they come)."""
    out = []
    for seed in seeds:
        # normal: the easy AI seldom reaches Guangdong's minimum fan, so its rounds are drawn
        table = Host(variant, dict(options), [SeatConfig(n, level="normal") for n in NAMES], seed=seed, rounds=rounds)
        table.start_round(setup=setup)
        for _ in range(rounds * 60):
            table.run_bots()
            if table.round is not None and table.round.finished:
                out += [m for e in table.events[table.round_first_event:] if e["type"] == "score"
                        for m in e.get("messages", [])]
                if not table.next_round():
                    break
                if table.round is None:  # the next round's choices (上嘎) wait to be made
                    table.start_round(setup=setup)
            elif table.round is None:
                table.start_round(setup=setup)
    return out


@pytest.mark.parametrize("variant, options, setup", TABLES, ids=[t[0] for t in TABLES])
def test_no_settlement_line_of_many_rounds_uses_formula_notation(compiled, monkeypatch, variant, options, setup):
    monkeypatch.setattr(game.i18n, "locale_dir", lambda: compiled)
    messages = _score_messages(variant, options, setup, range(1, 5), 3)
    assert len({m["id"] for m in messages}) >= 3  # several kinds of line were scored and read
    rule_set = get_variant(variant)
    for lang in LANGUAGES:
        t = translator(lang).gettext
        for m in messages:
            words = render(m, translate=t, seat_name=lambda i: NAMES[i],
                           hand_name=lambda h: t(rule_set.hand_name(h)))
            assert "{" not in words and not NOTATION.search(words), (lang, m, words)
    if variant == "hainan":  # the 嘎 that multiplied a payment is in its line, by number
        t = translator("zh_CN").gettext
        shown = [render(m, translate=t, seat_name=lambda i: NAMES[i]) for m in messages]
        assert any("嘎 2 + 3" in words or "嘎 3 + 2" in words for words in shown), shown[:20]


def test_the_rules_help_scoring_words_use_no_formula_notation(compiled, monkeypatch):
    """The rules summaries, the 上嘎 explanation and every hand type's value as rules help shows them."""
    from game.variants.hainan import GA_EXPLAINED

    monkeypatch.setattr(game.i18n, "locale_dir", lambda: compiled)
    for lang in LANGUAGES:
        t = translator(lang).gettext
        for vid in ("nanning", "beihai", "guiliu", "guangdong", "hainan"):
            v = get_variant(vid)
            texts = [t(v.summary), t(GA_EXPLAINED)]
            texts += [str(getattr(h, "value_text", "") or "") for h in v.hand_types]
            texts += [str(getattr(h, "value", "") or "") for h in getattr(v, "small_hands", ())]
            for words in texts:
                assert not NOTATION.search(words), (lang, vid, words)


def test_a_wrapped_line_never_splits_a_name_a_number_or_a_sum():
    """At every width from too narrow to wide: each name whole on one line, no number cut in two, each
    "a × b = c" whole, and nothing lost or added but the breaks."""
    lines = ["电脑3 付给 阿强 1 × 1 = 1（1 + 嘎 0 + 0）", "每份：底注 10 × 9 × 4 = 360",
             "Alice pays Bob (8 + Xing 12) × 2 = 40", "[胡牌] 电脑3 · 自摸 · 清一色 · 碰碰胡 · 12番",
             "阿强 +120 · Alice −40 · 电脑3 −40 · Bob −40"]
    sums = re.compile(r"\d+ ?× ?\d+ ?= ?\d+")
    for words in lines:
        for width in range(1, 60):
            wrapped = wrap_words(words, width, len, keep=list(NAMES))
            assert "".join(wrapped).replace(" ", "") == words.replace(" ", "")  # only breaks changed
            joined = "\n".join(wrapped)
            for name in NAMES:
                assert joined.count(name) == words.count(name), (width, wrapped)
            assert re.findall(r"\d+", joined) == re.findall(r"\d+", words), (width, wrapped)
            assert sums.findall(joined) == sums.findall(words), (width, wrapped)
            for line in wrapped:
                assert line == line.strip() and not line.startswith(("，", "：", "）", ")", "·")), wrapped
        assert len(wrap_words(words, 8, len, keep=list(NAMES))) > 1  # narrow: it did wrap
        assert wrap_words(words, 200, len, keep=list(NAMES)) == [words]  # wide: one line, as written

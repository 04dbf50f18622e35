"""The rule sets' Chinese terms as the player's language shows them.

The rule sets name their options, option values, groups and hand types in Chinese, as their players do
(game/variants/). Each such term is a msgid of its own (tools/i18n.py lists them from the rule sets' data): zh_CN
shows it as it is, zh_TW in traditional characters, English as the term with a gloss ("平胡 (plain hand)"), so an
English player learns the words the table uses."""

from __future__ import annotations

from dataclasses import fields


def rule_terms() -> list[str]:
    """Every Chinese term of every listed rule set that the UI may show (names, option labels, helps, groups and
    value labels, hand-type names), in a stable order."""
    from game.variants import AVAILABLE, get_variant

    out: dict[str, None] = {}
    for vid in AVAILABLE:
        v = get_variant(vid)
        out[v.name] = None
        if v.fan_unit:
            out[v.fan_unit] = None  # 番, 倍
        for f in fields(v.Options):
            md = f.metadata
            for key in ("label", "group", "help"):
                if md.get(key):
                    out[str(md[key])] = None
            for label in (md.get("labels") or {}).values():
                out[str(label)] = None
        for t in v.hand_types:
            out[t.name] = None
            if t.value_text:
                out[t.value_text] = None  # "cap+2", "+1 each", "1 (番)"
        for small in v.small_hands:
            out[small.name] = None
            out[small.value] = None
    # what has words in it (a bare number or formula like "2 / 4" reads the same everywhere)
    return [t for t in out if any(c.isalpha() and c not in "NnX" for c in t)]


def hand_name(app, variant, hand_id: str) -> str:
    """A hand type's name in the player's language (its Chinese name is the msgid)."""
    return app.t(variant.hand_name(hand_id))


def count_text(app, count, unit: str) -> str:
    """A count with the rule set's unit in the player's language: "3番", "3倍", "3 fan", "3×"."""
    word = app.t(unit) if unit else ""
    if word and word[0].isascii() and word[0].isalpha():
        return f"{count} {word}"
    return f"{count}{word}"

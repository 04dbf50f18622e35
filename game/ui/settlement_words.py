"""What the settlement says (game.ui.scenes.settlement draws it): how each winner won, the score table's rows,
and each score item and flip as a line of words — translated, with the players' names and the rule set's own
labels and hand names. Text only: no pygame, so it can be read and tested on its own."""

from __future__ import annotations

import re
from typing import Any, Callable

from game.engine.events import LIST_SEPARATOR, render
from game.i18n import N_
from game.ui.model import flip_rows
from game.ui.terms import count_text, hand_name

# a kong's row says which kong it paid for (msgids: zh_TW 明槓 …, English Exposed kong …)
KONG_WORDS = {"kong": N_("明杠"), "added_kong": N_("补杠"), "concealed_kong": N_("暗杠")}


# An operand of a sum as the settlement writes it: a number, maybe signed, bracketed or after a short word ("底注 10",
# "嘎 2", "base 10"); a sum is operands joined by × + − = ("底注 10 × 9 × 4 = 360", "(8 + 醒 2) × 2 = 20").
_OPERAND = r"[(（]?(?:[^\s\d()（）×+=−,，:：;；]{1,6} )?[+\-−]?\d+[)）]?"
SUM = re.compile(rf"{_OPERAND}(?: ?[×x+\-−=] ?{_OPERAND})+")
NUMBER = re.compile(r"[+\-−]?\d+")
_CLOSING = set("，。、：；！？）」』,.:;!?)]%")  # never starts a line: it stays with what it closes
_OPENING = set("（「『([")  # never ends a line: it goes with what it opens
_CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")


def atoms(words: str, keep: list[str] = ()) -> list[str]:
    """`words` cut where a line may break: between words and between Chinese characters, never inside a name of
    `keep` (players, hand types), a number or a sum ("1 × 1 = 1"); spaces are atoms of their own."""
    protected: list[tuple[int, int]] = []
    for name in sorted({k for k in keep if k}, key=len, reverse=True):
        for m in re.finditer(re.escape(name), words):
            protected.append(m.span())
    protected += [m.span() for m in SUM.finditer(words)]
    protected += [m.span() for m in NUMBER.finditer(words)]
    spans: list[list[int]] = []
    for start, end in sorted(protected):  # overlapping protections make one unbreakable piece
        if spans and start < spans[-1][1]:
            spans[-1][1] = max(spans[-1][1], end)
        else:
            spans.append([start, end])
    out: list[str] = []
    i, k = 0, 0
    while i < len(words):
        if k < len(spans) and spans[k][0] <= i:
            out.append(words[i:spans[k][1]])
            i = spans[k][1]
            k += 1
            continue
        stop = spans[k][0] if k < len(spans) else len(words)
        ch = words[i]
        if ch.isspace():
            j = i
            while j < stop and words[j].isspace():
                j += 1
            out.append(" ")
        elif _CJK.match(ch):
            j = i + 1
            out.append(ch)
        else:
            j = i
            while j < stop and not words[j].isspace() and not _CJK.match(words[j]):
                j += 1
            out.append(words[i:j])
        i = j
    glued: list[str] = []
    for atom in out:  # punctuation stays with its neighbour; a unit (番, 倍) with its number
        if atom in ("·", "→") and len(glued) > 1 and glued[-1] == " ":  # a separator ends its line, never starts one
            glued.pop()
            glued[-1] += " " + atom
            continue
        follows = glued and glued[-1] != " "
        if follows and (atom[0] in _CLOSING or glued[-1][-1] in _OPENING
                        or (glued[-1][-1].isdigit() and len(atom) == 1 and _CJK.match(atom))):
            glued[-1] += atom
        else:
            glued.append(atom)
    return glued


def wrap_words(words: str, width: int, measure: Callable[[str], int], keep: list[str] = ()) -> list[str]:
    """`words` in lines no wider than `width` (as `measure` says), broken only between atoms (see `atoms`); an atom
    wider than a whole line stands alone on its line rather than be cut."""
    lines: list[str] = []
    line, space = "", False
    for atom in atoms(words, keep):
        if atom == " ":
            space = bool(line)
            continue
        candidate = f"{line} {atom}" if space else line + atom
        if not line or measure(candidate) <= width:
            line = candidate
        else:
            lines.append(line)
            line = atom
        space = False
    if line or not lines:
        lines.append(line)
    return lines


class SettlementWords:
    """The words of the round the table view `view` shows (its model, its table's rule set and seats), read at
    every call: a language switch shows at once."""

    def __init__(self, app: Any, view: Any):
        self.app = app
        self.view = view

    @property
    def model(self) -> Any:
        return self.view.model  # the finished round's TableModel

    @property
    def variant(self) -> Any:
        return self.view.table.variant

    @property
    def seats(self) -> list:
        return self.view.table.seats  # name per seat

    def flip_caption(self, row: Any) -> str:
        return self.view.flip_caption(row)  # "阿强：计 3" for a flip's row

    def win_caption(self, win: dict) -> str:
        """"阿芳点炮 · 平胡 · 1番": how he won, his hand types and their count."""
        app = self.app
        if win.get("target") is None:
            how = app.t("self-drawn")
        else:
            how = app.t("won on {name}'s tile").format(name=self.seats[win["target"]].name)
        names = app.t(LIST_SEPARATOR).join(hand_name(app, self.variant, x) for x in win.get("hands", []))
        unit = self.variant.fan_unit
        count = f" · {count_text(app, win['fan'], unit)}" if win.get("fan") is not None else ""  # small hands: none
        return f"{how} · {names}{count}" if names else f"{how}{count}"

    def score_rows(self) -> list[tuple[str, list[int]]]:
        """The score table's rows: for each scoring item its label and what it was for, with each player's amount;
        the round's sum last. Words only, no formulas (those are the working, `score_lines`)."""
        app, m, variant = self.app, self.model, self.variant
        names = [s.name for s in self.seats]
        wins = list(m.wins)
        rows = []
        win_index = 0
        for index, item in enumerate(m.scores):
            label = app.t(variant.score_reason(item["reason"]).label)
            deltas = list(item["deltas"])
            if item["reason"] == "win":
                win = self._win_of(item, wins, win_index)
                win_index += 1
                what = f"{names[win['actor']]} · {self.win_caption(win)}" if win is not None else ""
            else:
                gainers = [names[i] for i, d in enumerate(deltas) if d > 0 and i < len(names)]
                what = app.t(LIST_SEPARATOR).join(gainers)
                kong = m.kong_kinds.get(index)
                if kong in KONG_WORDS:  # which kong it paid for: 明杠, 补杠 or 暗杠 pay differently
                    what = f"{what} · {app.t(KONG_WORDS[kong])}" if what else app.t(KONG_WORDS[kong])
            rows.append((f"{label} · {what}" if what else label, deltas))
        if rows:
            total = [sum(d[i] for _, d in rows) for i in range(len(names))]
            rows.append((app.t("This round"), total))
        return rows

    @staticmethod
    def _win_of(item: dict, wins: list[dict], index: int) -> dict | None:
        """The win a "win" item pays: the one whose winner its messages name, else the index-th (one item a win)."""
        for msg in item.get("messages") or []:
            params = msg.get("params", {}) if isinstance(msg, dict) else {}
            if isinstance(params.get("winner"), int):
                for win in wins:
                    if win["actor"] == params["winner"]:
                        return win
        return wins[index] if index < len(wins) else None

    def keep_whole(self) -> list[str]:
        """What a wrapped line must never split: the players' names and the rule set's hand names as shown."""
        app, variant = self.app, self.variant
        hands = [hand_name(app, variant, t.id) for t in getattr(variant, "hand_types", ())]
        hands += [hand_name(app, variant, h.id) for h in getattr(variant, "small_hands", ())]
        return [s.name for s in self.seats] + hands

    def itemised(self) -> list[tuple[int, str]]:
        """The settlement as a list, like a mahjong app's: for each score item its title (level 0: "[胡牌] 阿强 ·
        自摸 · 清一色 · 3番"), then each thing it counted on a line of its own (level 1: a hand type and its fan or
        multiplier, an addition, the horses or 醒 that hit, 嘎, a liability, each payment), then what each player
        gained or paid for it (level 2); the round's sum for each player last."""
        app, m, variant = self.app, self.model, self.variant
        names = [s.name for s in self.seats]

        def seat_name(i: int) -> str:
            return names[i] if isinstance(i, int) and 0 <= i < len(names) else str(i)

        rows = self.score_rows()
        out: list[tuple[int, str]] = []
        for item, (title, deltas) in zip(m.scores, rows):
            out.append((0, f"[{title}]" if " · " not in title else "[" + title.replace(" · ", "] ", 1)))
            for msg in item.get("messages") or item.get("lines") or []:
                out.append((1, render(msg, translate=app.t, seat_name=seat_name,
                                      hand_name=lambda h: hand_name(app, variant, h))))
            out.append((2, self.paid_words(deltas)))
        if rows:
            out.append((0, f"[{rows[-1][0]}] " + self.paid_words(rows[-1][1])))
        return out

    def paid_words(self, deltas: list[int]) -> str:
        """"阿强 +30 · Alice −10 · Bob −20": each player who gained or paid, by name (nobody: "0")."""
        names = [s.name for s in self.seats]
        paid = [f"{names[i]} {'+' if d > 0 else '−'}{abs(d)}" for i, d in enumerate(deltas) if d and i < len(names)]
        return " · ".join(paid) if paid else "0"

    def settlement_lines(self) -> list[str]:
        """One entry per score item ("[label] how, line by line  →  who gains or pays") and per flip, translated:
        labels from the rule set's declarations, lines from the engine's messages with the players' names."""
        return self.score_lines() + self.flip_lines()

    def flip_lines(self) -> list[str]:
        """Per flip: "[label] its tiles · each winner and his count" (the screen draws them as pictures)."""
        app, variant = self.app, self.variant
        out = []
        for flip in self.model.flips:
            counted = [self.flip_caption(row) for row in flip_rows(flip) if row.seat is not None]
            out.append(f"[{app.t(variant.flip_kind(flip.get('kind')).label)}] " + " ".join(flip["tiles"])
                       + "".join(f"  ·  {c}" for c in counted))
        return out

    def score_lines(self) -> list[str]:
        """One entry per score item ("[label] how, line by line  →  who gains or pays"), translated."""
        app, m, variant = self.app, self.model, self.variant
        names = [s.name for s in self.seats]

        def seat_name(i: int) -> str:
            return names[i] if isinstance(i, int) and 0 <= i < len(names) else str(i)

        out = []
        for item in m.scores:
            label = app.t(variant.score_reason(item["reason"]).label)
            messages = item.get("messages") or item.get("lines") or []  # a bare line renders as itself
            how = "  ·  ".join(render(x, translate=app.t, seat_name=seat_name,
                                      hand_name=lambda h: hand_name(app, variant, h))
                               for x in messages)
            who = "  ".join(f"{seat_name(i)} {d:+d}" for i, d in enumerate(item["deltas"]) if d)
            out.append(f"[{label}] {how}   →  {who}")
        return out

"""What the settlement says (game.ui.scenes.settlement draws it): how each winner won, the score table's rows,
and each score item and flip as a line of words — translated, with the players' names and the rule set's own
labels and hand names. Text only: no pygame, so it can be read and tested on its own."""

from __future__ import annotations

from typing import Any

from game.engine.events import LIST_SEPARATOR, render
from game.i18n import N_
from game.ui.model import flip_rows
from game.ui.terms import count_text, hand_name

# a kong's row says which kong it paid for (msgids: zh_TW 明槓 …, English Exposed kong …)
KONG_WORDS = {"kong": N_("明杠"), "added_kong": N_("补杠"), "concealed_kong": N_("暗杠")}


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

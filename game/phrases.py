"""Quick phrases (快捷语): short lines a player sends with one click, shown as a bubble at his seat and spoken by his
seat's voice in each listener's own dialect (the voice packs' `talk_<id>` clips). The same ids travel over the LAN
(game.net.protocol); the text is a msgid, translated where it is shown."""

from __future__ import annotations

from typing import NamedTuple

from game.i18n import N_


class Phrase(NamedTuple):
    id: str  # the voice token is talk_<id>
    text: str  # msgid (English); zh_CN / zh_TW in the catalogues


PHRASES: tuple[Phrase, ...] = (
    Phrase("hello", N_("Hello, everyone!")),
    Phrase("hurry", N_("Hurry up, please!")),
    Phrase("think", N_("Let me think…")),
    Phrase("nice", N_("Nice hand!")),
    Phrase("luck", N_("Lucky today!")),
    Phrase("sorry", N_("Sorry!")),
    Phrase("thanks", N_("Thanks!")),
    Phrase("bye", N_("Let's play again next time!")),
)
PHRASE_IDS: frozenset[str] = frozenset(p.id for p in PHRASES)
PHRASE_GAP = 2.0  # seconds between two phrases of one seat (the table is not a chat room)


def phrase_text(phrase_id: str) -> str | None:
    """The msgid of a phrase, None for an id we do not know."""
    return next((p.text for p in PHRASES if p.id == phrase_id), None)

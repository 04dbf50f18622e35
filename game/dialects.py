"""The dialects the game speaks, and their names: the one place they are written. Beside the package, not in
game/audio: importing game.audio loads the mixer (pygame), which `--version` and the settings must not.

`VOICE_DIALECTS` are the dialects a voice pack is recorded in, in the order the screens list them; the player may
also choose `MUTE`. `DIALECT_LABELS` are msgids (the catalogues give 南寧話 in zh_TW): a screen shows
`app.t(DIALECT_LABELS[d])`.
"""

from __future__ import annotations

from game.i18n import N_

VOICE_DIALECTS: tuple[str, ...] = ("nanning", "baise", "mandarin")
MUTE = "mute"
DIALECT_CHOICES: tuple[str, ...] = (*VOICE_DIALECTS, MUTE)  # what Settings → Voices and the table's speaker offer
DEFAULT_DIALECT = "nanning"
DIALECT_LABELS: dict[str, str] = {"nanning": N_("南宁话"), "baise": N_("百色话"), "mandarin": N_("普通话"),
                                  MUTE: N_("静音")}

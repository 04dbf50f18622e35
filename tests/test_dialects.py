"""The dialects and their names are written once (game.dialects); the voices, the packs, the settings and
the command line read them there."""

from __future__ import annotations

from game import dialects
from game.audio import packs, voices
from game.settings import Settings


def test_every_reader_takes_the_one_list():
    assert packs.DIALECTS == dialects.VOICE_DIALECTS
    assert voices.DIALECT_CHOICES == dialects.DIALECT_CHOICES == (*dialects.VOICE_DIALECTS, dialects.MUTE)
    assert set(dialects.DIALECT_LABELS) == set(dialects.DIALECT_CHOICES)


def test_settings_keep_a_choice_and_mend_anything_else():
    for d in dialects.DIALECT_CHOICES:
        assert Settings(dialect=d).validate().dialect == d
    assert Settings(dialect="cantonese").validate().dialect == dialects.DEFAULT_DIALECT


def test_the_command_line_offers_the_recorded_dialects_only():
    from game.__main__ import parse_args

    assert parse_args(["--dialect", "baise"]).dialect == "baise"
    assert parse_args([]).dialect == dialects.DEFAULT_DIALECT


def test_the_labels_are_translated():
    from game.i18n import translator

    zh_tw = translator("zh_TW")
    assert zh_tw.gettext(dialects.DIALECT_LABELS["nanning"]) == "南寧話"

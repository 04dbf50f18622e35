"""The translation catalogues (locales/, made with tools/i18n.py): complete, placeholders intact, every string
drawable with the game's fonts, and the compiled catalogues load through game.i18n.

When a test here fails after you added UI text: run `.venv/bin/python tools/i18n.py extract`, then `update`,
translate the new entries of locales/{zh_CN,en,zh_TW}/LC_MESSAGES/lingnan.po, and `check` must print nothing.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame is imported (game.ui.fonts imports it)
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import dataclasses  # noqa: E402
import importlib.util  # noqa: E402
import io  # noqa: E402
import shutil  # noqa: E402
import string  # noqa: E402
import subprocess  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

pytest.importorskip("babel", reason="the catalogue tools need Babel: .venv/bin/pip install Babel==2.19.0")

from babel.messages.extract import extract as babel_extract  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

import game.i18n  # noqa: E402
from game.ui.fonts import Fonts  # noqa: E402
from game.variants import AVAILABLE, get_variant  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _load_tool():
    spec = importlib.util.spec_from_file_location("lingnan_i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


i18n = _load_tool()
LANGS = i18n.LANGUAGES


@pytest.fixture(scope="module")
def catalogues():
    out = {}
    for lang in LANGS:
        with open(i18n.po_path(lang), "rb") as f:
            out[lang] = read_po(f, locale=lang, domain=i18n.DOMAIN)
    return out


@pytest.fixture(scope="module")
def code_msgids():
    return [m.id for m in i18n.template() if m.id]


def _entries(catalog):
    return [m for m in catalog if m.id and m.string]


def fields_of(text: str | tuple | list) -> set[str]:
    """A msgid's or translation's {fields}; a plural entry's are those of all its forms."""
    if isinstance(text, (tuple, list)):
        return set().union(*(fields_of(t) for t in text))
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def singular(msgid: str | tuple) -> str:
    return msgid[0] if isinstance(msgid, tuple) else msgid


# ---------------------------------------------------------------------------------------------------- (a) complete
def test_the_languages_match_the_game():
    assert i18n.DOMAIN == game.i18n.DOMAIN
    assert LANGS[0] == "zh_CN" and set(LANGS) == {"zh_CN", "en", "zh_TW"}
    assert i18n.POT.parent == game.i18n.locale_dir()


def test_keyword_t_matches_attribute_calls():
    """babel.cfg's python extractor with keyword `t` sees app.t(...) and self.app.t(...), not other names."""
    source = (b'x = app.t("One")\n'
              b'y = self.app.t("Two {n}").format(n=2)\n'
              b'z = self.app.tr.gettext("not ours")\n'
              b'w = f"{app.t(\'Three\')}"\n')
    found = [msg for _, msg, _, _ in babel_extract("python", io.BytesIO(source), keywords=i18n.KEYWORDS)]
    assert found[:2] == ["One", "Two {n}"] and "not ours" not in found


def test_the_template_holds_exactly_the_t_calls_of_the_code(code_msgids):
    literal, _ = i18n.scan_calls()
    in_code = {msgid for _, _, msgid in literal}
    assert in_code and in_code <= {singular(m) for m in code_msgids}  # f-strings included, whatever the Python
    lessons = {msgid for msgid, _ in i18n.lesson_texts()}  # the lessons' words (data: assets/lessons)
    assert lessons and lessons <= {singular(m) for m in code_msgids}
    # no Babel false positives (t[...] in hand.py)
    assert {singular(m) for m in code_msgids} <= in_code | set(i18n.DYNAMIC_MSGIDS) | lessons
    assert "Settings" in code_msgids


def test_every_msgid_in_the_code_is_translated_in_every_catalogue():
    problems = i18n.check()
    assert not problems, ("\n".join(problems) + "\n\nrun tools/i18n.py extract and update, then translate the "
                          "entries in locales/<lang>/LC_MESSAGES/lingnan.po")


def test_the_template_on_disk_is_current(code_msgids):
    with open(i18n.POT, "rb") as f:
        pot = read_po(f)
    assert set(code_msgids) <= {m.id for m in pot if m.id}, "run tools/i18n.py extract"


def test_no_translation_is_fuzzy_or_empty(catalogues):
    for lang, catalog in catalogues.items():
        for m in catalog:
            if m.id:
                assert m.string and not m.fuzzy, (lang, m.id)


# ---------------------------------------------------------------------------------------------------- (b) placeholders
def test_placeholders_survive_translation(catalogues):
    for lang, catalog in catalogues.items():
        for m in _entries(catalog):
            want, got = fields_of(m.id), fields_of(m.string)
            dropped = {f.strip("{}") for f in i18n.droppable(m.auto_comments)}  # a gloss the note lets go
            assert got <= want and want - got <= dropped, \
                f"{lang}: {m.id!r} has {sorted(want)}, {m.string!r} has {sorted(got)}"
            for form in (m.string if isinstance(m.string, (list, tuple)) else [m.string]):
                form.format(**{name: "阿强" for name in want})  # no stray braces


def test_a_translator_note_lets_only_the_named_gloss_go():
    assert i18n.droppable(["may drop {n}: Chinese names the tile alone (五万), English glosses it: \"{n} x\""]) == {
        "{n}"}
    assert i18n.droppable(["TRANSLATORS: keep every field"]) == set()


def test_the_check_reports_a_broken_placeholder(tmp_path):
    base = tmp_path / "locales"
    shutil.copytree(i18n.LOCALES, base, ignore=shutil.ignore_patterns("*.mo"))
    path = i18n.po_path("zh_CN", base)
    with open(path, "rb") as f:
        catalog = read_po(f, locale="zh_CN")
    target = next(m for m in catalog if m.id and fields_of(m.id))
    target.string = target.string.replace("{", "{x").replace("}", "x}")
    untranslated = next(m for m in catalog if m.id and m is not target)
    untranslated.string = ""
    from babel.messages.pofile import write_po

    with open(path, "wb") as f:
        write_po(f, catalog)
    problems = i18n.check(base)
    assert any("placeholders" in p and repr(target.id) in p for p in problems)
    assert any(p.startswith("zh_CN: untranslated") and repr(untranslated.id) in p for p in problems)


# ---------------------------------------------------------------------------------------------------- (c) glyphs
@pytest.mark.parametrize("lang", LANGS)
def test_every_translation_renders_with_the_game_font(lang, catalogues):
    fonts = Fonts(lang)  # zh_TW: Noto Sans TC, the others Noto Sans SC
    assert not fonts.is_fallback, "Noto Sans CJK is missing (justmytype-intl-cjk)"
    for m in _entries(catalogues[lang]):
        for form in (m.string if isinstance(m.string, (list, tuple)) else [m.string]):
            assert fonts.missing_glyphs(form) == [], (lang, form)
            # the language's own font draws it without the other script's fallback (in zh_TW this catches
            # simplified-only characters such as 过 or 兰 that slipped into a translation)
            assert fonts.missing_glyphs(form, fallback=False) == [], (lang, form)


def _option_texts() -> list[str]:
    texts = []
    for vid in AVAILABLE:
        for f in dataclasses.fields(get_variant(vid).Options):
            meta = f.metadata
            texts += [meta.get("label", ""), meta.get("group", ""), meta.get("help", "")]
            texts += [str(v) for v in (meta.get("labels") or {}).values()]
    return [t for t in texts if t]


@pytest.mark.parametrize("lang", LANGS)
def test_the_rule_options_chinese_labels_render(lang):
    fonts = Fonts(lang)
    texts = _option_texts()
    assert texts
    for text in texts:
        assert fonts.missing_glyphs(text) == [], (lang, text)


# ---------------------------------------------------------------------------------------------------- (d) compiled
@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    base = tmp_path_factory.mktemp("i18n") / "locales"
    shutil.copytree(i18n.LOCALES, base, ignore=shutil.ignore_patterns("*.mo"))
    i18n.compile_all(base)
    return base


@pytest.mark.parametrize("lang, expected", [("zh_CN", "设置"), ("zh_TW", "設定"), ("en", "Settings")])
def test_the_compiled_catalogues_load_through_game_i18n(lang, expected, compiled, catalogues, monkeypatch):
    monkeypatch.setattr(game.i18n, "locale_dir", lambda: compiled)
    tr = game.i18n.translator(lang)
    assert tr.__class__.__name__ == "GNUTranslations", "no .mo found"
    assert tr.gettext("Settings") == expected
    for m in _entries(catalogues[lang]):
        if isinstance(m.id, tuple):  # a plural entry: each count gets its language's form
            forms = list(m.string)
            for n in (1, 2, 5):
                want = forms[0] if len(forms) == 1 else forms[0 if n == 1 else 1]
                assert tr.ngettext(m.id[0], m.id[1], n) == want, (lang, m.id, n)
        else:
            assert tr.gettext(m.id) == m.string, (lang, m.id)


def test_an_unknown_language_falls_back_to_the_english_msgids(compiled, monkeypatch):
    monkeypatch.setattr(game.i18n, "locale_dir", lambda: compiled)
    assert game.i18n.translator("fr").gettext("Settings") == "Settings"


def test_compiled_catalogues_are_not_committed():
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    for lang in LANGS:
        rel = i18n.mo_path(lang).relative_to(ROOT).as_posix()
        ignored = subprocess.run(["git", "check-ignore", "-q", rel], cwd=ROOT).returncode == 0
        assert ignored, f"{rel} must be git-ignored (*.mo in .gitignore)"
    tracked = subprocess.run(["git", "ls-files", "*.mo"], cwd=ROOT, capture_output=True, text=True).stdout
    assert tracked.strip() == ""


def test_a_count_takes_its_languages_plural_form(compiled, monkeypatch):
    """Issue #27: "3 tile(s) from ready". Through gettext's ngettext: English has two forms, Chinese one."""
    monkeypatch.setattr(game.i18n, "locale_dir", lambda: compiled)
    en, zh = game.i18n.translator("en"), game.i18n.translator("zh_CN")
    one, many = "{d} tile from ready", "{d} tiles from ready"
    assert en.ngettext(one, many, 1).format(d=1) == "1 tile from ready"
    assert en.ngettext(one, many, 3).format(d=3) == "3 tiles from ready"
    assert zh.ngettext(one, many, 1).format(d=1) == "差 1 张听牌" and zh.ngettext(one, many, 3).format(d=3) == "差 3 张听牌"
    plural = [m for m in i18n.template() if isinstance(m.id, tuple)]
    assert {m.id for m in plural} >= {(one, many)}  # the template keeps both forms of a tn() call

"""The translation catalogues: extract, update, compile and check, with Babel's Python API.

    .venv/bin/python tools/i18n.py extract   # the code's app.t("...") strings -> locales/lingnan.pot
    .venv/bin/python tools/i18n.py update    # merge the .pot into locales/<lang>/LC_MESSAGES/lingnan.po
    .venv/bin/python tools/i18n.py compile   # each .po -> .mo beside it (git-ignored; the build runs this)
    .venv/bin/python tools/i18n.py check     # exit 1 listing untranslated, fuzzy or missing msgids
    .venv/bin/python tools/i18n.py all       # all four, in that order

Adding UI text: write it in English as `app.t("...")` (format strings as `app.t("Round {n}").format(n=...)`), run
`extract` and `update`, translate the new entries in all three .po files (zh_CN first; take the `#, fuzzy` flag off
any entry Babel guessed), then `check` must print nothing. Tests and the build import this module and call
`extract()`, `update()`, `compile_all()` and `check()`.

The msgids are gathered by Babel's python extractor (babel.cfg, keyword `t`, which also matches the attribute calls
`app.t(...)` and `self.app.t(...)`), plus a small AST pass for what that extractor cannot see on Python 3.11:
`t("...")` calls inside f-strings (3.12+ tokenises those, 3.11 does not), so the catalogue is the same whatever
Python runs it. Calls whose argument is not a literal cannot be extracted at all; `extract` warns about them, and
the ones the game relies on are listed in DYNAMIC_MSGIDS.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import os
import string
import sys
from datetime import datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.util import LOCALTZ, pathmatch

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
MAPPING = ROOT / "babel.cfg"
DOMAIN = "lingnan"  # game/i18n.py DOMAIN
POT = LOCALES / f"{DOMAIN}.pot"
LANGUAGES = ("zh_CN", "en", "zh_TW")  # zh_CN is the default and the one that matters most
# app.t(message); app.tn(singular, plural, n), a count's own plural form (gettext's ngettext: 1 tile, 2 tiles; one
# form in Chinese); N_(message) marking text translated later
KEYWORDS = {"t": None, "N_": None, "tn": (1, 2)}
COMMENT_TAGS = ("TRANSLATORS:",)  # `# TRANSLATORS: ...` just above a t() call reaches the translators
WIDTH = 116
PROJECT = "Lingnan Mahjong"
COPYRIGHT = "Lingnan Mahjong contributors"
HEADER = """\
# Translations template for PROJECT.
# Copyright (C) YEAR ORGANIZATION
# This file is distributed under the same license as the PROJECT project (GPL-3.0-or-later).
# Made with tools/i18n.py (extract, update, compile, check); its docstring describes the workflow.
#"""

# msgids the code builds at run time, so no extractor sees them: the rule sets' Chinese terms (rule_terms). Other
# text keeps its t() calls literal, or marks the msgid with N_("...") where it is defined, as the rule sets'
# score-reason and flip labels and the engine's settlement messages are; `extract` still notes the t() calls that
# show them.


def rule_terms() -> dict[str, str]:
    """The rule sets' own Chinese terms the UI shows, each a msgid (zh_CN shows it as it is, zh_TW in traditional
    characters, English with a gloss): rule-set names, option labels, groups and value labels, hand-type names.
    They live in the rule sets' data (game/variants/), so no extractor sees them; game/ui/terms.py lists them and
    translates them where they are shown. -> {term: where}"""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from game.ui.terms import rule_terms as game_terms  # noqa: PLC0415 - no pygame there

    return {term: "game/variants" for term in game_terms()}


DYNAMIC_MSGIDS: dict[str, str] = rule_terms()


# ---------------------------------------------------------------------------------------------------- helpers
def po_path(lang: str, base: Path | None = None) -> Path:
    return (base or LOCALES) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str, base: Path | None = None) -> Path:
    return po_path(lang, base).with_suffix(".mo")


def placeholders(text: str | tuple | list) -> set[str]:
    """The `{name}` fields of a str.format string ("{}" for a positional one); {"<malformed>"} if it cannot parse. A
    plural entry (its forms, as a tuple or list) has the fields of all of its forms."""
    if isinstance(text, (tuple, list)):
        return set().union(*(placeholders(t) for t in text)) if text else set()
    try:
        return {"{%s}" % name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<malformed>"}


def droppable(comments: list[str]) -> set[str]:
    """Placeholders a translation may leave out: those a translator note names with "may drop {x}" (a gloss that
    one language omits, e.g. the English "(5 Dots)" after 五筒)."""
    out: set[str] = set()
    for c in comments:
        if "may drop" in c:
            first = c.split("may drop", 1)[1].split(":", 1)[0]
            out |= placeholders(first)
    return out


def _version() -> str:
    try:
        import tomllib

        with open(ROOT / "pyproject.toml", "rb") as f:
            return tomllib.load(f)["project"]["version"]
    except (OSError, KeyError, ImportError):
        return "0"


def _mapping() -> tuple[list[tuple[str, str]], dict[str, dict[str, str]]]:
    with open(MAPPING, encoding="utf-8") as f:
        return parse_mapping_cfg(f, filename=str(MAPPING))


def _source_files(method_map: list[tuple[str, str]]) -> list[tuple[str, Path]]:
    """(posix path relative to ROOT, path) of every file a python rule of babel.cfg takes, in walk order."""
    out = []
    tops = {pattern.split("/", 1)[0] for pattern, _ in method_map}
    for top in sorted(tops):
        for path in sorted((ROOT / top).rglob("*.py")) if (ROOT / top).is_dir() else []:
            rel = path.relative_to(ROOT).as_posix()
            if any(part.startswith((".", "_")) for part in Path(rel).parts[:-1]):  # .venv, __pycache__
                continue
            for pattern, method in method_map:
                if pathmatch(pattern, rel):
                    if method == "python":
                        out.append((rel, path))
                    break
    return out


def _is_t_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call) or not node.args:
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    return name in KEYWORDS


def scan_calls(method_map=None) -> tuple[list[tuple[str, int, str]], list[tuple[str, int, str]]]:
    """An AST pass over the source: (file, line, msgid) of literal t() calls and (file, line, code) of the others."""
    method_map = method_map or _mapping()[0]
    literal, dynamic = [], []
    for rel, path in _source_files(method_map):
        source = path.read_text(encoding="utf-8")
        try:
            tree = ast.parse(source, filename=rel)
        except SyntaxError:
            continue  # Babel reports it
        for node in ast.walk(tree):
            if not _is_t_call(node):
                continue
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                literal.append((rel, arg.lineno, arg.value))
            else:
                dynamic.append((rel, node.lineno, ast.get_source_segment(source, node) or "?"))
    literal.sort()
    dynamic.sort()
    return literal, dynamic


def _collect() -> tuple[Catalog, list[tuple[str, int, str]], list[tuple[str, int, str]]]:
    """The template catalogue, what Babel found that is no t() call, and the non-literal t() calls."""
    method_map, options_map = _mapping()
    catalog = Catalog(project=PROJECT, version=_version(), copyright_holder=COPYRIGHT, charset="utf-8",
                      header_comment=HEADER, fuzzy=False)
    tops = {(ROOT / pattern.split("/", 1)[0]).resolve() for pattern, _ in method_map}

    def only_mapped(dirpath: str) -> bool:
        p = Path(dirpath).resolve()
        if p.name.startswith((".", "_")):
            return False
        return p == ROOT or any(p == top or top in p.parents for top in tops)

    literal, dynamic = scan_calls(method_map)
    real = {(rel, msgid) for rel, _, msgid in literal}
    dropped = []
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
            strip_comment_tags=True, directory_filter=only_mapped):
        plural = isinstance(message, tuple) and len(message) > 1 and bool(message[1])
        if isinstance(message, tuple):
            message, forms = message[0], message
        if not message:
            continue
        rel = Path(filename).as_posix()
        if (rel, message) not in real:
            # Babel's tokeniser takes any name `t` followed by ( or [ for a call, e.g. the tuple `t[27:34]` in
            # game/engine/hand.py, and then swallows the next string it meets; the AST knows better.
            dropped.append((rel, lineno, message))
            continue
        catalog.add(forms[:2] if plural else message, None, [(rel, lineno)], auto_comments=comments, context=context)
    for rel, lineno, msgid in literal:
        if msgid and msgid not in catalog:  # inside an f-string, which Babel skips on Python < 3.12
            catalog.add(msgid, None, [(rel, lineno)])
    for msgid, rel in DYNAMIC_MSGIDS.items():
        if msgid not in catalog:
            catalog.add(msgid, None, [(rel, 0)],
                        auto_comments=["built at run time: see DYNAMIC_MSGIDS in tools/i18n.py"])
    for msgid, rel in lesson_texts():
        if msgid not in catalog:
            catalog.add(msgid, None, [(rel, 0)], auto_comments=["a lesson's words (assets/lessons, game/lessons.py)"])
    return catalog, dropped, dynamic


def lesson_texts() -> list[tuple[str, str]]:
    """(msgid, file) of every word of every lesson: the lessons are data (assets/lessons/*.json), so no extractor
    of code sees them."""
    out = []
    for path in sorted((ROOT / "assets" / "lessons").glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        rel = path.relative_to(ROOT).as_posix()
        words = [doc.get("title"), doc.get("intro"), doc.get("outro")]
        for step in doc.get("steps") or []:
            words += [step.get("say"), step.get("wrong")]
        out += [(w, rel) for w in words if isinstance(w, str) and w]
    return out


def template() -> Catalog:
    """A fresh template catalogue of every msgid in the code right now (nothing is written)."""
    return _collect()[0]


def _po_bytes(catalog: Catalog, **kw) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=WIDTH, **kw)
    return buf.getvalue()


def _without_dates(data: bytes) -> bytes:
    return b"\n".join(line for line in data.split(b"\n")
                      if not line.startswith((b'"POT-Creation-Date:', b'"PO-Revision-Date:')))


def _write_if_changed(path: Path, data: bytes) -> bool:
    """Write `data` unless the file holds the same text up to its header dates (keeps git diffs quiet)."""
    if path.exists() and _without_dates(path.read_bytes()) == _without_dates(data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


# ---------------------------------------------------------------------------------------------------- commands
def extract() -> Path:
    """Write locales/lingnan.pot from the code; warn about t() calls whose msgid is not a literal."""
    catalog, dropped, dynamic = _collect()
    changed = _write_if_changed(POT, _po_bytes(catalog, omit_header=False))
    for rel, lineno, message in dropped:
        print(f"note: {rel}:{lineno}: Babel took {message[:50]!r} for a t() call; it is not one, left out",
              file=sys.stderr)
    for rel, lineno, code in dynamic:
        known = rel in DYNAMIC_MSGIDS.values()
        print(f"warning: {rel}:{lineno}: {code} is not a literal, so it cannot be extracted"
              + (" (its msgids are listed in DYNAMIC_MSGIDS)" if known else ""), file=sys.stderr)
    ids = sum(1 for m in catalog if m.id)
    print(f"{POT.relative_to(ROOT)}: {ids} msgids" + ("" if changed else " (unchanged)"))
    return POT


def update(base: Path | None = None) -> list[Path]:
    """Merge the template into each language's .po, keeping its translations (new languages are created)."""
    base = base or LOCALES
    pot = base / POT.name
    if not pot.exists():
        extract()
    with open(pot, "rb") as f:
        tmpl = read_po(f)
    written = []
    for lang in LANGUAGES:
        path = po_path(lang, base)
        if path.exists():
            with open(path, "rb") as f:
                catalog = read_po(f, locale=lang, domain=DOMAIN)
            catalog.update(tmpl, update_header_comment=False)
        else:
            with open(pot, "rb") as f:
                catalog = read_po(f, locale=lang, domain=DOMAIN)
            catalog.locale = lang
            catalog.revision_date = datetime.now(LOCALTZ)
            catalog.fuzzy = False
        changed = _write_if_changed(path, _po_bytes(catalog, include_previous=True))
        todo = sum(1 for m in catalog if m.id and (m.fuzzy or not _translated(m)))
        print(f"{path.relative_to(base.parent)}: {'updated' if changed else 'unchanged'}"
              + (f", {todo} to translate" if todo else ""))
        written.append(path)
    return written


def compile_all(base: Path | None = None) -> list[Path]:
    """Build lingnan.mo beside each .po (fuzzy and untranslated entries left out, as gettext does)."""
    written = []
    for lang in LANGUAGES:
        path = po_path(lang, base)
        if not path.exists():
            print(f"{path}: missing (run update)", file=sys.stderr)
            continue
        with open(path, "rb") as f:
            catalog = read_po(f, locale=lang, domain=DOMAIN)
        for message, errors in catalog.check():
            for error in errors:
                print(f"{path.name} [{lang}] {message.id!r}: {error}", file=sys.stderr)
        out = mo_path(lang, base)
        with open(out, "wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        written.append(out)
    print(f"compiled {len(written)} catalogues")
    return written


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return all(s for s in strings)


def check(base: Path | None = None) -> list[str]:
    """Problems that keep a language from showing every string, one line each; empty when all is well.

    Looks at the code itself (not only the .pot): every msgid in it must be in the .pot and, translated and not
    fuzzy, in every language's .po, with the same {placeholders} as the msgid.
    """
    base = base or LOCALES
    code = template()
    where = {m.id: ", ".join(f"{f}:{n}" for f, n in m.locations[:2]) for m in code if m.id}
    problems: list[str] = []
    pot = base / POT.name
    if not pot.exists():
        problems.append(f"{POT.name}: missing (run tools/i18n.py extract)")
    else:
        with open(pot, "rb") as f:
            tmpl = read_po(f)
        for msgid in where:
            if msgid not in tmpl:
                problems.append(f"{POT.name}: missing {msgid!r} ({where[msgid]}); run tools/i18n.py extract")
    for lang in LANGUAGES:
        path = po_path(lang, base)
        if not path.exists():
            problems.append(f"{lang}: {path.relative_to(base.parent)} missing (run tools/i18n.py update)")
            continue
        with open(path, "rb") as f:
            catalog = read_po(f, locale=lang, domain=DOMAIN)
        for msgid in where:
            message = catalog.get(msgid)
            if message is None:
                problems.append(f"{lang}: missing {msgid!r} ({where[msgid]}); run tools/i18n.py extract and update")
            elif message.fuzzy:
                problems.append(f"{lang}: fuzzy {msgid!r}: check the translation and remove the fuzzy flag")
            elif not _translated(message):
                problems.append(f"{lang}: untranslated {msgid!r}")
            else:
                want, got = placeholders(msgid), placeholders(message.string)
                if not (got <= want and want - got <= droppable(message.auto_comments)):
                    problems.append(f"{lang}: placeholders of {msgid!r} are {sorted(want)}, "
                                    f"its translation {message.string!r} has {sorted(got)}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/i18n.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "update", "compile", "check", "all"))
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    if args.command in ("extract", "all"):
        extract()
    if args.command in ("update", "all"):
        update()
    if args.command in ("compile", "all"):
        compile_all()
    if args.command in ("check", "all"):
        problems = check()
        for line in problems:
            print(line)
        if problems:
            print(f"{len(problems)} problem(s): run `tools/i18n.py extract` and `update`, then translate "
                  f"the entries in locales/<lang>/LC_MESSAGES/{DOMAIN}.po", file=sys.stderr)
            return 1
        print("all catalogues complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The README and docs/ stand on their own: generated pages are current and no link leaves the repository."""

from __future__ import annotations

import re
from pathlib import Path
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def load_gen_docs():
    return load_script("tools/gen_docs.py")


def test_rule_sets_page_is_generated_from_the_current_rule_sets():
    gen = load_gen_docs()
    assert (ROOT / "docs" / "rule-sets.md").read_text(encoding="utf-8") == gen.render(), \
        "docs/rule-sets.md is out of date: run python tools/gen_docs.py"


def test_every_option_key_and_hand_id_is_documented():
    from dataclasses import fields

    from game.variants import AVAILABLE, get_variant

    page = (ROOT / "docs" / "rule-sets.md").read_text(encoding="utf-8")
    for vid in AVAILABLE:
        variant = get_variant(vid)
        for f in fields(variant.Options):
            assert f"`{f.name}`" in page
        for ht in variant.hand_types:
            assert f"`{ht.id}`" in page


def test_links_stay_inside_the_repository_and_resolve():
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        assert "../shared" not in text, f"{page.name} points outside the repository"
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
            if target.startswith(("http://", "https://")):
                continue
            assert (page.parent / target).resolve().exists(), f"{page.name} links to missing {target}"

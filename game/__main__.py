"""`python -m game` / `lingnan-mahjong`: opens the game.

    python -m game [--size 1280x720]
    python -m game --continue                      (open the autosaved game at once)
    python -m game --autoplay --variant V --seed S --rounds R [--screenshots DIR] [--fast] [--autosave]
    python -m game --autoplay --continue [--fast]  (the autosaved game, every seat an AI, played to its end)
    python -m game --version                       (prints "lingnan-mahjong X.Y.Z" and exits 0)
    python -m game --review FILE [--seat S] [--json] (复盘: the expert judges seat S's decisions; shared/DESIGN.md §6)
    python -m game --list-lessons [--json]         (the lessons: [{"id", "variant", "title"}, …] with --json)
    python -m game --lesson ID [--autoplay --fast] (a lesson at the table; --autoplay plays its solution and ends
                                                    with {"ok": true, "lesson": ID, "steps": N, "passed": true})

The demo (--autoplay) ends with one JSON line on stdout:
    {"ok": true, "rounds": R, "totals": [per seat], "resumed_from": null | {"round": r, "actions": k}}
r is the 1-based round that was in progress when the game was resumed, k how many of its actions (after the deal)
had been applied. It exits 0 after the game's end, 1 when its window was closed before (the line then says
"ok": false), 2 on bad arguments or when --continue finds no save it can resume (the reason on stderr; an
unreadable save is kept aside under a new name, never overwritten). LINGNAN_HOME=DIR puts every user file
(settings, saves, replays, voice packs, exports) under DIR.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def version() -> str:
    """The game's version: the installed package's, else game.__version__ (a checkout, or the frozen bundle, which
    carries no package metadata; build.spec checks at build time that the two agree)."""
    try:
        from importlib.metadata import version as installed

        return installed("lingnan-mahjong")
    except Exception:  # noqa: BLE001 - not installed, or the bundle left out what importlib.metadata needs
        from game import __version__

        return __version__


class _Version(argparse.Action):
    """--version: prints "lingnan-mahjong X.Y.Z" and exits 0 (the version is only looked up when asked for)."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"lingnan-mahjong {version()}", flush=True)
        parser.exit(0)


def parse_args(argv: list[str]) -> argparse.Namespace:
    from game.dialects import DEFAULT_DIALECT, VOICE_DIALECTS

    ap = argparse.ArgumentParser(prog="lingnan-mahjong", description="岭南麻将 Lingnan Mahjong")
    ap.add_argument("--version", action=_Version, help="print the version (lingnan-mahjong X.Y.Z) and exit")
    ap.add_argument("--autoplay", action="store_true", help="demo mode: every seat is played by the AI")
    ap.add_argument("--variant", default="nanning")
    ap.add_argument("--players", type=int)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--screenshots", type=Path, help="save screenshots of the demo's moments here")
    ap.add_argument("--size", help="window size, e.g. 1280x720")
    ap.add_argument("--fast", action="store_true",
                    help="the demo with short pauses and no waiting between frames (scripts, tests)")
    ap.add_argument("--autosave", action="store_true", help="the demo autosaves like a real game (tests)")
    ap.add_argument("--continue", dest="resume", action="store_true",
                    help="resume the autosaved game (its rule set, seed and rounds come from the save); with "
                         "--autoplay every seat is an AI and the game is played to its end")
    ap.add_argument("--replay", type=Path, help="open a replay file (.jsonl) and watch it")
    ap.add_argument("--review", type=Path, metavar="FILE",
                    help="复盘: the expert reviews one seat's decisions in a replay or a simulate --log file")
    ap.add_argument("--seat", type=int, help="the seat --review judges (default: the replay's first human, else 0)")
    ap.add_argument("--json", action="store_true", help="--review and --list-lessons print one JSON document")
    ap.add_argument("--list-lessons", action="store_true", help="list the lessons (学习), by region")
    ap.add_argument("--lesson", metavar="ID", help="open a lesson at the table (with --autoplay: its solution is "
                                                  "played through the real window)")
    ap.add_argument("--import-voices", type=Path, metavar="DIR",
                    help="import a folder of recordings named by token (1m.wav, pong.ogg …) as a voice pack")
    ap.add_argument("--record-voices", action="store_true", help="record a voice pack with the microphone, token by token (every tile, call, "
                         "special moment and table-talk line; the game's Settings → Voices screen does it too)")
    ap.add_argument("--dialect", choices=VOICE_DIALECTS, default=DEFAULT_DIALECT,
                    help="the dialect of an imported or recorded pack")
    ap.add_argument("--speaker", default="my_voice", help="the name of an imported or recorded pack")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.engine.errors import EngineError
    from game.settings import load_settings
    from game.ui.app import Autoplay, run_app
    from game.variants import get_variant

    if args.import_voices is not None or args.record_voices:
        return voice_pack_command(args)
    if args.review is not None:
        return review_command(args)
    if args.list_lessons:
        return list_lessons_command(args)
    settings, warning = load_settings()
    if warning:
        print(warning, file=sys.stderr)
    if args.size:
        try:
            w, h = (int(x) for x in args.size.lower().split("x"))
            settings.window_size = (w, h)
            settings.validate()
        except ValueError:
            print(f"--size must look like 1280x720, got {args.size!r}", file=sys.stderr)
            return 2
    resume = None
    if args.resume:
        from game import saves

        try:
            resume, problem = saves.load()
        except Exception as exc:  # noqa: BLE001 — whatever the save holds, --continue answers with a message
            resume, problem = None, f"the saved game could not be read ({type(exc).__name__}: {exc})"
        if resume is None:
            where = saves.autosave_path()
            print(f"nothing to continue: {problem}" if problem else f"nothing to continue: no saved game at {where}",
                  file=sys.stderr)
            return 2
        if resume.game_over():
            print("nothing to continue: the saved game has already ended", file=sys.stderr)
            return 2
    lesson = None
    if args.lesson is not None:
        from game.lessons import LessonError, find

        try:
            lesson = find(args.lesson)
        except LessonError as exc:
            print(f"cannot open the lesson: {exc}", file=sys.stderr)
            return 2
    autoplay = None
    if args.autoplay and lesson is not None:
        autoplay = Autoplay(lesson.variant, f"lesson:{lesson.id}", 1, args.screenshots, lesson.players, args.fast,
                            lesson=lesson)
        settings.fullscreen = False
    elif args.autoplay and resume is not None:
        # the rule set, seed and rounds are the save's; the resumed game autosaves (and ends its save) as it goes
        autoplay = Autoplay(resume.variant_id, resume.seed, resume.rounds or 0, args.screenshots, resume.players,
                            args.fast, autosave=True, resume=resume)
        settings.fullscreen = False
    elif args.autoplay:
        try:
            variant = get_variant(args.variant)
        except EngineError as exc:
            print(exc.message, file=sys.stderr)
            return 2
        if args.players is not None and args.players not in variant.player_counts:
            print(f"{args.variant} is played by {variant.player_counts} players", file=sys.stderr)
            return 2
        seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
        autoplay = Autoplay(args.variant, seed, max(1, args.rounds), args.screenshots, args.players, args.fast,
                            args.autosave)
        settings.fullscreen = False
    replay = None
    if args.replay is not None:
        from game.replays import ReplayError, read

        try:
            replay = read(args.replay)
        except ReplayError as exc:
            print(f"cannot open the replay: {exc}", file=sys.stderr)
            return 2
    return run_app(settings, autoplay, replay=replay, resume=resume, settings_trouble=bool(warning),
                   lesson=lesson if autoplay is None else None)


def list_lessons_command(args: argparse.Namespace) -> int:
    """--list-lessons: every lesson by region; with --json `[{"id", "variant", "title"}, …]`, the titles in the
    player's language (his settings')."""
    import json

    from game.i18n import translator
    from game.lessons import all_lessons
    from game.settings import load_settings

    settings, _ = load_settings()
    t = translator(settings.language).gettext
    lessons = all_lessons()
    if args.json:
        print(json.dumps([{"id": l.id, "variant": l.variant, "title": t(l.title)} for l in lessons],
                         ensure_ascii=False))
        return 0
    for l in lessons:
        print(f"{l.id:32} {l.variant:10} {t(l.title)}")
    return 0


def review_command(args: argparse.Namespace) -> int:
    """--review: the expert's review of one seat, as a JSON document (--json) or a few lines for a reader; the
    reasons in the player's language (his settings'). A file that cannot be reviewed exits 2 with the reason."""
    import json

    from game.i18n import translator
    from game.review import ReviewError, review_file
    from game.settings import load_settings
    from game.ui.hint import review_reason
    from game.variants import get_variant

    try:
        review = review_file(args.review, args.seat)  # without --seat: the player's
    except ReviewError as exc:
        print(f"cannot review {args.review.name}: {exc}", file=sys.stderr)
        return 2
    settings, _ = load_settings()
    tr = translator(settings.language)
    variant = get_variant(review.variant)

    def reason(d) -> str:
        return review_reason(tr.gettext, d, lambda h: tr.gettext(variant.hand_name(h)), tr.ngettext)

    if args.json:
        print(json.dumps(review.to_json(reason), ensure_ascii=False))
        return 0
    t = tr.gettext
    print(t("Seat {seat}: {n} decisions in {r} rounds, {a}% as the expert would, {l} points a round given up"
            ).format(seat=review.seat, n=len(review.decisions), r=review.rounds, a=round(100 * review.agreement),
                     l=f"{review.loss_per_round:.2f}"))
    for d in review.marks():
        where = t("round {r}, move {i}").format(r=d.round + 1, i=d.index + 1) if d.index >= 0 else \
            t("round {r}, before the deal").format(r=d.round + 1)
        lost = f"−{d.loss:.2f}" if d.loss >= 0.005 else "≈0"  # a move its reading rates about as well
        print(f"  {where}: {lost}  {reason(d)}")
    return 0


def voice_pack_command(args: argparse.Namespace) -> int:
    """Add a player's own voices: import recordings, or record them token by token with the microphone."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.audio import Audio
    from game.settings import Settings

    audio = Audio.create(Settings())
    if args.import_voices is not None:
        result = audio.import_folder(args.import_voices, args.dialect, args.speaker)
        print(result.message)
        for name, why in result.refused:
            print(f"  refused {name}: {why}")
    else:
        from game.audio.packs import RECORD_TOKENS
        from game.audio.readings import prompt

        def countdown(token: str, n: int) -> None:
            zh, reading = prompt(args.dialect, token)
            say = f"{zh} ({reading})" if zh else token
            print(f"{token}: say “{say}” now" if n == 0 else f"{token}: “{say}” in {n} …", flush=True)

        result = audio.record_pack(args.dialect, args.speaker, RECORD_TOKENS, countdown=countdown)
        print(result.message)
    audio.close()
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())

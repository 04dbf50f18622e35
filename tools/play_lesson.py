"""Take a lesson as a player through the real UI — clicks posted as pygame events, from the title's Lessons button
to the lesson's last words — and save what he sees: the list, the lesson's first words, the first step, a wrong move
(refused and explained), every step made, the settlement, the end and the list again with the lesson ticked.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python tools/play_lesson.py guiliu-xing en 960x540 shots/

For looking at (the issues' "test as a player"), not a test: tests/ui/scenes/test_lesson.py plays every lesson the
same way and checks it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

DT = 1 / 30


def main(argv: list[str]) -> int:
    if len(argv) < 4:
        print(__doc__)
        return 2
    lesson_id, lang, size_text, out = argv[:4]
    size = tuple(int(n) for n in size_text.lower().split("x"))
    os.makedirs(out, exist_ok=True)
    os.environ.setdefault("LINGNAN_HOME", str(Path(out) / "home"))  # the player's own files stay untouched

    import pygame

    from game.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.lesson import LessonScene
    from game.ui.scenes.settlement import SettlementScene
    from game.ui.scenes.title import TitleScene

    pygame.init()
    app = App(Settings(animation_speed=1.5, window_size=size), save=False)
    app.set_language(lang)
    shots = 0

    def shot(name: str) -> None:
        nonlocal shots
        shots += 1
        app.draw()
        pygame.image.save(app.screen, str(Path(out) / f"{shots:02d}_{name}.png"))

    def frames(n: int) -> None:
        for _ in range(n):
            app.step(DT)

    def click(pos) -> None:
        for kind, extra in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
                            (pygame.MOUSEBUTTONDOWN, {"button": 1}), (pygame.MOUSEBUTTONUP, {"button": 1})):
            pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
        app.step(DT)

    def button(words: str) -> None:
        hit = app.scene.clicks.find(app.t(words))
        if hit is None:
            raise SystemExit(f"no button {words!r} on {type(app.scene).__name__}")
        click(hit.rect.center)

    app.push(TitleScene(app))
    frames(3)
    button("Lessons")
    frames(2)
    shot("list")
    card = next((r for r, lesson in app.scene.cards if lesson.id == lesson_id), None)
    if card is None:
        raise SystemExit(f"no lesson {lesson_id!r} in the list")
    click(card.center)
    scene = app.scene
    assert isinstance(scene, LessonScene)
    frames(2)
    shot("intro")
    button("Start")

    def wait_for_move():
        for _ in range(4000):
            if app.scene is not scene or scene.expected() is not None \
                    or (scene.table.round is not None and scene.table.round.finished):
                break
            app.step(DT)
        frames(1)
        return scene.expected() if app.scene is scene else None

    want = wait_for_move()
    shot("step_1")
    wrong = next(a for a in scene.open_prompt().actions if a != want and scene.control_for(a) is not None)
    click(scene.control_for(wrong).center)
    frames(2)
    shot("wrong_move")
    n = 1
    while want is not None:
        click(scene.control_for(want).center)
        if scene.choice:
            frames(1)
            click(scene.control_for(want).center)
        frames(8)
        n += 1
        shot(f"step_{n}")
        want = wait_for_move()
    for _ in range(4000):
        if isinstance(app.scene, SettlementScene):
            break
        app.step(DT)
    frames(20)
    shot("settlement")
    button("Finish the lesson")
    frames(2)
    shot("lesson_done")
    button("All lessons")
    frames(2)
    shot("list_ticked")
    print(f"{lesson_id}: {shots} screenshots in {out}; passed={scene.table.passed}, mistakes={scene.table.mistakes}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

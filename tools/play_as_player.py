"""Play one round as a human at seat 0 through the real UI — clicks and keys posted as pygame events, nothing
called behind the screen's back — and save what a player sees: the choice before the deal, two turns, the first
claims offered, a win offered, the settlement, its 复盘 (the summary and the first mark), the standings.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python tools/play_as_player.py hainan en 960x540 shots/ [SEED]

The player throws the tile at the right end of his hand, passes every claim, takes every win and puts up the
second lowest 上嘎; the other seats are `normal` AIs. For looking at (the issues' "test as a player"), not a test:
the layout and settlement tests check the same screens by rule."""

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
    variant, lang, size_text, out = argv[:4]
    seed = int(argv[4]) if len(argv) > 4 else 3
    size = tuple(int(n) for n in size_text.lower().split("x"))
    os.makedirs(out, exist_ok=True)
    os.environ.setdefault("LINGNAN_HOME", str(Path(out) / "home"))  # the player's own files stay untouched

    import pygame

    from game.host import Host, SeatConfig
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.table.commands import Call, Choose
    from game.ui.table.scene import TableScene

    pygame.init()
    app = App(Settings(window_size=size, language=lang, animation_speed=3.0), save=False)
    seats = [SeatConfig("Me" if lang == "en" else "玩家", human=True)]
    seats += [SeatConfig(name, level="normal") for name in ("阿强", "小梅", "老黄")]
    scene = TableScene(app, Host(variant, {}, seats, seed=seed, rounds=1), autosave=False)
    app.push(scene)
    count = 0

    def step(n: int = 1) -> None:
        for _ in range(n):
            app.step(DT)

    def post(*events) -> None:
        for e in events:
            pygame.event.post(e)
        step()

    def click(pos) -> None:
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
             pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

    def key(k: int) -> None:
        post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))

    def shot(name: str) -> None:
        nonlocal count
        count += 1
        pygame.image.save(app.screen, str(Path(out) / f"{count:02d}_{name}.png"))

    turns = claims = 0
    for _ in range(40000):
        step()
        if app.scene is not scene:
            if type(app.scene).__name__ == "SettlementScene":
                step(40)
                shot("settlement")
                settlement = app.scene
                review = settlement.clicks.find(app.t("Review"))
                if review is not None:  # 复盘: the expert's review of this round, its summary and first mark
                    click(review.rect.center)
                    app.scene.review.job.wait(120)
                    step(3)
                    shot("review")
                    key(pygame.K_DOWN)
                    step(3)
                    shot("review_mark")
                    key(pygame.K_ESCAPE)
                    step(3)
                key(pygame.K_RETURN)
                step(20)
                shot(type(app.scene).__name__.removesuffix("Scene").lower())
                break
            continue
        kinds = {a.type for a in scene.my_actions()}
        if "setup" in kinds:
            step(10)
            shot("setup")
            chooses = [r for r, c in scene.hits.areas if isinstance(c, Choose)]
            click(chooses[min(1, len(chooses) - 1)].center)
        elif "win" in kinds:
            step(5)
            shot("win_offered")
            r = next((r for r, c in scene.hits.areas if isinstance(c, Call) and c.kind == "win"), None)
            click(r.center) if r is not None else key(pygame.K_h)
        elif "pass" in kinds:
            claims += 1
            if claims <= 2:
                step(5)
                shot("claim")
            key(pygame.K_SPACE)
        elif "discard" in kinds:
            turns += 1
            if turns in (1, 6):
                step(5)
                shot("turn")
            click(scene.hands.hand_rects()[-1].center)
    print(f"{out}: {count} screenshots, {turns} turns, {claims} claims offered")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

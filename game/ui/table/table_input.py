"""Input at the table: keys and clicks become commands (game.ui.table.commands); the drawn controls registered
theirs in the view's hit areas."""

from __future__ import annotations

import pygame

from game.ui.table.commands import (
    BackToTitle,
    Call,
    Command,
    HandOverDone,
    MenuCommand,
    Reconnect,
    ShowHint,
    ToggleCounter,
    ToggleWaits,
)
from game.ui.table.common import CALL_KEYS, Part

# keys that act like a control at the table (the call keys are CALL_KEYS)
KEY_COMMANDS = {pygame.K_t: ToggleCounter(), pygame.K_w: ToggleWaits(), pygame.K_TAB: ShowHint()}


class TableInput(Part):
    def handle(self, event: pygame.event.Event) -> None:
        view = self.view
        if view.lost is not None:  # the LAN table is gone: only the way back to the title is left
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                view.to_title()
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.click(event.pos, BackToTitle) or self.click(event.pos, Reconnect)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            # Esc never answers a prompt (a win is never thrown away by it): it closes an open menu or chooser,
            # else it pauses the game
            if view.speaker_menu or view.phrase_menu:
                view.speaker_menu = view.phrase_menu = False
            elif view.choice is not None and (view.hotseat is None or view.hotseat.handover_to is None):
                view.choice = None
            else:
                view.pause()
            return
        hs = view.hotseat
        if hs is not None and hs.handover_to is not None:
            # only the hand-over's own button (or Enter) goes on; stray keys change nothing
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                view.handover.handover_done(hs.handover_to)
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.click(event.pos, HandOverDone)
            return
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)
                and view.handover.nothing_to_claim_shown()):
            view.handover.nothing_to_claim()
            return
        if event.type == pygame.MOUSEMOTION:
            view.hover = self.tile_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            box = view.controls.menu_box
            if (view.speaker_menu or view.phrase_menu) and box is not None and box.collidepoint(event.pos):
                self.click(event.pos, MenuCommand)  # the menu's chip (between them: nothing, the menu stays open)
                return
            if self.click(event.pos):
                return
            if view.speaker_menu or view.phrase_menu:  # a click outside an open menu closes it, and only that
                view.speaker_menu = view.phrase_menu = False
                return
            index = self.tile_at(event.pos)
            if index is not None:
                view.discard_index(index)
        elif event.type == pygame.KEYDOWN:
            self.key(event.key)

    def click(self, pos: tuple[int, int], kind: type[Command] = Command) -> bool:
        """Run the command of the control (of this kind) under the pointer; False when there is none."""
        command = self.view.hits.at(pos, kind)
        if command is None:
            return False
        command.run(self.view)
        return True

    def key(self, key: int) -> None:
        view = self.view
        setup = view.setup_prompt()
        if setup is not None:  # a choice before the deal: its value's digit picks it
            for action in setup.actions:
                if key in (pygame.K_0 + action.value, pygame.K_KP0 + action.value):
                    view.submit(action)
            return
        tiles = view.my_tiles()
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and tiles:
            step = -1 if key == pygame.K_LEFT else 1
            cur = view.selected if view.selected is not None else len(tiles) - 1
            view.selected = (cur + step) % len(tiles)
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_d) and view.selected is not None:
            view.discard_index(view.selected)
            return
        if view.choice is not None and pygame.K_1 <= key <= pygame.K_9:
            i = key - pygame.K_1
            if i < len(view.choice):
                view.submit(view.choice[i])
            return
        command = KEY_COMMANDS.get(key)
        if command is not None:
            command.run(view)
            return
        kind = CALL_KEYS.get(key)
        if kind is not None:
            Call(kind).run(view)

    def tile_at(self, pos: tuple[int, int]) -> int | None:
        view = self.view
        for i, r in enumerate(view.hands.hand_rects()):
            if r.inflate(0, 20).collidepoint(pos):
                return i
        return None

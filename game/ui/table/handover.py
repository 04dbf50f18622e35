"""Hot-seat: hand-overs and the round of asking every human about a tile (game.hotseat decides when; this part
shows it and takes the answers)."""

from __future__ import annotations

from game.ui.table.common import Part


class HandOver(Part):
    def consult(self, dt: float) -> None:
        """Hot-seat: the human being asked about the tile just thrown answers (or sees he has nothing to claim)."""
        view = self.view
        seat = view.consulting
        assert seat is not None and view.hotseat is not None
        if view.hotseat.owner != seat:
            self.hand_over(seat)
            return
        prompt = view.feeds[seat].open_prompt
        if prompt is not None and prompt.claim:
            view.director.think(dt)
            view.table.advance(dt)  # his claim timer runs; bots answer the same tile (shown after everyone's)

    def hand_over(self, seat: int) -> None:
        view = self.view
        assert view.hotseat is not None
        view.hotseat.hide()
        view.hotseat.handover_to = seat
        view.choice = None
        view.hover = view.selected = None

    def handover_done(self, seat: int) -> None:
        view = self.view
        assert view.hotseat is not None
        view.hotseat.confirm(seat)
        view.director.rebuild_for(seat)

    def nothing_to_claim_shown(self) -> bool:
        view = self.view
        seat = view.consulting
        if seat is None or view.hotseat is None or view.hotseat.owner != seat or view.wait > 0:
            return False
        prompt = view.feeds[seat].open_prompt
        return prompt is None or not prompt.claim

    def nothing_to_claim(self) -> None:
        """Hot-seat: the consulted human saw he has nothing to claim and goes on."""
        view = self.view
        seat = view.consulting
        if seat is not None and view.hotseat is not None and view.hotseat.owner == seat:
            prompt = view.feeds[seat].open_prompt
            if prompt is None or not prompt.claim:
                view.hotseat.consulted(seat)

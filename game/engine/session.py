"""A game: a run of rounds at one table, with the dealer moving, streaks and running totals."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .state import Round, new_round
from .variant import Variant
from .wall import round_rng


@dataclass
class Session:
    variant: Variant
    options: Any
    players: int
    seed: int | str
    coins: list[int] | None = None  # where the rule set plays for coins (Nanning's 游戏币)
    totals: list[int] = field(default_factory=list)
    round_no: int = 0
    dealer: int = -1
    streak: int = 0  # the dealer's 连庄 count

    def __post_init__(self) -> None:
        if not self.totals:
            self.totals = [0] * self.players
        if self.dealer < 0:
            self.dealer = self.variant.first_dealer(self.players, round_rng(self.seed, -1))

    def context(self) -> dict:
        ctx: dict = {"streak": self.streak, "round_no": self.round_no}
        if self.coins is not None:
            ctx["coins"] = list(self.coins)
        return ctx

    def start_round(self) -> tuple[Round, list[dict]]:
        return new_round(self.variant, self.options, self.players, self.dealer, seed=self.seed,
                         round_no=self.round_no, context=self.context())

    def finish_round(self, rnd: Round) -> None:
        deltas = rnd.deltas()
        for i, d in enumerate(deltas):
            self.totals[i] += d
            if self.coins is not None:
                self.coins[i] += d
        nxt = rnd.next_dealer_seat if rnd.next_dealer_seat is not None else self.dealer
        self.streak = self.streak + 1 if nxt == self.dealer else 0
        self.dealer = nxt
        self.round_no += 1

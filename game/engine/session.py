"""A game: a run of rounds at one table, with the dealer moving, streaks, running totals and the facts a rule set
carries from round to round (coins, round wind, 令 …, through its declared hooks).

Every round is dealt with a context made of those facts: the round number, the dealer's streak (连庄), whatever the
rule set carries (`Variant.initial_facts` / `carry_facts`) and the seats' choices made before the deal
(`Variant.setup_choice`, e.g. Hainan's 上嘎). The session never asks which rule set it plays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import BadInput
from .state import Round, new_round
from .variant import SetupChoice, Variant
from .wall import round_rng


@dataclass
class Session:
    variant: Variant
    options: Any
    players: int
    seed: int | str
    facts: dict = field(default_factory=dict)  # given facts override the rule set's starting ones (e.g. coins)
    totals: list[int] = field(default_factory=list)
    round_no: int = 0
    dealer: int = -1
    streak: int = 0  # the dealer's 连庄 count

    def __post_init__(self) -> None:
        self.facts = {**self.variant.initial_facts(self.options, self.players), **self.facts}
        if not self.totals:
            self.totals = [0] * self.players
        if self.dealer < 0:
            self.dealer = self.variant.first_dealer(self.players, round_rng(self.seed, -1))

    @property
    def coins(self) -> list[int] | None:
        """Each player's coins, where the rule set plays for them."""
        return self.facts.get("coins")

    def context(self) -> dict:
        ctx: dict = {"streak": self.streak, "round_no": self.round_no}
        for key, value in self.facts.items():
            if value is not None:
                ctx[key] = list(value) if isinstance(value, list) else value
        return ctx

    def setup_choices(self) -> dict[int, SetupChoice]:
        """What each seat must choose before the next deal (empty: deal at once)."""
        out = {}
        for seat in range(self.players):
            choice = self.variant.setup_choice(self.options, seat, self.facts)
            if choice is not None:
                out[seat] = choice
        return out

    def choose(self, answers: dict[int, int]) -> None:
        """Record the seats' choices for the next deal (checked against what each may choose)."""
        wanted = self.setup_choices()
        if set(answers) != set(wanted):
            raise BadInput(f"setup choices are expected from seats {sorted(wanted)}, got {sorted(answers)}")
        by_id: dict[str, list] = {}
        for seat, choice in wanted.items():
            value = answers[seat]
            if value not in choice.values:
                raise BadInput(f"seat {seat} may choose {choice.label} from {list(choice.values)}, not {value!r}")
            by_id.setdefault(choice.id, [None] * self.players)[seat] = value
        self.facts.update(by_id)

    def goes_on(self) -> bool:
        return self.variant.table_goes_on(self.options, self.facts)

    def start_round(self) -> tuple[Round, list[dict]]:
        return new_round(self.variant, self.options, self.players, self.dealer, seed=self.seed,
                         round_no=self.round_no, context=self.context())

    def finish_round(self, rnd: Round) -> None:
        for i, d in enumerate(rnd.deltas()):
            self.totals[i] += d
        self.facts = self.variant.carry_facts(self.options, dict(self.facts), rnd)
        nxt = rnd.next_dealer_seat if rnd.next_dealer_seat is not None else self.dealer
        self.streak = self.streak + 1 if nxt == self.dealer else 0
        self.dealer = nxt
        self.round_no += 1

"""The written face of a table: everything the table view and its screens (settlement, pause, standings) touch of
the table they show. The local Host (game.host) and the LAN seat (game.net.remote_table.RemoteTable) both have it;
tests/ui/table/test_source.py checks that they do and that the view reads nothing else.

Where this face is still wider than it should be, the member says so ("to go"): the next steps of issue #25 are a
view that reads a seat's events and prompt from the source itself instead of through LocalSeat links, the round's
end as events rather than the unmasked round. Saving is not on the face: the local kind of table attaches the
autosave to the Host as a listener (game.ui.table.kinds.LocalTable.keep_saved, game.saves.Autosaver).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class TableSource(Protocol):
    # what is played: the rule set, its options, the table
    variant_id: str
    variant: Any  # game.engine.variant.Variant
    options: Any  # the rule set's typed options
    players: int
    seed: Any  # the game's seed (the view's animations take it; any stable text will do)
    seats: list  # game.host.SeatConfig per seat: name, face, human, standing orders (自动胡/过)
    autoplay: set  # seats the AI plays now (托管, or a dropped LAN player)

    # the seat's events and prompts come through links (game.host.LocalSeat)
    def attach(self, seat: int, link: Any) -> None: ...
    def observe(self, seat: int | None, link: Any) -> None: ...

    # the game's progress
    @property
    def phase(self) -> str: ...  # idle | setup | play | over
    def start_round(self) -> Any: ...
    def advance(self, dt: float) -> Any: ...  # the source's clock runs while the view shows nothing new
    @property
    def clock(self) -> float: ...  # seconds on the source's clock (prompt deadlines are on it)
    def next_round(self) -> bool: ...  # False: the game is over
    def game_over(self) -> bool: ...

    # answers and toggles
    def intent(self, seat: int, prompt_id: int, action: Any) -> Any: ...  # raises game.host.Refused
    def set_toggles(self, seat: int, *, auto_win: bool | None = None, auto_pass: bool | None = None) -> None: ...
    def set_autoplay(self, seat: int, on: bool) -> None: ...

    # standing
    @property
    def rounds_played(self) -> int: ...
    @property
    def coins(self) -> list[int] | None: ...  # where the rule set carries coins from round to round
    def totals(self) -> list[int]: ...
    rounds: int | None  # rounds in the game (None: open-ended)

    # the view's settings for the table (to go: a settings call instead of attributes written from outside)
    claim_timer: float | None
    turn_timer: float | None
    think: float  # seconds an AI seat seems to think
    keep_replays: bool

    history: list  # game.host.RoundRecord per round played (the final standings)

    # the settlement's look back (to go: the round's end as events, never the unmasked round)
    round: Any  # the finished engine round, or None where this machine has none (a LAN seat)


# what only the local Host has: its listeners (the autosave) and, read only where `round` is not None, the
# settlement's "watch again"
LOCAL_MEMBERS = ("round_replay", "listeners", "add_listener", "set_expert_think")
# what a LAN seat has beyond the face (game.ui.table.kinds.LanTable reads these)
LAN_MEMBERS = ("seat", "taken", "connected", "empty_name", "server", "phrases", "notices", "error", "say", "leave",
               "verification", "kinds", "ready")


def members() -> set[str]:
    """The names of the face's members."""
    names = set(getattr(TableSource, "__annotations__", {}))
    names |= {n for n in vars(TableSource) if not n.startswith("_")}
    return names

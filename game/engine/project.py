"""Each seat's view of the event stream: what a seat may not see becomes "?"."""

from __future__ import annotations

HIDDEN = "?"


def project(event: dict, seat: int | None) -> dict:
    """The event as `seat` may see it. `seat=None` is the open view (replays, logs, the settlement screen)."""
    if seat is None:
        return event
    etype = event.get("type")
    if etype == "deal" and event["seat"] != seat:
        return {**event, "tiles": [HIDDEN] * len(event["tiles"])}
    if etype == "draw" and event["actor"] != seat:
        return {**event, "tile": HIDDEN}
    if etype == "concealed_kong" and event["actor"] != seat:
        return {**event, "tile": HIDDEN, "consumed": [HIDDEN] * len(event["consumed"])}
    return event


def project_all(events: list[dict], seat: int | None) -> list[dict]:
    return [project(e, seat) for e in events]

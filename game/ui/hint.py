"""The hint key (提示): the expert's move for the seat on screen, with one short reason a player understands, in
the player's language — "打 5筒：听 3-6条 共 7 张，平胡；北风 已见 3 张，安全".

The expert decides from the seat's own state (what the player sees) and says what it weighed (`Advice`); this
module only words it. No pygame here: the table scene draws the text.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai.player import Advice, Option, SkilledBot
from game.engine.tiles import FIRST_HONOR, NUM_PLAYABLE
from game.i18n import N_

Translate = Callable[[str], str]

CN_NUMERALS = "一二三四五六七八九"
SUIT_WORDS = (
    # TRANSLATORS: may drop {n}: Chinese names the tile alone (五万), English glosses it: "5 Characters (五万)"
    N_("{cn}万 ({n} Characters)"),
    # TRANSLATORS: may drop {n}: Chinese names the tile alone (五筒), English glosses it: "5 Dots (五筒)"
    N_("{cn}筒 ({n} Dots)"),
    # TRANSLATORS: may drop {n}: Chinese names the tile alone (五条), English glosses it: "5 Bamboo (五条)"
    N_("{cn}条 ({n} Bamboo)"),
)
HONOUR_WORDS = (N_("East wind"), N_("South wind"), N_("West wind"), N_("North wind"), N_("Red dragon"),
                N_("Green dragon"), N_("White dragon"))


def tile_word(t: Translate, kind: int) -> str:
    """A tile as players name it: 五筒 / 北风 (and in English "5 Dots (五筒)" …, the term with a gloss)."""
    if kind < FIRST_HONOR:
        return t(SUIT_WORDS[kind // 9]).format(cn=CN_NUMERALS[kind % 9], n=kind % 9 + 1)
    if kind < NUM_PLAYABLE:
        return t(HONOUR_WORDS[kind - FIRST_HONOR])
    return str(kind)


def tiles_word(t: Translate, kinds: list[int]) -> str:
    return t(", ").join(tile_word(t, k) for k in kinds)


def advise(state, actions: list) -> Advice:
    """The expert's move for a seat from what that seat knows."""
    return SkilledBot("expert").advise(state, list(actions))


def call_words(t: Translate, kind: str, step: str | None) -> str:
    """Why a call: what it does to the hand's distance from ready (a call not made for speed is made for what it
    adds: a pong onto a ready hand, a kong that pays)."""
    word = {"pong": t("Pong"), "chow": t("Chow"), "kong": t("Kong")}[kind]
    if step == "as near":
        return t("{call}: the hand stays as near and is worth more with it").format(call=word)
    if step == "farther":
        return t("{call}: a step slower, but it pays more than that costs").format(call=word)
    return t("{call}: it brings your hand closer").format(call=word)


def pass_words(t: Translate, step: str | None) -> str:
    """Why a pass: `step` is what the call offered would have done ("closer": the call is passed for what it gives
    up of the hand's worth, not for speed)."""
    if step == "closer":
        return t("Pass: the call brings the hand closer but gives up more of its worth than that")
    return t("Pass: the call would not bring you closer to a good hand")


def hint_text(t: Translate, advice: Advice, hand_name: Callable[[str], str], state=None,
              tn: Callable[[str, str, int], str] | None = None) -> str:
    """One line: the move, then why. `state`: the seat's own (for how many of a tile it has seen); `tn`: the
    language's plural forms (App.tn; without it, English's)."""
    if tn is None:
        def tn(singular: str, plural: str, n: int) -> str:
            return t(singular) if n == 1 else t(plural)
    a = advice.action
    o = advice.option
    if a.type == "win":
        return t("Win now")
    if a.type == "pass":
        return pass_words(t, advice.step)
    if a.type in ("pong", "chow", "kong"):
        return call_words(t, a.type, advice.step)
    if a.type in ("concealed_kong", "added_kong"):
        return t("Kong {tile}: it costs your hand nothing").format(tile=tile_word(t, a.tile))
    if a.type != "discard" or a.tile is None:
        return ""
    head = t("Discard {tile}").format(tile=tile_word(t, a.tile))
    parts = []
    if o is not None:
        if o.waits:
            kinds = [k for k, _ in o.waits]
            left = sum(n for _, n in o.waits)
            wait = t("ready on {tiles}, {n} left").format(tiles=tiles_word(t, kinds), n=left)
            if o.hand:
                wait += t(", ") + hand_name(o.hand)
            parts.append(wait)
        elif o.distance > 0:
            # each count in its own plural form (no "tile(s)")
            away = tn("{d} tile from ready", "{d} tiles from ready", o.distance).format(d=o.distance)
            helps = tn("{n} unseen tile would help", "{n} unseen tiles would help", o.accept).format(n=o.accept)
            parts.append(away + t("; ") + helps)
        if advice.mode == "fold":
            parts.append(t("an opponent looks ready: play safe"))
        if o.safety == "all_seen" and state is not None:
            seen = 4 - state.unseen()[a.tile] - state.hand[a.tile]  # on the table, besides the seat's own
            parts.append(t("{tile}: {n} already seen, safe").format(tile=tile_word(t, a.tile), n=seen))
        elif o.safety == "threw":
            parts.append(t("{tile}: thrown by the players who look ready, safe").format(tile=tile_word(t, a.tile)))
    return head + (t(": ") + t("; ").join(parts) if parts else "")


def review_reason(t: Translate, decision, hand_name: Callable[[str], str],
                  tn: Callable[[str, str, int], str] | None = None, with_move: bool = True) -> str:
    """One line for a 复盘 mark (game.review.Decision): the expert's move and why, worded from what the review kept
    (`why`), and what the player's move left where that is the difference. Without `with_move` a discard's reason
    leaves out the move itself (the replay's strip names it already)."""
    text = _review_reason(t, decision, hand_name, tn)
    if not with_move and decision.best.get("type") == "discard" and t(": ") in text:
        text = text.split(t(": "), 1)[1]
    return text


def _review_reason(t: Translate, decision, hand_name: Callable[[str], str],
                   tn: Callable[[str, str, int], str] | None) -> str:
    from game.engine.state import Action
    from game.engine.tiles import parse_tile

    if tn is None:
        def tn(singular: str, plural: str, n: int) -> str:
            return t(singular) if n == 1 else t(plural)
    why = decision.why or {}
    best, chosen = decision.best, decision.chosen
    kind, theirs = best.get("type"), chosen.get("type")
    if kind == "setup":
        if why.get("outplays"):
            return t("Stake {n}: most of the others put up nothing last round, so there is an edge to play for"
                     ).format(n=best.get("value"))
        return t("Stake {n}: the others staked last round, so there is no edge to count on").format(
            n=best.get("value"))
    if kind == "win":
        worth = why.get("best_worth")
        if theirs != "win" and worth:
            return t("Win now: a sure {n} points").format(n=_points(worth))
        return t("Win now")
    if kind == "pass" and theirs == "win":
        return t("Pass this cheap win: a much bigger hand on the same wait is likely enough")
    # reviews saved before "step" (session 23) have only "closer", True, False or None
    step = why.get("step") or {True: "closer", False: "as near"}.get(why.get("closer"))
    if kind == "pass" and theirs in ("pong", "chow", "kong"):
        return pass_words(t, step)
    if kind in ("pong", "chow", "kong"):
        return call_words(t, kind, step)
    option = why.get("option") or {}
    action = Action(best.get("seat", 0), kind, parse_tile(best["tile"]) if best.get("tile") else None)
    advice = Advice(action, Option(action, int(option.get("distance", 0)), accept=int(option.get("accept", 0)),
                                   waits=[(int(k), int(n)) for k, n in option.get("waits", [])],
                                   hand=option.get("hand", ""), safety=option.get("safety", ""))
                    if option else None, why.get("mode", "attack"))
    text = hint_text(t, advice, hand_name, None, tn)
    if kind != "discard" or decision.agrees:
        return text
    if theirs in ("concealed_kong", "added_kong"):
        return text + t("; ") + t("the kong costs the hand more than it pays")
    mine = why.get("chosen") or {}
    tile = chosen.get("tile")
    if not mine or not tile:
        return text
    name = tile_word(t, parse_tile(tile))
    if mine.get("distance", 0) > option.get("distance", 0):
        d = int(mine["distance"])
        text += t("; ") + tn("{tile} left the hand {d} tile from ready", "{tile} left the hand {d} tiles from ready",
                             d).format(tile=name, d=d)
    elif mine.get("deal_in", 0) > option.get("deal_in", 0) + 0.05:
        text += t("; ") + t("{tile} was the more dangerous tile").format(tile=name)
    elif mine.get("accept", 0) < option.get("accept", 0):
        text += t("; ") + tn("{tile} left {n} tile that helps", "{tile} left {n} tiles that help",
                             int(mine["accept"])).format(tile=name, n=int(mine["accept"]))
    return text


def _points(x: float) -> str:
    return f"{x:.0f}" if abs(x - round(x)) < 0.05 else f"{x:.1f}"

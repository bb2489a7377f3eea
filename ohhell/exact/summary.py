"""Tidy frames and words from a solved 1-card round: P(win) by card, bids in words.

Examples
--------
>>> describe_set({0, 1, 2}, {14}, trump=True)
'one of the 3 best trumps in play (Q+) or a side A'
>>> describe_set(set(), {13, 14}, trump=False)
'a K+'
"""

from __future__ import annotations

import pandas as pd

from ohhell.exact.canonical import TRUMPS_IN_PLAY, CanonicalDeck, rank_name
from ohhell.exact.counting import counts

__all__ = ["win_frame", "describe_set", "describe_bids"]


def win_frame(deck: CanonicalDeck, n: int) -> pd.DataFrame:
    """P(win) per position and card (actual rank; a trump's chance is averaged over the turned-up card).

    A trump of rank ``r`` has ``14 - r`` higher trumps in play, one fewer when
    the turned-up card (one of the 12 other trump ranks, equally likely) is
    above it: probability ``(14 - r) / 12``.
    """
    free = [None] * n
    rows = []
    for i in range(n):
        p = [w / t for w, t in (counts(i, int(deck.representative[cl]), free, deck) for cl in range(deck.n_classes))]
        if deck.trump:
            for r in range(14, 1, -1):
                above = (14 - r) / TRUMPS_IN_PLAY
                # class index = 11 - higher; higher is 14 - r, or 13 - r when the turned-up card is above
                lower = p[11 - (13 - r)] if r < 14 else 0.0
                same = p[11 - (14 - r)] if r > 2 else 0.0
                rows.append((i, "trump", r, f"trump {rank_name(r)}", above * lower + (1 - above) * same))
        for r in range(14, 1, -1):
            suit = "side" if deck.trump else "plain"
            label = f"side {rank_name(r)}" if deck.trump else rank_name(r)
            rows.append((i, suit, r, label, p[deck.trumps + r - 2]))
    return pd.DataFrame(rows, columns=["position", "suit", "rank", "card", "p_win"])


def _article(name: str) -> str:
    return "an" if name[0] in "A8" else "a"


def describe_set(trumps: set[int], ranks: set[int], *, trump: bool) -> str:
    """Words for "bid 1 with": trumps by the number of higher trumps in play, side (or plain) cards by rank."""
    parts = []
    if trumps:
        top = max(trumps)
        if trumps == set(range(top + 1)):
            if top == TRUMPS_IN_PLAY - 1:
                parts.append("any trump")
            elif top == 0:
                parts.append("the best trump in play (A)")
            else:
                parts.append(f"one of the {top + 1} best trumps in play ({rank_name(14 - top)}+)")
        else:
            parts.append("a trump " + "/".join(rank_name(14 - h) for h in sorted(trumps)))
    if ranks:
        low = min(ranks)
        side = "side " if trump else ""
        if ranks == set(range(low, 15)):
            if low == 2:
                parts.append(f"any {side}card")
            else:
                name = rank_name(low) + ("" if low == 14 else "+")
                parts.append(f"{_article(side or name)} {side}{name}")
        else:
            names = "/".join(rank_name(r) for r in sorted(ranks, reverse=True))
            parts.append(f"{_article(side or names)} {side}{names}")
    return " or ".join(parts)


def _open_text(group: pd.DataFrame, deck: CanonicalDeck) -> str:
    ones = group[group["bid"] == 1]
    if len(ones) == 0:
        return "bid 0 with every card"
    if len(ones) == len(group):
        return "bid 1 with every card"
    trumps = {int(h) for h in ones.loc[ones["suit"] == "trump", "higher"]}
    ranks = {int(r) for r in ones.loc[ones["suit"] != "trump", "rank"]}
    return "bid 1 with " + describe_set(trumps, ranks, trump=deck.trump)


def describe_bids(
    thresholds: pd.DataFrame, deck: CanonicalDeck, sight: str, *, hook: bool, players: int
) -> pd.DataFrame:
    """One row per position and bids heard: P(heard), P(bid 1 | heard) and the rule in words."""
    rows = []
    for _, group in thresholds.groupby(["position", "history"], sort=False):
        position, history = int(group["position"].iloc[0]), str(group["history"].iloc[0])
        p_heard = float(group["p_joint"].sum())
        p_bid1 = float((group["p_joint"] * group["bid"]).sum()) / p_heard if p_heard > 0 else float("nan")
        if bool(group["forced"].any()):
            text = f"forced by the hook to bid {int(group['bid'].iloc[0])}"
        elif sight == "blind":
            text = f"bid {int(group['bid'].iloc[0])}"
        elif sight == "forehead":
            ones = group.loc[group["bid"] == 1, "signal"]
            unseen = int(group["signal"].max())
            if len(ones) == 0:
                text = "bid 0 whatever the others hold"
            else:
                k = int(ones.min())
                text = f"bid 1 when at least {k} of the {unseen} unseen cards would win"
        else:
            text = _open_text(group, deck)
        if hook and sight == "forehead" and position == players - 1 and not bool(group["forced"].any()):
            text += "; the hook forces 0 (1) when the others' bids sum to 0 (1)"
        if p_heard == 0 and sight == "own":
            text += " (never heard)"
        rows.append((position, history, p_heard, p_bid1, text))
    return pd.DataFrame(rows, columns=["position", "history", "p_history", "p_bid1", "text"])

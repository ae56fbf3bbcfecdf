"""Measured behaviour of the six characters: six-player games, one character a seat, seats
rotated; every action watched (cash held at the start of a turn, auction prices, trades,
building, jail, the 'amende ou Chance' card). Integer sums only, so the totals are the same
however the games are split between processes."""

from __future__ import annotations

from monopoly_cpc.ai.personality import NAMES
from monopoly_cpc.ai.sim import play_game
from monopoly_cpc.analysis.runner import in_order
from monopoly_cpc.analysis.tournament import lineup
from monopoly_cpc.game.setup import run_game_seed
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.board import HOTEL

FIELDS = ("seats", "wins", "turns", "early_turns", "cash_sum", "spends", "after_spend_sum", "won_auctions", "paid_sum", "price_sum",
          "proposed", "offers", "accepted", "builds", "first_build_turn_sum", "first_builds",
          "top_level_sum", "jail_leave_early", "jail_stay_early", "jail_leave_late",
          "jail_stay_late", "chance", "fine", "mortgages")
LATE_HOUSES = 6     # 'late' in jail: opponents hold at least this many houses
EARLY_TURNS = 240   # cash in hand is measured over the first 240 turns (40 rounds of six)


def _new() -> dict[str, int]:
    return dict.fromkeys(FIELDS, 0)


def _games(args: tuple) -> dict[str, dict[str, int]]:
    kind, seed, start, stop, round_cap = args
    spec = [f"{kind}:{name}" for name in NAMES]
    stats = {name: _new() for name in NAMES}
    for i in range(start, stop):
        labels = lineup(spec, i)
        names = [lab.partition(":")[2] for lab in labels]
        first_build = [0] * len(labels)
        top = [0] * len(labels)

        def observe(st, action, events, names=names, first_build=first_build, top=top):
            for ev in events:
                k = ev.kind
                if k == "turn":
                    s = stats[names[ev.player]]
                    s["turns"] += 1
                    if st.turn <= EARLY_TURNS:
                        s["early_turns"] += 1
                        s["cash_sum"] += st.players[ev.player].cash
                elif k == "auction_won" and ev.text == "property":
                    s = stats[names[ev.player]]
                    s["won_auctions"] += 1
                    s["paid_sum"] += ev.amount
                    s["price_sum"] += st.board.prices[ev.square]
                elif k == "build" and ev.amount:
                    s = stats[names[ev.player]]
                    s["builds"] += 1
                    if not first_build[ev.player]:
                        first_build[ev.player] = st.turn
                    h = st.houses[ev.square]
                    top[ev.player] = max(top[ev.player], 5 if h == HOTEL else h)
                elif k == "mortgage":
                    stats[names[ev.player]]["mortgages"] += 1
            cls = action.__class__
            p = getattr(action, "player", -1)
            if p < 0:
                return
            s = stats[names[p]]
            if cls is A.Build or cls is A.Buy:
                # What it keeps in hand after spending by choice: its reserve at work.
                s["spends"] += 1
                s["after_spend_sum"] += st.players[p].cash
            elif cls is A.ProposeTrade:
                s["proposed"] += 1
            elif cls is A.AcceptTrade or cls is A.RejectTrade:
                if cls is A.AcceptTrade or any(e.kind == "trade_rejected" and e.other != p
                                               for e in events):
                    s["offers"] += 1
                    s["accepted"] += cls is A.AcceptTrade
            elif cls is A.ChooseCard:
                s["chance" if action.chance else "fine"] += 1
            elif cls in (A.PayJailFine, A.UseJailCard, A.Roll):
                jail_roll = cls is A.Roll and any(
                    e.kind == "jail_stay" or (e.kind == "leave_jail" and e.text != "fine")
                    for e in events)
                if cls is A.Roll and not jail_roll:
                    return
                houses = sum(5 if h == HOTEL else h for sq, h in enumerate(st.houses)
                             if h and st.owner[sq] != p)
                phase = "late" if houses >= LATE_HOUSES else "early"
                s[f"jail_{'stay' if jail_roll else 'leave'}_{phase}"] += 1

        r = play_game(labels, run_game_seed(seed, i), round_cap=round_cap, index=i, observe=observe)
        for seat, name in enumerate(names):
            s = stats[name]
            s["seats"] += 1
            s["wins"] += r.winner == seat
            if first_build[seat]:
                s["first_builds"] += 1
                s["first_build_turn_sum"] += first_build[seat]
                s["top_level_sum"] += top[seat]
    return stats


def measure(kind: str = "normal", games: int = 120, seed: int = 0, jobs: int = 1,
            round_cap: int = 1000, scheduler: str | None = None) -> dict[str, dict[str, int]]:
    """Sums of every measured quantity, per character, over ``games`` six-player games (here,
    in ``jobs`` processes or on the Dask cluster at ``scheduler``: the same sums)."""
    chunks = [(kind, seed, a, min(a + 10, games), round_cap) for a in range(0, games, 10)]
    parts = list(in_order(_games, chunks, jobs, scheduler))
    total = {name: _new() for name in NAMES}
    for part in parts:
        for name, s in part.items():
            for k, v in s.items():
                total[name][k] += v
    return total


def _ratio(a: int, b: int, scale: float = 1.0) -> float:
    return scale * a / b if b else float("nan")


def table(total: dict[str, dict[str, int]], players: int = 6) -> str:
    """The personality table of docs/ai.md from measured sums."""
    head = (f"{'character':13s} {'win %':>6s} {'cash/turn':>10s} {'kept':>8s} {'auction':>8s} "
            f"{'offers/100t':>11s} {'accept %':>8s} {'1st build':>9s} {'top lvl':>7s} "
            f"{'jail out early':>14s} {'late':>6s} {'Chance %':>8s}")
    lines = [head]
    for name, s in total.items():
        lines.append(
            f"{name:13s} {_ratio(s['wins'], s['seats'], 100):6.1f} "
            f"{_ratio(s['cash_sum'], s['early_turns']):10,.0f} "
            f"{_ratio(s['after_spend_sum'], s['spends']):8,.0f} "
            f"{_ratio(s['paid_sum'], s['price_sum'], 100):7.0f}% "
            f"{_ratio(s['proposed'], s['turns'], 100):11.1f} "
            f"{_ratio(s['accepted'], s['offers'], 100):8.0f} "
            f"{_ratio(s['first_build_turn_sum'], s['first_builds']) / players:9.1f} "
            f"{_ratio(s['top_level_sum'], s['first_builds']):7.1f} "
            f"{_ratio(s['jail_leave_early'], s['jail_leave_early'] + s['jail_stay_early'], 100):13.0f}% "
            f"{_ratio(s['jail_leave_late'], s['jail_leave_late'] + s['jail_stay_late'], 100):5.0f}% "
            f"{_ratio(s['chance'], s['chance'] + s['fine'], 100):8.0f}")
    lines.append("cash/turn: mean cash at the start of its turns in the first 40 rounds (F); kept: mean cash left just after it bought or built; auction: price paid at "
                 "auction / printed price; offers/100t: trades proposed per 100 of its turns; "
                 "accept %: offers it received and accepted; 1st build: round of its first house; "
                 "top lvl: highest building (5 = hotel); jail out: share of jail turns it paid or "
                 "used a card to leave, early (opponents < 6 houses) and late.")
    return "\n".join(lines)

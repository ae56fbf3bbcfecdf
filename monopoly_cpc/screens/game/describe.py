"""One line of the window for each engine event (texts from the catalogue)."""

from __future__ import annotations

from monopoly_cpc.texts import money

# events the window does not write (their effect shows otherwise, or a prompt asks)
SILENT = {"buy_offer", "land", "card_drawn", "game_over", "debt_paid"}


def describe(screen, ev) -> str:
    """The message shown for ``ev`` ('' for none)."""
    t = screen.texts
    st = screen.state
    kind = ev.kind
    if kind in SILENT:
        return ""
    def name(i: int) -> str:
        if 0 <= i < len(st.players):
            return st.players[i].name
        return t["debt.bank"]

    def square(i: int) -> str:
        return st.board.names[i] if 0 <= i < 40 else ""

    who, other, amt = name(ev.player), name(ev.other), money(ev.amount)
    if kind == "start_roll":
        return t.get("game.start_rolled", name=who, total=ev.amount)
    if kind == "start_tie":
        return t.get("game.start_tie", names=", ".join(name(i) for i in ev.data))
    if kind == "first_player":
        return t.get("game.first_player", name=who)
    if kind == "turn":
        # a human's turn is announced by the dice window itself
        return "" if ev.player not in screen.bots else t.get("game.turn_cpu", name=who, n=ev.player + 1)
    if kind == "dice":
        d1, d2 = ev.data
        return t.get("game.rolled", name=who, d1=d1, d2=d2, total=ev.amount)
    if kind == "doubles":
        return t.get("game.doubles", name=who) if ev.amount < 3 else ""
    if kind == "move":
        return t.get("game.land", name=who, square=square(ev.square))
    if kind == "pass_go":
        return t.get("game.pass_go", name=who, amount=amt)
    if kind == "buy":
        return t.get("game.bought", name=who, square=square(ev.square), price=amt)
    if kind == "decline":
        return t.get("game.declined", name=who)
    if kind == "auction_start":
        what = square(ev.square) if ev.square >= 0 else t[
            "auction.hotel" if ev.text == "hotel" else "auction.building"]
        return t.get("auction.heading", square=what)
    if kind == "bid":
        return t.get("auction.bids", name=who, amount=amt)
    if kind == "auction_pass":
        return t.get("auction.passes", name=who)
    if kind == "auction_won":
        what = square(ev.square) if ev.square >= 0 else t[
            "auction.hotel" if ev.text == "hotel" else "auction.building"]
        return t.get("auction.sold", square=what, name=who, amount=amt)
    if kind == "shortage_alone":
        what = t["auction.hotel" if ev.text == "hotel" else "auction.building"]
        return t.get("auction.alone", name=who, square=what)
    if kind == "auction_void":
        what = t["auction.hotel" if ev.text == "hotel" else "auction.building"]
        return t.get("auction.void", name=who, square=what)
    if kind == "auction_unsold":
        what = square(ev.square) if ev.square >= 0 else t[
            "auction.hotel" if ev.text == "hotel" else "auction.building"]
        return t.get("auction.unsold", square=what)
    if kind == "rent_due":
        return t.get("game.rent_due", amount=amt, owner=other, n=ev.other + 1)
    if kind == "rent_paid":
        return t.get("game.rent_paid", name=who, amount=amt, owner=other)
    if kind == "rent_lost":
        return t.get("game.rent_lost", owner=other)
    if kind == "no_rent":
        return t.get("game.no_rent", square=square(ev.square))
    if kind == "tax":
        return t.get("game.tax", name=who, amount=amt, square=square(ev.square))
    if kind == "pay":
        if ev.text in ("tax", "auction", "jail"):
            return ""  # the tax, the gavel or the release already said it
        return t.get("game.pay", name=who, amount=amt)
    if kind == "collect":
        return t.get("game.collect", name=who, amount=amt)
    if kind == "transfer":
        return t.get("game.transfer", name=who, amount=amt, other=other)
    if kind == "card_kept":
        return t.get("game.card_kept", name=who)
    if kind == "card_choice":  # the question, in the log; a human's prompt adds the keys
        return t.get("card.choice_who", name=who)
    if kind == "jail":
        return t.get("game.jail", name=who)
    if kind == "jail_stay":
        return t.get("game.jail_stay", name=who)
    if kind == "leave_jail":
        return t.get("game.leave_jail", name=who)
    if kind == "debt":
        return t.get("debt.heading", name=who, amount=amt, creditor=other)
    if kind == "build":
        return t.get("game.build", name=who, square=square(ev.square))
    if kind == "sell":
        return t.get("game.sell", name=who, square=square(ev.square))
    if kind == "mortgage":
        return t.get("game.mortgage", name=who, square=square(ev.square), amount=amt)
    if kind == "lift":
        return t.get("game.lift", name=who, square=square(ev.square))
    if kind == "interest":
        return t.get("game.interest", name=who, amount=amt)
    if kind == "shortage":
        return t.get("game.shortage")
    if kind == "trade_proposed":
        return t.get("game.trade_proposed", name=who, other=other)
    if kind == "trade":
        # what changed hands, in one line: the journal's record of a deal between computers
        give, take, give_cards, take_cards = (list(x) for x in ev.data) if ev.data else ([], [], [], [])

        def goods(squares: list[int], cards: list, cash: int) -> str:
            parts = [square(q) for q in squares] + [t["game.trade_card"]] * len(cards)
            if cash > 0:
                parts.append(money(cash))
            return ", ".join(parts) or t["game.trade_nothing"]

        return t.get("game.trade", name=who, other=other, give=goods(give, give_cards, ev.amount),
                     take=goods(take, take_cards, -ev.amount))
    if kind == "trade_rejected":
        return t.get("game.trade_rejected", name=who)
    if kind == "loan":
        return t.get("game.loan", name=who, amount=amt)
    if kind in ("loan_interest", "loan_repaid"):
        return t.get(f"game.{kind}", name=who, amount=amt)
    if kind == "bankrupt":
        return t.get("game.bankrupt", name=who)
    if kind == "time_up":
        return t["game.time_up"]
    if kind == "end_requested":
        return t["game.game_over"]
    if kind == "score":
        return t.get("game.score", name=who, amount=amt)
    if kind == "winner":
        from monopoly_cpc.screens.end import winner_text

        return winner_text(st, t) if st.winner == ev.player else t.get("game.winner", name=who)
    return ""

"""What the two rules audits' scenarios share (tests/rules/test_audit_scenarios.py and
test_audit2_scenarios.py): a game, and the direct edits a scenario makes to set its stage,
each keeping the bank's ledger right."""

from monopoly_cpc.rules import Roll, apply, new_game

HOTEL = 5


def game(n=2, variant=None, first=0, seed=11):
    return new_game([f"P{i}" for i in range(n)], seed=seed, first_player=first, variant=variant)


def cash(s, i, amount):
    """Set a player's cash, keeping the bank's ledger (money conservation) right."""
    s.bank_cash += s.players[i].cash - amount
    s.players[i].cash = amount


def give(s, who, *squares):
    for sq in squares:
        s.owner[sq] = who


def build(s, sq, n):
    """Put ``n`` houses (5 = hotel) on ``sq`` taken from the bank's stock."""
    if n == HOTEL:
        s.bank_hotels -= 1
    else:
        s.bank_houses -= n
    s.houses[sq] = n


def roll(s, p, d1, d2):
    s.forced_dice.append((d1, d2))
    return apply(s, Roll(p))


def card(s, deck, cid):
    s.forced_cards[deck].append(s.cards.by_id[cid])

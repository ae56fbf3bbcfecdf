"""Edge cases of the rules found by the audit against the four manuals (docs/rules.md); the
scenario files hold the rest."""

from monopoly_cpc.rules import DeclareBankruptcy, Roll, apply, new_game
from monopoly_cpc.rules.invariants import check_invariants
from monopoly_cpc.rules.serial import from_data, to_data


def _cash(s, i, amount):
    s.bank_cash += s.players[i].cash - amount
    s.players[i].cash = amount


def test_bankrupt_on_the_jail_fine_while_a_purchase_waits():
    """seeds/002 'il doit ... payer une amende de Frs 5,000 et avancer son pion': the fine of the
    third failed try is raised before the square reached can be bought; a player who cannot
    raise it goes bankrupt to the bank, the purchase is moot (the square stays the bank's) and
    the game goes on with the next player, the state still saving and loading."""
    s = new_game(["A", "B", "C"], seed=3, first_player=0)
    p = s.players[0]
    p.pos, p.in_jail, p.jail_turns = 10, True, 2
    _cash(s, 0, 3000)
    s.phase = "jail"
    s.forced_dice.append((1, 2))
    apply(s, Roll(0))
    assert s.phase == "debt" and s.pending_square == 13 and "buy" in s.stack
    assert from_data(to_data(s)) == s
    apply(s, DeclareBankruptcy(0))
    assert p.bankrupt and s.owner[13] == -1
    assert s.phase == "roll" and s.current == 1 and s.pending_square == -1 and not s.stack
    check_invariants(s)
    assert from_data(to_data(s)) == s


def test_monopolic_loan_grows_at_each_pass_and_is_taken_at_the_third():
    """seeds/000 EMPRUNT 'son remboursement sera égal à la somme empruntée, majorée de 10 % à
    chaque passage sur la case départ. L'emprunt est systématiquement prélevé au 3e passage':
    50.000 F owed grows to 55.000, 60.000 (10 % of the sum borrowed each time, the reading
    docs/rules.md states) and 65.000 F, taken at the third pass, after that pass's salary."""
    from monopoly_cpc.rules import Borrow, Variant

    s = new_game(["A", "B"], seed=2, first_player=0, variant=Variant(loans=True))
    apply(s, Borrow(0, 50000))
    a = s.players[0]
    owed = []
    for _ in range(3):
        a.pos = 36
        s.players[1].pos = 7
        s.forced_dice += [(1, 3), (1, 2)]      # A: 36 -> Départ (a stop is a pass); B: 7 -> 10, a simple visit
        apply(s, Roll(0))
        owed.append(a.loan)
        apply(s, Roll(1))
    assert owed == [55000, 60000, 0]
    assert a.cash == 150000 + 50000 + 3 * 20000 - 65000
    assert a.loan_passes == 0


def test_station_rent_for_one_to_four_stations_mortgaged_ones_counting():
    """monopoly_fr.md stations_rent [2500, 5000, 10000, 20000] for 1-4 stations owned; the title
    deeds count the stations owned, so a mortgaged one still counts for the others (docs/rules.md
    decision), and a mortgaged station itself earns nothing (seeds/002 'Si cette case est
    hypothéquée, aucun loyer ne doit être payé')."""
    from monopoly_cpc.rules.queries import rent

    s = new_game(["A", "B"], seed=1, first_player=0)
    stations = (5, 15, 25, 35)
    for n, want in zip(range(1, 5), (2500, 5000, 10000, 20000)):
        s.owner[stations[n - 1]] = 1
        assert [rent(s, x, 7) for x in stations[:n]] == [want] * n
    s.mortgaged[35] = True
    assert rent(s, 5, 7) == 20000 and rent(s, 35, 7) == 0


def test_utility_rent_is_400_or_1000_francs_per_dice_point():
    """monopoly_fr.md utilities_rent '4 x dés x 100 = 400 F par point', '10 x dés x 100 = 1.000 F
    par point' (seeds/003 'le total de vos dés multiplié par 4 ... 10 fois le total des dés')."""
    from monopoly_cpc.rules.queries import rent

    s = new_game(["A", "B"], seed=1, first_player=0)
    s.owner[12] = 1
    assert [rent(s, 12, t) for t in (2, 7, 12)] == [800, 2800, 4800]
    s.owner[28] = 1
    assert [rent(s, 28, t) for t in (2, 7, 12)] == [2000, 7000, 12000]


def test_a_stale_offer_is_not_listed_as_acceptable():
    """docs/engine.md legal_actions: what it lists, apply accepts. With trade_mortgaged off, a
    deed of the offer mortgaged meanwhile ("à tout moment") makes the offer unacceptable: only
    the refusal is listed (AcceptTrade was listed, then refused by apply)."""
    from monopoly_cpc.rules import actions as A
    from monopoly_cpc.rules.engine import apply, new_game
    from monopoly_cpc.rules.legal import legal_actions
    from monopoly_cpc.rules.variants import Variant

    s = new_game(["A", "B"], seed=1, variant=Variant(trade_mortgaged=False), first_player=0)
    s.owner[1], s.owner[3] = 0, 1
    apply(s, A.ProposeTrade(0, 1, (1,), (3,), 0))
    assert A.AcceptTrade(1) in legal_actions(s, 1)
    apply(s, A.Mortgage(0, 1))
    assert legal_actions(s, 1) == [A.RejectTrade(1)]

"""L Location and M Maisons, as the manual words them (seeds/002 part C)."""

from __future__ import annotations

from monopoly_cpc.rules.board import HOTEL
from monopoly_cpc.rules.variants import Variant
from tests.screens.commands.helpers import digit, flat, give, goto, key, settle, start_game


def land_anne_on_vaugirard(s, st):
    st.forced_dice = [(2, 4)]
    s.press("D", ticks=200)
    assert st.players[0].pos == 6


# -- L Location ------------------------------------------------------------------------------

def test_rent_claimed_with_l_is_credited():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 1, [6, 8, 9], houses=[2, 2, 2])
    land_anne_on_vaugirard(s, st)
    assert st.claim is not None and st.claim.amount == 9_000
    s.press("L", ticks=60)
    assert st.claim is None
    assert st.players[1].cash == 159_000 and st.players[0].cash == 141_000


def test_rent_not_claimed_before_the_next_roll_is_lost():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 1, [6])
    land_anne_on_vaugirard(s, st)
    assert st.current == 1 and st.claim is not None
    st.forced_dice = [(1, 2)]
    s.press("D", ticks=200)                  # BRUNO, owed the rent, is reminded once
    assert st.claim is not None and "L : votre loyer ! D : y renoncer" in flat(s)
    s.press("D", ticks=200)                  # and rolls without claiming
    assert st.claim is None
    assert st.players[1].cash == 150_000 and st.players[0].cash == 150_000


def test_l_with_a_payer_short_of_cash_starts_the_sale_procedure():
    s, st = start_game(("ANNE", "BRUNO", "CLAUDE"))
    give(st, 1, [37, 39], houses=[5, 5])
    give(st, 0, [1])
    st.players[0].cash = 2_000
    st.bank_cash += 148_000
    st.forced_dice = [(4, 5)]
    st.players[0].pos = 30 - 2                 # 28 + 9 = 37, Champs-Élysées with a hotel
    s.press("D", ticks=250)
    assert st.claim is not None and st.claim.owner == 1
    assert "BRUNO : tapez L pour réclamer le loyer" in flat(s)
    s.press("L", ticks=60)                     # BRUNO claims: ANNE cannot pay 150.000 F
    assert st.claim is None
    assert st.phase == "debt" and st.debts[0].debtor == 0 and st.debts[0].creditor == 1
    assert "ANNE doit 150.000 F à BRUNO" in flat(s)


def test_automatic_rent_variant():
    s, st = start_game(("ANNE", "BRUNO"), variant=Variant(auto_rent=True))
    give(st, 1, [6])
    land_anne_on_vaugirard(s, st)
    assert st.players[1].cash == 150_600
    s.press("L")
    assert "Option : les loyers sont payés d'office" in flat(s)


# -- M Maisons -------------------------------------------------------------------------------

def test_buy_houses_demands_then_cursor_space_enter_and_even_building():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3])
    s.press("M")
    assert "Achat ou vente ? (A/V)" in flat(s)
    s.press("A")
    assert "ANNE (1) : combien de maisons ?" in flat(s)
    assert "BRUNO n'a aucun groupe où construire" in flat(s)   # not asked: told at once
    s.step([digit(3), key("ENTER")])
    w = flat(s)
    assert "BRUNO (2) : combien de maisons ?" not in w
    assert "Demandes 3, stock 32 maisons, 12 hôtels" in w and "ANNE : 3 à construire" in w
    goto(s, 1)
    s.press("SPACE")
    assert "Boulevard de Belleville" in flat(s) and "Maison 5.000 F" in flat(s)
    s.press("ENTER", ticks=30)
    assert st.houses[1] == 1 and st.players[0].cash == 145_000
    s.press("ENTER", ticks=30)                # a second house on the same street: uneven
    assert "Refusé : Construisez uniformément" in flat(s)
    assert st.houses[1] == 1
    goto(s, 3)
    s.press("ENTER", ticks=30)
    assert "ANNE : 1 à construire" in flat(s)
    s.press("ENTER", ticks=30)
    assert st.houses[1] == 1 and st.houses[3] == 2
    assert s.screen.modes == []               # the three are built: the command ends


def test_build_refused_on_an_incomplete_group_and_q_quits():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3, 6])
    s.press("M")
    s.press("A")
    s.step([digit(1), key("ENTER"), key("ENTER")])
    goto(s, 6)
    s.press("ENTER", ticks=20)
    assert "Refusé : Groupe incomplet ou hypothéqué" in flat(s)
    s.press("Q")
    assert s.screen.modes == [] and st.houses[6] == 0


def test_a_player_without_any_group_to_build_on_is_not_asked_and_told_at_once():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1])
    give(st, 1, [6, 8, 9])
    s.press("M", "A")                         # ANNE has no complete group: not asked
    assert "ANNE n'a aucun groupe où construire" in flat(s)
    assert "ANNE (1) : combien de maisons ?" not in flat(s)
    assert "BRUNO (2) : combien de maisons ?" in flat(s)
    s.step([digit(1), key("ENTER")])          # BRUNO builds one
    assert "Demandes 1" in flat(s)
    goto(s, 6)
    s.press("ENTER", ticks=30)
    assert st.houses[6] == 1 and s.screen.modes == []


def test_sell_one_property_at_a_time_evenly():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3], houses=[2, 1])
    s.press("M")
    s.press("V")
    assert "Vente : tapez votre numéro" in flat(s)
    s.step([digit(1)])
    goto(s, 3)
    s.press("ENTER", ticks=20)
    assert "Refusé : Vendez uniformément" in flat(s)
    goto(s, 1)
    s.press("ENTER", ticks=20)
    assert st.houses[1] == 1 and st.players[0].cash == 152_500
    s.press("Q")
    assert s.screen.modes == []


def test_house_shortage_goes_to_auction_and_a_bid_above_assets_is_refused():
    s, st = start_game(("ANNE", "BRUNO"))
    # 31 houses already on the board: the bank has one left
    give(st, 0, [21, 23, 24, 26, 27, 29, 37, 39], houses=[4, 4, 4, 4, 4, 4, 3, 4])
    give(st, 0, [1, 3])
    give(st, 1, [6, 8, 9])
    assert st.bank_houses == 1
    s.press("M")
    s.press("A")
    s.step([digit(2), key("ENTER")])          # ANNE wants 2
    s.step([digit(1), key("ENTER")])          # BRUNO wants 1
    w = flat(s)
    assert "Demandes 3, stock 1 maisons, 12 hôtels" in w
    assert "Pas assez de maisons : vente aux enchères" in w
    goto(s, 1)
    s.press("ENTER", ticks=40)                # the engine's shortage rule: an auction
    assert st.phase == "auction" and st.auction.kind == "house"
    assert s.screen.modes == []               # the auction window has the keyboard
    s.step([digit(2)] + [digit(d) for d in (9, 9, 9, 9, 9, 9)] + [key("ENTER")], ticks=5)
    assert "Refusé : l'offre dépasse vos actifs" in flat(s)
    assert st.auction.high_bid == 0
    s.step([digit(2), digit(6), digit(0), digit(0), digit(0), key("ENTER")], ticks=5)
    assert st.auction.high_bidder == 1 and st.auction.high_bid == 6_000


def test_a_fifth_building_is_a_hotel_and_selling_it_clears_the_group():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3], houses=[4, 4])
    s.press("M", "A")
    s.step([digit(1), key("ENTER"), key("ENTER")])
    goto(s, 3)
    s.press("ENTER", ticks=30)
    assert st.houses[3] == 5 and st.bank_hotels == 11 and st.bank_houses == 32 - 4
    assert s.screen.modes == []              # the one building asked for is built: M ends
    s.press("M", "V")
    s.step([digit(1)])
    goto(s, 3)
    s.press("ENTER", ticks=30)
    # seeds/002: selling a hotel sells every building of the group at once: the window says
    # what it will sell and for how much, and asks first
    assert st.houses[3] == 5 and st.houses[1] == 4
    assert "Vendre 1 hôtel(s) et 4 maison(s) (Bd de Belleville, Rue Lecourbe) : +22.500 F ? (O/N)" \
        in " ".join(" ".join(s.text()[18:24]).split())
    s.press("O", ticks=30)
    assert st.houses[1] == 0 and st.houses[3] == 0 and st.bank_houses == 32 and st.bank_hotels == 12
    assert st.players[0].cash == 150_000 - 5_000 + (5 * 5_000) // 2 + (4 * 5_000) // 2
    # the line names what was really sold, not one hotel for the whole group
    assert "ANNE vend 1 hôtel(s) et 4 maison(s) (Bd de Belleville, Rue Lecourbe) (+22.500 F)" \
        in " ".join(" ".join(s.text()[18:24]).split())


def test_bid_above_the_bidders_assets_is_refused_at_the_banks_auction():
    s, st = start_game(("ANNE", "BRUNO"))
    st.forced_dice = [(2, 4)]
    s.press("D", ticks=200)
    assert st.phase == "buy"
    s.press("N", ticks=40)                      # ANNE leaves Rue de Vaugirard to the bank
    settle(s)
    assert st.phase == "auction"
    s.step([digit(2)] + [digit(d) for d in (9, 9, 9, 9, 9, 9)] + [key("ENTER")], ticks=5)
    assert "Refusé : l'offre dépasse vos actifs" in flat(s)
    assert st.auction.high_bid == 0
    s.step([digit(2), digit(1), digit(2), digit(0), digit(0), digit(0), key("ENTER")], ticks=5)
    assert st.auction.high_bidder == 1 and st.auction.high_bid == 12_000


def test_demands_above_the_stock_without_rivals_are_not_called_a_shortage():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [21, 23, 24, 26, 27, 29, 37, 39], houses=[4, 4, 4, 4, 4, 4, 3, 4])
    give(st, 0, [1, 3])
    assert st.bank_houses == 1
    s.press("M", "A")
    s.step([digit(2), key("ENTER")])
    s.step([digit(1), key("ENTER")])            # BRUNO has no group: he cannot build
    w = flat(s)
    assert "BRUNO n'a aucun groupe où construire" in w
    assert "Demandes 2, stock 1 maisons, 12 hôtels" in w
    assert "vente aux enchères" not in w
    goto(s, 1)
    s.press("ENTER", ticks=30)
    assert st.houses[1] == 1 and st.phase == "roll"        # sold straight away, no auction


def test_hotel_shortage_is_announced_and_auctioned_by_the_engines_rule():
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3], houses=[4, 4])
    give(st, 1, [6, 8, 9], houses=[4, 4, 4])
    st.bank_hotels = 1                       # the others are "on the board" elsewhere
    s.press("M", "A")
    s.step([digit(1), key("ENTER")])
    s.step([digit(1), key("ENTER")])
    w = flat(s)
    assert "Pas assez d'hôtels : vente aux enchères" in w
    goto(s, 1)
    s.press("ENTER", ticks=40)
    assert st.phase == "auction" and st.auction.kind == "hotel"


def test_fast_variant_puts_the_hotel_after_three_houses():
    s, st = start_game(("ANNE", "BRUNO"), variant=Variant.fast())
    give(st, 0, [1, 3], houses=[3, 3])
    cash = st.players[0].cash                  # (the fast variant dealt two deeds, paid)
    s.press("M", "A")
    s.step([digit(1), key("ENTER"), key("ENTER")])
    goto(s, 1)
    s.press("ENTER", ticks=30)
    assert st.houses[1] == HOTEL and st.bank_houses == 32 - 3     # three houses back, a hotel
    assert st.players[0].cash == cash - 5_000


def test_m_puts_the_cursor_on_depart_as_h_does():
    """seeds/002 part C, H: "un curseur apparaît sur la case DEPART"; M's cursor starts there too,
    wherever the last command left it."""
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3])
    goto(s, 12)
    s.press("M", "A")
    s.step([digit(1), key("ENTER"), key("ENTER")])
    assert "ANNE : 1 à construire" in flat(s)
    assert s.screen.cursor == 0


def test_the_demand_names_both_stocks_of_the_bank():
    """A demand for hotels is not compared with the houses alone."""
    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [1, 3], houses=[4, 4])
    st.bank_hotels = 5
    s.press("M", "A")
    s.step([digit(2), key("ENTER"), key("ENTER")])
    assert "Demandes 2, stock 24 maisons, 5 hôtels" in flat(s)


def test_a_computers_demand_is_built_in_its_turn_of_the_m_session():
    """seeds/002 C, M Maisons: "Chacun construit à son tour". Play-test: a computer's demand
    ('BRUNO (ordinateur) demande 1') was left for its next turn, unexplained."""
    from tests.screens.commands.helpers import Bot
    from monopoly_cpc.rules import actions as A

    class Builder(Bot):
        armed = False

        def decide(self, state, player):
            if self.armed and state.phase in ("roll", "jail") and state.houses[6] == 0:
                return A.Build(player, 6)
            return super().decide(state, player)

    bruno = Builder()
    s, st = start_game(("ANNE", "BRUNO"), computer=(False, True), bots={1: bruno})
    give(st, 0, [1, 3])
    give(st, 1, [6, 8, 9])
    bruno.armed = True
    s.press("M", "A")
    s.step([digit(1), key("ENTER")])          # ANNE wants one; BRUNO said his
    assert "Demandes 2" in flat(s)
    goto(s, 1)
    s.press("ENTER", ticks=30)                # ANNE builds hers, then BRUNO his, at once
    assert st.houses[1] == 1 and st.houses[6] == 1
    assert st.players[1].cash == 150_000 - 5_000 and s.screen.modes == []
    assert any("BRUNO" in line and "Vaugirard" in line for line in s.screen.journal)


def test_l_shows_only_a_rent_due_to_a_person_never_a_computers():
    """seeds/002 C: L is the owner's claim; a person pressing L with no rent due to a person
    is told that none is due, not a computer's rent with "Propriétaire : tapez votre numéro"."""
    s, st = start_game(("ANNE", "BRUNO", "CLAUDE"), computer=(False, True, False))
    from monopoly_cpc.rules.state import RentClaim

    give(st, 1, [6])
    st.claim = RentClaim(owner=1, payer=0, square=6, amount=600)   # before the computer claims it
    s.step([key("L")], 1)
    assert s.screen.modes
    text = flat(s)
    assert "doit" not in text and "numéro" not in text
    assert "Aucun loyer n'est dû en ce moment" in text

"""J: the journal of every message of the game, paged with the cursor keys."""

from __future__ import annotations

from monopoly_cpc.screens.game.describe import describe
from monopoly_cpc.screens.game.host import wrap
from monopoly_cpc.screens.game.modes.journal import JournalMode
from tests.screens.commands.helpers import give, goto, start_game


def _window(s) -> list[str]:
    s.screen.draw(s.fb)
    return [s.fb.read_text(r).rstrip() for r in range(18, 24)]


def test_j_opens_every_message_newest_last_and_pages_with_the_cursor_keys():
    s, _st = start_game(("ANNE", "BRUNO"))
    for k in range(30):
        s.screen.say(f"message numero {k}")
    s.press("J")
    assert isinstance(s.screen.modes[-1], JournalMode)
    rows = _window(s)
    assert rows[0].strip().startswith("JOURNAL")
    assert rows[4] == "message numero 29"          # the newest last, on the newest page
    assert "pages" in rows[5] and "ENTER" in rows[5]
    pages = s.screen.modes[-1].pages
    assert f"page {pages}/{pages}" in rows[0]
    s.press("UP")
    assert "message numero 25" in _window(s)[4]
    for _ in range(40):
        s.press("UP")
    assert f"page 1/{pages}" in _window(s)[0]       # the first page stops the paging
    everything = []
    mode = s.screen.modes[-1]
    for p in range(mode.pages):
        mode.page = p
        everything += [r for r in _window(s)[1:5] if r]
    said = [line for line in everything if line.startswith("message numero")]
    assert said == [f"message numero {k}" for k in range(30)]     # nothing lost, in order
    s.press("DOWN")
    s.press("ENTER")
    assert s.screen.modes == []
    s.press("J")
    s.press("ESC")
    assert s.screen.modes == []


def test_the_journal_keeps_the_messages_the_log_has_scrolled_away():
    s, _st = start_game(("ANNE", "BRUNO"))
    for k in range(200):
        s.screen.say(f"ligne {k}")
    assert len(s.screen.journal) >= 200 and "ligne 0" in s.screen.journal
    assert "ligne 0" not in " ".join(s.screen.log)


def test_a_computers_purchase_build_and_mortgage_each_give_one_clear_line():
    """What a computer does out of sight is one line of the journal each."""
    from monopoly_cpc.rules.events import Event

    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 1, [1, 3], houses=[1, 0])
    t = s.screen
    for kind, square, amount in (("buy", 39, 40_000), ("build", 1, 5_000), ("mortgage", 3, 3_000),
                                 ("auction_won", 5, 21_000)):
        line = describe(t, Event(kind, player=1, square=square, amount=amount))
        assert line and "BRUNO" in line and st.board.names[square].split()[-1] in line, (kind, line)
        assert len(line) <= 80


def test_a_trade_is_one_line_that_says_what_changed_hands():
    from monopoly_cpc.rules.events import Event

    s, _st = start_game(("ANNE", "BRUNO"))
    ev = Event("trade", player=1, amount=5_000, other=0, data=((1,), (3,), (), ()))
    line = describe(s.screen, ev)
    assert line == "Échange : BRUNO donne Boulevard de Belleville, 5.000 F à ANNE contre Rue Lecourbe"


def test_a_command_header_leaves_the_boards_bottom_edge_a_line_of_its_own():
    """Under the ring's black bottom edge (line 143) the header's first line is the window's
    paper, not the bar's colour, for every command's title bar; the title still reads."""
    from monopoly_cpc.render.board import BOTTOM
    from monopoly_cpc.screens.game.window import WINDOW_INKS

    for letter, title in (("J", "JOURNAL"), ("P", "PROPRI"), ("M", "MAISONS"), ("H", "HYPOTH")):
        s, _st = start_game(("ANNE", "BRUNO"))
        s.press(letter)
        s.screen.draw(s.fb)
        assert (s.fb.pens[BOTTOM - 1, :] == 1).mean() > 0.9 and s.fb.inks[BOTTOM - 1, 1] == 0
        bar = s.fb.inks[BOTTOM + 1, 3]
        assert s.fb.inks[BOTTOM, 3] == WINDOW_INKS[0] != bar, letter
        assert title in s.fb.read_text(18), letter


def test_a_message_is_never_cut_between_two_pages():
    # a play-test read "... Courcelles pour" at the foot of a page and "10.000 F" on the next
    from monopoly_cpc.screens.game.modes.journal import PAGE, paged

    journal = [f"message {i} " + "x" * (i * 7 % 70) for i in range(60)]
    pages = paged(journal)
    assert all(len(p) <= PAGE for p in pages)
    assert [line for p in pages for line in p] == [
        line for said in journal for line in (wrap(said, 40) or [""])]
    starts = {tuple(wrap(said, 40)) for said in journal}
    for p in pages:            # each page is whole messages, one after the other
        rows = list(p)
        while rows:
            n = next(k for k in range(1, len(rows) + 1) if tuple(rows[:k]) in starts)
            rows = rows[n:]
    assert pages[-1][-1] == wrap(journal[-1], 40)[-1]     # the newest message ends the last page
    assert paged([]) == [[]]


def test_messages_said_while_the_journal_is_open_join_it():
    # a play-test left J open through the computers' moves: it stayed on its first page count
    s, st = start_game(("ANNE", "BRUNO"))
    s.press("J")
    mode = s.screen.modes[-1]
    assert isinstance(mode, JournalMode)
    pages = mode.pages
    for i in range(12):
        s.screen.say(f"message dit pendant la lecture {i}")
    s.step([], 2)
    assert mode.pages > pages and mode.page == mode.pages - 1
    assert "message dit pendant la lecture 11" in " ".join(s.text()[18:24])


def test_an_older_page_being_read_stays_put_while_messages_arrive():
    # play-test: reading an older page while the computers played, the same lines kept coming
    # back (pages counted from the newest message all shifted at each message)
    s, st = start_game(("ANNE", "BRUNO"))
    for i in range(30):
        s.screen.say(f"message ancien {i}")
    s.press("J")
    mode = s.screen.modes[-1]
    s.press("UP")
    s.press("UP")
    page, rows = mode.page, list(mode.body())
    for i in range(5):
        s.screen.say(f"message dit pendant la lecture {i}")
        s.step([], 2)
        assert mode.page == page and list(mode.body()) == rows
    s.press("DOWN")
    s.press("DOWN")                # back on the newest page: the new messages are there
    s.step([], 2)
    assert mode.page == mode.pages - 1
    assert "message dit pendant la lecture 4" in " ".join(mode.body())


def test_a_debt_settled_by_a_mortgage_says_it_is_paid():
    """seeds/002 C: short of cash, the player raises the money (here H, a mortgage) and pays;
    the journal says so (play-test: "doit 20.000 F à la Banque", then the mortgage, and no line
    told him the debt was settled). A rent's own line says it for a rent: no second line."""
    from monopoly_cpc.rules.events import Event

    s, st = start_game(("ANNE", "BRUNO"))
    give(st, 0, [39])                                # Rue de la Paix: 20.000 F on mortgage
    st.players[0].cash = 1000
    st.forced_dice.extend([(1, 3)])                  # Impôts sur le revenu: 20.000 F
    s.press("D")
    s.step(ticks=150)
    assert st.phase == "debt"
    s.press("H")
    goto(s, 39)
    s.press("SPACE")
    s.press("ENTER", ticks=40)
    assert not st.debts and st.players[0].cash == 1000
    assert "ANNE règle sa dette de 20.000 F à la Banque" in s.screen.journal
    rent = Event("debt_paid", player=0, amount=800, other=1, text="rent")
    assert describe(s.screen, rent) == ""
    fine = Event("debt_paid", player=1, amount=5_000, other=-1, text="jail")
    assert describe(s.screen, fine) == "BRUNO règle sa dette de 5.000 F à la Banque"


def test_a_title_deed_or_card_of_the_show_does_not_cover_the_open_journal():
    """seeds/002 C: the player reads the journal (J) until he closes it (play-test: a computer's
    purchase put its title deed over the page being read for a few seconds); other windows still
    give way to the deed, as before."""
    s, _st = start_game(("ANNE", "BRUNO"))
    for k in range(12):
        s.screen.say(f"message numero {k}")
    s.press("J")
    s.press("UP")
    page = _window(s)
    s.screen.view.show_deed(39)                       # what the show does for a purchase
    s.step(ticks=2)
    assert _window(s) == page and "JOURNAL" in page[0]
    s.press("ENTER")
    s.screen.view.show_deed(39)
    s.step(ticks=2)
    assert "RUE DE LA PAIX" in " ".join(_window(s)).upper()   # no journal: the deed shows

"""J: the journal of every message of the game, paged with the cursor keys."""

from __future__ import annotations

from monopoly_cpc.screens.game.describe import describe
from monopoly_cpc.screens.game.host import wrap
from monopoly_cpc.screens.game.modes.journal import JournalMode
from tests.screens.commands.helpers import give, goto, start_game


def _window(s) -> list[str]:
    s.screen.draw(s.fb)
    return [s.fb.read_text(r).rstrip() for r in range(18, 24)]


def _page(s) -> list[str]:
    """The journal's page: rows 0 (title) to 23 (keys)."""
    s.screen.draw(s.fb)
    return [s.fb.read_text(r).rstrip() for r in range(0, 24)]


def test_j_opens_a_full_page_over_the_board_newest_last_and_pages_with_the_cursor_keys():
    s, _st = start_game(("ANNE", "BRUNO"))
    for k in range(60):
        s.screen.say(f"message numero {k}")
    s.press("J")
    assert isinstance(s.screen.modes[-1], JournalMode)
    rows = _page(s)
    assert rows[0].strip().startswith("JOURNAL")
    assert rows[22] == "message numero 59"          # the newest last, on the newest page
    said = [r for r in rows[1:23] if r.startswith("message numero")]
    assert len(said) >= 20                          # a page, not the window's four lines
    assert "pages" in rows[23] and "ENTER" in rows[23]
    pages = s.screen.modes[-1].pages
    assert f"page {pages}/{pages}" in rows[0]
    s.press("UP")
    assert _page(s)[22] == f"message numero {59 - len(said)}"
    for _ in range(40):
        s.press("UP")
    assert f"page 1/{pages}" in _page(s)[0]       # the first page stops the paging
    everything = []
    mode = s.screen.modes[-1]
    for p in range(mode.pages):
        mode.page = p
        everything += [r for r in _page(s)[1:23] if r]
    said = [line for line in everything if line.startswith("message numero")]
    assert said == [f"message numero {k}" for k in range(60)]     # nothing lost, in order
    s.press("DOWN")
    s.press("ENTER")
    assert s.screen.modes == []
    assert "JOURNAL" not in " ".join(_page(s))     # the board is back
    s.press("J")
    s.press("ESC")
    assert s.screen.modes == []


def test_each_turns_messages_come_under_a_heading_naming_the_round_and_the_player():
    s, _st = start_game(("ANNE", "BRUNO"))
    view = s.screen.view
    s.screen.say("avant la partie")
    for rnd in range(1, 4):
        for p, name in enumerate(("ANNE", "BRUNO")):
            view.begin_turn(p)
            s.screen.say(f"{name} joue au tour {rnd}")
    s.press("J")
    rows = [r for r in _page(s)[1:23] if r]
    assert rows[0].startswith("══ Début de la partie")
    assert rows[1] == "avant la partie"
    assert rows[2].startswith("══ Tour 1 : 1 ANNE") and rows[3] == "ANNE joue au tour 1"
    assert rows[4].startswith("══ Tour 1 : 2 BRUNO")
    assert rows[-2].startswith("══ Tour 3 : 2 BRUNO") and rows[-1] == "BRUNO joue au tour 3"


def test_a_page_that_continues_a_turn_says_so_in_its_heading():
    s, _st = start_game(("ANNE", "BRUNO"))
    s.screen.view.begin_turn(1)
    for k in range(40):
        s.screen.say(f"message {k}")
    s.press("J")
    assert _page(s)[1].startswith("══ Tour 1 : 2 BRUNO (suite)")
    s.press("UP")
    assert _page(s)[1].startswith("══ Tour 1 : 2 BRUNO ══")     # where the turn began


def test_a_long_message_starts_its_own_line_and_its_continuation_is_indented():
    s, _st = start_game(("ANNE", "BRUNO"))
    long = "ANNE " + "achète et construit beaucoup " * 4
    s.screen.say(long)
    s.screen.say("court")
    s.press("J")
    rows = [r for r in _page(s)[1:23] if r]
    assert rows[1].startswith("ANNE achète")
    assert rows[2].startswith("  ") and rows[-1] == "court"


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

    for letter, title in (("P", "PROPRI"), ("M", "MAISONS"), ("H", "HYPOTH")):
        s, _st = start_game(("ANNE", "BRUNO"))
        s.press(letter)
        s.screen.draw(s.fb)
        assert (s.fb.pens[BOTTOM - 1, :] == 1).mean() > 0.9 and s.fb.inks[BOTTOM - 1, 1] == 0
        bar = s.fb.inks[BOTTOM + 1, 3]
        assert s.fb.inks[BOTTOM, 3] == WINDOW_INKS[0] != bar, letter
        assert title in s.fb.read_text(18), letter


def test_a_message_is_never_cut_between_two_pages():
    # a play-test read "... Courcelles pour" at the foot of a page and "10.000 F" on the next
    from monopoly_cpc.screens.game.modes.journal import PAGE, blocks, message_lines, paged

    journal = [f"message {i} " + "x" * (i * 37 % 170) for i in range(120)]
    turns = [(i, 1 + i // 20, (i // 10) % 2) for i in range(0, 120, 10)]
    pages = paged(blocks(journal, turns))
    for page in pages:                  # the page's lines and one heading per turn on it
        runs = sum(1 for k, b in enumerate(page) if k == 0 or page[k - 1].turn != b.turn)
        assert runs + sum(len(b.lines) for b in page) <= PAGE
    assert [b.lines for p in pages for b in p] == [message_lines(said) for said in journal]
    assert pages[-1][-1].lines == message_lines(journal[-1])   # the newest message ends the last page
    assert paged([]) == [[]]


def test_messages_said_while_the_journal_is_open_join_it():
    # a play-test left J open through the computers' moves: it stayed on its first page count
    s, st = start_game(("ANNE", "BRUNO"))
    s.press("J")
    mode = s.screen.modes[-1]
    assert isinstance(mode, JournalMode)
    pages = mode.pages
    for i in range(40):
        s.screen.say(f"message dit pendant la lecture {i}")
    s.step([], 2)
    assert mode.pages > pages and mode.page == mode.pages - 1
    assert "message dit pendant la lecture 39" in " ".join(_page(s))


def test_an_older_page_being_read_stays_put_while_messages_arrive():
    # play-test: reading an older page while the computers played, the same lines kept coming
    # back (pages counted from the newest message all shifted at each message)
    s, st = start_game(("ANNE", "BRUNO"))
    for i in range(80):
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
    page = _page(s)
    s.screen.view.show_deed(39)                       # what the show does for a purchase
    s.step(ticks=2)
    assert _page(s) == page and "JOURNAL" in page[0]
    s.press("ENTER")
    s.screen.view.show_deed(39)
    s.step(ticks=2)
    assert "RUE DE LA PAIX" in " ".join(_window(s)).upper()   # no journal: the deed shows

"""Driving screens the way the loop does: CPC key events, ticks, and the picture read back."""

from __future__ import annotations

from monopoly_cpc.ai.reasons import NO_REASON
from monopoly_cpc.keyboard.layout import load_layout
from monopoly_cpc.options import Options
from monopoly_cpc.render.framebuffer import FrameBuffer

LAYOUT = load_layout("fr")


def key(name: str, shift: bool = False, ctrl: bool = False, repeat: bool = False):
    """The CpcKeyEvent of the French CPC key ``name`` ('A', '1', 'ENTER', 'UP'...)."""
    return LAYOUT.event(LAYOUT.named(name).number, shift=shift, ctrl=ctrl, repeat=repeat)


def typed(text: str) -> list:
    """The key presses that type ``text`` on the French CPC (SHIFT where needed)."""
    out = []
    for ch in text:
        found = LAYOUT.producer(ch)
        if found is None:
            raise ValueError(f"no CPC key types {ch!r}")
        k, shift = found
        out.append(LAYOUT.event(k.number, shift=shift))
    return out


def digit(d: int):
    """A top-row digit key, with SHIFT as the French CPC needs."""
    return key(str(d), shift=True)


class Session:
    """The loop's headless core (``monopoly_cpc.app.Session``) on a chosen first screen:
    keys, then the tick, then the switch, as the 50 Hz loop does."""

    def __init__(self, screen_factory, seed: int = 1, **options) -> None:
        from monopoly_cpc.app import Session as AppSession

        options.setdefault("lang", "fr")
        options.setdefault("speed", 3)
        self.app = AppSession(Options(**options), seed=seed, screen_factory=screen_factory)
        self.ctx = self.app.ctx
        self.fb = self.app.fb

    @property
    def screen(self):
        return self.app.screen

    def step(self, keys=(), ticks: int = 1) -> None:
        """``keys`` in this tick, then ``ticks - 1`` more ticks without keys."""
        self.app.step(list(keys))
        for _ in range(ticks - 1):
            self.app.step()

    def press(self, *names: str, ticks: int = 1) -> None:
        for n in names:
            self.step([key(n)], ticks)

    def type(self, text: str, ticks: int = 1) -> None:
        self.step(typed(text), ticks)

    def text(self) -> list[str]:
        self.screen.draw(self.fb)
        return self.fb.screen_text()

    def shows(self, needle: str) -> bool:
        return any(needle in row for row in self.text())


def save_png(fb: FrameBuffer, path, scale: int = 1) -> None:
    """The bordered 384x272 picture (times ``scale``) as a PNG."""
    import numpy as np
    import pygame

    rgb = fb.to_rgb()
    if scale > 1:
        rgb = np.repeat(np.repeat(rgb, scale, axis=0), scale, axis=1)
    surf = pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))
    pygame.image.save(surf, str(path))


class SimpleBot:
    """A plain computer player for the screen tests (the real ones are monopoly_cpc.ai's):
    claims its rents, buys what it can afford, bids up to the printed price."""

    def __init__(self, margin: int = 20000) -> None:
        self.margin = margin
        self.last_reason = NO_REASON

    def memory(self):
        return {}

    def restore(self, data, state, seat):
        pass

    def decide(self, state, player):
        from monopoly_cpc.rules import actions as A
        from monopoly_cpc.rules.queries import assets

        ph = state.phase
        if state.claim is not None and state.claim.owner == player and ph in (
                "roll", "jail", "buy", "card_choice", "debt"):
            return A.ClaimRent(player)
        if ph == "start_roll":
            return A.Roll(player) if state.start_rollers and state.start_rollers[0] == player else None
        if ph == "auction":
            au = state.auction
            if player not in au.bidders or player in au.passed or au.high_bidder == player:
                return None
            price = state.board.prices[au.square] if au.square >= 0 else 10000
            bid = max(au.min_bid, au.high_bid + 1000)
            if bid <= price and bid <= assets(state, player) - self.margin:
                return A.Bid(player, bid)
            return A.Pass(player)
        if ph == "debt":
            return A.AutoLiquidate(player) if state.debts[0].debtor == player else None
        if ph == "trade":
            return A.RejectTrade(player) if state.trade.partner == player else None
        if player != state.current:
            return None
        if ph == "roll":
            return A.Roll(player)
        if ph == "jail":
            if state.players[player].jail_cards:
                return A.UseJailCard(player)
            return A.Roll(player)
        if ph == "buy":
            price = state.board.prices[state.pending_square]
            if state.players[player].cash - price >= self.margin:
                return A.Buy(player)
            return A.Decline(player)
        if ph == "card_choice":
            return A.ChooseCard(player, chance=False)
        return None


def screen_keys(rows: list[str], rng, buy: float = 0.7) -> list:
    """What a person at the keyboard would press, reading only the window (rows 18-24);
    ``buy`` is how often the person buys what is offered."""
    window = "\n".join(rows[18:25])
    if "appuyez sur D" in window or "D : dés" in window or "D : tenter un double" in window:
        return [key("D")]
    if "(O/N)" in window:
        return [key("O" if rng.random() < buy else "N")]
    if "O : accepter" in window:
        return [key("N")]
    if "F : payer l'amende" in window:
        return [key("F")]
    if "A : vente automatique" in window or "A : auto " in window:
        return [key("A")]
    if "Curseur sur un terrain" in window:
        return [key("RIGHT"), key("ENTER")]
    if "ENCHERES" in window and "offre, ENTER" in window and rng.random() < 0.02:
        import re

        m = re.search(r"Numéro \(([\d ]+)\)", window)
        if m:
            numbers = m.group(1).split()
            who = numbers[rng.randrange(len(numbers))]
            best = re.search(r"Meilleure offre : ([\d.]+) F", window)
            amount = (int(best.group(1).replace(".", "")) if best else 0) + 1000
            return [digit(int(who))] + [digit(int(c)) for c in str(amount)] + [key("ENTER")]
    if "Appuyez sur une touche" in window:
        return [key("SPACE")]
    return []


def game_session(names=("JEAN", "MARIE", "HAL", "ZX"), computer=(False, False, True, True),
                 seed: int = 3, dice=(), first_player=None, variant=None, **options):
    """A Session on a GameScreen of a fresh engine game; ``dice`` forces the first throws."""
    from monopoly_cpc.game.game import Game
    from monopoly_cpc.rules.engine import new_game
    from monopoly_cpc.screens.game import GameScreen

    def make(ctx):
        st = new_game(list(names), computer=list(computer), pawns=list(range(len(names))),
                      seed=seed, first_player=first_player, variant=variant)
        st.forced_dice.extend(dice)
        bots = {i: SimpleBot() for i, c in enumerate(computer) if c}
        return GameScreen(ctx, Game.of(st, bots))

    return Session(make, seed=seed, **options)


def until(s: Session, needle: str, ticks: int = 3000) -> bool:
    """Tick until ``needle`` shows on the screen (checked every 5 ticks)."""
    for i in range(ticks):
        if i % 5 == 0 and s.shows(needle):
            return True
        s.step([], 1)
    return s.shows(needle)


def settle(s: Session, ticks: int = 2000) -> None:
    """Tick until nothing is being shown and no computer step is pending."""
    for _ in range(ticks):
        if not s.screen.busy and s.screen.wait == 0:
            return
        s.step([], 1)

"""The base of the prompt modes (``prompts``, ``jail``, ``debt``): a window answering the
engine, which stays until the phase moves on."""

from __future__ import annotations

from monopoly_cpc.screens.game.host import Mode


class Prompt(Mode):
    """A mode answering the engine: it stays until the phase moves on."""

    rows = 2

    def __init__(self, host, who: int = -1) -> None:
        super().__init__(host)
        self.who = who
        self._warned_claim: object = None   # the rent claim D warned about (own_rent_first)

    def name(self, i: int | None = None) -> str:
        i = self.who if i is None else i
        return self.host.state.players[i].name

    def refused(self, reason) -> None:
        self.host.ctx.audio.cue("error")
        self.host.say(getattr(reason, "text", "") or self.host.texts.get("game.refused", reason=reason))

    def own_rent_first(self) -> bool:
        """D by the player who is himself owed the rent still waiting for its claim: the roll
        would lose it (seeds/002 part A: "Si le propriétaire oublie de réclamer son loyer avant
        le jet des dés suivant, le loyer ne devient plus exigible"). The first D says so and
        rolls nothing; a second D on the same claim rolls, and the rent is lost as the rule
        says. True when the key was taken by the warning."""
        claim = self.host.state.claim
        if claim is None or claim.owner != self.who or claim is self._warned_claim:
            return False
        self._warned_claim = claim
        self.host.ctx.audio.cue("error")
        self.host.say(self.host.texts["game.own_rent_first"])   # the amount: the L line
        return True

"""Tools around the engine and the computer players, none of which a game needs to be played:
the scenario-file interpreter (``scenario``), landing frequencies (``landing``), random playouts
(``playout``), tournaments of headless games and their tallies (``tournament``, ``runner``), the
characters' measured behaviour (``measure``) and the engine's benchmark (``bench``).

See docs/engine.md and docs/ai.md.
"""

"""The game being played, headless: what a game is made of (``setup``: its seed, its seats,
its variant) and the game itself (``game``: the engine's state, the computers' table, their
next move and every action applied). Above ``ai`` and ``rules``, below ``screens``.

This package's ``__init__`` imports nothing: the screens' context (``screens.base``) reads
``setup`` at start-up, before the rules and the computer players are needed."""

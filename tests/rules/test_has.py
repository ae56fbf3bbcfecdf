"""``state.has``: the same answer as ``in`` in both builds."""

from __future__ import annotations


def test_has_answers_as_in():
    """``state.has`` (a native loop in the compiled build, the built-in ``in`` test when the
    module runs as Python source) answers as ``x in items``, and the engine and the players
    use the module's own."""
    import operator

    from monopoly_cpc.ai import bot, table, trading
    from monopoly_cpc.rules import engine, state

    for items in ([], [3], [0, 2, 5], [-1, 7, 7, 40]):
        for x in range(-2, 42):
            assert state.has(items, x) is (x in items)
    assert all(m.has is state.has for m in (bot, engine, table, trading))
    assert (state.has is operator.contains) is state.__file__.endswith(".py")

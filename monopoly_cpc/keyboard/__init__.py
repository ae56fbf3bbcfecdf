"""The CPC keyboard: the 80-key matrix and its legends (French AZERTY and English QWERTY),
host-key mapping (positional or symbolic), the firmware's key repeat and a text-entry helper.

The game only ever sees :class:`~monopoly_cpc.keyboard.events.CpcKeyEvent` objects, made by
:class:`~monopoly_cpc.keyboard.host.HostKeyboard` from pygame events; a game controller's
events are the CPC joystick's keys (:mod:`~monopoly_cpc.keyboard.pad`).
"""

"""The CPC display: palette, font, framebuffer and presentation to the host window.

``FrameBuffer`` (framebuffer.py) is what screens draw into; ``present.py`` turns it into host
pixels; ``palette.py`` and ``font.py`` load the CPC colours and the 8x8 font from ``assets/``.
"""

import os

# pygame prints a banner on import unless told not to; nothing of ours should print it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

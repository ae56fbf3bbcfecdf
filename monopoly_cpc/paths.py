"""Where the game's data files are: the one answer every reader of ``assets/`` asks for.

The files live in ``assets/`` at the top of the repository.  The wheel ships them inside the
package, as ``monopoly_cpc/assets/`` (setup.py maps the package ``monopoly_cpc.assets`` to the
folder), and so does the standalone app (tools/build_app.py).  A source checkout run with
``PYTHONPATH=.`` and an editable install (``pip install -e .``) import ``monopoly_cpc`` from the
checkout, which has no ``monopoly_cpc/assets/``: there the files are read from ``assets/`` beside
the package.  The packaged folder is looked at first: beside an installed package is
site-packages, where an ``assets/`` would be some other project's.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def find_assets(package: Path = PACKAGE) -> Path:
    """The folder of the data files for the package at ``package``: ``package/assets`` when it
    is installed, else ``assets/`` beside it (a checkout).  When neither exists the packaged
    path is returned, so that the reader's error names where the files were expected."""
    packaged = package / "assets"
    if packaged.is_dir():
        return packaged
    checkout = package.parent / "assets"
    return checkout if checkout.is_dir() else packaged


ASSETS = find_assets()


def asset(*parts: str) -> Path:
    """The path of a data file, e.g. ``asset("texts", "play_fr.yaml")``."""
    return ASSETS.joinpath(*parts)

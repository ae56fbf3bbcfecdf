"""monopoly-cpc: a faithful Amstrad-CPC-style French Monopoly."""

__version__ = "0.1.0"

"""Errors that reach the player as one clear line (never a traceback)."""


class UserError(Exception):
    """Something the user can fix: a bad file, a bad option value, no display.

    The command line prints ``monopoly-cpc: <message>`` and exits with ``exit_code``.
    """

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


class DataError(UserError):
    """A data file (YAML, save, replay) is missing, broken or inconsistent.

    The message names the file, the entry and what is wrong.
    """

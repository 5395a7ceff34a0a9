"""Errors an engine raises."""


class IllegalAction(Exception):
    """An action the rules do not allow now. The message is shown to the player as it is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

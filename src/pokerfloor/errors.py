"""The one error type of the rules core: a stable code and its parameters.

The core raises ``PokerfloorError(code, params)``; the message catalogue
(``pokerfloor.messages``) holds the one English sentence of each code, which ``message`` fills,
and the pages show its translation. Codes are never renamed once published.

An English text given at the raise site (``PokerfloorError(code, message, params)``, the style
before the catalogue) is still read, for the command line's file diagnostics that name more
than their params hold (``ScenarioError``, ``PhhError``) and for a code written in the old style
until it is converted; the pages and the API's message use the catalogue all the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["PokerfloorError"]


class PokerfloorError(ValueError):
    """A refused input or action: nothing was changed."""

    def __init__(
        self,
        code: str,
        message: str | Mapping[str, Any] | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        if message is not None and not isinstance(message, str):
            message, params = None, message
        self.code = code
        self.params: dict[str, Any] = dict(params or {})
        self._given = message
        # The sentence is filled when read (``message``): a refusal caught and answered by
        # code, as the hand engine's are, never formats one.
        super().__init__(code)

    @property
    def message(self) -> str:
        """The text given at the raise site (old style); else the catalogue's English sentence
        for this code and these params; else the code."""
        if self._given is not None:
            return self._given
        from pokerfloor.messages import refusal_english  # the catalogue is loaded once, lazily

        return refusal_english(self.code, self.params) or self.code

    def __str__(self) -> str:
        return self.message

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params, "message": self.message}

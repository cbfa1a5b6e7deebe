"""The one error type of the rules core: a stable code, its parameters and a readable message.

The UI turns ``code`` and ``params`` into French or English; ``message`` is the English text
for logs and the command line. Codes are never renamed once published.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class PokerfloorError(ValueError):
    """A refused input or action: nothing was changed."""

    def __init__(self, code: str, message: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, Any] = dict(params or {})

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params, "message": self.message}

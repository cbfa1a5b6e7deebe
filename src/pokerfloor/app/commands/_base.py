"""The base of the tournament's commands: unknown fields refused, the ``type`` tag. (A
command's ``= {}`` default is copied by msgspec for each command, hence the ``noqa: RUF012``
ruff asks for once the base is imported from here.)
"""

from __future__ import annotations

import msgspec

__all__ = ["_Command"]


class _Command(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    """Base of the commands: unknown fields are refused (a typo is not silently ignored)."""

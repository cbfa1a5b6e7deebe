"""The pages' Jinja environment class (issue 31's measure: the dealt pages render hundreds of
fragments a second): two reads every render makes, made without waste, with Jinja's results.

- ``get_template``: the templates ship with the package and the environment never reloads them
  (``auto_reload=False``), so a name once loaded answers the same ``Template`` from a plain
  dictionary; Jinja's own cache is an LRU behind a lock, asked at every render and include.
- ``getattr``: ``v.hand_no`` on a ``Fields`` (a view's dictionary) reads the key directly;
  Jinja's generic path first failed an attribute look-up, building an AttributeError and its
  message, before ``Fields.__getattr__`` found the key.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from jinja2 import Environment, Template

__all__ = ["Fields", "PagesEnvironment"]


class Fields(dict[str, Any]):
    """A view's dictionary that the templates read as ``v.hand_no`` (``PagesEnvironment`` reads
    the key at once; elsewhere ``__getattr__`` finds it). No key is the name of a dictionary's
    method."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


_DICT_NAMES = frozenset(dir(dict))


class PagesEnvironment(Environment):
    """``Environment`` with the two fast reads above (same answers)."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._kept: dict[str, Template] = {}

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is Fields and attribute not in _DICT_NAMES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)

    @property
    def compiled(self) -> int:
        """How many templates are compiled and kept (``warm_up`` compiles them all)."""
        return len(self._kept)

    def forget_compiled(self) -> None:
        """Every compiled template forgotten: a cold start (the warm-up's test)."""
        self._kept.clear()
        if self.cache is not None:
            self.cache.clear()

    def get_template(
        self,
        name: str | Template,
        parent: str | None = None,
        globals: MutableMapping[str, Any] | None = None,
    ) -> Template:
        if globals is not None or self.auto_reload or not isinstance(name, str):
            return super().get_template(name, parent, globals)
        if parent is not None:
            name = self.join_path(name, parent)
        template = self._kept.get(name)
        if template is None:
            template = self._kept[name] = super().get_template(name)
        return template

"""One compilation of each FastAPI route per test process, shared by the apps the tests create.

Why (issue 30 item 6, measured on tests/web/pages/test_console.py and test_desk.py): FastAPI
0.165 compiles a router's routes lazily, at the first request an application receives (each
route's parameters analysed and a pydantic adapter built per parameter): about 0.2 s of CPU
per application, where the test that follows takes a few hundredths. ``pokerfloor serve``
pays it once (``web/warm_up.py``); the in-process tests create an application per test (a
fresh service, store and clock, ``tests/web/pages/conftest.py``'s ``Venue``, ``make_client``)
and paid it about 650 times a run, most of the page tests' time.

What: ``install()`` wraps FastAPI's ``_EffectiveRouteContext.from_api_route`` (the compiled
form of one route as one router includes it) with a cache. The key holds the route itself and
every field of the inclusion (prefix, tags, dependencies, responses, limits, ...), compared by
value for plain values and by identity for objects, which the cache keeps alive (an identity
is never reused). A route whose endpoint is defined inside a function (``mount_dealt``'s,
which close over one application's service) is compiled for each application, as before, and
never kept: the cache holds only the routes of the modules' routers, a few hundred. Left out
of the key: the application itself (``dependency_overrides_provider``), whose only use is
``app.dependency_overrides``; nothing in pokerfloor or its tests sets one, and an
application that has some bypasses the cache.

Each application keeps its own routers, middleware, state and services: the requests of two
applications reach their own services (``tests/web/test_shared_routes.py`` checks it). When
FastAPI changes the private name, ``install()`` does nothing and the tests only run slower.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

__all__ = ["compiled_routes", "install"]

# key -> (the objects the key names by identity, kept alive; the compiled route)
_CACHE: dict[tuple[Any, ...], tuple[list[Any], Any]] = {}
_PLAIN = (str, int, float, bool, bytes, type(None))


def compiled_routes() -> int:
    """How many compiled routes the cache holds (the tests of the cache read it)."""
    return len(_CACHE)


def _part(value: Any, alive: list[Any]) -> Any:
    """``value`` as part of a key: plain values as they are, containers element by element,
    any other object by identity (kept in ``alive`` so that identity stays its own)."""
    if isinstance(value, _PLAIN):
        return value
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, *(_part(item, alive) for item in value))
    if isinstance(value, dict):
        return ("dict", *((_part(k, alive), _part(v, alive)) for k, v in value.items()))
    if type(value).__name__ == "DefaultPlaceholder":  # FastAPI's ``Default(x)``: x decides
        return ("default", _part(value.value, alive))
    alive.append(value)
    return ("id", id(value))


def install() -> bool:
    """Share compiled routes between this process's applications; False when this FastAPI
    has no such private hook (then nothing changes)."""
    try:
        from fastapi import routing
    except ImportError:  # pragma: no cover - FastAPI is a dependency
        return False
    context_class = getattr(routing, "_EffectiveRouteContext", None)
    compile_route = getattr(context_class, "from_api_route", None)
    if context_class is None or compile_route is None:
        return False
    if getattr(compile_route, "__pokerfloor_shared__", False):
        return True
    original: Callable[..., Any] = compile_route.__func__

    def from_api_route(cls: type, *, original_route: Any, include_context: Any) -> Any:
        provider = getattr(include_context, "dependency_overrides_provider", None)
        endpoint = getattr(original_route, "endpoint", None)
        if (
            not dataclasses.is_dataclass(include_context)
            or getattr(provider, "dependency_overrides", None)
            or "<locals>" in getattr(endpoint, "__qualname__", "<locals>")
        ):
            return original(cls, original_route=original_route, include_context=include_context)
        alive: list[Any] = [original_route]
        key = (
            id(original_route),
            *(
                (field.name, _part(getattr(include_context, field.name), alive))
                for field in dataclasses.fields(include_context)
                if field.name != "dependency_overrides_provider"
            ),
        )
        cached = _CACHE.get(key)
        if cached is None:
            compiled = original(cls, original_route=original_route, include_context=include_context)
            cached = _CACHE[key] = (alive, compiled)
        return cached[1]

    from_api_route.__pokerfloor_shared__ = True  # type: ignore[attr-defined]
    context_class.from_api_route = classmethod(from_api_route)
    return True

"""The tournament API's commands (TD): create a tournament, send it a command; each answered
with the events it recorded once durable (docs/api.md). The OpenAPI document describes the
commands from their msgspec types (``install_openapi``)."""

from __future__ import annotations

from typing import Any

import msgspec
from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.openapi.utils import get_openapi
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from pokerfloor.app.commands import (
    COMMAND_DECODER,
    CREATE_DECODER,
    CreateTournament,
    TournamentCommand,
)
from pokerfloor.app.service import PublishedEvent
from pokerfloor.errors import PokerfloorError
from pokerfloor.web.api_common import (
    Service,
    TournamentIdPath,
    decode_body,
    read_body,
    require_td,
)
from pokerfloor.web.api_errors import refusal

__all__ = ["ecma_patterns", "install_openapi", "published", "router"]

MAX_BODY_BYTES = 1_000_000

router = APIRouter()


def published(items: list[PublishedEvent], tournament_id: str, version: int) -> Response:
    lines = b",".join(item.line for item in items)
    head = msgspec.json.encode({"tournament_id": tournament_id, "version": version})
    return Response(head[:-1] + b',"events":[' + lines + b"]}", media_type="application/json")


def _openapi_schemas() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    (command, create), components = msgspec.json.schema_components(
        [TournamentCommand, CreateTournament], ref_template="#/components/schemas/{name}"
    )
    return command, create, ecma_patterns(components)


def ecma_patterns(schema: Any) -> Any:
    """The schema with the ids' ``\\A...\\Z`` (Python's whole-text anchors) written ``^...$``,
    which is what they mean in a JSON Schema pattern (ECMA-262 has no ``\\A``, ``\\Z``)."""
    if isinstance(schema, dict):
        pattern = schema.get("pattern")
        if isinstance(pattern, str) and pattern.startswith("\\A") and pattern.endswith("\\Z"):
            schema = {**schema, "pattern": "^" + pattern[2:-2] + "$"}
        return {key: ecma_patterns(value) for key, value in schema.items()}
    if isinstance(schema, list):
        return [ecma_patterns(item) for item in schema]
    return schema


_COMMAND_SCHEMA, _CREATE_SCHEMA, _COMPONENTS = _openapi_schemas()


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


def install_openapi(app: FastAPI) -> None:
    """``/openapi.json``: FastAPI's document with the commands' schemas as components."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version, routes=app.routes)
            schema.setdefault("components", {}).setdefault("schemas", {}).update(_COMPONENTS)
            schema["info"]["description"] = app.description
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


@router.post(
    "/api/tournaments",
    status_code=201,
    summary="Create a tournament (TD)",
    openapi_extra=_body(_CREATE_SCHEMA),
    dependencies=[Depends(require_td)],
)
async def create_tournament(request: Request, service: Service) -> Response:
    command = decode_body(CREATE_DECODER, await read_body(request, MAX_BODY_BYTES))
    try:
        items = await run_in_threadpool(service.execute_published, command.tournament_id, command)
    except PokerfloorError as error:
        raise refusal(error, 422) from error
    response = published(items, command.tournament_id, items[-1].seq)
    response.status_code = 201
    return response


@router.post(
    "/api/tournaments/{tournament_id}/commands",
    summary="Send a command to a tournament (TD)",
    openapi_extra=_body(_COMMAND_SCHEMA),
    dependencies=[Depends(require_td)],
)
async def send_command(
    tournament_id: TournamentIdPath, request: Request, service: Service
) -> Response:
    command = decode_body(COMMAND_DECODER, await read_body(request, MAX_BODY_BYTES))
    try:
        items = await run_in_threadpool(service.execute_published, tournament_id, command)
        version = items[-1].seq if items else service.version(tournament_id)
    except PokerfloorError as error:
        raise refusal(error, 409) from error
    return published(items, tournament_id, version)

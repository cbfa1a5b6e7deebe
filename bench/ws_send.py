"""The Python cost of one WebSocket send on the server, layer by layer (issue 31's measure:
about ten ``websocket.send_text`` per dealt action, 20 % of the server's samples).

A real uvicorn (the ``websockets-sansio`` implementation ``serve`` uses, no compression)
serves one WebSocket route in four stacks, from the floor up:

- ``asgi``: a bare ASGI function that calls uvicorn's ``send`` itself;
- ``starlette``: a Starlette route (its ``WebSocket``, its exception wrappers);
- ``fastapi``: the same route in FastAPI (what the pages use);
- ``ours``: FastAPI wrapped in ``WebSocketOutcomeLog`` (``web/server_log.py``), the only
  middleware of ours that wraps a WebSocket's ``send``.

``--clients`` websockets clients (another process) connect and each asks for ``--messages``
texts of ``--size`` characters; the server measures the CPU time of its event loop's thread
(``time.thread_time``) over its sends only, and the bench prints microseconds per send, with
the load average. Run: python3 -m uv run python -m bench.ws_send [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import socket
import time
from typing import Any

from fastapi import FastAPI, WebSocket
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute

from pokerfloor.web.server_log import WebSocketOutcomeLog


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _app(stack: str, text: str, cpu: Any) -> Any:
    """The ASGI application of ``stack``: each connection gets ``count`` texts (its first
    message), the event loop thread's CPU over the sends added to ``cpu``."""

    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        count = int(await websocket.receive_text())
        started = time.thread_time()
        for _ in range(count):
            await websocket.send_text(text)
        cpu.value += time.thread_time() - started
        await websocket.receive_text()  # the client's goodbye
        await websocket.close()

    if stack == "asgi":

        async def raw(scope: Any, receive: Any, send: Any) -> None:
            if scope["type"] != "websocket":
                return
            await receive()  # connect
            await send({"type": "websocket.accept"})
            count = int((await receive())["text"])
            started = time.thread_time()
            for _ in range(count):
                await send({"type": "websocket.send", "text": text})
            cpu.value += time.thread_time() - started
            await receive()
            await send({"type": "websocket.close", "code": 1000})

        return raw
    if stack == "starlette":
        return Starlette(routes=[WebSocketRoute("/ws", endpoint)])
    app = FastAPI()
    app.add_api_websocket_route("/ws", endpoint)
    return WebSocketOutcomeLog(app) if stack == "ours" else app


def _serve(stack: str, port: int, size: int, cpu: Any) -> None:
    import uvicorn

    config = uvicorn.Config(_app(stack, "x" * size, cpu), host="127.0.0.1", port=port,
                            log_level="warning", ws_per_message_deflate=False,
                            ws="websockets-sansio")  # fmt: skip
    uvicorn.Server(config).run()


async def _clients(port: int, clients: int, messages: int) -> None:
    from websockets.asyncio.client import connect

    async def one() -> None:
        async with connect(f"ws://127.0.0.1:{port}/ws", max_size=None) as socket:
            await socket.send(str(messages))
            for _ in range(messages):
                await socket.recv()
            await socket.send("bye")

    await asyncio.gather(*(one() for _ in range(clients)))


def _measure(stack: str, clients: int, messages: int, size: int) -> float:
    port = _free_port()
    cpu = multiprocessing.Value("d", 0.0)
    server = multiprocessing.Process(target=_serve, args=(stack, port, size, cpu), daemon=True)
    server.start()
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        asyncio.run(_clients(port, clients, messages))
        return float(cpu.value) / (clients * messages) * 1e6
    finally:
        server.terminate()
        server.join()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--messages", type=int, default=400)
    parser.add_argument("--size", type=int, default=3000, help="characters per text")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--stacks", default="asgi,starlette,fastapi,ours")
    options = parser.parse_args()
    stacks = options.stacks.split(",")
    results: dict[str, list[float]] = {stack: [] for stack in stacks}
    for _round in range(options.rounds):  # the stacks one after the other, several times
        for stack in stacks:
            results[stack].append(_measure(stack, options.clients, options.messages, options.size))
    load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
    print(f"server CPU per send (event loop thread), {options.clients} clients x "
          f"{options.messages} texts of {options.size} characters; load {load}")  # fmt: skip
    for stack, figures in results.items():
        shown = ", ".join(f"{figure:.1f}" for figure in figures)
        print(f"  {stack:10} min {min(figures):6.1f} us  ({shown})")


if __name__ == "__main__":
    main()

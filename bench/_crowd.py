"""The noisy crowd of ``bench/hostile.py``, in a process of its own and as cheap as it can be.

The server and the crowd share this machine's cores: a crowd of ``httpx`` clients in the
bench's own process spent more CPU than the server it was loading, and slowed the readers it
was measuring. Here each client is a raw socket from its own loopback address sending
prepared bytes (keep-alive, one request at a time, the next as soon as an answer is read);
the counts of answers by status go to standard output as JSON. The crowd stops when its
standard input closes (the bench's readers have their samples), or after SECONDS at most.

Run by ``bench/hostile.py``: python -m bench._crowd PORT CLIENTS SECONDS TOURNAMENT COOKIE
"""

from __future__ import annotations

import asyncio
import json
import resource
import sys
import threading
import time
from collections import Counter

__all__ = ["crowd_address", "main"]


def crowd_address(number: int) -> str:
    """The loopback address of the crowd's client ``number`` (127.0.10.1, 127.0.10.2...)."""
    return f"127.0.{10 + number // 200}.{number % 200 + 1}"


def _requests(number: int, tournament: str, cookie: str) -> list[bytes]:
    """What client ``number`` sends in turn: the public clock, a command with a wrong TD
    token, the console with a junk cookie (one kind per client, as in issue 27's review)."""
    host = b"Host: 127.0.0.1\r\n"
    kind = number % 3
    if kind == 0:
        return [f"GET /api/tournaments/{tournament}/clock HTTP/1.1\r\n".encode() + host + b"\r\n"]
    if kind == 1:
        body = b'{"type":"pause_clock"}'
        return [
            f"POST /api/tournaments/{tournament}/commands HTTP/1.1\r\n".encode()
            + host
            + f"Authorization: Bearer wrong-token-{number:03d}-{'x' * 20}\r\n".encode()
            + b"Content-Type: application/json\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        ]
    junk = f"{cookie}=junk-{number}-{'y' * 30}"
    return [
        f"GET /t/{tournament}/console HTTP/1.1\r\n".encode()
        + host
        + f"Cookie: {junk}\r\n\r\n".encode()
    ]


async def _answer(reader: asyncio.StreamReader) -> tuple[str, bool]:
    """One answer's status, and whether the server keeps the connection open."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = lines[0].split(" ")[1]
    length, close = 0, False
    for line in lines[1:]:
        name, _, value = line.partition(":")
        name = name.strip().lower()
        if name == "content-length":
            length = int(value)
        elif name == "connection" and "close" in value.lower():
            close = True
    if length:
        await reader.readexactly(length)
    return status, close


async def _client(
    number: int, port: int, until: float, tournament: str, cookie: str, answers: Counter[str]
) -> None:
    requests = _requests(number, tournament, cookie)
    turn = 0
    while time.monotonic() < until:
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(crowd_address(number), 0)
            )
        except OSError:
            answers["refused"] += 1
            await asyncio.sleep(0.05)
            continue
        try:
            while time.monotonic() < until:
                writer.write(requests[turn % len(requests)])
                turn += 1
                status, close = await asyncio.wait_for(_answer(reader), until - time.monotonic())
                answers[status] += 1
                if close:
                    break
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as error:
            answers["dropped " + type(error).__name__] += 1
        except TimeoutError:
            pass
        finally:
            writer.close()


async def _crowd(
    port: int, clients: int, seconds: float, tournament: str, cookie: str
) -> Counter[str]:
    answers: Counter[str] = Counter()
    until = time.monotonic() + seconds
    loud = [
        asyncio.create_task(_client(n, port, until, tournament, cookie, answers))
        for n in range(clients)
    ]
    loop = asyncio.get_running_loop()
    told = asyncio.Event()

    def wait_for_eof() -> None:
        sys.stdin.read()
        loop.call_soon_threadsafe(told.set)

    threading.Thread(target=wait_for_eof, daemon=True).start()
    everyone = asyncio.gather(*loud)
    await asyncio.wait(
        [asyncio.ensure_future(told.wait()), everyone], return_when="FIRST_COMPLETED"
    )
    for task in loud:
        task.cancel()
    await asyncio.gather(everyone, return_exceptions=True)  # each client's end, read
    return answers


def main() -> None:
    port, clients, seconds, tournament, cookie = sys.argv[1:6]
    answers = asyncio.run(_crowd(int(port), int(clients), float(seconds), tournament, cookie))
    used = resource.getrusage(resource.RUSAGE_SELF)
    answers["cpu_ms"] = int((used.ru_utime + used.ru_stime) * 1000)
    print(json.dumps(dict(answers)))


if __name__ == "__main__":
    main()

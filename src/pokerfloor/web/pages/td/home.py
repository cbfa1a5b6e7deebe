"""The home page (the tournaments), the TD's sign-in and sign-out."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import Response

from pokerfloor.web.pages.common._common import TD_COOKIE, guard_of, pages_of, redirect, render
from pokerfloor.web.request_guard import CLIENT_ADDRESS
from pokerfloor.web.sessions import SESSION_SECONDS, TooManyFailures

__all__ = ["router"]

router = APIRouter()


@router.get("/")
def home(request: Request) -> Response:
    service = pages_of(request).service
    tournaments = service.listing()  # a damaged tournament is listed as such (docs/store.md)
    return render(request, "home.html", tournaments=tournaments)


def _safe_next(target: str) -> str:
    # Only a path on this site: never an open redirect to another host.
    return target if target.startswith("/") and not target.startswith("//") else "/"


@router.get("/login")
def login_form(request: Request, next: str = "/") -> Response:
    return render(request, "login.html", next=_safe_next(next), failed=False)


@router.post("/login")
def login(
    request: Request,
    token: Annotated[str, Form(max_length=200)],
    next: Annotated[str, Form()] = "/",
) -> Response:
    guard = guard_of(request)
    try:
        right = guard.token_ok(CLIENT_ADDRESS.get(), token.strip())
    except TooManyFailures as refusal:
        return render(
            request, "login.html", status=429, next=_safe_next(next), failed=True,
            retry_after=refusal.retry_after,
        )  # fmt: skip
    if not right:
        return render(request, "login.html", status=401, next=_safe_next(next), failed=True)
    # The cookie holds a session id, never the token: it expires, and logging out ends it.
    response = redirect(_safe_next(next))
    response.set_cookie(
        TD_COOKIE,
        guard.sessions.open(),
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
        max_age=SESSION_SECONDS,
    )
    return response


@router.post("/logout")
def logout(request: Request) -> Response:
    session = request.cookies.get(TD_COOKIE)
    if session:
        guard_of(request).sessions.revoke(session)
    response = redirect("/")
    response.delete_cookie(TD_COOKIE)
    return response

"""The home page (the tournaments), the TD's sign-in and sign-out."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import Response

from pokerfloor.web.pages._common import TD_COOKIE, pages_of, redirect, render

__all__ = ["router"]

router = APIRouter()


@router.get("/")
def home(request: Request) -> Response:
    service = pages_of(request).service
    tournaments = [service.summary(name) for name in service.tournament_ids()]
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
    if not pages_of(request).check(token.strip()):
        return render(request, "login.html", status=401, next=_safe_next(next), failed=True)
    response = redirect(_safe_next(next))
    response.set_cookie(
        TD_COOKIE, token.strip(), httponly=True, samesite="strict", max_age=7 * 86400
    )
    return response


@router.post("/logout")
def logout(request: Request) -> Response:
    response = redirect("/")
    response.delete_cookie(TD_COOKIE)
    return response

"""The room's screens as one router (clock, dealt table)."""

from __future__ import annotations

from fastapi import APIRouter

from pokerfloor.web.pages.screens import clock, dealt_table, dealt_watch

__all__ = ["router"]

router = APIRouter()
router.include_router(clock.router)
router.include_router(dealt_table.router)
router.include_router(dealt_watch.router)

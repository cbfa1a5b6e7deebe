"""The club's pages as one router (the TD's and the public's)."""

from __future__ import annotations

from fastapi import APIRouter

from pokerfloor.web.pages.club import (
    club,
    club_desk,
    club_members,
    club_pin_locks,
    club_public,
    club_settings,
    club_tickets,
)

__all__ = ["router"]

router = APIRouter()
router.include_router(club.router)
router.include_router(club_desk.router)
router.include_router(club_members.router)
router.include_router(club_pin_locks.router)
router.include_router(club_public.router)
router.include_router(club_settings.router)
router.include_router(club_tickets.router)

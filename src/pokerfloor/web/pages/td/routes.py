"""The TD's pages of a tournament as one router, in the order their paths are matched."""

from __future__ import annotations

from fastapi import APIRouter

from pokerfloor.web.pages.td import (
    captains,
    cash,
    chiprace,
    console,
    console_players,
    corrections,
    deal,
    dealt_console,
    dealt_hands,
    desk,
    formats,
    home,
    penalties,
    results,
    seats,
    setup,
)

__all__ = ["router"]

router = APIRouter()
router.include_router(home.router)
router.include_router(setup.router)
router.include_router(desk.router)
router.include_router(seats.router)
router.include_router(console.router)
router.include_router(console_players.router)
router.include_router(deal.router)
router.include_router(results.router)
router.include_router(formats.router)
router.include_router(chiprace.router)
router.include_router(penalties.router)
router.include_router(corrections.router)
router.include_router(cash.router)
router.include_router(captains.router)
router.include_router(dealt_console.router)
router.include_router(dealt_hands.router)

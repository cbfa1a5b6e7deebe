"""The phones' pages as one router (captain, player, player clock, dealt player)."""

from __future__ import annotations

from fastapi import APIRouter

from pokerfloor.web.pages.phones import captain, dealt_player, player, player_clock

__all__ = ["router"]

router = APIRouter()
router.include_router(captain.router)
router.include_router(player.router)
router.include_router(player_clock.router)
router.include_router(dealt_player.router)

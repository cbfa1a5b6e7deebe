"""The floor's pages as one router."""

from __future__ import annotations

from fastapi import APIRouter

from pokerfloor.web.pages.floor import floor, floor_irregularities

__all__ = ["router"]

router = APIRouter()
router.include_router(floor.router)
router.include_router(floor_irregularities.router)

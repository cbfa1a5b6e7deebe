"""HTTP and WebSocket interface of pokerfloor (FastAPI)."""

from pokerfloor.web.api import create_app

__all__ = ["create_app"]

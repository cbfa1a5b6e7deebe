"""QR codes for the venue's phones and TV, drawn locally (``segno``: no network).

A code is an inline SVG, black on white whatever the page's theme (a phone's camera reads
dark on light), with a quiet zone around it. ``venue_url`` is the address the phones reach:
the one ``pokerfloor serve`` found on the venue's network, else the address the TD's browser
used (then a warning says the phones may not reach it).
"""

from __future__ import annotations

from functools import lru_cache

import segno
from markupsafe import Markup, escape
from starlette.requests import HTTPConnection

from pokerfloor.web.i18n import gettext

__all__ = ["qr_svg", "venue_url"]


def qr_svg(url: str, scale: int = 4) -> Markup:
    """The QR code of ``url`` as an SVG element to put in a page, named for a screen reader by
    the address it holds (an image needs an accessible name: WCAG 1.1.1)."""
    # The SVG is drawn by segno from the URL's bits: no text of the URL is in it.
    name = escape(gettext("QR code of %(address)s", address=url))
    return Markup(
        _drawn(url, scale).replace("<svg ", f'<svg role="img" aria-label="{name}" class="qr" ', 1)
    )


@lru_cache(maxsize=512)
def _drawn(url: str, scale: int) -> str:
    """The SVG of ``url``'s code, drawn once: encoding a code (choosing its mask) was about
    half of the console's render time, and the console shows the same addresses each time
    (issue 27, the console's p99 under load)."""
    code = segno.make(url, error="m", micro=False)
    svg: str = code.svg_inline(scale=scale, dark="#000", light="#fff", border=4)
    return svg


def venue_url(connection: HTTPConnection) -> str:
    """The site's address for the phones: the venue's (``app.state.venue_url``, set by
    ``serve``), else the one this request came to. No trailing slash."""
    configured: str | None = getattr(connection.app.state, "venue_url", None)
    return (configured or str(connection.base_url)).rstrip("/")

"""Issue 12, finding 10: headers and exposure. Every answer carries a Content-Security-Policy
that allows scripts from this server only and no framing, ``nosniff`` and no referrer; no
template has an inline script or handler the policy would block (or that stored data could
become); the API docs that need a CDN are off."""

from __future__ import annotations

import re

from pokerfloor.web.pages.common._common import TEMPLATE_FOLDERS
from tests.web.pages.conftest import Venue


def test_finding_10_every_answer_has_the_security_headers(venue: Venue) -> None:
    venue.evening("club", players=4)
    for client, path in (
        (venue.public, "/t/club/clock"),
        (venue.td, "/t/club/console"),
        (venue.public, "/api/tournaments/club/clock"),
        (venue.public, "/static/app.js"),
        (venue.public, "/no-such-page"),
    ):
        headers = client.get(path).headers
        policy = headers["content-security-policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
        assert "unsafe-eval" not in policy and "script-src 'self' 'unsafe-inline'" not in policy
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_finding_10_no_template_has_an_inline_script_or_handler() -> None:
    inline = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|\son[a-z]+=|hx-on[:-]", re.IGNORECASE)
    found = [
        f"{template.name}: {match.group(0)}"
        for folder in TEMPLATE_FOLDERS
        for template in sorted(folder.glob("*.html"))
        for match in inline.finditer(template.read_text())
    ]
    assert found == []


def test_finding_10_the_cdn_docs_are_off_and_the_schema_stays(venue: Venue) -> None:
    assert venue.public.get("/docs").status_code == 404
    assert venue.public.get("/redoc").status_code == 404
    assert venue.public.get("/openapi.json").status_code == 200

"""Issue 30, item 4: the pages grouped by area, each area's templates beside it. The templates
are found by name in one search path, so a name in two folders would show one area's page in
another's place: every name is unique, and every folder of templates is on the path."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from pokerfloor.web import pages
from pokerfloor.web.pages.common._common import AREAS, TEMPLATE_FOLDERS

PAGES = Path(pages.__file__).parent


def test_issue_30_item_4_a_template_name_is_in_one_area_only() -> None:
    names = Counter(path.name for folder in TEMPLATE_FOLDERS for path in folder.glob("*.html"))
    assert [name for name, count in names.items() if count > 1] == []
    assert sum(names.values()) > 100


def test_issue_30_item_4_every_template_folder_is_searched() -> None:
    found = {path.parent for path in PAGES.parent.rglob("*.html")}
    assert found == set(TEMPLATE_FOLDERS)


def test_issue_30_item_4_every_area_is_a_package_with_its_templates() -> None:
    packages = {path.parent.name for path in PAGES.glob("*/__init__.py")}
    assert packages == set(AREAS)
    assert [path.name for path in PAGES.glob("*.py")] == ["__init__.py"]

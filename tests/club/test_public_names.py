"""How the public sees a member's name (club/public_names.py): the nickname, else the first name
and the last name's initial, never the whole last name."""

from __future__ import annotations

import pytest

from pokerfloor.club._base import Member
from pokerfloor.club.public_names import public_name, short_name


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Jean-Pierre Martin", "Jean-Pierre M."),
        ("MARTIN Jean-Pierre", "Jean-Pierre M."),  # surname first, in capitals
        ("Marie de la Tour", "Marie T."),
        ("Jean Pierre DUPONT", "Jean D."),
        ("Zoé éluard", "Zoé É."),
        ("  Bob   Smith ", "Bob S."),
        ("Chloé", "Chloé"),  # one word: as it is
    ],
)
def test_a_full_name_shows_the_first_name_and_the_initial_of_the_last(
    name: str, shown: str
) -> None:
    assert short_name(name) == shown


def test_the_nickname_comes_first_when_the_club_recorded_one() -> None:
    assert public_name(Member("1", "Marie Curie", " Radium ", "", "", 0)) == "Radium"
    assert public_name(Member("2", "Marie Curie", "", "", "", 0)) == "Marie C."

"""How the public sees a member's name (club/public_names.py): the nickname, else the first name
and the last name's initial, never the whole last name."""

from __future__ import annotations

import pytest

from pokerfloor.club._base import Member
from pokerfloor.club.public_names import public_name, public_names, short_name


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


def _member(member_id: str, name: str, nickname: str = "") -> Member:
    return Member(member_id, name, nickname, "", "", 0)


def test_members_who_would_look_alike_show_more_of_their_last_names() -> None:
    names = public_names(
        [
            _member("1", "Jean Martin"),
            _member("2", "Jean Moreau"),
            _member("3", "Marie Curie"),
            _member("4", "Jean Mo"),  # "Jean Mo" would read as "Jean Mo."
            _member("5", "Jean Martinez"),
        ]
    )
    assert names == {
        "1": "Jean Martin",  # the whole surname: no dot
        "2": "Jean Mor.",
        "3": "Marie C.",  # nobody like her: the initial only
        "4": "Jean Mo",
        "5": "Jean Martine.",
    }


def test_members_alike_to_the_letter_are_told_apart_by_their_number() -> None:
    names = public_names(
        [
            _member("7", "Jean Martin"),
            _member("12", "Jean Martin"),
            _member("3", "Paul Roux", "Radium"),
            _member("4", "Ann Lee", "radium"),  # letter case aside
        ]
    )
    assert names == {
        "7": "Jean Martin #7",
        "12": "Jean Martin #12",
        "3": "Radium #3",
        "4": "radium #4",
    }
    assert len({name.casefold() for name in names.values()}) == len(names)

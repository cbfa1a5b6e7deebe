"""The set-up page: a tournament created from a template, an edited table or an imported
file; refusals that create nothing; the profile panel; the structure exported and re-imported.

The tests fill the form the way a browser does: they read the page's own inputs (so a field the
template forgets to render fails here) and change only what a TD would type.
"""

from __future__ import annotations

from html import unescape
from html.parser import HTMLParser
from typing import Any

from httpx import Response

from pokerfloor.app.commands import CreateTournament
from pokerfloor.tournament import prizes
from pokerfloor.tournament.structure import (
    Break,
    Level,
    Structure,
    dump_structure,
    load_structure,
)
from pokerfloor.web import i18n
from pokerfloor.web.pages.td._payouts_form import PayoutsForm, form_values
from tests.web.pages.conftest import Venue

HTMX = {"HX-Request": "true"}


class _FormReader(HTMLParser):
    """The values a browser would post for the set-up form (the import form left out)."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, list[str]] = {}
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {key: value or "" for key, value in attrs}
        name = found.get("name", "")
        if tag == "input" and name and found.get("form") != "import-form":
            if found.get("type") == "checkbox" and "checked" not in found:
                return
            self.values.setdefault(name, []).append(found.get("value", ""))
        elif tag == "select":
            self._select = name
        elif tag == "option" and "selected" in found and self._select:
            self.values.setdefault(self._select, []).append(found["value"])


def form_of(html: str) -> dict[str, list[str]]:
    reader = _FormReader()
    reader.feed(html)
    return reader.values


def new_form(venue: Venue, query: str = "") -> dict[str, list[str]]:
    page = venue.td.get(f"/new{query}")
    assert page.status_code == 200
    return form_of(page.text)


def create(
    venue: Venue, form: dict[str, list[str]], tournament_id: str, htmx: bool = False
) -> Response:
    form = {**form, "tournament_id": [tournament_id]}
    return venue.td.post("/new", data=form, headers=HTMX if htmx else {}, follow_redirects=False)


def import_file(venue: Venue, text: str | bytes, name: str = "club.toml") -> Response:
    data = text.encode() if isinstance(text, str) else text
    files = {"structure_file": (name, data, "application/toml")}
    return venue.td.post("/new/import", files=files, headers=HTMX)


# ---- creating ---------------------------------------------------------------------------


def test_a_tournament_created_from_a_template_has_its_structure_and_lands_on_the_desk(
    venue: Venue,
) -> None:
    form = new_form(venue, "?template=turbo&profile=ropta")
    form["table_size"] = ["8"]
    form["max_players"] = ["40"]
    answer = create(venue, form, "vendredi")
    assert answer.status_code == 303
    assert answer.headers["location"] == "/t/vendredi/desk"
    tournament = venue.service.tournament("vendredi")
    assert tournament.structure == load_structure("turbo")
    assert tournament.created.profile == "ropta"
    assert tournament.created.table_size == 8
    assert tournament.max_players == 40


def test_with_htmx_the_creation_answers_with_a_redirect_to_the_desk(venue: Venue) -> None:
    answer = create(venue, new_form(venue), "club", htmx=True)
    assert answer.status_code == 200
    assert answer.headers["HX-Redirect"] == "/t/club/desk"
    assert venue.service.tournament("club").structure == load_structure("club-evening")


def test_the_edited_table_becomes_the_tournament_structure(venue: Venue) -> None:
    form = new_form(venue, "?template=club-evening")
    form["level_minutes"][0] = "25"  # a longer first level
    form["small_blind"][1], form["big_blind"][1] = "200", "400"  # level 2 = level 3
    form["ante"][2] = "50"
    form["break_minutes"][5], form["colour_up"][5] = "", ""  # no break after level 6
    form["break_minutes"][3], form["colour_up"][3] = "10", "25"  # one after level 4
    form["buy_in"] = ["25,50"]
    form["fee"] = ["2.50"]
    form["rebuy_until_level"] = ["4"]
    form["rebuy_chips"] = ["20000"]
    form["rebuy_price"] = ["20"]
    form["max_rebuys"] = ["1"]
    form["addon_chips"] = ["10000"]
    form["double_addon"] = ["on"]
    form["late_registration_minutes"] = ["90"]
    form["structure_name"] = ["Mardi du club"]
    assert create(venue, form, "mardi").status_code == 303

    structure = venue.service.tournament("mardi").structure
    assert structure.name == "Mardi du club"
    assert structure.levels[0] == Level(1, 100, 200, minutes=25)
    assert structure.levels[1] == Level(2, 200, 400, minutes=20)
    assert structure.levels[2] == Level(3, 200, 400, ante=50, minutes=20)
    assert structure.breaks == (Break(after_level=4, minutes=10, colour_up=(25,)),)
    entry = structure.entry
    assert (entry.buy_in_cents, entry.fee_cents) == (2550, 250)
    assert (entry.rebuy_until_level, entry.rebuy_chips, entry.rebuy_cents) == (4, 20000, 2000)
    assert (entry.max_rebuys, entry.addon_chips, entry.double_addon) == (1, 10000, True)
    assert entry.late_registration_minutes == 90
    assert entry.max_reentries is None


def test_levels_and_chips_are_added_and_removed_in_the_table(venue: Venue) -> None:
    form = new_form(venue, "?template=club-evening")
    added = form_of(venue.td.post("/new/editor", data={**form, "add_level": "1"}).text)
    assert len(added["small_blind"]) == 17
    assert added["level_minutes"][16] == "20"  # as long as the level before it
    added["small_blind"][16], added["big_blind"][16] = "80000", "160000"
    removed = form_of(venue.td.post("/new/editor", data={**added, "remove_level": "1"}).text)
    assert removed["small_blind"][:2] == ["150", "200"]
    with_chip = form_of(venue.td.post("/new/editor", data={**removed, "add_chip": "1"}).text)
    with_chip["chip_value"][-1] = "25000"
    with_chip["chip_colour_fr"][-1], with_chip["chip_colour_en"][-1] = "rose", "pink"
    without_grey = form_of(
        venue.td.post("/new/editor", data={**with_chip, "remove_chip": "5"}).text
    )
    assert create(venue, {**form, **without_grey}, "long").status_code == 303

    structure = venue.service.tournament("long").structure
    assert len(structure.levels) == 16
    assert structure.levels[0] == Level(1, 150, 300)
    assert structure.levels[-1] == Level(16, 80000, 160000)
    assert [chip.value for chip in structure.chips] == [25, 100, 500, 1000, 25000]
    assert structure.chips[-1].colour_fr == "rose"
    assert structure.breaks == (Break(after_level=5, minutes=15, colour_up=(25,)),)


def test_an_added_level_left_empty_is_not_a_level(venue: Venue) -> None:
    form = new_form(venue, "?template=turbo")
    added = form_of(venue.td.post("/new/editor", data={**form, "add_level": "1"}).text)
    assert create(venue, {**form, **added}, "turbo").status_code == 303
    assert venue.service.tournament("turbo").structure == load_structure("turbo")


def test_a_tournament_starts_from_an_earlier_tournament_structure(venue: Venue) -> None:
    form = new_form(venue, "?template=deep-stack")
    form["starting_stack"] = ["60000"]
    create(venue, form, "semaine-1")
    again = new_form(venue, "?template=tournament:semaine-1")
    assert again["starting_stack"] == ["60000"]
    assert create(venue, again, "semaine-2").status_code == 303
    structures = [venue.service.tournament(t).structure for t in ("semaine-1", "semaine-2")]
    assert structures[0] == structures[1]
    fragment = venue.td.get("/new/template?template=tournament:semaine-1")
    assert form_of(fragment.text)["starting_stack"] == ["60000"]


# ---- refusals -----------------------------------------------------------------------------


def test_a_table_the_structure_rules_refuse_is_shown_and_nothing_is_created(
    venue: Venue,
) -> None:
    form = new_form(venue)
    form["small_blind"][2] = "500"  # above level 3's big blind of 400
    answer = create(venue, form, "soir", htmx=True)
    assert answer.status_code == 200
    assert 'id="flash"' in answer.text
    assert "STRUCTURE_SMALL_BLIND_ABOVE_BIG_BLIND" in unescape(answer.text)
    assert "La structure est refusée" in unescape(answer.text)
    assert not venue.service.exists("soir")
    assert venue.service.tournament_ids() == []


def test_without_htmx_a_refusal_shows_the_page_again_with_what_was_typed(venue: Venue) -> None:
    form = new_form(venue)
    form["big_blind"][0] = "deux cents"
    answer = create(venue, form, "soir")
    assert answer.status_code == 422
    assert "Niveau 1, grosse blinde : saisissez un nombre entier" in unescape(answer.text)
    assert form_of(answer.text)["big_blind"][0] == "deux cents"
    assert form_of(answer.text)["tournament_id"] == ["soir"]
    assert not venue.service.exists("soir")


def test_wrong_entries_are_refused_in_the_language_of_the_page(venue: Venue) -> None:
    form = new_form(venue)
    cases = [
        ({"tournament_id": ["mardi soir"]}, "L'identifiant du tournoi compte de 1 à 64"),
        ({"table_size": ["12"]}, "Une table de 12 sièges n'est pas acceptée : de 2 à 10 sièges."),
        ({"max_players": ["1"]}, "Le nombre maximal de joueurs est d'au moins 2"),
        ({"buy_in": ["vingt"]}, "Droit d'entrée : saisissez un montant comme 20 ou 12,50"),
        ({"starting_stack": [""]}, "Tapis de départ : valeur manquante."),
        ({"profile": ["wsop"]}, "UNKNOWN_PROFILE"),
        ({"chip_value": ["", *form["chip_value"][1:]]}, "Jeton 1, valeur : valeur manquante."),
    ]
    for change, message in cases:
        data = {**form, "tournament_id": ["soir"], **change}
        answer = venue.td.post("/new", data=data, headers=HTMX)
        assert message in unescape(answer.text), change
    english = venue.td.post(
        "/new?lang=en", data={**form, "tournament_id": ["soir"], "table_size": ["12"]}, headers=HTMX
    )
    assert "A table of 12 seats is not accepted: 2 to 10 seats. (BAD_TABLE_SIZE)" in unescape(
        english.text
    )
    assert venue.service.tournament_ids() == []


def test_an_existing_tournament_is_not_created_twice(venue: Venue) -> None:
    venue.service.create(CreateTournament("soir", structure="turbo"))
    answer = create(venue, new_form(venue), "soir", htmx=True)
    assert "Le tournoi « soir » existe déjà" in unescape(answer.text)
    assert venue.service.tournament("soir").structure == load_structure("turbo")
    assert venue.service.version("soir") == 1


# ---- import and export ----------------------------------------------------------------------


def test_an_imported_file_fills_the_table_and_the_tournament_gets_its_structure(
    venue: Venue,
) -> None:
    text = dump_structure(load_structure("deep-stack")).replace('"deep-stack"', '"Samedi"')
    answer = import_file(venue, text, "samedi.toml")
    assert "« samedi.toml » importé" in unescape(answer.text)
    assert 'id="structure-editor" class="structure-editor" hx-swap-oob="true"' in answer.text
    imported = form_of(answer.text)
    assert imported["structure_name"] == ["Samedi"]
    assert imported["starting_stack"] == ["50000"]
    assert create(venue, {**new_form(venue), **imported}, "samedi").status_code == 303
    assert venue.service.tournament("samedi").structure == load_structure(text)


def test_a_bad_toml_file_is_refused_with_the_parser_reason(venue: Venue) -> None:
    answer = import_file(venue, "name = 'x'\nlevels = [", "cassé.toml")
    assert "cassé.toml est refusé : Ce n'est pas un fichier de structure valide (TOML)" in (
        unescape(answer.text)
    )
    assert "(STRUCTURE_INVALID)" in unescape(answer.text)
    answer = import_file(venue, "name = 'x'\nlevels = = 1\n", "ligne.toml")
    assert "la ligne 2, colonne 10, est illisible" in unescape(answer.text)
    assert "structure-editor" not in answer.text  # the table stays as it was
    wrong_level = dump_structure(load_structure("turbo")).replace(
        "small_blind = 75, big_blind = 150", "small_blind = 75, big_blind = 50"
    )
    answer = import_file(venue, wrong_level)
    assert "STRUCTURE_SMALL_BLIND_ABOVE_BIG_BLIND" in unescape(answer.text)
    assert "Niveau 2 : la petite blinde, 75, dépasse la grosse blinde." in unescape(answer.text)
    assert "Choisissez d'abord un fichier" in unescape(import_file(venue, b"").text)
    assert "n'est pas un fichier texte" in unescape(import_file(venue, b"\xff\xfe\x00name").text)
    english = venue.td.post(
        "/new/import?lang=en",
        files={"structure_file": ("x.toml", b"levels = [", "application/toml")},
        headers=HTMX,
    )
    assert "x.toml is refused: This is not a valid structure file (TOML)" in unescape(english.text)
    assert venue.service.tournament_ids() == []


def test_an_uploaded_text_is_never_read_as_a_template_name_or_a_path(venue: Venue) -> None:
    assert "STRUCTURE_" in import_file(venue, "turbo").text
    assert "STRUCTURE_" in import_file(venue, "/etc/hostname").text


def test_the_structure_exported_then_imported_gives_the_same_structure(venue: Venue) -> None:
    form = new_form(venue, "?template=club-rebuy")
    form["level_minutes"] = ["30"] * len(form["level_minutes"])
    form["ante"][0] = "25"
    create(venue, form, "source")
    exported = venue.public.get("/t/source/structure.toml")  # public: no sign-in
    assert exported.status_code == 200
    assert exported.headers["content-type"].startswith("application/toml")
    assert 'filename="source-structure.toml"' in exported.headers["content-disposition"]
    original = venue.service.tournament("source").structure
    assert load_structure(exported.text) == original

    imported = form_of(import_file(venue, exported.content, "source-structure.toml").text)
    assert create(venue, {**form, **imported}, "copie").status_code == 303
    copy: Structure = venue.service.tournament("copie").structure
    assert copy == original
    assert venue.public.get("/t/copie/structure.toml").text == exported.text


def test_the_structure_of_an_unknown_tournament_is_not_found(venue: Venue) -> None:
    answer = venue.public.get("/t/nothing/structure.toml")
    assert answer.status_code == 404
    assert "Ce tournoi n'existe pas." in unescape(answer.text)


# ---- the profile panel --------------------------------------------------------------------


def test_the_profile_panel_shows_the_settings_with_their_citations(venue: Venue) -> None:
    tda = venue.td.get("/new/profile?profile=tda-2024").text
    assert 'id="profile-panel"' in tda
    assert "Joueurs à la table finale" in tda
    assert "tda-2024 R11" in tda  # balancing
    assert "ropta-2025" not in tda
    assert "diffère de" not in tda

    ropta = venue.td.get("/new/profile?profile=ropta").text
    assert "ropta 2.6" in ropta  # the final table (RP-9 per event format)
    assert "ropta-2025 inscriptions tardives" in ropta
    assert "diffère de TDA 2024" in ropta  # e.g. the late entrant's seat
    heaven = venue.td.get("/new/profile?profile=heavenpoker&lang=en").text
    assert "Players at the final table" in heaven
    assert "heavenpoker" in heaven
    assert heaven != ropta


def test_the_page_opens_with_the_panel_of_the_profile_asked_for(venue: Venue) -> None:
    page = venue.td.get("/new?profile=allinouest").text
    assert '<option value="allinouest" selected>' in page
    assert "allinouest" in page.split('id="profile-panel"')[1]
    assert 'hx-get="/new/profile"' in page
    unknown = venue.td.get("/new/profile?profile=nope").text
    assert "Il n'y a pas de profil de règles « nope »" in unescape(unknown)


# ---- access and languages -----------------------------------------------------------------


def test_the_set_up_page_is_for_the_td_only(venue: Venue) -> None:
    for path in ("/new", "/new/profile?profile=ropta", "/new/template?template=turbo"):
        answer = venue.public.get(path, follow_redirects=False)
        assert answer.status_code == 303
        assert answer.headers["location"].startswith("/login?next=/new")
    form = new_form(venue)
    answer = venue.public.post(
        "/new", data={**form, "tournament_id": ["pirate"]}, follow_redirects=False
    )
    assert answer.status_code == 303
    assert answer.headers["location"] == "/login?next=/new"
    answer = venue.public.post(
        "/new/import",
        files={"structure_file": ("x.toml", b"x", "text/plain")},
        follow_redirects=False,
    )
    assert answer.status_code == 303
    assert venue.service.tournament_ids() == []


def test_the_page_speaks_french_first_and_english_on_request(venue: Venue) -> None:
    french = venue.td.get("/new").text
    for text in ("Nouveau tournoi", "Profil de règles", "Conditions d'entrée", "Créer le tournoi"):
        assert text in french
    assert "Petite blinde" in french
    assert 'value="20,00"' in french  # the buy-in, as a French TD types it

    english = venue.td.get("/new?lang=en").text
    for text in ("New tournament", "Rule profile", "Entry terms", "Create the tournament"):
        assert text in english
    assert "Small blind" in english
    assert 'value="20.00"' in english
    assert "Créer le tournoi" not in english


def test_an_unknown_template_falls_back_to_the_default_and_says_so(venue: Venue) -> None:
    page = venue.td.get("/new?template=nope")
    assert "Il n'y a pas de structure « nope »" in unescape(page.text)
    assert form_of(page.text)["structure_name"] == ["club-evening"]


# ---- championship points ------------------------------------------------------------------


def test_a_points_formula_chosen_at_set_up_is_stored_with_the_tournament(venue: Venue) -> None:
    form = new_form(venue)
    assert "points_name" not in form  # "No points" is the default: nothing is selected
    assert create(venue, form, "sans-points").status_code == 303
    assert venue.service.tournament("sans-points").created.points is None

    form["points_name"] = ["sqrt"]
    form["points_k"], form["points_decimals"] = ["12"], ["1"]
    form["points_factor"] = ["3"]  # another formula's parameter: left out
    assert create(venue, form, "racine").status_code == 303
    assert venue.service.tournament("racine").created.points == {
        "name": "sqrt",
        "k": 12,
        "decimals": 1,
    }
    assert venue.service.summary("racine")["points"] == {"name": "sqrt", "k": 12, "decimals": 1}

    table = {
        **form,
        "points_name": ["table"],
        "points_table": ["50 30; 20"],
        "points_others": ["5"],
    }
    assert create(venue, table, "table", htmx=True).headers["HX-Redirect"] == "/t/table/desk"
    stored = venue.service.tournament("table").created.points
    assert stored is not None and stored["name"] == "table" and stored["others"] == 5
    assert list(stored["points"]) == [50, 30, 20]


def test_a_bad_points_formula_is_refused_naming_the_field_and_nothing_is_created(
    venue: Venue,
) -> None:
    form = new_form(venue)
    cases = [
        ({"points_name": ["cube"]}, "Il n'y a pas de formule de points de championnat « cube »."),
        (
            {"points_name": ["sqrt"], "points_decimals": ["3"]},
            "Points de championnat, Décimales, de 0 à 2 (racine carrée, pondérée par le "
            "buy-in) : saisissez un nombre entier de 0 à 2, pas « 3 ».",
        ),
        ({"points_name": ["tlb"], "points_k": ["dix"]}, "pas « dix »."),
        ({"points_name": ["linear"], "points_factor": ["0"]}, "Facteur (linéaire)"),
        ({"points_name": ["table"], "points_table": [""]}, "une table donne les points de 1"),
        ({"points_name": ["table"], "points_table": ["10 cinq"]}, "pas « cinq »."),
    ]
    for change, message in cases:
        answer = create(venue, {**form, **change}, "soir", htmx=True)
        assert answer.status_code == 200 and 'id="flash"' in answer.text
        assert message in unescape(answer.text), change
    english = venue.td.post(
        "/new?lang=en",
        data={**form, "tournament_id": ["soir"], "points_name": ["sqrt"], "points_k": ["0"]},
        headers=HTMX,
    )
    assert (
        "Championship points, k (square root, buy-in weighted): enter a whole number from 1 to "
        "1,000,000,000,000, not “0”." in unescape(english.text)
    )
    assert venue.service.tournament_ids() == []


def test_without_htmx_a_points_refusal_shows_the_formula_as_typed(venue: Venue) -> None:
    form = {**new_form(venue), "points_name": ["sqrt"], "points_k": ["-4"]}
    answer = create(venue, form, "soir")
    assert answer.status_code == 422
    again = form_of(answer.text)
    assert again["points_name"] == ["sqrt"] and again["points_k"] == ["-4"]
    assert not venue.service.exists("soir")


def test_the_points_and_payouts_sections_speak_french_and_english(venue: Venue) -> None:
    french = unescape(venue.td.get("/new").text)
    assert "Points de championnat" in french
    assert "Aucun par défaut." in french
    assert "Racine carrée : k × √(entrées ÷ place)" in french
    assert "Répartition des gains" in french
    assert "La grille de gains standard par défaut." in french
    assert "peut saisir d'autres montants" in french
    assert "Grille du club : un pourcentage pour chaque place payée" in french
    assert "par exemple 50 30 20 ou 45 27,5 17,5 10" in french
    assert "Gains et points" not in french

    english = unescape(venue.td.get("/new?lang=en").text)
    assert "Championship points" in english and "None by default." in english
    assert "Square root: k × √(entries ÷ place)" in english
    assert "The standard payout table by default." in english
    assert "can enter other amounts" in english
    assert "Club grid: a percentage for each paid place" in english
    assert "such as 50 30 20 or 45 27.5 17.5 10" in english
    assert "Points de championnat" not in english


# ---- payouts ----------------------------------------------------------------------------------


def stored_payouts(venue: Venue, tournament_id: str) -> dict[str, Any]:
    """The tournament's stored payout spec (a grid as a list, as it reads back from a file)."""
    spec = dict(venue.service.summary(tournament_id)["payouts"])
    if "basis_points" in spec:
        spec["basis_points"] = list(spec["basis_points"])
    return spec


def paid(spec: dict[str, Any], entries: int, pool_cents: int) -> tuple[int, ...]:
    """What the engine pays by ``spec``."""
    scheme, rounding = prizes.payout_scheme(spec)
    return prizes.payout_table(entries, pool_cents, scheme, rounding)


def test_the_standard_table_is_chosen_by_default_and_stored_by_name(venue: Venue) -> None:
    form = new_form(venue)
    assert form["payouts_name"] == ["standard"]
    assert create(venue, form, "standard").status_code == 303
    assert stored_payouts(venue, "standard") == {"name": "standard"}

    rounded = {**form, "payouts_rounding": ["5"]}
    assert create(venue, rounded, "arrondi").status_code == 303
    assert stored_payouts(venue, "arrondi") == {"name": "standard", "rounding_cents": 500}


def test_a_club_grid_is_stored_as_typed_in_basis_points(venue: Venue) -> None:
    form = {**new_form(venue), "payouts_name": ["shares"]}
    form["payouts_shares"] = ["45 27,5 17,5 10"]
    form["payouts_exponent"] = ["2"]  # another scheme's parameter: left out
    assert create(venue, form, "grille").status_code == 303
    stored = stored_payouts(venue, "grille")
    assert stored == {"name": "shares", "basis_points": [4500, 2750, 1750, 1000]}
    assert paid(stored, 30, 100_000) == (45_000, 27_500, 17_500, 10_000)

    # A dot, percent signs, commas between the places, a rounding of 50 cents.
    dotted = {**form, "payouts_shares": ["50 %, 30 %, 20 %"], "payouts_rounding": ["0,50"]}
    assert create(venue, dotted, "pour-cent", htmx=True).headers["HX-Redirect"]
    assert stored_payouts(venue, "pour-cent") == {
        "name": "shares",
        "basis_points": [5000, 3000, 2000],
        "rounding_cents": 50,
    }
    english = {**form, "tournament_id": ["dot"], "payouts_shares": ["62.5 37.5"]}
    assert venue.td.post("/new?lang=en", data=english, follow_redirects=False).status_code == 303
    assert stored_payouts(venue, "dot")["basis_points"] == [6250, 3750]


def test_a_curve_is_stored_with_its_parameters(venue: Venue) -> None:
    form = new_form(venue)
    power = {**form, "payouts_name": ["power"], "payouts_exponent": ["1,2"]}
    power["payouts_percent"] = ["15"]
    power["payouts_shares"] = ["50 30 20"]  # the grid's field: left out
    assert create(venue, power, "puissance").status_code == 303
    assert stored_payouts(venue, "puissance") == {
        "name": "power",
        "exponent": "1.2",
        "paid_percent": 15,
    }

    geometric = {**form, "payouts_name": ["geometric"], "payouts_ratio": ["0,8"]}
    geometric["payouts_places"], geometric["payouts_rounding"] = ["4"], ["10"]
    assert create(venue, geometric, "geo").status_code == 303
    stored = stored_payouts(venue, "geo")
    assert stored == {"name": "geometric", "ratio": "0.8", "places": 4, "rounding_cents": 1000}
    # Weights 1, 0.8, 0.64, 0.512 of 1 000 euros, in tens of euros, the rest to first place.
    assert paid(stored, 30, 100_000) == (35_000, 27_000, 21_000, 17_000)

    # Blank parameters keep the engine's defaults (exponent 1, 12 % paid, whole euros).
    plain = {**form, "payouts_name": ["power"]}
    assert create(venue, plain, "zipf").status_code == 303
    assert stored_payouts(venue, "zipf") == {"name": "power"}


def test_a_wrong_payout_scheme_is_refused_naming_the_problem_and_nothing_is_created(
    venue: Venue,
) -> None:
    form = new_form(venue)
    grid = (
        "Répartition des gains, Pourcentage de chaque place payée, la première d'abord "
        "(grille du club) : "
    )
    cases = [
        (
            {"payouts_shares": ["50 30 10"]},
            grid + "les pourcentages font 90 % au total, pas 100 %.",
        ),
        (
            {"payouts_shares": ["30 50 20"]},
            grid + "la place 2 (50 %) recevrait plus que la place 1 (30 %)",
        ),
        ({"payouts_shares": ["45 27,5 17,5 9,99"]}, "font 99,99 % au total, pas 100 %."),
        (
            {"payouts_shares": ["60 40 0"]},
            "la place 3 reçoit 0 % ; ne donnez que les places payées.",
        ),
        ({"payouts_shares": ["50 27,555 22,445"]}, "« 27,555 » n'est pas un pourcentage"),
        ({"payouts_shares": [""]}, grid + "saisissez le pourcentage de chaque place payée"),
    ]
    cases = [({"payouts_name": ["shares"], **change}, message) for change, message in cases]
    cases += [
        (
            {"payouts_name": ["power"], "payouts_exponent": ["11"]},
            "Répartition des gains, Exposant, de 0 à 10 (courbe de puissance) : saisissez un "
            "nombre de 0 à 10 avec au plus 4 décimales, par exemple 1,2, pas « 11 ».",
        ),
        ({"payouts_name": ["geometric"], "payouts_ratio": ["1,5"]}, "pas « 1,5 »."),
        (
            {"payouts_name": ["geometric"], "payouts_places": ["5"], "payouts_percent": ["10"]},
            "donnez le nombre de places payées ou le pourcentage des entrées payées, pas les deux",
        ),
        ({"payouts_name": ["power"], "payouts_percent": ["0"]}, "de 1 à 100, pas « 0 »."),
        ({"payouts_rounding": ["cinq"]}, "Arrondi de chaque gain, en euros : saisissez un montant"),
        ({"payouts_name": ["cube"]}, "Il n'y a pas de répartition des gains « cube »."),
    ]
    for change, message in cases:
        answer = create(venue, {**form, **change}, "soir", htmx=True)
        assert answer.status_code == 200 and 'id="flash"' in answer.text
        assert message in unescape(answer.text).replace("\u202f", " "), change
    english = venue.td.post(
        "/new?lang=en",
        data={
            **form,
            "tournament_id": ["soir"],
            "payouts_name": ["shares"],
            "payouts_shares": ["50 30 10"],
        },
        headers=HTMX,
    )
    assert (
        "Payouts, Percentage of each paid place, first place first (club grid): the percentages "
        "add up to 90 %, not 100 %." in unescape(english.text)
    )
    assert venue.service.tournament_ids() == []


def test_without_htmx_a_payouts_refusal_shows_the_scheme_as_typed(venue: Venue) -> None:
    form = {**new_form(venue), "payouts_name": ["shares"], "payouts_shares": ["30 50 20"]}
    answer = create(venue, form, "soir")
    assert answer.status_code == 422
    again = form_of(answer.text)
    assert again["payouts_name"] == ["shares"] and again["payouts_shares"] == ["30 50 20"]
    assert not venue.service.exists("soir")


def test_a_stored_scheme_fills_the_form_and_reads_back_the_same() -> None:
    specs: list[dict[str, Any]] = [
        {"name": "standard"},
        {"name": "shares", "basis_points": (4500, 2750, 1750, 1000), "rounding_cents": 250},
        {"name": "power", "exponent": "1.25", "paid_percent": 15},
        {"name": "geometric", "ratio": "0.75", "places": 5, "rounding_cents": 1000},
    ]
    for language in ("fr", "en"):
        with i18n.use_locale(language):
            for spec in specs:
                assert PayoutsForm(**form_values(spec)).payouts_spec() == spec
    with i18n.use_locale("fr"):
        # As a stored spec reads back from a file: the grid is a list.
        values = form_values({**specs[1], "basis_points": [4500, 2750, 1750, 1000]})
    assert values["payouts_shares"] == "45 27,5 17,5 10" and values["payouts_rounding"] == "2,50"
    assert form_values(None)["payouts_name"] == "standard"


def test_the_page_previews_the_payouts_of_an_example_field(venue: Venue) -> None:
    page = unescape(venue.td.get("/new").text)
    # club-evening: a buy-in of 20 euros; the standard table for 30 entries pays five places.
    assert "Par exemple, 30 entrées à 20,00 € font un prize pool de 600,00 €" in page.replace(
        "\xa0", " "
    )
    assert 'hx-post="/new/payouts"' in page  # any change in the form asks for the preview
    form = {**new_form(venue), "payouts_name": ["shares"], "payouts_shares": ["50 30 20"]}
    preview = unescape(venue.td.post("/new/payouts", data=form, headers=HTMX).text)
    amounts = preview.replace("\xa0", " ").split('id="payouts-preview"')[1].split("</ol>")[0]
    assert [line.strip() for line in amounts.split("<li>")[1:]] == [
        "300,00 €</li>",
        "180,00 €</li>",
        "120,00 €</li>",
    ]
    wrong = {**form, "payouts_shares": ["50 30 10"]}
    refused = unescape(venue.td.post("/new/payouts", data=wrong, headers=HTMX).text)
    assert "les pourcentages font 90 % au total" in refused.split('id="payouts-preview"')[1]
    assert venue.service.tournament_ids() == []

"""The tournament-level settings: heads-up, seating, balancing, busts, chip race, penalties, deals,
rebuys, late registration, final table and hand-for-hand.

Tournament settings proper (buy-in, structure, rebuy period) belong to each tournament; a
profile gives the rulebook's defaults and procedures.
"""

from __future__ import annotations

from pokerfloor.rules._schema import SettingSpec, choice, enum, enum_list, flag, integer

PLAYERS = ("joueur(s)", "player(s)")

NEAREST_LEFT_OF_BIG_BLIND = choice(
    "nearest_left_of_big_blind",
    "la place libre la plus proche à gauche du gros blind (ou le gros blind), pour payer le gros "
    "blind au plus tôt",
    "the free seat nearest the big blind's left (or the big blind seat), to post the big blind "
    "as soon as possible",
)
RANDOM_DRAW = choice(
    "random_draw", "tirée au sort (par le logiciel)", "drawn at random (by the software)"
)
BIGGER_STACK_HIGHER = choice(
    "bigger_starting_stack_higher",
    "le plus gros tapis au début de la main est classé devant ; à tapis égal, ex æquo",
    "the bigger stack at the start of the hand ranks higher; equal stacks tie",
)
SHARE = choice(
    "share",
    "ex æquo : ils se partagent les places (gains ou points) qu'ils couvrent",
    "tie: they share the places (prizes or points) they cover",
)


def _missed_rounds(rounds: int) -> str:
    return f"missed_rounds_{rounds}"


TOURNAMENT: tuple[SettingSpec, ...] = (
    enum(
        "tournament.heads_up_transition",
        "Passage en tête-à-tête : placement du bouton (le bouton paie le petit blind)",
        "Start of heads-up: where the button goes (the button posts the small blind)",
        choice(
            "no_big_blind_twice",
            "le bouton est placé pour que personne ne paie le gros blind deux fois de suite : "
            "le dernier à avoir payé le gros blind prend le bouton",
            "the button is placed so nobody pays the big blind twice in a row: the last player "
            "to pay the big blind takes the button",
        ),
        choice(
            "big_blind_advances",
            "bouton mort : le gros blind avance normalement, même si un joueur garde le bouton "
            "deux fois",
            "dead button: the big blind advances as usual, even if one player keeps the button "
            "twice",
        ),
    ),
)

SEATING: tuple[SettingSpec, ...] = (
    enum(
        "seating.first_button",
        "Attribution du premier bouton (premier donneur)",
        "How the first button (first dealer) is chosen",
        choice("seat_1", "le siège 1 de chaque table", "seat 1 of each table"),
        choice(
            "high_card_draw",
            "chacun tire une carte, la plus haute prend le bouton",
            "everyone draws a card, the highest takes the button",
        ),
    ),
    enum(
        "seating.late_entrant_seat",
        "Place d'un joueur qui entre en cours de tournoi (inscription tardive, réentrée)",
        "Seat of a player entering during the event (late entry, re-entry)",
        choice(
            "random",
            "tirée au sort ; il reçoit des cartes partout sauf entre le petit blind et le bouton",
            "drawn at random; dealt in anywhere except between the small blind and the button",
        ),
        NEAREST_LEFT_OF_BIG_BLIND,
    ),
)

BALANCING: tuple[SettingSpec, ...] = (
    integer(
        "balancing.threshold",
        "Écart de joueurs entre deux tables qui impose un équilibrage",
        "Gap in players between two tables that calls for balancing",
        minimum=2,
        maximum=9,
        unit=PLAYERS,
    ),
    integer(
        "balancing.halt_when_short_by",
        "Une table qui a ce nombre de joueurs de moins que la plus pleine s'arrête",
        "A table this many players short of the fullest stops playing",
        minimum=2,
        maximum=9,
        unit=PLAYERS,
    ),
    enum(
        "balancing.moved_player",
        "Joueur déplacé pour équilibrer les tables",
        "Player moved to balance the tables",
        choice(
            "next_big_blind",
            "celui qui serait gros blind à la main suivante",
            "the player who would be big blind on the next hand",
        ),
        RANDOM_DRAW,
    ),
    enum(
        "balancing.destination_seat",
        "Place donnée au joueur déplacé",
        "Seat given to the moved player",
        choice(
            "worst_position",
            "la pire position de la table courte : un gros blind seul si possible, même deux "
            "fois de suite, jamais le petit blind",
            "the worst position at the short table: a lone big blind if available, even twice "
            "in a row, never the small blind",
        ),
        NEAREST_LEFT_OF_BIG_BLIND,
        RANDOM_DRAW,
    ),
)

BUSTS: tuple[SettingSpec, ...] = (
    enum(
        "busts.same_table",
        "Plusieurs joueurs éliminés sur la même main à la même table",
        "Several players busted on the same hand at one table",
        BIGGER_STACK_HIGHER,
        SHARE,
    ),
    enum(
        "busts.hand_for_hand_tables",
        "Main par main : éliminations à des tables différentes sur la même donne",
        "Hand-for-hand: busts at different tables on the same deal",
        SHARE,
        BIGGER_STACK_HIGHER,
    ),
    enum(
        "busts.different_tables",
        "Hors main par main : éliminations à des tables différentes pendant la même main",
        "Outside hand-for-hand: busts at different tables during the same hand",
        choice(
            "separate",
            "classées dans l'ordre où les mains se terminent",
            "ranked in the order the hands end",
        ),
        choice(
            "share_when_hands_overlap",
            "ex æquo quand les deux mains se jouaient en même temps (l'une s'est terminée après "
            "le début de l'autre) : ils se partagent les places qu'ils couvrent",
            "a tie when both hands were being played at once (one ended after the other "
            "began): they share the places they cover",
        ),
    ),
)

CHIP_RACE: tuple[SettingSpec, ...] = (
    enum(
        "chip_race.starts_at",
        "Chip race : premier joueur servi",
        "Chip race: first player dealt a card",
        choice("seat_1", "le siège 1", "seat 1"),
        choice("left_of_dealer", "le joueur à gauche du donneur", "the player left of the dealer"),
    ),
    enum(
        "chip_race.rounding",
        "Chip race : nombre de nouveaux jetons que font les restes",
        "Chip race: how many new chips the leftovers make",
        choice(
            "half_or_more",
            "un reste d'au moins la moitié d'un nouveau jeton compte pour un jeton ; moins est "
            "retiré",
            "a leftover of at least half a new chip counts as one; less is removed",
        ),
        choice(
            "round_up",
            "le total des restes de la table est arrondi au jeton supérieur",
            "the table's total leftover is rounded up to a whole chip",
        ),
    ),
    integer(
        "chip_race.max_chips_per_player",
        "Chip race : nombre maximal de jetons gagnés par joueur",
        "Chip race: most chips one player may win",
        minimum=1,
        maximum=9,
        unit=("jeton(s)", "chip(s)"),
    ),
    flag(
        "chip_race.cannot_be_raced_out",
        "Personne n'est éliminé par le chip race",
        "Nobody is raced out of the tournament",
        true=(
            "oui : qui perd tout au chip race reçoit un jeton de la plus petite valeur restante",
            "yes: a player left with nothing gets one chip of the smallest remaining value",
        ),
        false=("non", "no"),
    ),
)

PENALTIES: tuple[SettingSpec, ...] = (
    enum_list(
        "penalties.ladder",
        "Échelle des sanctions, de la plus légère à la plus lourde (les récidives montent)",
        "Penalty ladder, lightest first (repeat offences climb it)",
        choice("warning", "avertissement", "warning"),
        choice("missed_hand", "une main manquée", "one missed hand"),
        *(
            choice(
                _missed_rounds(rounds),
                f"exclusion de {rounds} tour(s) de table (une main par joueur présent, fautif "
                "compris, blinds prélevés)",
                f"{rounds} missed round(s) (a hand per player at the table, offender included, "
                "blinds posted)",
            )
            for rounds in (1, 2, 3, 4)
        ),
        choice(
            "disqualification",
            "disqualification, jetons retirés du tournoi",
            "disqualification, chips removed from play",
        ),
    ),
)

DEALS: tuple[SettingSpec, ...] = (
    flag(
        "deals.allowed",
        "Arrangements entre joueurs (deals) permis",
        "Deals between players allowed",
        true=(
            "oui, les joueurs restants peuvent s'entendre sur un partage",
            "yes, the remaining players may agree a split",
        ),
        false=(
            "non : les prix vont au classement réel, tout arrangement est interdit",
            "no: prizes follow the actual finish, any deal is forbidden",
        ),
    ),
)

REBUY: tuple[SettingSpec, ...] = (
    enum(
        "rebuy.stack_threshold",
        "Recave possible quand le tapis est",
        "A rebuy is allowed when the stack is",
        choice("no_chips", "à zéro (joueur éliminé)", "empty (player busted)"),
        choice(
            "below_big_blind",
            "à zéro ou sous le gros blind en cours",
            "empty or below the current big blind",
        ),
    ),
    enum(
        "rebuy.declaration_binding",
        "Une recave annoncée engage le joueur (il joue les jetons à venir)",
        "A declared rebuy is binding (the player plays chips behind)",
        choice(
            "binding",
            "elle engage : seule une correction du directeur, motivée, l'annule",
            "it binds: only the TD's correction, with a reason, cancels it",
        ),
    ),
    integer(
        "rebuy.extra_hands_after_period",
        "Mains jouées après la fin de la période de recave (recave après la première, "
        "seulement l'add-on après la dernière)",
        "Hands played after the rebuy period ends (rebuys after the first, only the add-on "
        "after the last)",
        minimum=0,
        maximum=10,
        note=("0 = la période finit avec le niveau", "0 = the period ends with the level"),
    ),
)

LATE_REGISTRATION: tuple[SettingSpec, ...] = (
    enum(
        "late_registration.absent_seat_released",
        "Place d'un absent : quand la donner à la liste d'attente (avec son tapis entamé)",
        "An absent player's seat: when it goes to the waiting list (with the stack left)",
        choice(
            "never",
            "jamais : l'absent garde sa place, ses blinds sont prélevés",
            "never: the absent player keeps the seat and posts blinds",
        ),
        choice(
            "unpaid_after_first_level",
            "frais réglés d'avance : jamais, ses blinds sont prélevés jusqu'à son arrivée ; "
            "frais non réglés ou tournoi gratuit : à la fin du premier niveau",
            "entry paid in advance: never, the blinds are taken until the player arrives; "
            "entry not paid or a free tournament: at the end of the first level",
        ),
        choice(
            "after_first_hour",
            "après la première heure ; sans joueur en attente, le tapis est retiré",
            "after the first hour; with nobody waiting, the stack is removed",
        ),
    ),
    integer(
        "late_registration.until_end_of_level",
        "Inscription tardive : au plus jusqu'à la fin du niveau",
        "Late registration: at most until the end of level",
        minimum=0,
        maximum=100,
        note=(
            "plafonne celle de la structure ; 0 = le règlement ne fixe pas de niveau",
            "caps the structure's; 0 = the rulebook sets no level",
        ),
    ),
    integer(
        "late_registration.until_minutes_after_start",
        "Inscription tardive : au plus, minutes après le début",
        "Late registration: at most, minutes after the start",
        minimum=0,
        maximum=1440,
        unit=("min", "min"),
        note=(
            "plafonne celle de la structure ; 0 = le règlement ne fixe pas de durée",
            "caps the structure's; 0 = the rulebook sets no duration",
        ),
    ),
)

FINAL_TABLE: tuple[SettingSpec, ...] = (
    integer(
        "final_table.size",
        "Joueurs à la table finale (tournoi à tables pleines ; au plus, selon le format)",
        "Players at the final table (full-ring event; at most, by the format)",
        minimum=2,
        maximum=10,
        unit=PLAYERS,
    ),
    enum(
        "final_table.by_event_format",
        "Taille de la table finale selon le format du tournoi (joueurs par table)",
        "Final table size by the event's format (players per table)",
        choice(
            "fixed",
            "toujours la taille ci-dessus, même si elle dépasse celle des tables du tournoi",
            "always the size above, even where it is more than the event's tables seat",
        ),
        choice(
            "odd_up_to_size",
            "un format pair gagne un siège (8 → 9, 6 → 7), un format impair reste (9, 7), "
            "sans dépasser la taille ci-dessus ; la table finale peut avoir plus de sièges "
            "que les tables du tournoi",
            "an even format gains a seat (8 to 9, 6 to 7), an odd one stays (9, 7), never "
            "above the size above; the final table may seat more than the event's tables",
        ),
    ),
)

HAND_FOR_HAND: tuple[SettingSpec, ...] = (
    integer(
        "hand_for_hand.seconds_off_per_hand",
        "Main par main : pendule arrêtée, temps retiré du niveau pour chaque main",
        "Hand-for-hand: clock stopped, time taken off the level for each hand",
        minimum=0,
        maximum=600,
        unit=("s", "s"),
    ),
)

EVENT_SETTINGS: tuple[SettingSpec, ...] = (
    TOURNAMENT
    + SEATING
    + BALANCING
    + BUSTS
    + CHIP_RACE
    + PENALTIES
    + DEALS
    + REBUY
    + LATE_REGISTRATION
    + FINAL_TABLE
    + HAND_FOR_HAND
)

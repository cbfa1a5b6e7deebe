"""The settings of the end of a hand: the showdown, the pots and odd chips, card draws, the
players' duties (labels in French and English; each profile gives the values and citations).
"""

from __future__ import annotations

from pokerfloor.rules._schema import SettingSpec, choice, enum, flag

SHOWDOWN: tuple[SettingSpec, ...] = (
    enum(
        "showdown.cards_speak",
        "Lecture des mains à l'abattage",
        "Reading the hands at showdown",
        choice(
            "announcements_not_binding",
            "les cartes parlent : une main vaut ce que montrent ses cartes, l'annonce du joueur "
            "n'engage pas",
            "cards speak: a hand is worth what its cards show; what the player announces does "
            "not bind",
        ),
    ),
    enum(
        "showdown.first_with_bet",
        "Premier à montrer quand il y a eu une mise au dernier tour",
        "First to show when there was a bet on the last round",
        choice(
            "last_aggressor",
            "le dernier à avoir misé ou relancé au dernier tour",
            "the last player to bet or raise on the last round",
        ),
    ),
    enum(
        "showdown.first_without_bet",
        "Premier à montrer quand personne n'a misé au dernier tour",
        "First to show when nobody bet on the last round",
        choice(
            "first_left_of_button",
            "le premier joueur en jeu à gauche du bouton, puis dans le sens horaire",
            "the first player in the hand left of the button, then clockwise",
        ),
        choice(
            "last_aggressor_previous_street",
            "le dernier relanceur du tour d'enchères précédent, puis dans le sens horaire",
            "the last raiser of the previous betting round, then clockwise",
        ),
        choice(
            "first_to_speak",
            "le premier à parler dans le tour : un joueur à tapis ne parle pas, il montre à son "
            "tour ensuite (après le flop, le premier joueur avec des jetons à gauche du bouton)",
            "the first to speak on the round: a player all in does not speak and shows in turn "
            "after (after the flop, the first player with chips left of the button)",
        ),
    ),
    enum(
        "showdown.may_ask_to_see",
        "Qui peut demander à voir une main à l'abattage",
        "Who may ask to see a hand at showdown",
        choice(
            "river_callers",
            "un joueur qui a suivi au dernier tour et tient encore ses cartes peut demander la "
            "main du dernier agresseur",
            "a player who called on the last round and still holds cards may ask for the last "
            "aggressor's hand",
        ),
        choice(
            "not_allowed",
            "demander à un joueur de retourner sa main est interdit et sanctionné",
            "asking a player to turn a hand face up is forbidden and penalised",
        ),
    ),
    enum(
        "showdown.asked_hand_after_muck",
        "Main jetée à l'abattage puis demandée par un adversaire",
        "A hand mucked at showdown, then asked for by an opponent",
        choice(
            "live_again",
            "reprise à la demande d'un adversaire, elle revient en jeu et peut gagner le coup",
            "taken back at an opponent's request, it is live again and may win the pot",
        ),
        choice(
            "stays_dead",
            "elle est morte : montrée à la demande, elle ne peut plus gagner",
            "it is dead: shown on request, it can no longer win",
        ),
    ),
    flag(
        "showdown.show_both_cards_to_win",
        "Il faut montrer ses deux cartes pour gagner tout ou partie du pot",
        "Both hole cards must be shown to win any part of the pot",
        true=("oui, même en jouant le tableau", "yes, even when playing the board"),
        false=("non, une carte suffit", "no, one card is enough"),
    ),
    enum(
        "showdown.tabled_hand",
        "Main étalée face visible à l'abattage",
        "A hand tabled face up at showdown",
        choice(
            "cannot_be_killed",
            "elle se lit d'elle-même : la jeter ensuite ne la tue pas, elle gagne si elle est la "
            "meilleure",
            "it is read by its cards: throwing it away afterwards does not kill it, and it wins "
            "if it is the best",
        ),
    ),
    enum(
        "showdown.shown_to_one_player",
        "Cartes montrées à un seul joueur",
        "Cards shown to one player only",
        choice(
            "shown_to_all",
            "montrées à un, montrées à tous : chaque joueur de la table a le droit de les voir",
            "show one, show all: every player at the table has the right to see them",
        ),
    ),
    flag(
        "showdown.all_in_face_up",
        "Toutes les mains sont retournées quand un joueur est à tapis et que les enchères sont "
        "finies",
        "Every hand is turned face up once a player is all-in and betting is over",
        true=("oui", "yes"),
        false=("non", "no"),
    ),
)

POTS: tuple[SettingSpec, ...] = (
    enum(
        "pots.odd_chip",
        "Jeton indivisible d'un pot partagé",
        "Odd chip of a split pot",
        choice(
            "first_left_of_button",
            "au premier gagnant à gauche du bouton (la main gagnante la plus proche du bouton "
            "dans le sens de la donne : les deux formulations des règlements désignent le même "
            "joueur)",
            "to the first winner left of the button (the winning hand closest to the button in "
            "dealing order: the rulebooks' two wordings name the same player)",
        ),
    ),
    enum(
        "pots.odd_chip_unit",
        "Unité du jeton indivisible",
        "Unit of the odd chip",
        choice(
            "smallest_chip_in_play",
            "la plus petite valeur de jeton encore en jeu, qui est aussi la plus petite utilisée "
            "à la table : une valeur retirée l'est de toutes les tables à la même pause",
            "the smallest chip denomination still in play, which is also the smallest used at "
            "the table: a colour-up removes a denomination from every table at the same break",
        ),
    ),
    enum(
        "pots.side_pots_split_separately",
        "Partage des pots à l'abattage",
        "Splitting the pots at showdown",
        choice(
            "each_pot_on_its_own",
            "chaque pot (principal et annexes) est attribué et partagé séparément, entre les "
            "seuls joueurs qui y ont droit",
            "each pot (main and side) is awarded and split on its own, among the players "
            "eligible for it",
        ),
    ),
    enum(
        "pots.award_order",
        "Ordre d'attribution des pots (chacun est partagé séparément)",
        "Order in which the pots are awarded (each is split on its own)",
        choice(
            "side_pots_first",
            "les pots annexes d'abord, du dernier créé au premier, le pot principal à la fin",
            "side pots first, the last created first, the main pot last",
        ),
        choice(
            "main_pot_first",
            "le pot principal d'abord, puis les pots annexes dans l'ordre",
            "the main pot first, then the side pots in order",
        ),
    ),
)

DRAW: tuple[SettingSpec, ...] = (
    enum(
        "draw.tie_break",
        "Égalité lors d'un tirage de cartes (bouton, places, chip race)",
        "Tie in a card draw (button, seats, chip race)",
        choice(
            "suits",
            "départagée par la couleur : pique > cœur > carreau > trèfle",
            "broken by suit: spades > hearts > diamonds > clubs",
        ),
        choice(
            "redraw",
            "les ex æquo tirent à nouveau ; la couleur ne compte pas",
            "the tied players draw again; suits do not count",
        ),
    ),
)

DUTIES: tuple[SettingSpec, ...] = (
    flag(
        "duties.last_to_act_must_raise_nuts",
        "Le dernier à parler à la river doit relancer s'il a la meilleure main possible",
        "The last to act on the river must raise with the nuts",
        true=("oui, sous peine de sanction", "yes, or be penalised"),
        false=(
            "non (le directeur peut seulement juger un jeu complaisant)",
            "no (the TD may only judge soft play)",
        ),
    ),
)

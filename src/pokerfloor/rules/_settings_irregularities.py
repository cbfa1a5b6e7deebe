"""The settings of dealing irregularities: exposed cards, misdeals, board errors, dead hands,
fouled decks (labels in French and English; each profile gives the values and citations).

``pokerfloor.floor`` reads them to rule on a situation. A setting with a single meaning is the
same in every rulebook: the ruling cites it, so the profile still names its own article.
"""

from __future__ import annotations

from pokerfloor.rules._schema import SettingSpec, choice, enum, integer

IRREGULARITIES: tuple[SettingSpec, ...] = (
    enum(
        "irregularities.exposed_first_two",
        "Une des deux premières cartes de la donne retournée par le donneur",
        "One of the first two cards of the deal exposed by the dealer",
        choice(
            "misdeal",
            "fausse donne : on ramasse, on mélange et le même donneur redonne",
            "misdeal: the cards are gathered, shuffled, and the same dealer deals again",
        ),
    ),
    integer(
        "irregularities.exposed_cards_misdeal",
        "Nombre de cartes retournées par le donneur qui fait une fausse donne",
        "Cards exposed by the dealer in one deal that make a misdeal",
        minimum=2,
        maximum=5,
        unit=("cartes", "cards"),
    ),
    enum(
        "irregularities.exposed_card",
        "Une carte retournée par le donneur (hors des deux premières)",
        "A card exposed by the dealer (not one of the first two)",
        choice(
            "becomes_burn",
            "la donne se termine, la carte est remplacée par la carte du dessus du talon et "
            "devient la première carte brûlée",
            "the deal is finished, the card is replaced by the top card of the stub and becomes "
            "the first burn card",
        ),
    ),
    enum(
        "irregularities.dealer_own_card",
        "Carte du donneur retournée par lui-même",
        "The dealer's own card exposed by the dealer",
        choice(
            "kept_shown",
            "il la garde, montrée à tous",
            "he keeps it, shown to everyone",
        ),
        choice(
            "replaced",
            "remplacée comme toute carte retournée par le donneur",
            "replaced like any card the dealer exposes",
        ),
    ),
    enum(
        "irregularities.card_exposed_by_player",
        "Carte retournée par le joueur lui-même pendant la donne",
        "A card the player exposes himself during the deal",
        choice(
            "kept",
            "ce n'est pas une carte retournée : il la garde",
            "it is not an exposed card: he keeps it",
        ),
        choice(
            "replaced_if_accidental",
            "par un geste involontaire : carte morte, remplacée ; volontaire : il la garde",
            "by an involuntary movement: dead card, replaced; on purpose: he keeps it",
        ),
    ),
    enum(
        "irregularities.flashed_card",
        "Carte « flashée » (vue, pas retournée) pendant la donne",
        "A card flashed (seen, not turned over) during the deal",
        choice(
            "owner_chooses",
            "son propriétaire, s'il ne l'a pas touchée, choisit de la garder ou de la faire "
            "remplacer",
            "its owner, if he has not touched it, chooses to keep it or have it replaced",
        ),
        choice(
            "replaced_if_identified",
            "si d'autres joueurs ont pu l'identifier, c'est une carte retournée, remplacée ; "
            "sinon elle est jouée",
            "if other players could identify it, it is an exposed card and is replaced; "
            "otherwise it plays",
        ),
    ),
    enum(
        "irregularities.misdeal_too_late",
        "Trop tard pour une fausse donne",
        "Too late for a misdeal",
        choice(
            "two_players_acted",
            "dès que deux joueurs après les blindes ont parlé",
            "once two players after the blinds have acted",
        ),
        choice(
            "two_players_bet",
            "dès que deux joueurs après les blindes ont misé",
            "once two players after the blinds have put chips in",
        ),
        choice(
            "substantial_action",
            "après une action substantielle : deux actions dont une met des jetons, ou trois "
            "actions (les blindes ne comptent pas)",
            "after substantial action: two actions of which one puts chips in, or three "
            "actions (posted blinds do not count)",
        ),
    ),
    enum(
        "irregularities.irregular_hand_too_late",
        "Main irrégulière quand il est trop tard pour une fausse donne",
        "An irregular hand once it is too late for a misdeal",
        choice(
            "dead",
            "le coup continue ; la main irrégulière est morte, ses jetons restent au pot",
            "the hand goes on; the irregular hand is dead, its chips stay in the pot",
        ),
    ),
    enum(
        "irregularities.extra_card",
        "Une carte de trop à la donne",
        "One extra card dealt",
        choice(
            "first_seat_only",
            "reprise comme carte brûlée si c'est le premier servi (petit blind) qui l'a reçue ; "
            "sinon fausse donne",
            "taken back as the burn card if the first player dealt (small blind) got it; "
            "otherwise a misdeal",
        ),
        choice(
            "any_seat",
            "avant le premier tour d'enchères, reprise comme carte brûlée quel que soit le joueur",
            "before the first betting round, taken back as the burn card whoever got it",
        ),
        choice(
            "misdeal",
            "une carte de trop à n'importe quel joueur est une fausse donne (avant l'action "
            "substantielle)",
            "an extra card to any player is a misdeal (before substantial action)",
        ),
    ),
    enum(
        "irregularities.button_short_card",
        "Le dernier servi (le bouton) a une carte de moins",
        "The last player dealt (the button) has one card too few",
        choice(
            "dealt_next_card",
            "pas de fausse donne : il reçoit la carte du dessus du talon, même après le début "
            "de l'action ; s'il a déjà parlé avec une seule carte, sa main est morte",
            "no misdeal: he gets the top card of the stub, even once the action has begun; if "
            "he has already acted holding one card, his hand is dead",
        ),
    ),
    enum(
        "irregularities.voluntary_irregularity",
        "Irrégularité provoquée volontairement par un joueur",
        "An irregularity a player causes on purpose",
        choice(
            "player_alone_out",
            "pas de fausse donne : seul ce joueur est hors du coup",
            "no misdeal: that player alone is out of the hand",
        ),
    ),
    enum(
        "irregularities.flop_burn_error",
        "Flop donné sans carte brûlée ou avec deux",
        "Flop dealt without a burn or with two burns",
        choice(
            "restore_if_order_known",
            "ordre connu : on remet brûlée et flop dans l'ordre ; inconnu : on remélange et "
            "on redonne",
            "order known: burn and flop are put back in order; unknown: reshuffled and dealt again",
        ),
        choice(
            "scramble_unless_action",
            "sans brûlée, tant que personne n'a agi : les trois cartes sont mélangées face "
            "cachée, une tirée au hasard est la brûlée, le flop est les deux autres et la carte "
            "suivante ; après une action, le flop reste ; deux brûlées : ordre connu remis, "
            "sinon remélangé",
            "no burn, while nobody has acted: the three cards are scrambled face down, one "
            "drawn at random is the burn, the flop is the other two and the next card; after "
            "any action the flop stands; two burns: a known order restored, else reshuffled",
        ),
        choice(
            "restore_if_known_else_scramble",
            "ordre connu : brûlée et flop remis dans l'ordre ; inconnu, sans brûlée : les "
            "trois cartes mélangées donnent la brûlée, la carte suivante complète le flop",
            "order known: burn and flop put back in order; unknown, with no burn: the three "
            "cards scrambled give the burn and the next card completes the flop",
        ),
    ),
    enum(
        "irregularities.four_card_flop",
        "Flop donné avec quatre cartes",
        "Flop dealt with four cards",
        choice(
            "random_card_burned",
            "les quatre cartes sont mélangées face cachée, une tirée au hasard devient la "
            "prochaine brûlée",
            "the four cards are scrambled face down; one drawn at random becomes the next burn",
        ),
        choice(
            "restore_if_order_known",
            "ordre connu : la quatrième devient la brûlée du tournant ; inconnu : les cartes "
            "sont remélangées et le flop redonné sans brûler",
            "order known: the fourth card becomes the turn's burn; unknown: the cards are "
            "reshuffled and the flop dealt again without a burn",
        ),
    ),
    enum(
        "irregularities.turn_river_no_burn",
        "Tournant ou rivière donné sans carte brûlée",
        "Turn or river dealt without a burn",
        choice(
            "card_becomes_burn",
            "la carte donnée devient la brûlée et la suivante est retournée",
            "the card dealt becomes the burn and the next one is turned",
        ),
    ),
    enum(
        "irregularities.premature_card",
        "Carte du tableau donnée avant la fin des enchères",
        "A board card dealt before the betting was over",
        choice(
            "reshuffle_or_set_aside",
            "flop ou rivière : repris, remélangés, redonnés sans brûler ; tournant : mis de "
            "côté, la rivière prévue devient le tournant, puis il est remélangé pour la rivière",
            "flop or river: taken back, reshuffled, dealt again without a burn; turn: set "
            "aside, the planned river becomes the turn, then it is reshuffled for the river",
        ),
        choice(
            "reshuffle_and_redeal",
            "flop, tournant ou rivière : la brûlée reste, la ou les cartes prématurées "
            "retournent au talon, remélangé, et la carte est redonnée sans brûler",
            "flop, turn or river: the burn stays, the premature cards go back into the stub, "
            "which is reshuffled, and the street is dealt again without a burn",
        ),
    ),
    enum(
        "irregularities.card_off_table",
        "Carte tombée de la table",
        "A card off the table",
        choice(
            "dealer_fault_exposed",
            "par la faute du donneur : carte retournée (morte), même si personne ne l'a vue ; "
            "par celle du joueur : elle est jouée",
            "by the dealer's fault: an exposed (dead) card even if nobody saw it; by the "
            "player's fault: it plays",
        ),
    ),
    enum(
        "irregularities.mixed_dead_card",
        "Main mêlée à une carte morte",
        "A hand mixed with a dead card",
        choice(
            "hand_dead",
            "la main est morte, le coup continue pour les autres",
            "the hand is dead; the others play on",
        ),
    ),
    enum(
        "irregularities.hand_touched_by_muck",
        "Main touchée par les cartes rejetées ou ramassée",
        "A hand touched by the discards or killed by the dealer",
        choice(
            "uncalled_raise_returned",
            "non protégée : morte sans recours, sauf une relance pas encore suivie qui lui "
            "revient ; protégée et reconnaissable : elle reste en jeu",
            "unprotected: dead without redress, except a raise not yet called, which goes "
            "back; protected and identifiable: it stays live",
        ),
        choice(
            "protected_hand_refunded",
            "non protégée : morte sans recours ; protégée : en jeu, sauf si on ne peut la "
            "reconstituer : le joueur sort du coup et récupère ce qu'il y a engagé",
            "unprotected: dead without redress; protected: live, unless it cannot be rebuilt: "
            "then the player is out and takes back what he committed to the hand",
        ),
        choice(
            "live_if_identifiable",
            "reconnaissable : elle reste en jeu, même avec des cartes vues ; sinon morte sans "
            "recours, sauf une mise ou relance pas encore suivie qui lui revient",
            "identifiable: it stays live, even with cards exposed; otherwise dead without "
            "redress, except a bet or raise not yet called, which goes back",
        ),
    ),
    enum(
        "irregularities.cards_outside_line",
        "Cartes d'un joueur hors du cadre (ou cachées sous la table)",
        "A player's cards outside the line (or hidden below the table)",
        choice(
            "dead",
            "toute carte hors du cadre est morte",
            "any card outside the line is dead",
        ),
        choice(
            "live_warning",
            "la main reste en jeu ; le joueur est rappelé à l'ordre (sanction possible)",
            "the hand stays live; the player is warned (a penalty is possible)",
        ),
    ),
    enum(
        "irregularities.joker",
        "Un joker dans le jeu",
        "A joker in the deck",
        choice(
            "unplayable_card",
            "carte non jouable, remplacée ; pas de fausse donne ; la main d'un joueur qui a "
            "parlé avec est morte",
            "an unplayable card, replaced; no misdeal; a player who acted holding it has a "
            "dead hand",
        ),
        choice(
            "fouled_deck",
            "jeu défectueux : le coup est arrêté, toutes les mises sont rendues, le jeu changé",
            "fouled deck: the hand stops, every bet goes back, the deck is changed",
        ),
        choice(
            "misdeal_before_substantial_action",
            "avant l'action substantielle : fausse donne ; après, c'est un bout de papier : "
            "écarté du talon, et la main qui le tient a une carte de moins (morte)",
            "before substantial action: a misdeal; after it, a scrap of paper: set aside from "
            "the stub, and a hand holding it is short of a card (dead)",
        ),
    ),
    enum(
        "irregularities.other_back_in_stub",
        "Une carte d'un autre dos trouvée dans le talon",
        "A card with another back found in the stub",
        choice(
            "set_aside",
            "elle est écartée et le coup continue ; le jeu est changé après",
            "it is set aside and the hand goes on; the deck is changed afterwards",
        ),
        choice(
            "fouled_deck",
            "jeu défectueux : le coup est arrêté, toutes les mises sont rendues",
            "fouled deck: the hand stops and every bet goes back",
        ),
    ),
    enum(
        "irregularities.fouled_deck",
        "Jeu défectueux découvert en jeu (deux cartes identiques, autre dos)",
        "A fouled deck found in play (a duplicate card, another back)",
        choice(
            "bets_returned",
            "le coup est arrêté quelle que soit l'action, toutes les mises sont rendues, le jeu "
            "est changé et le même donneur redonne",
            "the hand stops whatever the action, every bet goes back, the deck is changed and "
            "the same dealer deals again",
        ),
    ),
    enum(
        "irregularities.boxed_card",
        "Carte retournée dans le jeu (face visible dans le paquet)",
        "A card face up in the deck (boxed card)",
        choice(
            "replaced_two_misdeal",
            "une carte : elle est écartée et remplacée par la suivante ; deux pendant la donne "
            "initiale : fausse donne",
            "one card: set aside and replaced by the next one; two during the initial deal: a "
            "misdeal",
        ),
    ),
    enum(
        "irregularities.missing_card",
        "Carte manquante dans le jeu",
        "A card missing from the deck",
        choice(
            "hand_stands",
            "le coup reste valable ; le jeu est changé après",
            "the hand stands; the deck is changed afterwards",
        ),
    ),
)

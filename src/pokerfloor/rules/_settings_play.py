"""The settings one hand needs: when it begins, blinds, the clock, betting, out-of-turn action;
the showdown, pots, draws and duties are in ``_settings_showdown.py``.

The hand engine reads these keys and values; never rename one (add a new value instead).
Meanings are written in our own words; the profiles cite the articles. A rule every rulebook
shares is a setting too (an enum with one value), so that each profile cites its own article.
"""

from __future__ import annotations

from pokerfloor.rules._schema import SettingSpec, choice, enum, flag, integer
from pokerfloor.rules._settings_showdown import DRAW, DUTIES, POTS, SHOWDOWN

SECONDS = ("s", "s")

DEAD = choice("dead", "la main du joueur est morte", "the player's hand is dead")

HAND: tuple[SettingSpec, ...] = (
    enum(
        "hand.begins_at",
        "Moment où commence une main (un nouveau niveau s'applique à la main suivante)",
        "When a hand begins (a new level applies from the next hand)",
        choice(
            "first_riffle",
            "au premier battage des cartes, ou quand on appuie sur le bouton du mélangeur",
            "at the first riffle of the shuffle, or when the shuffler's button is pressed",
        ),
        choice(
            "shuffle",
            "dès que le donneur commence à mélanger les cartes de la main suivante",
            "as soon as the dealer starts shuffling the cards for the next hand",
        ),
        choice(
            "previous_pot_awarded",
            "dès que le pot de la main précédente est attribué (vainqueur désigné)",
            "as soon as the previous hand's pot has been awarded (winner known)",
        ),
    ),
    enum(
        "hand.live_if_seated_at",
        "Moment où le joueur doit être à sa place pour que sa main soit vivante",
        "When a player must be at the seat for the hand to be live",
        choice(
            "first_card",
            "à la première carte distribuée (assis, ou debout à portée de son jeu)",
            "when the first card is dealt (seated, or standing within reach of the cards)",
        ),
        choice(
            "last_card",
            "quand la dernière carte de la donne initiale est distribuée (mains complètes)",
            "when the last card of the initial deal is dealt (all hands complete)",
        ),
    ),
    enum(
        "hand.missing_small_blind",
        "Siège du nouveau petit blind vide : où va le bouton",
        "New small blind seat empty: where the button goes",
        choice(
            "button_moves",
            "pas de petit blind ; le bouton avance comme d'habitude (bouton mort) : à la main "
            "suivante il s'arrête sur la place vide et le joueur à sa droite donne une fois de "
            "plus",
            "no small blind; the button moves on as usual (dead button): next hand it stops on "
            "the empty seat and the player to its right deals once more",
        ),
    ),
)

BLINDS: tuple[SettingSpec, ...] = (
    enum(
        "blinds.heads_up",
        "Tête-à-tête : qui paie quel blind et qui parle en premier",
        "Heads-up: who posts which blind and who acts first",
        choice(
            "button_posts_small_blind",
            "le bouton paie le petit blind et parle en premier avant le flop, en dernier "
            "ensuite ; l'autre joueur paie le gros blind",
            "the button posts the small blind and acts first before the flop, last after it; "
            "the other player posts the big blind",
        ),
    ),
)

CLOCK: tuple[SettingSpec, ...] = (
    integer(
        "clock.call_after_seconds",
        "Temps de réflexion avant de pouvoir demander la pendule",
        "Thinking time before the clock may be called",
        minimum=0,
        maximum=3600,
        unit=SECONDS,
        note=(
            "0 = un temps « raisonnable » jugé par le directeur",
            "0 = a 'reasonable time' judged by the floor",
        ),
    ),
    integer(
        "clock.action_seconds",
        "Temps accordé une fois la pendule demandée, avant le décompte",
        "Time given once the clock is called, before the countdown",
        minimum=1,
        maximum=3600,
        unit=SECONDS,
    ),
    integer(
        "clock.countdown_seconds",
        "Décompte final annoncé à voix haute (le temps total est la somme des deux)",
        "Final countdown said aloud (the total time is the sum of both)",
        minimum=0,
        maximum=600,
        unit=SECONDS,
    ),
    enum(
        "clock.expiry_not_facing_bet",
        "Temps écoulé sans mise à suivre",
        "Time runs out when not facing a bet",
        choice("check", "le joueur est réputé avoir checké (parole)", "the player checks"),
        DEAD,
    ),
    enum(
        "clock.expiry_facing_bet",
        "Temps écoulé face à une mise",
        "Time runs out when facing a bet",
        DEAD,
    ),
)

BETTING: tuple[SettingSpec, ...] = (
    integer(
        "betting.minimum_bet_big_blinds",
        "Ouverture minimale, hors tapis",
        "Minimum opening bet, except all-in",
        minimum=1,
        maximum=100,
        unit=("gros blind(s)", "big blind(s)"),
    ),
    enum(
        "betting.minimum_raise",
        "Relance minimale, hors tapis",
        "Minimum raise, except all-in",
        choice(
            "largest_bet_or_raise_of_round",
            "au moins la plus grosse mise ou relance complète du tour en cours (jamais moins "
            "que le gros blind)",
            "at least the largest full bet or raise of the current round (never less than the "
            "big blind)",
        ),
    ),
    enum(
        "betting.verbal_binding",
        "Annonce verbale faite à son tour",
        "Verbal declaration made in turn",
        choice(
            "binding",
            "elle engage : le check, le suivi, la mise, la relance ou l'abandon annoncé doit "
            "être joué",
            "it binds: the check, call, bet, raise or fold declared must be carried out",
        ),
    ),
    enum(
        "betting.call_without_bet",
        "« Suivi » annoncé alors qu'il n'y a pas de mise à suivre",
        "'Call' declared when there is no bet to call",
        choice("check", "c'est un check (parole)", "it is a check"),
    ),
    enum(
        "betting.check_facing_bet",
        "« Parole » (check) annoncée face à une mise",
        "'Check' declared facing a bet",
        choice(
            "call_or_fold",
            "l'annonce tient : il ne peut plus relancer, il suit ou se couche",
            "the declaration stands: he may no longer raise; he calls or folds",
        ),
    ),
    enum(
        "betting.spoken_amount",
        "Montant annoncé seul, sans « relance » (« quatorze cents »)",
        "An amount said alone, without 'raise' ('fourteen hundred')",
        choice(
            "as_chips_pushed",
            "comme autant de jetons poussés sans annonce : la règle des 50 % dit suivi ou relance",
            "as that many chips pushed silently: the 50% standard says call or raise",
        ),
    ),
    enum(
        "betting.conditional_statement",
        "Déclaration conditionnelle (« si tu mises, je relance »)",
        "A conditional statement ('if you bet, I raise')",
        choice(
            "td_discretion",
            "elle n'engage pas d'elle-même : le joueur doit encore agir ; le directeur peut "
            "l'y tenir ou la sanctionner",
            "it binds nothing by itself: the player still acts; the TD may hold him to it or "
            "penalise it",
        ),
        choice(
            "forbidden",
            "interdite : le joueur doit encore agir et s'expose à une sanction",
            "forbidden: the player still acts and may be penalised",
        ),
    ),
    enum(
        "betting.raise_without_bet",
        "« Relance » annoncée sans montant alors qu'il n'y a pas de mise à relancer",
        "'Raise' declared with no amount when there is no bet to raise",
        choice("minimum_bet", "c'est une ouverture au minimum", "it is a minimum bet"),
    ),
    enum(
        "betting.silent_chips",
        "Jetons poussés sans annonce",
        "Chips pushed without a word",
        choice(
            "chips_define_action",
            "les jetons poussés font l'action, dans cet ordre : face à une mise, un jeton unique "
            "de valeur supérieure ou des jetons tous nécessaires au suivi sont un suivi, même "
            "ses derniers ; ses derniers jetons sinon sont un tapis ; puis la part d'une relance",
            "the chips pushed make the action, in this order: facing a bet, a single oversized "
            "chip or chips all needed to call are a call, even his last ones; his last chips "
            "otherwise are all-in; then the raise-share rule",
        ),
    ),
    integer(
        "betting.raise_completion_percent",
        "Part d'une relance minimale qui oblige à relancer complètement (en dessous : suivi)",
        "Share of a minimum raise that obliges a full raise (below it: a call)",
        minimum=1,
        maximum=100,
        unit=("%", "%"),
    ),
    enum(
        "betting.under_raise",
        "Relance inférieure au minimum, hors tapis (annoncée, ou d'au moins "
        "betting.raise_completion_percent d'une relance)",
        "Raise below the minimum, not all-in (declared, or at least "
        "betting.raise_completion_percent of a raise)",
        choice(
            "completed_to_minimum",
            "elle est portée à la relance minimale",
            "it is brought up to the minimum raise",
        ),
    ),
    enum(
        "betting.short_allin_reopens",
        "Un tapis inférieur à une relance complète rouvre-t-il les enchères à qui a déjà agi ?",
        "Does an all-in below a full raise reopen the betting to players who already acted?",
        choice(
            "never",
            "jamais : qui a déjà agi peut seulement suivre ou se coucher",
            "never: players who already acted may only call or fold",
        ),
        choice(
            "cumulative_full_raise",
            "oui si plusieurs tapis incomplets font ensemble une relance complète face au joueur",
            "yes if several short all-ins together make a full raise facing the player",
        ),
        choice(
            "doubled_bet",
            "oui si les tapis cumulés ont au moins doublé la mise ou relance du joueur",
            "yes if the all-ins together at least doubled the bet or raise the player made",
        ),
    ),
    flag(
        "betting.short_allin_reopens_for_blinds",
        "Exception des blinds : petit et gros blind qui n'ont pas agi volontairement peuvent "
        "relancer un tapis incomplet",
        "Blinds exception: small and big blind who have not acted voluntarily may re-raise a "
        "short all-in",
        true=(
            "oui, le blind posté ne compte pas comme une action : ils gardent la relance",
            "yes, a posted blind is not an action: they keep the right to raise",
        ),
        false=("non, pas de cas particulier pour les blinds", "no special case for the blinds"),
    ),
    enum(
        "betting.under_call",
        "Mise insuffisante pour suivre, posée sans annonce",
        "Under-call: chips short of a call, no declaration",
        choice(
            "full_call_heads_up_or_opener",
            "suivi complet imposé en tête-à-tête ou face à l'ouverture ; ailleurs le directeur "
            "tranche (le moteur impose le suivi complet et le signale)",
            "a full call is required heads-up or against the opening bet; otherwise the TD "
            "decides (the engine requires the full call and says so)",
        ),
        choice(
            "complete_call",
            "le joueur doit toujours compléter jusqu'au suivi",
            "the player must always complete the call",
        ),
        choice(
            "complete_if_over_half",
            "plus de la moitié du suivi versée : il doit compléter ; la moitié ou moins : il "
            "complète ou se couche, les jetons posés restant au pot",
            "more than half of the call put in: he must complete it; half or less: he "
            "completes or folds, and the chips put in stay in the pot",
        ),
    ),
    enum(
        "betting.oversized_chip_facing_bet",
        "Un seul jeton de valeur supérieure, posé sans annonce face à une mise",
        "A single oversized chip put in silently when facing a bet",
        choice(
            "call",
            "c'est un suivi ; pour relancer il faut l'annoncer avant que le jeton touche la table",
            "it is a call; to raise, the player must say so before the chip lands",
        ),
    ),
    enum(
        "betting.multiple_chips_facing_bet",
        "Plusieurs jetons posés sans annonce face à une mise",
        "Several chips put in silently when facing a bet",
        choice(
            "call_if_every_chip_needed",
            "suivi si chaque jeton est nécessaire (ôter un des plus petits laisse moins que le "
            "suivi) ; sinon la règle des 50 % s'applique",
            "a call if every chip is needed (removing one of the smallest leaves less than the "
            "call); otherwise the 50% standard applies",
        ),
        choice(
            "call_if_every_same_chip_needed",
            "le test « ôter un jeton » ne vaut que pour des jetons d'une seule valeur ; des "
            "jetons de valeurs mêlées suivent la règle des 50 %",
            "the 'remove one chip' test holds only for chips of a single denomination; chips of "
            "mixed denominations follow the 50% standard",
        ),
    ),
    enum(
        "betting.chips_added_to_oversized_blind",
        "Jetons ajoutés par un gros blind posé avec un seul jeton de valeur supérieure",
        "Chips added by a big blind posted with one oversized chip",
        choice(
            "raise_to_total",
            "tout jeton ajouté est une relance au total posé devant le joueur",
            "any chip added is a raise to the total in front of the player",
        ),
        choice(
            "counted_with_chips_in_front",
            "le jeton du blind compte avec les jetons ajoutés, lus selon les règles des jetons "
            "poussés (suivi si chaque jeton est nécessaire, sinon 50 %)",
            "the blind's chip counts with the chips added, read by the rules for chips pushed "
            "(a call if every chip is needed, otherwise the 50% standard)",
        ),
    ),
    enum(
        "betting.lower_chip_facing_bet",
        "Un seul jeton valant moins que le suivi, posé sans annonce",
        "A single chip worth less than the call, put in silently",
        choice(
            "call",
            "le joueur est tenu de suivre (il complète)",
            "the player is bound to call (he completes the call)",
        ),
        choice(
            "call_heads_up_else_call_or_fold",
            "en tête-à-tête c'est un suivi ; à plusieurs, il suit ou se couche (le jeton reste "
            "au pot) mais ne relance pas",
            "heads-up it is a call; multi-way he calls or folds (the chip stays in the pot) "
            "but may not raise",
        ),
        choice(
            "as_under_call",
            "traité comme toute mise insuffisante (voir betting.under_call)",
            "treated like any under-call (see betting.under_call)",
        ),
    ),
    enum(
        "betting.bb_ante_order",
        "Ante gros blind : ce qui est payé en premier par un tapis court",
        "Big blind ante: what a short stack pays first",
        choice("big_blind_first", "le gros blind d'abord", "the big blind first"),
        choice("ante_first", "l'ante d'abord", "the ante first"),
    ),
    enum(
        "betting.bb_ante_if_short",
        "Ante gros blind : joueur qui ne couvre pas blind et ante",
        "Big blind ante: player who cannot cover both blind and ante",
        choice(
            "blind_first_ante_from_rest",
            "il paie le blind, puis le reste (jusqu'au montant de l'ante) va à l'ante",
            "he pays the blind, then what is left (up to the ante) goes to the ante",
        ),
        choice(
            "no_ante_unless_covers_more_than_blind",
            "s'il ne peut mettre plus que le blind, pas d'ante ; les joueurs à tapis restent "
            "éligibles à toute l'ante et le suivi minimal reste un gros blind",
            "if he cannot put in more than the blind, no ante is due; all-in players stay "
            "eligible for the whole ante and the minimum call stays one big blind",
        ),
    ),
)

OUT_OF_TURN: tuple[SettingSpec, ...] = (
    enum(
        "out_of_turn.fold",
        "Abandon annoncé hors de tour",
        "Fold declared out of turn",
        choice(
            "binding",
            "il engage : la main est morte, quoi qu'il se passe avant son tour",
            "it binds: the hand is dead, whatever happens before the player's turn",
        ),
    ),
    flag(
        "out_of_turn.binding_if_action_unchanged",
        "Une action hors de tour engage-t-elle si l'action qui revient au joueur n'a pas changé ?",
        "Is an out-of-turn action binding if the action to that player has not changed?",
        true=(
            "oui : un check, un suivi ou un abandon avant lui ne change rien, l'action tient",
            "yes: a check, call or fold before him changes nothing, the action stands",
        ),
        false=("non, il retrouve toutes ses options", "no, he gets all his options back"),
    ),
    enum(
        "out_of_turn.options_if_action_changed",
        "Action hors de tour quand une mise ou relance a changé l'action",
        "Out-of-turn action when a bet or raise changed the action",
        choice(
            "all_options",
            "l'action hors de tour tombe ; il peut se coucher, suivre ou relancer",
            "the out-of-turn action is void; he may fold, call or raise",
        ),
        choice(
            "raise_only_if_bet_out_of_turn",
            "il peut changer d'action, mais ne relance que si son action hors de tour était une "
            "ouverture ou une relance",
            "he may change his action, but may raise only if his out-of-turn action was a bet "
            "or a raise",
        ),
        choice(
            "fold_forfeiting_or_keep",
            "si la mise dépasse son annonce, il peut se coucher en perdant le montant annoncé ; "
            "sinon son action tient ; il ne sur-relance jamais",
            "if the bet exceeds what he announced he may fold, forfeiting the announced amount; "
            "otherwise his action stands; he may never re-raise",
        ),
    ),
    flag(
        "out_of_turn.binding_after_substantial_action",
        "Les actions hors de tour sont acquises quand une action substantielle suit un joueur "
        "sauté resté silencieux",
        "Out-of-turn actions bind once substantial action follows a silent skipped player",
        true=(
            "oui : trois actions, ou deux dont une avec des jetons, après lui",
            "yes: three actions, or two of which one puts chips in, after him",
        ),
        false=("non", "no"),
    ),
    integer(
        "out_of_turn.binding_after_players_acted",
        "Joueurs ayant agi après un joueur sauté au-delà desquels les actions hors de tour "
        "sont acquises",
        "Players acting after a skipped player beyond which the out-of-turn actions stand",
        minimum=0,
        maximum=9,
        unit=("joueur(s)", "player(s)"),
        note=(
            "0 = pas de nombre fixe : l'action substantielle décide",
            "0 = no fixed count: substantial action decides",
        ),
    ),
    enum(
        "out_of_turn.skipped_player_options",
        "Joueur sauté resté silencieux pendant que l'action continuait",
        "Skipped player who stayed silent while the action went on",
        choice(
            "all_options",
            "l'action revient à lui avec toutes ses options (le directeur peut les restreindre)",
            "the action comes back to him with all options (the TD may restrict them)",
        ),
        choice(
            "call_or_fold",
            "il peut seulement suivre ou se coucher (checker s'il n'y a pas de mise)",
            "he may only call or fold (check if there is no bet)",
        ),
        choice(
            "floor_decides",
            "le floor décide selon les circonstances : main morte, action limitée (suivre, "
            "checker ou se coucher) ou toutes ses options ; en attendant, toutes ses options",
            "the floor rules on the circumstances: a dead hand, non-aggressive action only "
            "(call, check or fold) or all options; until it does, all options",
        ),
        choice(
            "check_or_dead",
            "pot non ouvert : il perd le droit de miser (check seulement) ; pot ouvert : sa main "
            "est morte",
            "unopened pot: he loses the right to bet (check only); opened pot: his hand is dead",
        ),
    ),
)

PLAY_SETTINGS: tuple[SettingSpec, ...] = (
    HAND + BLINDS + CLOCK + BETTING + OUT_OF_TURN + SHOWDOWN + POTS + DRAW + DUTIES
)

"""The tournament director's pages of a tournament: the home list and sign-in, set-up, the
desk and seats, the console, the deal, results, cash book, corrections, penalties, chip race;
their templates in ``templates/``."""

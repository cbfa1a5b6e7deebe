"""The pages on a phone at the table: the captain's, the player clock (the captain's and
the console's buttons), a player's own page, the dealt player's seat; their templates in
``templates/``."""

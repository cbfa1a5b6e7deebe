"""The club's pages: the TD's (clubs, calendar, an event's desk, members, PIN locks,
settings, cash book) and the public's (calendar, event, standings, a player's evenings); their
templates in ``templates/``."""

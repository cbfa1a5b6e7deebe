"""The tournament: structure and clock, entries, seating and balancing, chip races,
penalties, busts and ranking, prizes and points. Pure: time and randomness come in."""

"""The floor's pages: the floor rulings calculator, the dealing irregularities, the open
floor calls the TD's screens share; their templates in ``templates/``."""

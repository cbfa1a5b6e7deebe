"""The room's screens: the clock (with the room screen's TD panel), a dealt table's screen
and the TD's dealt page; their templates in ``templates/``."""

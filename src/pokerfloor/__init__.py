"""pokerfloor: No-Limit Texas Hold'em tournaments run by the book."""

__version__ = "0.1.0"

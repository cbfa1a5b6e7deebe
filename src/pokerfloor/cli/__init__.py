"""The ``pokerfloor`` command line."""

"""The application layer: the event store, the tournament service and their read models.

It runs the pure core for real: commands become events that are stored durably before they
are acknowledged, and state is rebuilt from the store (with snapshots) after a restart.
"""

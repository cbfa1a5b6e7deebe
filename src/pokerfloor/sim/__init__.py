"""Simulation: bots that play through the public hand API, and whole simulated tournaments."""

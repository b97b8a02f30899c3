"""Idioten (Aces Up) and Poker patience."""

__version__ = "0.1.0"

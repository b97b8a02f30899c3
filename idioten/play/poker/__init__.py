"""Poker patience played without a window: its session (`session`) and the computer at the table
(`opponent`: its grid's next card, and the hints)."""

"""Benchmarks: each runs as a module from the repository's root (`python -m bench.odds`) and prints JSON."""

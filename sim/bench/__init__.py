"""Benchmarks and profilers of the engines and the tournament runner (off the product path)."""

"""`python -m bench`: build the benchmark leagues, measure them, write docs/benchmarks.md."""

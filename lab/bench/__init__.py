"""Benchmarks (lab/bench/README.md): scripts run as `python lab/bench/<name>.py` or `python -m lab.bench.<name>`."""

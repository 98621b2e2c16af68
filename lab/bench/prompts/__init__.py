"""The planted prompt sets: builders and the scorer (README.md)."""

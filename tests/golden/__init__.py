"""Golden files: seeded match logs checked in, and the script that rewrites them."""

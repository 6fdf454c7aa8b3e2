"""grundy."""

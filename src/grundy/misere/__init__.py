"""Misère play at full strength: genus, misère quotients, and answers from them."""

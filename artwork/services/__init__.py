"""Writes of children's artwork, one module per concern: an admin's approval (`approval`)."""

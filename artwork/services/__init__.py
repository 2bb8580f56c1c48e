"""Writes of children's artwork, one module per part: a piece photographed and changed by its
class's staff (`taking`), and an admin's approval of it for the public gallery (`approval`)."""

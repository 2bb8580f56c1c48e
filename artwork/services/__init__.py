"""Writes of children's artwork, one module per part: a piece photographed and changed by its
class's staff (`taking`), what a family keeps or lets go (`family`), the families' daily news
(`news`), and an admin's approval of a piece for the public gallery (`approval`)."""

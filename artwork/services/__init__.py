"""Writes of children's artwork, one module per concern: a piece taken and tagged (`taking`),
what a family keeps or lets go (`family`), the families' daily news (`news`)."""

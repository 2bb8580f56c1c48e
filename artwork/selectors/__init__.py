"""Reads of children's artwork, one module per reader: a piece as its class's staff and its
families see it (`pieces`), the public gallery (`gallery`)."""

"""Reads of children's artwork, one module per reader: a piece as its class's staff and its
families see it (`pieces`), a child's pieces for the family and the school (`family`), the
public gallery (`gallery`)."""

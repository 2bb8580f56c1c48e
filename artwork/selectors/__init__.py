"""Reads of children's artwork, one module per reader: the public gallery (`gallery`)."""

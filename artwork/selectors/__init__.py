"""Reads of children's artwork, one module per reader: a child's pieces for the family and the
school (`family`), the public gallery (`gallery`)."""

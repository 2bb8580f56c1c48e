"""Reads of health and safety, one module per record: incident reports (`incidents`)."""

"""Reads of health and safety, one module per record: incident reports (`incidents`) and the
medication log (`medications`)."""

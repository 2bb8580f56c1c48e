"""Stripe's word settled: its webhook, reconciliation, the hourly plan pass."""

from django.apps import AppConfig


class SettlementConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "settlement"

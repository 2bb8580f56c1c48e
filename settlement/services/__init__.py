"""What no request finished, settled from Stripe's word: its webhook (`stripe_event_handle`) and
the safety net that reads its records (`payments_reconcile`). Each charge goes to the flow that
made it: a family's checkout, a plan's instalment or a move's charge, or one class's payment."""

from settlement.services.reconcile import ReconcileReport, payments_reconcile
from settlement.services.webhooks import stripe_event_handle

__all__ = ["ReconcileReport", "payments_reconcile", "stripe_event_handle"]

from django.apps import AppConfig


class PaymentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "payments"

    def ready(self):
        from core import events
        from notifications import kinds
        from payments.message_kinds import PaymentMessage
        from payments.services.messages import checkout_receipt_composed, receipt_composed
        from payments.tasks import person_registered_customer_queued

        kinds.register(PaymentMessage, app="payments")
        kinds.compose_with(PaymentMessage.PAYMENT_RECEIPT, receipt_composed)
        kinds.compose_with(PaymentMessage.CHECKOUT_RECEIPT, checkout_receipt_composed)
        # A family's Stripe Customer is made when they register, ahead of their first hold.
        events.subscribe(events.PERSON_REGISTERED, person_registered_customer_queued)

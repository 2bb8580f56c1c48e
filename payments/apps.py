from django.apps import AppConfig


class PaymentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "payments"

    def ready(self):
        from core import events
        from notifications import kinds
        from payments.message_kinds import PaymentMessage
        from payments.selectors import class_plans
        from payments.services.messages import price_in_words, receipt_composed
        from payments.tasks import person_registered_customer_queued

        kinds.register(PaymentMessage, app="payments")
        kinds.compose_with(PaymentMessage.PAYMENT_RECEIPT, receipt_composed)
        # A family's Stripe Customer is made when they register, ahead of their first hold.
        events.subscribe(events.PERSON_REGISTERED, person_registered_customer_queued)
        # The one pricing engine answers what a waitlist offer says the seat costs.
        events.answer_with(events.PRICE_IN_WORDS, price_in_words)
        # The plans a class offers, for the class JSON.
        events.answer_with(events.CLASS_PLANS, class_plans)

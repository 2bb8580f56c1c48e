from django.apps import AppConfig


class PaymentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "payments"

    def ready(self):
        from notifications import kinds
        from payments.message_kinds import PaymentMessage

        kinds.register(PaymentMessage, app="payments")

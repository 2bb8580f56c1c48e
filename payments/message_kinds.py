"""What payments tell families by e-mail. Registered with the outbox in payments/apps.py; the
templates are in payments/templates/notifications/<kind>.*."""

from django.db import models


class PaymentMessage(models.TextChoices):
    PAYMENT_RECEIPT = "payment_receipt", "Payment receipt"
    REFUND_MADE = "refund_made", "Refund made"
    CLASS_CANCELLED = "class_cancelled", "Class cancelled"
    ENROLMENT_CANCELLED = "enrolment_cancelled", "Enrolment cancelled by the family"

"""What payments tell families by e-mail. Registered with the outbox in payments/apps.py; the
templates are in payments/templates/notifications/<kind>.*."""

from django.db import models


class PaymentMessage(models.TextChoices):
    PAYMENT_RECEIPT = "payment_receipt", "Payment receipt"
    # A family's checkout paid with one charge: one receipt for all its lines.
    CHECKOUT_RECEIPT = "checkout_receipt", "Checkout receipt"
    REFUND_MADE = "refund_made", "Refund made"
    CLASS_CANCELLED = "class_cancelled", "Class cancelled"
    ENROLMENT_CANCELLED = "enrolment_cancelled", "Enrolment cancelled by the family"
    # A plan's instalment the school could not charge: the family may pay it now by the link.
    INSTALMENT_FAILED = "instalment_failed", "Instalment not paid"
    # An overdue balance's grace ran out: the seat went to the waitlist.
    SEAT_RELEASED = "seat_released", "Seat released for an unpaid balance"
    # A family moved an enrolment to another class: the new class's when and where, and what
    # the move charged or gave back.
    ENROLMENT_TRANSFERRED = "enrolment_transferred", "Enrolment moved to another class"

"""What a lottery season tells families by e-mail: the draw's commitment, its result, and a
reminder to pay for a seat it gave. Registered with the outbox in lottery/apps.py, composed when
sent (lottery/mail.py); the templates are in lottery/templates/notifications/<kind>.*."""

from django.db import models


class LotteryMessage(models.TextChoices):
    COMMITMENT = "lottery_commitment", "The draw's commitment"
    RESULT = "lottery_result", "The draw's result"
    PAYMENT_REMINDER = "lottery_payment_reminder", "A seat from the draw still to pay"

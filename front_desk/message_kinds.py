"""What the front desk tells families by e-mail. Registered with the outbox in front_desk/apps.py;
the templates are in front_desk/templates/notifications/<kind>.*."""

from django.db import models


class DeskMessage(models.TextChoices):
    # A family registered at the desk: the one-time link to set the account's password.
    FAMILY_REGISTERED = "desk_family_registered", "Account made at the front desk"
    # A checkout the office opened for the family, to pay online by the link.
    PAY_LATER_LINK = "desk_pay_later_link", "Link to pay a checkout opened by the office"

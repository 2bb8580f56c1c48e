"""What the school's pages send by e-mail. Registered with the outbox in pages/apps.py; the
templates are in pages/templates/notifications/<kind>.*."""

from django.db import models


class PageMessage(models.TextChoices):
    CONTACT_MESSAGE = "contact_message", "Message from the Contact page"

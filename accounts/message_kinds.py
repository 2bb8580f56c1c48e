"""What the accounts app tells people by e-mail. Registered with the outbox in
accounts/apps.py; the templates are in accounts/templates/notifications/<kind>.*."""

from django.db import models


class AccountMessage(models.TextChoices):
    WELCOME = "welcome", "Welcome"
    ROLE_CHANGED = "role_changed", "Role changed"
    SIGN_IN_LINK = "sign_in_link", "Sign-in link"

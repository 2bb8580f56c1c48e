"""What a class's messages send by e-mail. Registered with the outbox in class_messages/apps.py;
the templates are in class_messages/templates/notifications/<kind>.*."""

from django.db import models


class ClassMessageKind(models.TextChoices):
    CLASS_MESSAGE = "class_message", "A message to a class's families"

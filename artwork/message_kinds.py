"""What children's artwork tells families by e-mail. Registered with the outbox in
artwork/apps.py; the templates are in artwork/templates/notifications/<kind>.*."""

from django.db import models


class ArtworkMessage(models.TextChoices):
    # To each family with something untold, at most once a school day: its children's new
    # pieces, and those ready for pick-up with when to collect them.
    NEWS = "artwork_news", "A child's artwork: new pieces and pieces ready for pick-up"

"""Selling seats: pricing a family's lines and charging for them."""

from django.apps import AppConfig


class CheckoutConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "checkout"

    def ready(self):
        from checkout.selectors import price_in_words
        from core import events

        # The one pricing engine answers what a waitlist offer says the seat costs.
        events.answer_with(events.PRICE_IN_WORDS, price_in_words)

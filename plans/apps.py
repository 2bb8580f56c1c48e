"""Payment plans: a deposit now, the rest in instalments charged when due."""

from django.apps import AppConfig


class PlansConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "plans"

    def ready(self):
        from core import events
        from plans.selectors import class_plans

        # The plans a class offers, for the class JSON.
        events.answer_with(events.CLASS_PLANS, class_plans)

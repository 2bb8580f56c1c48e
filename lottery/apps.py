from django.apps import AppConfig


class LotteryConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lottery"

    def ready(self):
        from core import events
        from lottery.services import participant_leaving_checked

        events.subscribe(events.PARTICIPANT_LEAVING, participant_leaving_checked)

from django.apps import AppConfig


class LotteryConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lottery"

    def ready(self):
        from lottery.mail import commitment_composed, payment_reminder_composed, result_composed
        from lottery.message_kinds import LotteryMessage
        from notifications import kinds

        kinds.register(LotteryMessage, app="lottery")
        kinds.compose_with(LotteryMessage.COMMITMENT, commitment_composed)
        kinds.compose_with(LotteryMessage.RESULT, result_composed)
        kinds.compose_with(LotteryMessage.PAYMENT_REMINDER, payment_reminder_composed)
        from core import events
        from lottery.services import participant_leaving_checked

        events.subscribe(events.PARTICIPANT_LEAVING, participant_leaving_checked)

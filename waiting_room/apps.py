from django.apps import AppConfig


class WaitingRoomConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "waiting_room"

    def ready(self):
        from core import events
        from waiting_room.line import season_changed_synced

        # The opening-morning line follows a season's opening as the back office moves it.
        events.subscribe(events.SEASON_CHANGED, season_changed_synced)

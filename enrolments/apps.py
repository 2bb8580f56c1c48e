from django.apps import AppConfig


class EnrolmentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "enrolments"

    def ready(self):
        from enrolments.message_kinds import EnrolmentMessage
        from notifications import kinds

        kinds.register(EnrolmentMessage, app="enrolments")
        from core import events
        from enrolments import availability
        from enrolments.selectors import care_read_scope, seat_holders_of, waiting_families_of
        from enrolments.services.seats import participant_leaving_checked
        from enrolments.services.waitlists import seats_added_offered

        # More seats in a class are offered to its waitlist, in the transaction that added them.
        events.subscribe(events.SEATS_ADDED, seats_added_offered)
        # A child's record stays while they hold a seat or a choice.
        events.subscribe(events.PARTICIPANT_LEAVING, participant_leaving_checked)
        # Class answers show seats free, and a class's changes are told to its families: what
        # enrolments knows, asked by the classes app below it.
        events.answer_with(events.SEATS_FREE_IN_QUERY, availability.seats_free_in_query)
        events.answer_with(events.SEATS_FREE_SHOWN, availability.seats_free_shown)
        events.answer_with(events.SEATS_HELD, availability.seats_held)
        events.answer_with(events.ADD_ON_OPTIONS_HELD, availability.add_on_options_held)
        events.answer_with(events.SEAT_HOLDERS, seat_holders_of)
        events.answer_with(events.WAITING_FAMILIES, waiting_families_of)
        # An instructor reads the care records of the children in their classes.
        events.answer_with(events.CARE_READ_SCOPE, care_read_scope)

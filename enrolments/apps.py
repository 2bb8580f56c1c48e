from django.apps import AppConfig


class EnrolmentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "enrolments"

    def ready(self):
        from classes.signals import seats_added
        from enrolments.services.waitlists import seats_added_offered

        # Classes sits below enrolments and cannot call up: more seats in a class are offered to
        # its waitlist through this one signal, in the transaction that added them.
        seats_added.connect(seats_added_offered, dispatch_uid="enrolments-seats-added")

"""Run the reminder pass now, as the hourly beat task does: each enrolment is reminded once."""

from django.core.management.base import BaseCommand

from enrolments.services.class_reminders import class_reminders_due


class Command(BaseCommand):
    help = "Queue the reminder of every enrolment whose class starts within CLASS_REMINDER_DAYS."

    def handle(self, *args, **options):
        looked_at = class_reminders_due()
        self.stdout.write(f"Reminders checked for {looked_at} enrolments.")

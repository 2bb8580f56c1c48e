"""What classes tells the apps above it, which it cannot call."""

from django.dispatch import Signal

# A class has more seats left than before (an instructor's or an admin's edit), sent in the
# transaction that saved it, with the class row locked: enrolments offers them to the waitlist.
# Sent with `camp_class`.
seats_added = Signal()

"""The school itself: its time zone, and its words that messages quote."""

from .env import env

# Dates and times people read (e-mails, schedules) are in the school's time zone.
SCHOOL_TIMEZONE = env("SCHOOL_TIMEZONE", "America/Los_Angeles")
# Quoted in each receipt as it stood when the payment was made.
SCHOOL_REFUND_POLICY = env(
    "SCHOOL_REFUND_POLICY",
    "A class you cancel more than seven days before it starts is refunded in full. "
    "Within seven days of the start, the office refunds when your seat can be given to "
    "another student.",
)

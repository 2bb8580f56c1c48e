"""The school itself: its time zone, and its words that messages quote."""

from .env import env

# The school's name as search engines and shared links give it (the class pages' structured
# data names it as each course's provider).
SCHOOL_NAME = env("SCHOOL_NAME", "Camp Art & Craft School")

# Dates and times people read (e-mails, schedules) are in the school's time zone.
SCHOOL_TIMEZONE = env("SCHOOL_TIMEZONE", "America/Los_Angeles")
# Quoted in each receipt as it stood when the payment was made.
SCHOOL_REFUND_POLICY = env(
    "SCHOOL_REFUND_POLICY",
    "A class you cancel more than seven days before it starts is refunded in full. "
    "Within seven days of the start, the office refunds when your seat can be given to "
    "another student.",
)

# The domain part of every calendar UID this site writes: the same for the life of the school,
# so calendars that copied a meeting recognise it when it changes.
CALENDAR_UID_DOMAIN = env("CALENDAR_UID_DOMAIN", "calendar.camp-school")

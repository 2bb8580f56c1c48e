"""The school itself: its name, its time zone, its calendars, and how long seats are held.

The refund policy is no setting: the back office edits it (payments.models.RefundPolicy).
"""

from decimal import Decimal

from .env import env, env_bool

# The school's name as search engines and shared links give it (the class pages' structured
# data names it as each course's provider).
SCHOOL_NAME = env("SCHOOL_NAME", "Camp Art & Craft School")
# What a family's yearly statement (books/statements.py) gives for the school, beside its
# name and the office's e-mail (SCHOOL_REPLY_TO): families claim care costs with it, so a real
# school sets its own. The defaults are plainly a demo's; the phone is left out while unset.
SCHOOL_TAX_ID = env("SCHOOL_TAX_ID", "00-0000000")
SCHOOL_ADDRESS = env("SCHOOL_ADDRESS", "1 Demo Street, Springfield, CA 00000")
SCHOOL_PHONE = env("SCHOOL_PHONE", "")

# Dates and times people read (e-mails, schedules) are in the school's time zone.
SCHOOL_TIMEZONE = env("SCHOOL_TIMEZONE", "America/Los_Angeles")

# The domain part of every calendar UID this site writes: the same for the life of the school,
# so calendars that copied a meeting recognise it when it changes.
CALENDAR_UID_DOMAIN = env("CALENDAR_UID_DOMAIN", "calendar.camp-school")

# How long a seat is kept for a family on the payment page, and the one extension they may ask.
SEAT_HOLD_MINUTES = int(env("SEAT_HOLD_MINUTES", "15"))
SEAT_HOLD_EXTENSION_MINUTES = int(env("SEAT_HOLD_EXTENSION_MINUTES", "10"))
# How long the seats of a checkout the front desk sends a family a link to pay later stay held.
FRONT_DESK_PAY_LATER_HOURS = int(env("FRONT_DESK_PAY_LATER_HOURS", "48"))
# How long a waitlist offer holds its seat: shorter when the class starts within a week.
WAITLIST_OFFER_HOURS = int(env("WAITLIST_OFFER_HOURS", "24"))
WAITLIST_OFFER_SHORT_HOURS = int(env("WAITLIST_OFFER_SHORT_HOURS", "4"))

# How many classes a family may wish for, per child, in a lottery season's draw (`lottery`).
LOTTERY_MAX_CHOICES = int(env("LOTTERY_MAX_CHOICES", "5"))
# How long the draw holds each seat it gave for its family to pay, and how long before that
# ends the family is reminded (once) of a seat still unpaid.
LOTTERY_PAYMENT_DAYS = int(env("LOTTERY_PAYMENT_DAYS", "3"))
LOTTERY_REMINDER_HOURS = int(env("LOTTERY_REMINDER_HOURS", "24"))

# What one family may keep from others at once: live holds and open waitlist offers together,
# in one class and across the site. Each hold is a different participant's, so a family never
# holds more seats of a class than it has people who may take it.
HOLDS_PER_FAMILY_PER_CLASS = int(env("HOLDS_PER_FAMILY_PER_CLASS", "4"))
HOLDS_PER_FAMILY = int(env("HOLDS_PER_FAMILY", "10"))
# A family whose holds ran out unpaid this many times within a day waits this long after the
# last one before holding a seat again.
HOLD_LAPSES_BEFORE_COOLDOWN = int(env("HOLD_LAPSES_BEFORE_COOLDOWN", "3"))
HOLD_COOLDOWN_MINUTES = int(env("HOLD_COOLDOWN_MINUTES", "30"))
# How many people one family lists (the account holder and their children): what a family's
# answers (eligibility, the family list) grow with.
FAMILY_MAX_PARTICIPANTS = int(env("FAMILY_MAX_PARTICIPANTS", "12"))
# When a class's first meeting moves, the families enrolled before may cancel for a full refund
# for this many days.
CHANGE_FULL_REFUND_DAYS = int(env("CHANGE_FULL_REFUND_DAYS", "7"))
# A family that takes a refund as account credit instead of to the card gets this much more, as
# a percentage of the refund.
CREDIT_REFUND_BONUS_PERCENT = Decimal(env("CREDIT_REFUND_BONUS_PERCENT", "0"))
# An instructor moves no meeting of a class with enrolments to within this many days of today
# (nor into the past); the school's admins can, and the families are told either way.
SCHEDULE_CHANGE_MIN_NOTICE_DAYS = int(env("SCHEDULE_CHANGE_MIN_NOTICE_DAYS", "7"))

# Days before a class's first meeting that each enrolled family is reminded (once).
CLASS_REMINDER_DAYS = int(env("CLASS_REMINDER_DAYS", "3"))

# How many messages a class's instructor and the school's admins together may send to its
# families in one school day (class_messages.services): families read every one, so a
# slip of the Send button, or a script, must not fill their mailboxes.
CLASS_MESSAGES_PER_DAY = int(env("CLASS_MESSAGES_PER_DAY", "5"))

# Minutes after a first edit of a class its families are told what changed: later edits within
# them join the same message, and edits undone within them send none.
CLASS_CHANGE_NOTICE_DELAY_MINUTES = int(env("CLASS_CHANGE_NOTICE_DELAY_MINUTES", "10"))
# Payment plans (plans.schedule): a declined instalment is tried again daily, this many times in
# all after the first; then the enrolment is overdue and its seat kept this many days before it
# goes to the waitlist.
INSTALMENT_RETRIES = int(env("INSTALMENT_RETRIES", "3"))
OVERDUE_GRACE_DAYS = int(env("OVERDUE_GRACE_DAYS", "7"))
# Whether a cancellation charges the card for what the refund policy keeps beyond what was paid
# (a plan's deposit paid, a no-refund tier reached). Off: a family never pays more by cancelling.
CANCELLATION_CHARGES_UNPAID = env_bool("CANCELLATION_CHARGES_UNPAID", False)

# A family moves an enrolment to another class (changes.services.transfers) until this many
# days before the earlier of the two classes' first meetings, for this fee on top of the price
# difference.
TRANSFER_CUTOFF_DAYS = int(env("TRANSFER_CUTOFF_DAYS", "7"))
TRANSFER_FEE = Decimal(env("TRANSFER_FEE", "0.00"))

# The admins' season report (camp.reports) is made at most this often: beat makes the current
# seasons' again each time, so an admin opening it is answered at once; other days asked are
# kept as long.
SEASON_REPORT_FRESH_SECONDS = int(env("SEASON_REPORT_FRESH_SECONDS", "300"))

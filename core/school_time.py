"""The school's clock: its time zone (`SCHOOL_TIMEZONE`) and what day it is there. Ages, closing
dates and the review digest all count days as the school does, whatever the server's zone."""

from datetime import date
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone


def school_timezone() -> ZoneInfo:
    return ZoneInfo(settings.SCHOOL_TIMEZONE)


def school_today() -> date:
    return timezone.localdate(timezone=school_timezone())

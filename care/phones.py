"""Phone numbers as families type them, stored in E.164 (`+14155550134`) so that every screen
and the tel: links dial them the same way; read with Google's libphonenumber (`phonenumbers`)."""

import phonenumbers
from django.conf import settings
from django.utils.translation import gettext_lazy

INVALID = gettext_lazy("Enter a valid phone number, with its area code.")


def e164(typed: str) -> str | None:
    """The number in E.164, or None if it is not a number anyone could dial."""
    try:
        number = phonenumbers.parse(typed, settings.CARE_PHONE_REGION)
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(number):
        return None
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)

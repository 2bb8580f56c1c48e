"""Writes of the pages app: what a visitor sends through the Contact page."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext

from core.errors import InvalidInput
from notifications.services import message_queue
from pages.message_kinds import PageMessage
from pages.models import CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH, ContactMessage


def _problems(*, name: str, email: str, message: str) -> dict[str, list[str]]:
    problems: dict[str, list[str]] = {}
    if not name:
        problems["name"] = [gettext("Please tell us your name.")]
    elif len(name) > CONTACT_NAME_MAX_LENGTH:
        problems["name"] = [
            gettext("Your name must be at most %(CONTACT_NAME_MAX_LENGTH)s characters.")
            % {"CONTACT_NAME_MAX_LENGTH": CONTACT_NAME_MAX_LENGTH}
        ]
    try:
        validate_email(email)
    except ValidationError:
        problems["email"] = [gettext("Please give an e-mail address we can answer.")]
    if not message:
        problems["message"] = [gettext("Please write your message.")]
    elif len(message) > CONTACT_MESSAGE_MAX_LENGTH:
        problems["message"] = [
            gettext("Your message must be at most %(CONTACT_MESSAGE_MAX_LENGTH)s characters.")
            % {"CONTACT_MESSAGE_MAX_LENGTH": CONTACT_MESSAGE_MAX_LENGTH}
        ]
    return problems


@transaction.atomic
def contact_message_send(*, name: str, email: str, message: str) -> ContactMessage:
    """Keep what a visitor wrote and queue it to the school's office in the same transaction,
    with the visitor as the e-mail's Reply-To, so the office answers them by replying."""
    name, email, message = name.strip(), email.strip(), message.strip()
    problems = _problems(name=name, email=email, message=message)
    if problems:
        raise InvalidInput(problems)
    contact = ContactMessage.objects.create(name=name, email=email, message=message)
    message_queue(
        kind=PageMessage.CONTACT_MESSAGE,
        about=f"contact:{contact.pk}",
        recipient=settings.SCHOOL_REPLY_TO,
        reply_to=email,
        # The footer's "write to" names the visitor too: this e-mail is the office's.
        context={"name": name, "email": email, "message": message, "reply_to": email},
    )
    return contact

"""Who may write to a class's families, and which of its messages a person reads."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from accounts.models import User
from class_messages.selectors import class_message_audiences_for
from classes.access import access_class_for_instructor
from classes.models import Class
from core.errors import NotFound, Refused


def access_class_to_write_to(*, user: User, class_id: int) -> Class:
    """A class whose families this person may write to: its instructor's, or any for an admin
    (`access_class_for_instructor`). Another instructor's class is as good as absent to them:
    whose families a class has is not theirs to learn."""
    try:
        return access_class_for_instructor(user=user, class_id=class_id)
    except Refused as refused:
        raise NotFound(_("No such class.")) from refused


@dataclass(frozen=True)
class MessagesReader:
    class_id: int
    # The audiences whose messages this reader sees; None: every one (the class's staff).
    audiences: tuple[str, ...] | None

    @property
    def is_staff(self) -> bool:
        return self.audiences is None


def access_class_messages(*, user: User, class_id: int) -> MessagesReader:
    """A class's messages as this person may read them: all of them for its instructor and
    admins (`access_class_for_instructor`); for one of its families, those whose audience
    reaches it now (`selectors.class_message_audiences_for`). Anyone else: no such class."""
    try:
        camp_class = access_class_for_instructor(user=user, class_id=class_id)
    except Refused:
        # There is such a class, not theirs to teach: theirs to read only as one of its families.
        audiences = class_message_audiences_for(student=user, class_id=class_id)
        if not audiences:
            raise NotFound(_("No such class.")) from None
        return MessagesReader(class_id=class_id, audiences=audiences)
    return MessagesReader(class_id=camp_class.pk, audiences=None)

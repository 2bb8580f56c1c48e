"""accounts.services.user_set_role: who may give whom which role."""

import pytest

from accounts.models import Role, User
from accounts.services import SELF_DEMOTION_REFUSAL, user_set_role
from core.errors import Conflict, NotFound
from notifications.models import Message
from testing.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("role", [Role.INSTRUCTOR, Role.STUDENT])
def test_an_admin_cannot_take_away_their_own_role(role):
    lead = UserFactory(role=Role.ADMIN)
    UserFactory(role=Role.ADMIN)

    with pytest.raises(Conflict) as refusal:
        user_set_role(user_id=lead.pk, role=role, by=lead)

    assert refusal.value.message == SELF_DEMOTION_REFUSAL
    lead.refresh_from_db()
    assert (lead.role, lead.is_staff) == (Role.ADMIN, True)
    assert not Message.objects.exists()


def test_an_admin_giving_themself_admin_again_changes_nothing():
    lead = UserFactory(role=Role.ADMIN)

    assert user_set_role(user_id=lead.pk, role=Role.ADMIN, by=lead) == 0


def test_another_admin_takes_an_admins_role_away():
    lead, other = UserFactory(role=Role.ADMIN), UserFactory(role=Role.ADMIN)

    assert user_set_role(user_id=other.pk, role=Role.STUDENT, by=lead) == 1

    other.refresh_from_db()
    assert (other.role, other.is_staff) == (Role.STUDENT, False)


def test_an_undo_gives_back_the_role_they_had():
    lead, sam = UserFactory(role=Role.ADMIN), UserFactory(role=Role.STUDENT)

    user_set_role(user_id=sam.pk, role=Role.INSTRUCTOR, by=lead)
    assert user_set_role(user_id=sam.pk, role=Role.STUDENT, by=lead) == 1

    sam.refresh_from_db()
    assert sam.role == Role.STUDENT
    # Told they were made instructor; going back to student sends nothing more.
    assert Message.objects.filter(recipient=sam.email).count() == 1


def test_without_an_admin_behind_it_the_last_admin_still_stays():
    """The server's own command has nobody behind it; the last admin is still kept."""
    lead = UserFactory(role=Role.ADMIN)

    with pytest.raises(Conflict, match="The last admin cannot be given another role"):
        user_set_role(user_id=lead.pk, role=Role.STUDENT)

    assert User.objects.get(pk=lead.pk).role == Role.ADMIN


def test_nobody_by_that_id():
    lead = UserFactory(role=Role.ADMIN)

    with pytest.raises(NotFound):
        user_set_role(user_id=lead.pk + 1000, role=Role.STUDENT, by=lead)

"""Who may read a class, decided by its access helpers alone: on its instructor's behalf, and
as its page shows it."""

import pytest
from django.contrib.auth.models import AnonymousUser

from accounts.models import Role
from classes.access import access_class_for_instructor, access_class_for_viewer, sees_review_of
from classes.models import ClassStatus
from core.errors import NotFound, Refused
from testing.factories import ClassFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_the_instructor_reads_their_own_class():
    camp_class = ClassFactory()

    assert (
        access_class_for_instructor(user=camp_class.instructor, class_id=camp_class.pk)
        == camp_class
    )


def test_an_admin_reads_anyones_class():
    camp_class = ClassFactory()

    assert access_class_for_instructor(user=UserFactory(role=Role.ADMIN), class_id=camp_class.pk)


@pytest.mark.parametrize("role", [Role.STUDENT, Role.INSTRUCTOR])
def test_anyone_else_is_refused(role):
    camp_class = ClassFactory()

    with pytest.raises(Refused):
        access_class_for_instructor(user=UserFactory(role=role), class_id=camp_class.pk)


def test_a_class_that_does_not_exist_is_not_found_for_anyone():
    with pytest.raises(NotFound):
        access_class_for_instructor(user=UserFactory(role=Role.ADMIN), class_id=0)


class TestAClassAsItsPageShowsIt:
    """access_class_for_viewer: approved to anyone; any other to its instructor and admins."""

    VIEWERS = ["anonymous", "student", "other instructor", "instructor", "admin"]

    @staticmethod
    def viewer(who: str, camp_class):
        if who == "anonymous":
            return AnonymousUser()
        if who == "instructor":
            return camp_class.instructor
        role = {"student": Role.STUDENT, "other instructor": Role.INSTRUCTOR, "admin": Role.ADMIN}
        return UserFactory(role=role[who])

    @pytest.mark.parametrize("who", VIEWERS)
    def test_an_approved_class_is_anyones(self, who):
        camp_class = ClassFactory(status=ClassStatus.APPROVED)

        assert access_class_for_viewer(user=self.viewer(who, camp_class), class_id=camp_class.pk)

    @pytest.mark.parametrize("status", [ClassStatus.PENDING, ClassStatus.DENIED])
    @pytest.mark.parametrize("who", VIEWERS)
    def test_a_class_not_approved_is_its_instructors_and_the_admins_and_absent_to_others(
        self, who, status
    ):
        camp_class = ClassFactory(status=status)
        viewer = self.viewer(who, camp_class)

        if who in ("instructor", "admin"):
            assert access_class_for_viewer(user=viewer, class_id=camp_class.pk) == camp_class
        else:
            # Not found rather than refused: the id of a class under review tells nothing.
            with pytest.raises(NotFound):
                access_class_for_viewer(user=viewer, class_id=camp_class.pk)

    def test_a_class_that_does_not_exist_is_not_found_even_by_an_admin(self):
        with pytest.raises(NotFound):
            access_class_for_viewer(user=UserFactory(role=Role.ADMIN), class_id=0)

    @pytest.mark.parametrize(
        ("who", "sees"),
        [
            ("anonymous", False),
            ("student", False),
            ("other instructor", False),
            ("instructor", True),
            ("admin", True),
        ],
    )
    def test_only_its_instructor_and_admins_follow_its_review(self, who, sees):
        camp_class = ClassFactory(status=ClassStatus.APPROVED)

        assert sees_review_of(user=self.viewer(who, camp_class), camp_class=camp_class) is sees

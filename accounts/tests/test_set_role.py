import pytest
from django.core.management import CommandError, call_command

from accounts.models import Role, User
from testing.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_set_role_names_the_first_admin_before_they_sign_in(capsys):
    call_command("set_role", "Lead@Camp.test", "admin")

    assert User.objects.get(email="lead@camp.test").role == Role.ADMIN
    out = capsys.readouterr().out
    assert "Created an account for lead@camp.test." in out
    assert "lead@camp.test is now admin." in out


def test_set_role_changes_an_existing_user(capsys):
    UserFactory(email="ines@camp.test")

    call_command("set_role", "ines@camp.test", "instructor")

    assert User.objects.get(email="ines@camp.test").role == Role.INSTRUCTOR
    assert User.objects.count() == 1


def test_set_role_says_when_nothing_changed(capsys):
    UserFactory(email="ines@camp.test", role=Role.INSTRUCTOR)

    call_command("set_role", "ines@camp.test", "instructor")

    assert "ines@camp.test was already instructor; nothing changed." in capsys.readouterr().out


def test_set_role_keeps_the_last_admin():
    UserFactory(email="lead@camp.test", role=Role.ADMIN)

    with pytest.raises(CommandError, match="The last admin cannot be given another role"):
        call_command("set_role", "lead@camp.test", "student")

    assert User.objects.get(email="lead@camp.test").role == Role.ADMIN


def test_set_role_refuses_an_unknown_role():
    with pytest.raises(CommandError):
        call_command("set_role", "lead@camp.test", "owner")

    assert not User.objects.exists()


def test_set_role_refuses_a_malformed_email():
    with pytest.raises(CommandError, match="Enter a valid email address"):
        call_command("set_role", "not-an-email", "admin")

    assert not User.objects.exists()

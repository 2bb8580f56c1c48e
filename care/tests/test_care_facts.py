"""care.selectors.care_columns: the paperwork read with a class's standing answers what
`care_missing_for` answers, for every way a child's paperwork can be done or not, on the
database the suite runs on (SQLite, and PostgreSQL in its own pass)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import Participant, Role
from accounts.services import account_holder_of
from care.models import (
    CareDocument,
    CareRecord,
    Policy,
    PolicyAcceptance,
    PolicyVersion,
    empty_medical,
)
from care.selectors import care_complete, care_missing, care_missing_count, policies_current
from core.school_time import school_today
from enrolments.facts import hold_read, standing_read
from testing.care import care_completed
from testing.factories import ChildFactory, ClassFactory, UserFactory

pytestmark = pytest.mark.django_db


def read_with_the_class(participant, now):
    """Whether the paperwork read with a class is complete, as the class's standing reads it
    and as a hold for a family about to pay does; both readers must agree."""
    camp_class = ClassFactory()
    _, standing = standing_read(
        participant_id=participant.pk, camp_class_id=camp_class.pk, now=now, paying=True
    )
    held = hold_read(
        camp_class_id=camp_class.pk,
        participant_id=participant.pk,
        family_id=participant.account_id,
        now=now,
        paying=True,
    )
    complete = care_complete(participant, standing.care, now=now)
    assert care_complete(participant, held.standing.care, now=now) is complete
    return complete


def acceptance_of(participant, slug):
    return PolicyAcceptance.objects.filter(
        account=participant.account, version__policy__slug=slug
    ).filter(participant=participant if Policy.objects.get(slug=slug).per_child else None)


def per_child_slug():
    return Policy.objects.filter(per_child=True).values_list("slug", flat=True).first()


def per_family_slug():
    return Policy.objects.filter(per_child=False).values_list("slug", flat=True).first()


def no_record(child):
    CareRecord.objects.filter(participant=child).delete()


def never_confirmed(child):
    CareRecord.objects.filter(participant=child).update(confirmed_at=None)


def confirmed_too_long_ago(child, settings):
    CareRecord.objects.filter(participant=child).update(
        confirmed_at=timezone.now() - timedelta(days=settings.CARE_CONFIRM_DAYS + 1)
    )


def one_contact_short(child):
    record = CareRecord.objects.get(participant=child)
    record.emergency_contacts = record.emergency_contacts[:1]
    record.save()


def no_photo_answer(child):
    CareRecord.objects.filter(participant=child).update(photo_consent=None)


def photo_refused(child):
    # Refusing is an answer: nothing is missing.
    CareRecord.objects.filter(participant=child).update(photo_consent=False)


def per_child_policy_unsigned(child):
    acceptance_of(child, per_child_slug()).delete()


def signed_instead(acceptances, **signer):
    # An acceptance is never edited: the family's is taken back and another made in its place.
    for acceptance in acceptances:
        values = {
            "version": acceptance.version,
            "account": acceptance.account,
            "participant": acceptance.participant,
            **signer,
        }
        acceptance.delete()
        PolicyAcceptance.objects.create(signed_name="Someone", **values)


def per_child_policy_signed_for_a_sibling_only(child):
    sibling = ChildFactory(account=child.account, first_name="Sibling", care=False)
    signed_instead(acceptance_of(child, per_child_slug()), participant=sibling)


def per_family_policy_unsigned(child):
    acceptance_of(child, per_family_slug()).delete()


def per_family_policy_signed_by_another_family(child):
    signed_instead(acceptance_of(child, per_family_slug()), account=UserFactory(role=Role.STUDENT))


def a_new_version_published(child):
    policy = Policy.objects.get(slug=per_family_slug())
    newest = policy.versions.order_by("-number").first()
    PolicyVersion.objects.create(
        policy=policy, number=newest.number + 1, text="Revised.", published_at=timezone.now()
    )


def only_the_newest_version_signed(child):
    # A family that came after a revision signed only the version in force.
    a_new_version_published(child)
    policy = Policy.objects.get(slug=per_family_slug())
    newest = policy.versions.order_by("-number").first()
    signed_instead(acceptance_of(child, per_family_slug()), version=newest)


def a_version_to_come(child):
    # Published tomorrow: not in force yet, so the family's acceptance of today's still holds.
    policy = Policy.objects.get(slug=per_family_slug())
    newest = policy.versions.order_by("-number").first()
    PolicyVersion.objects.create(
        policy=policy,
        number=newest.number + 1,
        text="Coming.",
        published_at=timezone.now() + timedelta(days=1),
    )


def no_policies_at_all(child):
    PolicyAcceptance.objects.all().delete()
    PolicyVersion.objects.all().delete()


def done(child):
    pass


# Taken by phone at the front desk: what the family told the office counts as theirs.
LONG_AGO = timedelta(days=1000)


def taken_by_phone_never_confirmed(child):
    CareRecord.objects.filter(participant=child).update(confirmed_at=None, taken_at=timezone.now())


def taken_by_phone_after_a_confirmation_long_ago(child):
    CareRecord.objects.filter(participant=child).update(
        confirmed_at=timezone.now() - LONG_AGO, taken_at=timezone.now()
    )


def taken_by_phone_long_ago(child):
    CareRecord.objects.filter(participant=child).update(
        confirmed_at=None, taken_at=timezone.now() - LONG_AGO
    )


def with_allergy(child, severity: str) -> None:
    # As the family saves it; `care_completed` uploads the plan a severe allergy asks for.
    allergy = {"name": "Peanuts", "severity": severity, "action": "EpiPen"}
    care_completed(child, medical={**empty_medical(), "allergies": [allergy]})


def mild_allergy(child):
    with_allergy(child, "mild")


def severe_allergy_with_its_plan(child):
    with_allergy(child, "severe")


def anaphylaxis_without_a_plan(child):
    with_allergy(child, "anaphylactic")
    CareDocument.objects.filter(participant=child).delete()


def plan_expires_today(child):
    # Its last day still counts.
    with_allergy(child, "anaphylactic")
    CareDocument.objects.filter(participant=child).update(expires_on=school_today())


def plan_expired(child):
    with_allergy(child, "anaphylactic")
    CareDocument.objects.filter(participant=child).update(
        expires_on=school_today() - timedelta(days=1)
    )


def only_another_kind_of_document(child):
    with_allergy(child, "severe")
    CareDocument.objects.filter(participant=child).update(kind="doctor_note")


SITUATIONS = [
    (mild_allergy, True),
    (severe_allergy_with_its_plan, True),
    (plan_expires_today, True),
    (anaphylaxis_without_a_plan, False),
    (plan_expired, False),
    (only_another_kind_of_document, False),
    (done, True),
    (photo_refused, True),
    (a_version_to_come, True),
    (only_the_newest_version_signed, True),
    (no_policies_at_all, True),
    (taken_by_phone_never_confirmed, True),
    (taken_by_phone_after_a_confirmation_long_ago, True),
    (taken_by_phone_long_ago, False),
    (no_record, False),
    (never_confirmed, False),
    (one_contact_short, False),
    (no_photo_answer, False),
    (per_child_policy_unsigned, False),
    (per_child_policy_signed_for_a_sibling_only, False),
    (per_family_policy_unsigned, False),
    (per_family_policy_signed_by_another_family, False),
    (a_new_version_published, False),
]


@pytest.mark.parametrize(
    ("situation", "complete"), SITUATIONS, ids=[s.__name__ for s, _ in SITUATIONS]
)
def test_a_child_s_paperwork_read_with_the_class_is_the_rule_s(situation, complete):
    child = ChildFactory()
    assert policies_current(), "the school's policies, as its migration seeds them"
    situation(child)
    now = timezone.now()

    assert read_with_the_class(child, now) is complete
    assert (care_missing(child, now=now) == []) is complete
    # The admins' count, written as one query (camp.reports), says the same.
    counted = care_missing_count(Participant.objects.filter(pk=child.pk), now=now)
    assert (counted == 0) is complete


def test_a_record_confirmed_too_long_ago_is_missing_its_confirmation(settings):
    child = ChildFactory()
    confirmed_too_long_ago(child, settings)
    now = timezone.now()

    assert read_with_the_class(child, now) is False
    assert care_missing(child, now=now) == ["confirmation"]


@pytest.mark.parametrize("asked_of_adults", [False, True])
def test_an_adult_s_paperwork_is_asked_only_where_the_school_asks_it(settings, asked_of_adults):
    settings.CARE_REQUIRED_FOR_ADULTS = asked_of_adults
    holder = account_holder_of(UserFactory(role=Role.STUDENT))
    now = timezone.now()

    assert read_with_the_class(holder, now) is not asked_of_adults
    assert (care_missing(holder, now=now) == []) is not asked_of_adults
    care_completed(holder)
    assert read_with_the_class(holder, now) is True

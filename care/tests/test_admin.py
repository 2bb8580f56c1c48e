"""The back office publishes a policy's new version beside the old ones, which stay as families
accepted them; acceptances are read-only there."""

from datetime import timedelta

import pytest
from django.utils import timezone

from care.models import Policy, PolicyVersion

pytestmark = pytest.mark.django_db


def inline_form(policy: Policy, **new_version) -> dict:
    versions = list(policy.versions.order_by("-number"))
    form = {
        "title": policy.title,
        "slug": policy.slug,
        "position": policy.position,
        "versions-TOTAL_FORMS": len(versions) + 1,
        "versions-INITIAL_FORMS": len(versions),
        "versions-MIN_NUM_FORMS": 0,
        "versions-MAX_NUM_FORMS": 1000,
    }
    if policy.per_child:
        form["per_child"] = "on"
    for index, version in enumerate(versions):
        form[f"versions-{index}-id"] = version.pk
        form[f"versions-{index}-policy"] = policy.pk
    new = len(versions)
    form[f"versions-{new}-policy"] = policy.pk
    for name, value in new_version.items():
        form[f"versions-{new}-{name}"] = value
    return form


def test_an_admin_publishes_a_new_version_and_the_old_text_stays(back_office):
    waiver = Policy.objects.get(slug="liability-waiver")
    yesterday = timezone.localdate() - timedelta(days=1)
    first_text = waiver.versions.get().text

    page = back_office.get(f"/admin/care/policy/{waiver.pk}/change/")
    response = back_office.post(
        f"/admin/care/policy/{waiver.pk}/change/",
        inline_form(
            waiver,
            number=2,
            text="Kilns are hot.",
            published_at_0=yesterday.isoformat(),
            published_at_1="09:00",
        ),
    )

    assert page.status_code == 200
    assert response.status_code == 302, response.content.decode()[:2000]
    assert list(PolicyVersion.objects.filter(policy=waiver).values_list("number", "text")) == [
        (2, "Kilns are hot."),
        (1, first_text),
    ]


def test_acceptances_cannot_be_added_or_changed_in_the_back_office(back_office):
    assert back_office.get("/admin/care/policyacceptance/add/").status_code == 403
    assert back_office.get("/admin/care/policyacceptance/").status_code == 200

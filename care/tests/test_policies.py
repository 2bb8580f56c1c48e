"""The school's policies: accepted by typing the parent's name, per family or per child,
recorded with what was signed and never edited; a new version asks again."""

import pytest
from django.db import DatabaseError, connection, transaction

from accounts.models import Role
from care.models import Policy, PolicyAcceptance, PolicyVersion
from testing.factories import ChildFactory, UserFactory

pytestmark = pytest.mark.django_db


def policy(slug: str) -> Policy:
    return Policy.objects.get(slug=slug)


def accept(client, slug, **body):
    return client.post(f"/api/policies/{policy(slug).pk}/acceptances", body, format="json")


def test_visitors_read_the_current_policies(api_client):
    answer = api_client.get("/api/policies").json()

    assert [(p["slug"], p["version"], p["perChild"], p["due"]) for p in answer] == [
        ("liability-waiver", 1, True, []),
        ("photo-policy", 1, False, []),
        ("refund-policy", 1, False, []),
        ("code-of-conduct", 1, True, []),
    ]
    assert "kilns" in answer[0]["text"]


def test_a_family_sees_what_is_due_for_whom(as_parent, parent, mia):
    leo = ChildFactory(account=parent, first_name="Leo", care=False)

    answer = {p["slug"]: p["due"] for p in as_parent.get("/api/policies").json()}

    assert answer == {
        "liability-waiver": [mia.pk, leo.pk],
        "photo-policy": [None],
        "refund-policy": [None],
        "code-of-conduct": [mia.pk, leo.pk],
    }


def test_accepting_the_waiver_for_a_child_records_what_was_signed(as_parent, parent, mia):
    response = as_parent.post(
        f"/api/policies/{policy('liability-waiver').pk}/acceptances",
        {"participantId": mia.pk, "signedName": "  ana   LOPEZ "},
        format="json",
        HTTP_USER_AGENT="Mobile Safari",
        REMOTE_ADDR="203.0.113.9",
    )

    assert response.status_code == 201
    body = response.json()
    assert (body["participantId"], body["version"], body["signedName"]) == (mia.pk, 1, "ana LOPEZ")
    kept = PolicyAcceptance.objects.get()
    assert (kept.ip_address, kept.user_agent, kept.account) == (
        "203.0.113.9",
        "Mobile Safari",
        parent,
    )
    due = {p["slug"]: p["due"] for p in as_parent.get("/api/policies").json()}
    assert due["liability-waiver"] == []
    # Signing again answers the first signature.
    again = accept(as_parent, "liability-waiver", participantId=mia.pk, signedName="Ana Lopez")
    assert again.status_code == 200
    assert PolicyAcceptance.objects.count() == 1


def test_the_name_must_be_the_parents(as_parent, mia):
    response = accept(as_parent, "photo-policy", signedName="Mia Lopez")

    assert response.status_code == 400
    assert response.json()["errors"] == {
        "signedName": ["Type your full name as it is on your account: Ana Lopez."]
    }


def test_a_per_child_policy_names_the_child_and_a_family_one_does_not(as_parent, mia):
    no_child = accept(as_parent, "liability-waiver", signedName="Ana Lopez")
    a_child = accept(as_parent, "photo-policy", participantId=mia.pk, signedName="Ana Lopez")

    assert no_child.status_code == a_child.status_code == 400
    assert set(no_child.json()["errors"]) == set(a_child.json()["errors"]) == {"participantId"}


def test_another_familys_child_is_not_found(api_client_for, mia):
    stranger = api_client_for(UserFactory(role=Role.STUDENT, name="Eve Stone"))

    response = accept(stranger, "liability-waiver", participantId=mia.pk, signedName="Eve Stone")

    assert response.status_code == 404
    assert not PolicyAcceptance.objects.exists()


def test_a_new_version_is_due_again(as_parent, mia):
    accept(as_parent, "photo-policy", signedName="Ana Lopez")
    PolicyVersion.objects.create(policy=policy("photo-policy"), number=2, text="Now with video.")

    photo = next(p for p in as_parent.get("/api/policies").json() if p["slug"] == "photo-policy")

    assert (photo["version"], photo["due"], photo["accepted"]) == (2, [None], [])


def test_an_acceptance_is_never_edited(as_parent, mia):
    accept(as_parent, "photo-policy", signedName="Ana Lopez")

    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE care_policyacceptance SET signed_name = 'Someone Else'")

    assert PolicyAcceptance.objects.get().signed_name == "Ana Lopez"


def accept_all(client, items, signed_name="Ana Lopez"):
    return client.post(
        "/api/policies/acceptances",
        {
            "acceptances": [
                {"policyId": policy(slug).pk, **({"participantId": who} if who else {})}
                for slug, who in items
            ],
            "signedName": signed_name,
        },
        format="json",
    )


def test_one_signature_accepts_every_policy_due(as_parent, mia):
    due = [
        ("liability-waiver", mia.pk),
        ("photo-policy", None),
        ("refund-policy", None),
        ("code-of-conduct", mia.pk),
    ]

    response = accept_all(as_parent, due)

    assert response.status_code == 201
    body = response.json()
    expected = [(policy(slug).pk, who) for slug, who in due]
    assert [(one["policyId"], one["participantId"]) for one in body] == expected
    assert {(one["version"], one["signedName"]) for one in body} == {(1, "Ana Lopez")}
    assert {p["slug"]: p["due"] for p in as_parent.get("/api/policies").json()} == {
        "liability-waiver": [],
        "photo-policy": [],
        "refund-policy": [],
        "code-of-conduct": [],
    }
    missing = as_parent.get(f"/api/participants/{mia.pk}/care").json()["missing"]
    assert [item for item in missing if item.startswith("policy:")] == []
    # Signing them again answers the first signatures.
    assert accept_all(as_parent, due).status_code == 200
    assert PolicyAcceptance.objects.count() == 4


def test_one_that_cannot_be_accepted_records_none(as_parent, mia):
    response = accept_all(as_parent, [("photo-policy", None), ("liability-waiver", None)])

    assert response.status_code == 400
    assert response.json()["errors"] == {
        "acceptances": ["Item 2: Choose the child this policy is accepted for."]
    }
    assert not PolicyAcceptance.objects.exists()


def test_the_one_name_must_be_the_parents(as_parent, mia):
    response = accept_all(as_parent, [("photo-policy", None)], signed_name="Mia Lopez")

    assert response.status_code == 400
    assert response.json()["errors"] == {
        "signedName": ["Type your full name as it is on your account: Ana Lopez."]
    }
    assert not PolicyAcceptance.objects.exists()


def test_a_policy_that_is_not_is_named_by_its_place(as_parent, mia):
    response = as_parent.post(
        "/api/policies/acceptances",
        {"acceptances": [{"policyId": 999999}], "signedName": "Ana Lopez"},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["errors"] == {"acceptances": ["Item 1: No such policy."]}


def test_an_empty_list_is_refused_by_its_field(as_parent, mia):
    response = as_parent.post(
        "/api/policies/acceptances", {"acceptances": [], "signedName": "Ana Lopez"}, format="json"
    )

    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"acceptances"}


def test_a_family_signs_only_for_its_own_children(api_client_for, mia):
    stranger = api_client_for(UserFactory(role=Role.STUDENT, name="Eve Stone"))

    response = accept_all(
        stranger, [("photo-policy", None), ("liability-waiver", mia.pk)], signed_name="Eve Stone"
    )

    assert response.status_code == 404
    assert not PolicyAcceptance.objects.exists()

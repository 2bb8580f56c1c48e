"""A visitor browsing every instructor."""

from playwright.sync_api import expect

from accounts.models import Role
from e2e.helpers import assert_accessible, demo_image
from testing.factories import UserFactory


def test_all_instructors_lists_only_instructors_with_name_and_email(page):
    instructors = [
        UserFactory(
            name=name,
            email=f"{handle}@camp.test",
            photo=demo_image(f"people/{handle}.webp"),
            role=Role.INSTRUCTOR,
        )
        for name, handle in [
            ("Maya Lindqvist", "maya-lindqvist"),
            ("Tomas Okafor", "tomas-okafor"),
            ("Aiko Tanaka", "aiko-tanaka"),
        ]
    ]
    UserFactory(
        name="Sam Student",
        email="student@camp.test",
        role=Role.STUDENT,
        photo=demo_image("people/student.webp"),
    )
    UserFactory(
        name="Ada Admin",
        email="admin@camp.test",
        role=Role.ADMIN,
        photo=demo_image("people/admin.webp"),
    )

    page.goto("/all-instructors")

    expect(page).to_have_title("All Instructors | Camp")
    main = page.get_by_role("main")
    expect(main.get_by_role("article")).to_have_count(len(instructors))
    for instructor in instructors:
        card = main.get_by_role("article", name=instructor.name)
        expect(card.get_by_role("img", name=instructor.name)).to_be_visible()
        expect(card).to_contain_text(instructor.email)
    for other in ["Sam Student", "student@camp.test", "Ada Admin", "admin@camp.test"]:
        expect(main.get_by_text(other)).to_have_count(0)
    assert_accessible(page)

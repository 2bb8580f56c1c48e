"""A visitor on the home page: the hero slides, popular classes and instructors, the footer."""

import re
from datetime import date

from playwright.sync_api import expect

from accounts.models import Role
from classes.models import ClassStatus
from e2e.helpers import assert_accessible, demo_image
from testing.factories import ClassFactory, UserFactory

INSTRUCTORS = [
    ("Maya Lindqvist", "maya-lindqvist"),
    ("Tomas Okafor", "tomas-okafor"),
    ("Aiko Tanaka", "aiko-tanaka"),
    ("Rafael Moreno", "rafael-moreno"),
    ("Priya Raman", "priya-raman"),
    ("Elsa Brandt", "elsa-brandt"),
    ("Kofi Mensah", "kofi-mensah"),
]

# (name, banner, enrolled): more approved classes than the six the home page has room for.
APPROVED_CLASSES = [
    ("Wheel-Thrown Pottery", "pottery", 38),
    ("Acrylic Painting Basics", "painting", 31),
    ("Loom Weaving for Beginners", "weaving", 27),
    ("Origami Animals", "origami", 24),
    ("Brush Calligraphy", "calligraphy", 22),
    ("Woodcarving Spoons", "woodcarving", 17),
    ("Beaded Jewelry", "jewelry", 12),
]


def make_instructors():
    return [
        UserFactory(
            name=name,
            email=f"{handle}@camp.test",
            photo=demo_image(f"people/{handle}.webp"),
            role=Role.INSTRUCTOR,
        )
        for name, handle in INSTRUCTORS
    ]


def test_home_shows_the_three_hero_slides_in_turn(page):
    # Less motion asked for: the show waits for Play, so each step below finds the slide it expects.
    page.emulate_media(reduced_motion="reduce")
    page.goto("/")

    expect(page).to_have_title("Home | Camp")
    slides = [
        "Unleash Your Creativity",
        "Transform Ordinary Materials",
        "Master Artistic Techniques",
    ]
    expect(page.get_by_role("heading", name=slides[0])).to_be_visible()
    expect(page.get_by_role("link", name="Know More")).to_have_attribute("href", "/all-classes")
    assert_accessible(page)
    for title in slides[1:]:
        page.get_by_role("button", name="Next slide").click()
        expect(page.get_by_role("heading", name=title)).to_be_visible()
    page.get_by_role("button", name="Next slide").click()
    expect(page.get_by_role("heading", name=slides[0])).to_be_visible()


def test_home_shows_six_popular_approved_classes_and_the_first_six_instructors(page):
    instructors = make_instructors()
    for (name, banner, enrolled), instructor in zip(APPROVED_CLASSES, instructors, strict=True):
        ClassFactory(
            name=name,
            image=demo_image(f"{banner}.webp"),
            enroll=enrolled,
            status=ClassStatus.APPROVED,
            instructor=instructor,
        )
    # Busier than any approved class, but never public.
    ClassFactory(
        name="Linocut Printmaking",
        image=demo_image("printmaking.webp"),
        enroll=90,
        status=ClassStatus.PENDING,
        instructor=instructors[0],
    )
    ClassFactory(
        name="Clay Sculpture",
        image=demo_image("sculpture.webp"),
        enroll=80,
        status=ClassStatus.DENIED,
        instructor=instructors[1],
    )
    UserFactory(name="Sam Student", role=Role.STUDENT, photo=demo_image("people/student.webp"))
    UserFactory(name="Ada Admin", role=Role.ADMIN, photo=demo_image("people/admin.webp"))

    page.goto("/")

    popular_classes = page.get_by_role("region", name="Popular Classes")
    expect(popular_classes.get_by_role("article")).to_have_count(6)
    for name, _, _ in APPROVED_CLASSES[:6]:
        expect(popular_classes.get_by_role("article", name=name)).to_be_visible()
    for hidden in ["Beaded Jewelry", "Linocut Printmaking", "Clay Sculpture"]:
        expect(popular_classes.get_by_text(hidden)).to_have_count(0)

    popular_instructors = page.get_by_role("region", name="Most Popular Instructors")
    expect(popular_instructors.get_by_role("article")).to_have_count(6)
    for name, _ in INSTRUCTORS[:6]:
        expect(popular_instructors.get_by_role("article", name=name)).to_be_visible()
    for hidden in ["Kofi Mensah", "Sam Student", "Ada Admin"]:
        expect(popular_instructors.get_by_text(hidden)).to_have_count(0)
    assert_accessible(page)


def test_navigation_and_footer_for_a_visitor(page):
    page.goto("/")

    navigation = page.get_by_role("navigation", name="Main")
    for label, path in [("Home", "/"), ("All Instructors", "/all-instructors")]:
        expect(navigation.get_by_role("link", name=label, exact=True)).to_have_attribute(
            "href", path
        )
    expect(navigation.get_by_role("link", name="Log In")).to_have_attribute("href", "/login")

    footer = page.get_by_role("contentinfo")
    expect(footer).to_contain_text("since 2003")
    expect(footer).to_contain_text(f"© {date.today().year}")
    for label, path in [
        ("Home", "/"),
        ("All Instructors", "/all-instructors"),
        ("All Classes", "/all-classes"),
    ]:
        expect(footer.get_by_role("link", name=label, exact=True)).to_have_attribute("href", path)

    # Social links are the footer's links to other sites: each opens a new tab, without
    # handing that site a handle on this page.
    social_links = footer.locator("a[href^='http']")
    expect(social_links.first).to_be_visible()
    for link in social_links.all():
        expect(link).to_have_attribute("target", "_blank")
        expect(link).to_have_attribute("rel", re.compile(r"\bnoopener\b"))
    assert_accessible(page)

    navigation.get_by_role("link", name="All Classes").click()
    expect(page).to_have_url(re.compile(r"/all-classes$"))
    expect(page.get_by_role("heading", name="All Classes", level=1)).to_be_visible()

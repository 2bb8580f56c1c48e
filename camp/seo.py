"""What a shared link and a search engine read in the page of a class, an instructor, or one of
the school's own pages (About us, Contact, the policies).

The browser app draws these pages, but link previews (Open Graph, Twitter cards) and most
crawlers read only the HTML the server sends. So the page view puts the real title, a short
description, the picture and a schema.org JSON-LD block into the one page template: a class as
a `Course` with its `CourseInstance` (when and where it meets, what it costs), an instructor
as a `Person`. Every address in them is absolute, built from the host the request came to.
The school's own words in them are in the request's language; what people wrote (a class's
description, a bio) stays as written.
"""

import json
import re
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from accounts.models import User
from classes.catalog import class_ended
from classes.models import Class, Level
from classes.schedule import meetings_of, registration_closes_at, schedule_of, school_timezone
from pages.models import SitePage
from payments.services.common import CURRENCY

# Search engines show about this much of a description; the rest is cut at a word.
DESCRIPTION_LENGTH = 160
# As Django's json_script escapes: no "</script>", "<!--" or markup can end the block early.
_JSON_IN_SCRIPT = str.maketrans({"<": "\\u003C", ">": "\\u003E", "&": "\\u0026"})
SCHEMA_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


@dataclass(frozen=True)
class PageMeta:
    """The head of one page: everything the template writes besides the app itself."""

    # The document's title, as the browser app titles its pages ("Pottery | Camp").
    title: str
    # The thing's own name, for the link previews' headline.
    heading: str
    description: str
    # The canonical address, absolute.
    url: str
    # The picture's absolute address; None when there is none.
    image: str | None
    # Open Graph's og:type.
    kind: str
    # The JSON-LD, ready for a <script type="application/ld+json"> block.
    structured_data: SafeString


def script_json(data) -> SafeString:
    """JSON to place inside a <script> element: nothing in the data can close the element."""
    return mark_safe(  # noqa: S308 - every "<", ">" and "&" is escaped just here
        escape_json_in_script(json.dumps(data, cls=DjangoJSONEncoder))
    )


def escape_json_in_script(text: str) -> str:
    """JSON text made safe to place inside a <script> element; still the same JSON."""
    return text.translate(_JSON_IN_SCRIPT)


def summary(text: str, limit: int = DESCRIPTION_LENGTH) -> str:
    """The text on one line, cut at a word to `limit` characters with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:.-") + "…"


def _absolute(request, url: str) -> str | None:
    # Images are URLs of the web or paths of this site (shipped demo pictures, uploads).
    return request.build_absolute_uri(url) if url else None


def _title(name: str) -> str:
    return f"{name} | {settings.SITE_NAME}"


def _school(request) -> dict:
    return {"@type": "Organization", "name": settings.SCHOOL_NAME, "url": _absolute(request, "/")}


def class_page_url(request, camp_class: Class) -> str:
    return request.build_absolute_uri(reverse("class-page", args=[camp_class.pk]))


def instructor_page_url(request, instructor_id: int) -> str:
    return request.build_absolute_uri(reverse("instructor-page", args=[instructor_id]))


def class_page_meta(request, camp_class: Class) -> PageMeta:
    """A class's page, as anyone may see it (only approved classes have one)."""
    instructor = camp_class.instructor.name or gettext("one of our instructors")
    description = summary(camp_class.description) or (
        gettext("%(class_name)s: an art and craft class taught by %(instructor)s at %(school)s.")
        % {"class_name": camp_class.name, "instructor": instructor, "school": settings.SCHOOL_NAME}
    )
    url = class_page_url(request, camp_class)
    image = _absolute(request, camp_class.image)
    return PageMeta(
        title=_title(camp_class.name),
        heading=camp_class.name,
        description=description,
        url=url,
        image=image,
        kind="website",
        structured_data=script_json(
            course(request, camp_class, url=url, image=image, description=description)
        ),
    )


def course(request, camp_class: Class, *, url: str, image: str | None, description: str) -> dict:
    """The class as a schema.org Course, with the one run of it the school offers."""
    offer = _offer(camp_class, url)
    data = {
        "@context": "https://schema.org",
        "@type": "Course",
        "@id": url,
        "name": camp_class.name,
        "description": camp_class.description or description,
        "url": url,
        "provider": _school(request),
        "offers": offer,
        "hasCourseInstance": [_course_instance(request, camp_class, offer)],
    }
    if image:
        data["image"] = image
    if camp_class.category:
        data["about"] = camp_class.category.name
    if camp_class.level:
        data["educationalLevel"] = Level(camp_class.level).label
    if camp_class.age_min is not None or camp_class.age_max is not None:
        youngest = camp_class.age_min if camp_class.age_min is not None else 0
        oldest = camp_class.age_max if camp_class.age_max is not None else ""
        data["typicalAgeRange"] = f"{youngest}-{oldest}"
    return data


def _offer(camp_class: Class, url: str) -> dict:
    offer = {
        "@type": "Offer",
        "url": url,
        "price": f"{camp_class.price:.2f}",
        # The currency every charge is made in, as ISO 4217 writes it.
        "priceCurrency": CURRENCY.upper(),
        "category": "Free" if camp_class.price == 0 else "Paid",
        "availability": _availability(camp_class),
    }
    closes = registration_closes_at(camp_class)
    if closes is not None:
        offer["validThrough"] = _school_time(closes)
    return offer


def _availability(camp_class: Class) -> str:
    # An ended class's page stays, pointing to the classes like it; its offer is over.
    if class_ended(camp_class):
        return "https://schema.org/Discontinued"
    # Seats are the seats left: taking one lowers them.
    return "https://schema.org/InStock" if camp_class.seats > 0 else "https://schema.org/SoldOut"


def _course_instance(request, camp_class: Class, offer: dict) -> dict:
    """When and where the class meets; without a schedule (to be announced), only where."""
    instance = {
        "@type": "CourseInstance",
        "courseMode": "onsite",
        "location": {"@type": "Place", "name": camp_class.location or settings.SCHOOL_NAME},
        "instructor": {
            "@type": "Person",
            "name": camp_class.instructor.name,
            "url": instructor_page_url(request, camp_class.instructor_id),
        },
        "offers": offer,
    }
    meetings = meetings_of(camp_class)
    schedule = schedule_of(camp_class)
    if not meetings or schedule is None:
        return instance
    each = meetings[0].end - meetings[0].start
    course_schedule = {
        "@type": "Schedule",
        "byDay": [f"https://schema.org/{SCHEMA_DAYS[day]}" for day in schedule.meeting_days],
        "startTime": schedule.start_time.strftime("%H:%M"),
        "endTime": schedule.end_time.strftime("%H:%M"),
        "startDate": meetings[0].day.isoformat(),
        "endDate": meetings[-1].day.isoformat(),
        "duration": iso_duration(each),
        "scheduleTimezone": settings.SCHOOL_TIMEZONE,
    }
    if len(meetings) > 1:
        course_schedule["repeatFrequency"] = "P1W"
    if schedule.no_meeting_dates:
        course_schedule["exceptDate"] = [day.isoformat() for day in schedule.no_meeting_dates]
    return {
        **instance,
        "startDate": _school_time(meetings[0].start),
        "endDate": _school_time(meetings[-1].end),
        "courseSchedule": course_schedule,
        "courseWorkload": iso_duration(sum((m.end - m.start for m in meetings), timedelta())),
    }


def _school_time(moment) -> str:
    # In the school's own offset, as the API answers meetings.
    return moment.astimezone(school_timezone()).isoformat()


def iso_duration(length: timedelta) -> str:
    """An ISO 8601 duration of hours and minutes ("PT2H30M")."""
    minutes = int(length.total_seconds() // 60)
    hours, minutes = divmod(minutes, 60)
    return "PT" + (f"{hours}H" if hours else "") + (f"{minutes}M" if minutes or not hours else "")


def instructor_page_meta(request, instructor: User) -> PageMeta:
    """An instructor's page: who they are, in their own words."""
    name = instructor.name or gettext("Instructor")
    description = summary(instructor.bio) or (
        gettext("%(name)s teaches art and craft at %(school)s.")
        % {"name": name, "school": settings.SCHOOL_NAME}
    )
    url = instructor_page_url(request, instructor.pk)
    image = _absolute(request, instructor.photo)
    person = {
        "@context": "https://schema.org",
        "@type": "Person",
        "@id": url,
        "name": name,
        "description": instructor.bio or description,
        "url": url,
        "jobTitle": gettext("Art and craft instructor"),
        "worksFor": _school(request),
    }
    if image:
        person["image"] = image
    return PageMeta(
        title=_title(name),
        heading=name,
        description=description,
        url=url,
        image=image,
        kind="profile",
        structured_data=script_json(person),
    )


# schema.org's kind of each of the school's own pages; the policies are plain web pages.
_SCHOOL_PAGE_TYPES = {"about": "AboutPage", "contact": "ContactPage"}
# The body's small markup (pages.models.BODY_HELP): headings and list items, as plain words.
_BODY_MARKS = re.compile(r"^(?:## |- )", re.MULTILINE)


def _school_page_meta(request, *, slug: str, title: str, description: str) -> PageMeta:
    url = request.build_absolute_uri(request.path)
    page = {
        "@context": "https://schema.org",
        "@type": _SCHOOL_PAGE_TYPES.get(slug, "WebPage"),
        "@id": url,
        "name": title,
        "description": description,
        "url": url,
        "publisher": _school(request),
    }
    return PageMeta(
        title=_title(title),
        heading=title,
        description=description,
        url=url,
        image=None,
        kind="website",
        structured_data=script_json(page),
    )


def site_page_meta(request, page: SitePage) -> PageMeta:
    """One of the school's pages that admins write (About us, Terms, Privacy, Cookies)."""
    return _school_page_meta(
        request,
        slug=page.slug,
        title=page.title,
        description=summary(_BODY_MARKS.sub("", page.body)) or page.title,
    )


def contact_page_meta(request) -> PageMeta:
    return _school_page_meta(
        request,
        slug="contact",
        title=gettext("Contact us"),
        description=gettext(
            "Write to %(school)s: questions about classes, enrolments, payments or anything "
            "else. We answer by e-mail."
        )
        % {"school": settings.SCHOOL_NAME},
    )

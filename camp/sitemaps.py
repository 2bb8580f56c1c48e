"""The sitemap: the pages search engines should know, with each class's last change.

Built by django.contrib.sitemaps from the request's own host and scheme (without the sites
framework the sitemap views use a RequestSite), as robots.txt names it.
"""

from django.contrib.sitemaps import Sitemap
from django.db.models import Max
from django.urls import reverse

from classes.selectors import sitemap_classes, sitemap_instructors

# The browser app's public lists (frontend/src/config/paths.js), in the order a visitor meets them.
LIST_PAGES = ("/", "/all-classes", "/all-instructors")
# The school's own pages, in the footer's order (their text is in the pages app).
SCHOOL_PAGES = ("/about", "/contact", "/terms", "/privacy", "/cookies")


class ListPagesSitemap(Sitemap):
    def items(self):
        return LIST_PAGES + SCHOOL_PAGES

    def location(self, path: str) -> str:
        return path


class ClassesSitemap(Sitemap):
    """Every approved class's page; a class under review or denied has none."""

    def items(self):
        return sitemap_classes()

    def location(self, camp_class) -> str:
        return reverse("class-page", args=[camp_class.pk])

    def lastmod(self, camp_class):
        return camp_class.updated_at

    def get_latest_lastmod(self):
        # One query, rather than Django's default of reading every class for its maximum.
        return self.items().aggregate(latest=Max("updated_at"))["latest"]


class InstructorsSitemap(Sitemap):
    """The page of every instructor who teaches an approved class."""

    def items(self):
        return sitemap_instructors()

    def location(self, instructor) -> str:
        return reverse("instructor-page", args=[instructor.pk])


SITEMAPS = {
    "pages": ListPagesSitemap,
    "classes": ClassesSitemap,
    "instructors": InstructorsSitemap,
}
